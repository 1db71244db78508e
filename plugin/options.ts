/**
 * The plugin's options (docs/options.md), checked once at register time so a mistake fails
 * at startup with a message that names it: every option's shape, and the environment, in
 * `resolveOptions` before anything is loaded; the uids they name in `resolveModelOptions`
 * once the model is. The rest of the plugin sees only what these two answer. The larger
 * options have their types and checks in options/, beneath every feature that reads them.
 */
import type { ComponentSchema, ContentTypeSchema } from './content-types/definition.js'
import type { Registry } from './content-types/registry.js'
import type { DatabaseOptions } from './repository/connection/database.js'
import { checkPermissions, resolvePermissions } from './options/permissions.js'
import type { CheckedPermissions, PermissionsOptions, ResolvedPermissions } from './options/permissions.js'
import type { ControllerFactory } from './options/controllers.js'
import { resolveUploadOptions } from './options/upload.js'
import type { ResolvedUploadOptions, UploadOptions } from './options/upload.js'
import { resolveLocaleSettings } from './i18n/locale-settings.js'
import type { I18nOptions, LocaleSettings } from './i18n/locale-settings.js'
import { resolvePopulateLimits } from './query/populate-budget.js'
import type { PopulateLimits, ResolvedPopulateLimits } from './query/populate-budget.js'
import { resolveRateLimit } from './options/rate-limit.js'
import type { RateLimitOptions, ResolvedRateLimit } from './options/rate-limit.js'
import { OptionsError } from './errors.js'
import { resolveLifecycles, unknownLifecycleUid } from './options/lifecycles.js'
import type { LifecyclesOption } from './options/lifecycles.js'
import { PREFIX_SHAPE, resolveApiFormats } from './options/api-format.js'
import type { AlsoServeOptions, ApiFormat, ResolvedApiFormats } from './options/api-format.js'
import { resolveGraphqlOptions } from './options/graphql.js'
import type { GraphqlOptions, ResolvedGraphqlOptions } from './options/graphql.js'
import { resolveAdminOptions } from './options/admin.js'
import type { AdminOptions, ResolvedAdminOptions } from './options/admin.js'

export interface PaginationOptions {
  defaultPageSize?: number
  maxPageSize?: number
}

export interface ContentApiOptions {
  /** Folder of schema files: flat (content-types/, components/) or a Strapi project. */
  schemas?: string
  /** Inline content types by uid (`api::article.article`). */
  contentTypes?: Record<string, ContentTypeSchema>
  /** Inline components by uid (`shared.seo`). */
  components?: Record<string, ComponentSchema>
  /** Omitted: embedded PGlite in `./.data` (or `CONTENT_API_DATA_DIR`). */
  database?: DatabaseOptions
  /** Route prefix of the content API. Default `/api`. */
  prefix?: string
  /** The REST format of the routes at `prefix`: Strapi v4's (default) or Strapi v5's (docs/strapi-v5.md). */
  apiFormat?: ApiFormat
  /** The same content served a second time, in the other format at a prefix of its own (docs/options.md, 'API formats'). */
  alsoServe?: AlsoServeOptions
  pagination?: PaginationOptions
  /** The media plugin (docs/media.md); `false` turns it off. */
  upload?: UploadOptions | false
  /** The OpenAPI document and docs page, at `/documentation` by default; `false` turns both off. */
  docs?: boolean | { path?: string }
  /** Users, roles, JWT and API tokens; omitted: no access control (docs/access-control.md). */
  permissions?: PermissionsOptions
  /** Handler extensions per content type uid (docs/options.md, 'Controllers'). */
  controllers?: Record<string, ControllerFactory>
  /** The admin panel and its API (docs/admin-api.md), and the admin tokens' JWT secret when `permissions` is not given. */
  admin?: AdminOptions
  /** Locales of the content types that set `pluginOptions.i18n.localized` (docs/i18n.md). */
  i18n?: I18nOptions
  /** Custom fields beyond the built-in ones: `{ 'plugin::<plugin>.<name>': '<type it stores>' }`. */
  customFields?: Record<string, string>
  /**
   * Unknown names in queries and write bodies are 400s instead of being ignored as Strapi does
   * (docs/querying.md, 'What Strapi 4.26 ignores'), and a relation whose other side is missing
   * or does not point back stops start-up instead of being served as Strapi 4 serves it
   * (docs/relations-with-a-missing-side.md). Default false.
   */
  strict?: boolean
  /** HTTP caching headers, and the shared response cache (off unless `responses` is given). */
  cache?: CacheOptions
  /** The populate budget of one read (docs/querying.md, 'The populate budget'): `{ populateDepth, populateBranches, populateRows }`. */
  limits?: PopulateLimits
  /** Attempts at log in, register and admin log in, per client address and per account (docs/access-control.md, 'Logins: rate limits and timing'); `false`: off. */
  rateLimit?: RateLimitOptions | false
  /** Strapi v4's lifecycle hooks per content type uid: `{ '<uid>': { beforeCreate, afterCreate, beforeUpdate, afterUpdate, beforeDelete, afterDelete } }`. */
  lifecycles?: LifecyclesOption
  /** Strapi v4's GraphQL API (docs/graphql.md): `{ endpoint, defaultLimit, maxLimit, depthLimit, landingPage, introspection }`; omitted or `false`: off. */
  graphql?: GraphqlOptions | boolean
}

export interface CacheControlOptions {
  /** Seconds a client or shared cache may use an answer without asking again. */
  maxAge?: number
  /** Seconds past `maxAge` a cache may still answer while it revalidates. */
  staleWhileRevalidate?: number
}

export interface HttpCachingOptions extends CacheControlOptions {
  /** Per content type uid, replacing the defaults above for its routes. */
  contentTypes?: Record<string, CacheControlOptions>
}

export interface CacheOptions extends HttpCachingOptions {
  /** Answers kept in memory, dropped on any committed change to a table they read (every node, through LISTEN/NOTIFY). */
  responses?: { maxEntries?: number, maxBytes?: number }
}

export interface ResolvedCacheOptions {
  http: HttpCachingOptions
  /** null: no response cache. */
  responses: { maxEntries: number, maxBytes: number } | null
}

export interface ResolvedOptions {
  schemas: string | null
  contentTypes: Record<string, ContentTypeSchema>
  components: Record<string, ComponentSchema>
  database: DatabaseOptions
  prefix: string
  /** The format at `prefix`, and the second mount of `alsoServe`. */
  formats: ResolvedApiFormats
  pagination: Required<PaginationOptions>
  upload: ResolvedUploadOptions | false
  /** null: no docs. */
  docs: { path: string } | null
  /** null: no content type is localized. */
  i18n: LocaleSettings | null
  cache: ResolvedCacheOptions
  strict: boolean
  limits: ResolvedPopulateLimits
  /** null: no rate limits. */
  rateLimit: ResolvedRateLimit | null
  lifecycles: LifecyclesOption
  /** null: no GraphQL endpoint. */
  graphql: ResolvedGraphqlOptions | null
  /** Checked by the registry with the schemas it extends. */
  customFields: Record<string, string> | undefined
  /** null: no access control. Its uids: `resolveModelOptions`. */
  permissions: CheckedPermissions | null
  /** Its uids: `resolveModelOptions`. */
  controllers: Record<string, ControllerFactory>
  /** The admin tokens' JWT secret: `permissions.jwtSecret`, else `admin.jwtSecret`, else `ADMIN_JWT_SECRET`; null: none set. */
  adminJwtSecret: string | null
  /** Whether the admin API and panel are served, and the panel's path. */
  admin: ResolvedAdminOptions
}

/** What the options say about the loaded model, checked against it. */
export interface ModelOptions {
  /** null: no access control. */
  permissions: ResolvedPermissions | null
  /** Keyed by uids of served content types. */
  controllers: Record<string, ControllerFactory>
}

function positiveInteger (name: string, value: unknown, fallback: number): number {
  if (value === undefined) return fallback
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 1) {
    throw new OptionsError(`${name} must be a positive integer, got ${JSON.stringify(value)}`)
  }
  return value
}

function record<T> (name: string, value: unknown, problem = `${name} must be an object keyed by uid`): Record<string, T> {
  if (value === undefined) return {}
  if (value === null || typeof value !== 'object' || Array.isArray(value)) throw new OptionsError(problem)
  return value as Record<string, T>
}

export function resolveOptions (options: ContentApiOptions, env: NodeJS.ProcessEnv = process.env): ResolvedOptions {
  if (options.schemas !== undefined && typeof options.schemas !== 'string') throw new OptionsError('schemas must be a folder path')
  const contentTypes = record<ContentTypeSchema>('contentTypes', options.contentTypes)
  const components = record<ComponentSchema>('components', options.components)
  // An explicitly empty inline model is allowed: the CLI's admin:create needs only the admin table.
  if (options.schemas === undefined && options.contentTypes === undefined) {
    throw new OptionsError('give either a schemas folder or inline contentTypes')
  }
  const prefix = options.prefix ?? '/api'
  if (typeof prefix !== 'string' || (prefix !== '' && !PREFIX_SHAPE.test(prefix))) {
    throw new OptionsError(`prefix must look like /api, got ${JSON.stringify(prefix)}`)
  }
  const formats = resolveApiFormats(options.apiFormat, options.alsoServe, prefix)
  if (!formats.ok) throw new OptionsError(formats.problem)
  const database = { ...options.database }
  if (database.url !== undefined && typeof database.url !== 'string') throw new OptionsError('database.url must be a string')
  if (database.url === undefined && database.dataDir === undefined && env.CONTENT_API_DATA_DIR !== undefined) {
    database.dataDir = env.CONTENT_API_DATA_DIR
  }
  checkDatabaseOptions(database)
  const maxPageSize = positiveInteger('pagination.maxPageSize', options.pagination?.maxPageSize, 100)
  const defaultPageSize = positiveInteger('pagination.defaultPageSize', options.pagination?.defaultPageSize, 25)
  if (defaultPageSize > maxPageSize) throw new OptionsError('pagination.defaultPageSize cannot exceed pagination.maxPageSize')
  const upload = resolveUploadOptions(options.upload)
  if (!upload.ok) throw new OptionsError(upload.problem)
  const i18n = resolveLocaleSettings(options.i18n)
  if (!i18n.ok) throw new OptionsError(i18n.problem)
  if (options.strict !== undefined && typeof options.strict !== 'boolean') throw new OptionsError('strict must be a boolean')
  const limits = resolvePopulateLimits(options.limits)
  if (!limits.ok) throw new OptionsError(limits.problem)
  const rateLimit = resolveRateLimit(options.rateLimit)
  if (!rateLimit.ok) throw new OptionsError(rateLimit.problem)
  const lifecycles = resolveLifecycles(options.lifecycles)
  if (!lifecycles.ok) throw new OptionsError(lifecycles.problem)
  const graphql = resolveGraphqlOptions(options.graphql, maxPageSize, env)
  if (!graphql.ok) throw new OptionsError(graphql.problem)
  const permissions = checkPermissions(options.permissions)
  if (!permissions.ok) throw new OptionsError(permissions.problem)
  const controllers = checkControllers(options.controllers)
  const admin = resolveAdminOptions(options.admin, env)
  return {
    schemas: options.schemas ?? null,
    contentTypes,
    components,
    database,
    prefix,
    formats: formats.value,
    pagination: { defaultPageSize, maxPageSize },
    upload: upload.value,
    docs: resolveDocs(options.docs),
    i18n: i18n.value,
    cache: resolveCache(options.cache),
    strict: options.strict === true,
    limits: limits.value,
    rateLimit: rateLimit.value,
    lifecycles: lifecycles.value,
    graphql: graphql.value,
    customFields: options.customFields,
    permissions: permissions.value,
    controllers,
    adminJwtSecret: permissions.value?.jwtSecret ?? admin.jwtSecret,
    admin: admin.admin
  }
}

/**
 * The checks that need the loaded model: every content type uid an option names exists
 * (permissions, controllers, lifecycles, per-type cache settings).
 */
export function resolveModelOptions (options: ResolvedOptions, registry: Registry): ModelOptions {
  const permissions = resolvePermissions(options.permissions, registry)
  for (const uid of Object.keys(options.controllers)) {
    if (!registry.contentTypes.has(uid)) throw new OptionsError(`controllers: unknown content type "${uid}"`)
  }
  const unknownLifecycle = unknownLifecycleUid(options.lifecycles, registry)
  if (unknownLifecycle !== null) throw new OptionsError(unknownLifecycle)
  for (const uid of Object.keys(options.cache.http.contentTypes ?? {})) {
    if (!registry.contentTypes.has(uid)) throw new OptionsError(`cache.contentTypes: unknown content type "${uid}"`)
  }
  return { permissions, controllers: options.controllers }
}

function checkControllers (controllers: unknown): Record<string, ControllerFactory> {
  const factories = record<unknown>('controllers', controllers, 'controllers must be an object keyed by content type uid')
  for (const [uid, factory] of Object.entries(factories)) {
    if (typeof factory !== 'function') throw new OptionsError(`controllers["${uid}"] must be a function ({ core }) => handlers`)
  }
  return factories as Record<string, ControllerFactory>
}

const DATABASE_DURATIONS = ['connectionTimeout', 'statementTimeout', 'replicaMaxLag', 'replicaCheckInterval', 'readYourWritesWindow'] as const

function checkDatabaseOptions (database: DatabaseOptions): void {
  positiveInteger('database.poolSize', database.poolSize, 1)
  for (const name of DATABASE_DURATIONS) positiveInteger(`database.${name}`, database[name], 1)
  const replicas = database.replicas
  if (replicas === undefined) return
  if (!Array.isArray(replicas) || replicas.some(url => typeof url !== 'string' || url === '')) {
    throw new OptionsError('database.replicas must be an array of PostgreSQL connection strings')
  }
  if (replicas.length > 0 && database.url === undefined) throw new OptionsError('database.replicas needs database.url (the primary); the embedded database has no replicas')
}

function cacheControlOptions (name: string, value: CacheControlOptions): CacheControlOptions {
  const seconds = (key: keyof CacheControlOptions): number | undefined => {
    const given = value[key]
    if (given === undefined) return undefined
    if (typeof given !== 'number' || !Number.isInteger(given) || given < 0) throw new OptionsError(`${name}.${key} must be a whole number of seconds, got ${JSON.stringify(given)}`)
    return given
  }
  const maxAge = seconds('maxAge')
  const staleWhileRevalidate = seconds('staleWhileRevalidate')
  return { ...(maxAge === undefined ? {} : { maxAge }), ...(staleWhileRevalidate === undefined ? {} : { staleWhileRevalidate }) }
}

function resolveCache (cache: CacheOptions | undefined): ResolvedCacheOptions {
  if (cache === undefined) return { http: {}, responses: null }
  if (cache === null || typeof cache !== 'object') throw new OptionsError('cache must be an object')
  const contentTypes = record<CacheControlOptions>('cache.contentTypes', cache.contentTypes)
  const http: HttpCachingOptions = {
    ...cacheControlOptions('cache', cache),
    contentTypes: Object.fromEntries(Object.entries(contentTypes).map(([uid, value]) => [uid, cacheControlOptions(`cache.contentTypes["${uid}"]`, value)]))
  }
  const responses = cache.responses === undefined
    ? null
    : {
        maxEntries: positiveInteger('cache.responses.maxEntries', cache.responses.maxEntries, 10_000),
        maxBytes: positiveInteger('cache.responses.maxBytes', cache.responses.maxBytes, 64 * 1024 * 1024)
      }
  return { http, responses }
}

function resolveDocs (docs: ContentApiOptions['docs']): ResolvedOptions['docs'] {
  if (docs === false) return null
  if (docs === undefined || docs === true) return { path: '/documentation' }
  if (typeof docs !== 'object' || docs === null) throw new OptionsError('docs must be a boolean or { path }')
  const path = docs.path ?? '/documentation'
  if (typeof path !== 'string' || !/^\/[A-Za-z0-9/_-]*[A-Za-z0-9_-]$/.test(path)) {
    throw new OptionsError(`docs.path must look like /documentation, got ${JSON.stringify(path)}`)
  }
  return { path }
}
