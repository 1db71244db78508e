/**
 * fastify-content-api: register it, get the generated content REST API for every
 * content type. The decorations reach the host (fastify-plugin); the routes, their
 * hooks and error handling live in an encapsulated child under the prefix.
 */
import fp from 'fastify-plugin'
import type { FastifyInstance } from 'fastify'
import type { ContentApiOptions } from './options.js'
import { contentModel } from './content-model.js'
import type { Registry } from './content-types/registry.js'
import { openDatabase } from './repository/connection/database.js'
import { assignDefaultLocale } from './repository/schema/default-locale.js'
import type { Database, RuntimeOrm } from './repository/connection/database.js'
import { readCompiler } from './repository/read/compile.js'
import { BARE_SHAPE } from './repository/read/entry-shape.js'
import { createReader } from './repository/read/reader.js'
import { repositories } from './repository/repositories.js'
import { registerContentTypeRoutes } from './routes/content-type-routes.js'
import { registerV5Routes } from './routes/v5/v5-routes.js'
import { V5_VARY } from './routes/v5/response-format.js'
import { IgnoredKeyLog } from './routes/ignored-key-log.js'
import { V5_AS_V4_SHAPE, V5_SHAPE } from './repository/read/entry-shape.js'
import type { EntryShape } from './repository/read/entry-shape.js'
import type { Repositories } from './repository/repositories.js'
import { installCallerResolution } from './auth/caller.js'
import { installErrorHandling } from './routes/error-handler.js'
import { registerHealthRoutes } from './routes/health.js'
import { installReadRouting } from './routes/read-routing.js'
import type { ReadRouting } from './routes/read-routing.js'
import { installHttpCaching, installLocalInvalidation, routeUids } from './routes/caching.js'
import { openSharedCache } from './repository/cache/shared-cache.js'
import { acceptEmptyJsonBodies } from './routes/json-body.js'
import { uploadRoutes } from './upload/routes.js'
import { serveUploads } from './upload/serve-uploads.js'
import { fileOperations } from './upload/file-operations.js'
import { registerApiDocs } from './openapi/register-docs.js'
import { sharedSchemas } from '../schemas/index.js'
import { accessServices, installAdminScope, installApiAccess } from './auth-routes/install.js'
import type { AdminUser, NewAdminUser } from './admin/admin-users.js'
import type { NewUser, PublicUser } from './auth/users.js'
import type { CreatedApiToken, NewApiToken } from './auth/api-tokens.js'
import { installRequestQuery } from './routes/request-query.js'
import { installRenderedAnswers } from './routes/rendered-answers.js'
import { importStrapi } from './import/run-import.js'
import type { StrapiImportOptions, StrapiImportReport } from './import/run-import.js'
import { s3Provider } from './upload/s3-storage.js'
import { localProvider } from './upload/storage.js'
import { createContentEvents } from './lifecycles/content-events.js'
import type { ContentEvents } from './lifecycles/content-events.js'
import { EntryLifecycles } from './lifecycles/entry-lifecycles.js'
import { registerGraphql } from './graphql/install.js'
import { USER_UID } from './content-types/plugin-types.js'
import { installAdminApi } from './admin/install.js'
import { serveAdminPanel } from './admin/panel/serve-panel.js'
import type { JwtSigner } from './auth/jwt.js'

export interface ContentApi {
  registry: Registry
  orm: RuntimeOrm
  db: Database
  admin: { createUser: (user: NewAdminUser) => Promise<AdminUser> }
  /** Present when the `permissions` option installs access control. */
  users?: { createUser: (user: NewUser) => Promise<PublicUser> }
  /** Present when the `permissions` option installs access control; the key is shown once. */
  apiTokens?: { create: (token: NewApiToken) => Promise<CreatedApiToken> }
  /** Copies a Strapi v4 site's database (and uploads) into this app's tables (`import:strapi`). */
  importStrapi: (options: StrapiImportOptions) => Promise<StrapiImportReport>
  /** `entry.create|update|delete|publish|unpublish` of API writes, after commit: `{ model, uid, entry }`. */
  events: ContentEvents
}

declare module 'fastify' {
  interface FastifyInstance {
    contentApi: ContentApi
  }
}

async function contentApiPlugin (app: FastifyInstance, given: ContentApiOptions): Promise<void> {
  const { options, registry, mounts, permissions, controllers, systemEntities } = await contentModel(given, message => { app.log.warn(message) })
  const db = await openDatabase(registry, options.database, systemEntities)
  app.addHook('onClose', async () => { await db.close() })
  await assignDefaultLocale(db, registry)
  const access = await accessServices({ db, registry, permissions, rateLimit: options.rateLimit, prefix: options.prefix, log: app.log })
  const events = createContentEvents(app.log)
  app.decorate('contentApi', {
    registry,
    orm: db.orm,
    db,
    admin: { createUser: async (user) => await access.admin.createUser(user) },
    ...(access.users === null ? {} : { users: { createUser: async (user: NewUser) => await access.users!.create(user) } }),
    ...(access.tokens === null ? {} : { apiTokens: { create: async (token: NewApiToken) => await access.tokens!.create(token) } }),
    importStrapi: async (importOptions) => {
      const upload = options.upload
      const storage = upload === false ? null : upload.provider.name === 's3' ? s3Provider(upload.provider, app.log) : localProvider(upload.dir)
      try {
        return await importStrapi({ db, ...(options.database.url === undefined ? {} : { url: options.database.url }), registry, metadata: db.orm.getMetadata(), storage }, importOptions)
      } finally {
        storage?.close?.()
      }
    },
    events
  } satisfies ContentApi)
  for (const schema of sharedSchemas(registry)) app.addSchema(schema)
  const shared = options.cache.responses === null ? null : await openSharedCache(db, options.cache.responses, options.database.url)
  if (shared !== null) app.addHook('onClose', async () => { await shared.close() })
  // Each mount reads with its own format's registry and shapes, from the same tables.
  const serving = (mountRegistry: Registry, shape?: EntryShape): { content: Repositories, lifecycles: EntryLifecycles } => {
    const compiler = readCompiler(mountRegistry, db.names, shape)
    const content = repositories({ db, registry: mountRegistry, reader: createReader(db, compiler, shared?.cache ?? null) })
    // Hooks and listeners see the entry as committed, never a cached answer from before.
    const committed = repositories({ db, registry: mountRegistry, reader: createReader(db, readCompiler(mountRegistry, db.names)) })
    return { content, lifecycles: new EntryLifecycles({ registry: mountRegistry, repositories: committed, lifecycles: options.lifecycles, events }) }
  }
  await app.register(async (probes) => { registerHealthRoutes(probes, db) })
  // What the GraphQL endpoint shares with the REST routes, once they are installed.
  let signer: JwtSigner | undefined
  let reads: ReadRouting | undefined
  // The docs describe every route registered in this scope after them, and nothing of the host's.
  await app.register(async (api) => {
    if (options.docs !== null) {
      const { primary, also } = options.formats
      await registerApiDocs(api, { registry, prefix: options.prefix, path: options.docs.path, permissions: permissions !== null, format: primary.format, hiddenPrefix: also?.prefix ?? null })
    }
    installErrorHandling(api)
    installRequestQuery(api)
    installRenderedAnswers(api)
    acceptEmptyJsonBodies(api)
    signer = await installAdminScope(api, options.adminJwtSecret, access)
    for (const mount of mounts) {
      // The media library and the users routes are served once, beside the routes at `prefix`.
      const primary = mount.prefix === options.prefix
      await api.register(async (child) => {
        installErrorHandling(child)
        installHttpCaching(child, options.cache.http, routeUids(mount.registry, mount.prefix), mount.format === 'v5' ? V5_VARY : undefined)
        if (shared !== null) installLocalInvalidation(child, shared.cache)
        if (primary) installApiAccess(child, { db, registry, options, services: access, signer: signer! })
        else installCallerResolution(child, { db, permissions: access.permissions, verifyJwt: signer!.verify })
        const mountReads = installReadRouting(child, (options.database.replicas ?? []).length > 0 ? options.database.readYourWritesWindow ?? 5_000 : null)
        // GraphQL reads route as the REST routes at `prefix` do.
        if (primary) reads = mountReads
        if (mount.format === 'v4') {
          const { content, lifecycles } = serving(mount.registry)
          registerContentTypeRoutes(child, { registry: mount.registry, repositories: content, options, controllers, reads: mountReads, lifecycles })
        } else {
          const { content: v5, lifecycles } = serving(mount.registry, V5_SHAPE)
          const { content: v4 } = serving(mount.registry, V5_AS_V4_SHAPE)
          registerV5Routes(child, { registry: mount.registry, db, repositories: { v5, v4 }, options, controllers, reads: mountReads, ignoredKeys: new IgnoredKeyLog(), lifecycles })
        }
        if (primary && options.upload !== false) await child.register(uploadRoutes, { registry, db, upload: options.upload, maxPageSize: options.pagination.maxPageSize })
      }, { prefix: mount.prefix })
    }
  })
  if (options.admin.enabled) {
    // Entries flat, as Strapi's entity service returns them; never from the response cache,
    // so the panel always shows what is stored. Hooks see the entries as the REST API shows them.
    const adminContent = repositories({ db, registry, reader: createReader(db, readCompiler(registry, db.names, BARE_SHAPE)) })
    const committed = repositories({ db, registry, reader: createReader(db, readCompiler(registry, db.names)) })
    const lifecycles = new EntryLifecycles({ registry, repositories: committed, lifecycles: options.lifecycles, events })
    await app.register(async (scope) => {
      await installAdminApi(scope, { db, registry, options, admins: access.admin, signer: signer!, repositories: adminContent, lifecycles })
    })
    // The panel's files are public (it asks for a log in itself): outside the admin API's token check.
    await serveAdminPanel(app, { path: options.admin.path })
  }
  const graphql = options.graphql
  if (graphql !== null) {
    // Beside the REST routes, not under their prefix, and not in their OpenAPI document.
    // Its reads skip the response cache, whose keys are one reader's statements.
    const { content, lifecycles } = serving(registry)
    await app.register(async (scope) => {
      await registerGraphql(scope, {
        registry,
        options: graphql,
        limits: options.limits,
        reader: createReader(db, readCompiler(registry, db.names, BARE_SHAPE)),
        callers: { db, permissions: access.permissions, verifyJwt: signer!.verify },
        readOptions: (request) => reads!.readOptions(request),
        writes: {
          repositories: content,
          lifecycles,
          strict: options.strict,
          written: () => { shared?.cache.clear() },
          users: access.users === null ? null : { db, names: db.names, model: registry.plugins.get(USER_UID)!, strict: options.strict },
          files: options.upload === false ? null : fileOperations(scope, { registry, db, upload: options.upload, maxPageSize: options.pagination.maxPageSize })
        },
        accounts: access.users === null || access.accounts === null
          ? null
          : { users: access.users, flows: access.accounts, signer: signer!, rateLimit: access.rateLimit, db }
      })
    })
  }
  // Files kept elsewhere (s3) are served from there, never by this app.
  if (options.upload !== false && options.upload.provider.name === 'local') await serveUploads(app, options.upload.dir)
}

const contentApi = fp(contentApiPlugin, { fastify: '5.x', name: 'fastify-content-api' })

export default contentApi
export { contentApi }
export type { ContentApiOptions } from './options.js'
export type { ControllerFactory, ControllerHandler, CoreAnswer, CoreApi, FindOptions, HandlerName } from './options/controllers.js'
export type { I18nOptions } from './i18n/locale-settings.js'
export type { AlsoServeOptions, ApiFormat } from './options/api-format.js'
export type { GraphqlOptions } from './options/graphql.js'
export type { ComponentSchema, ContentTypeSchema } from './content-types/definition.js'
export type { StrapiImportOptions, StrapiImportReport } from './import/run-import.js'
export { ApiError, ApplicationError, ForbiddenError, OptionsError, ValidationError, NotFoundError, NotImplementedError, RateLimitError, SchemaError, ServiceUnavailableError, StrapiSourceError, UnauthorizedError } from './errors.js'
export { generateTypes } from './typegen/generate-types.js'
export { clientErrorHandler, contentApiServerOptions } from './routes/client-errors.js'
