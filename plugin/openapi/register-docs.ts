/**
 * The OpenAPI document (`<path>/json`, `<path>/yaml`) and the docs page (`<path>`) of the
 * content API. Registered in the scope that holds the content routes, before them, so
 * swagger sees exactly those routes (not the host's) and its decorator stays out of the host.
 */
import swagger from '@fastify/swagger'
import type { FastifyDynamicSwaggerOptions } from '@fastify/swagger'
import swaggerUi from '@fastify/swagger-ui'
import type { FastifyInstance } from 'fastify'
import type { Registry } from '../content-types/registry.js'
import { inputSchemas, v5InputSchemas } from '../../schemas/input.js'
import { v5Schemas } from '../../schemas/v5-entry.js'
import { ADMIN_TAG, AUTH_TAG, BEARER_SCHEME, authRouteDocumenter } from './auth-documentation.js'
import { referenceNestedSchemas } from './nested-schemas.js'
import type { SchemaDocument } from './nested-schemas.js'
import { contentTypeTag } from './operations.js'
import { styleQueryParameters } from './query-style.js'
import type { DocumentShape } from './query-style.js'
import { contentRouteDocumenter } from './route-documentation.js'
import { documentRoutes } from './route-documenter.js'
import type { RouteDocumenter } from './route-documenter.js'
import { v5RouteDocumenter } from './v5-documentation.js'
import type { ApiFormat } from '../options/api-format.js'
import { shareQueryParameters } from './shared-parameters.js'
import type { ParameterDocument } from './shared-parameters.js'
import { UPLOAD_TAG, uploadRouteDocumenter } from './upload-documentation.js'
import { USERS_TAG, usersRouteDocumenter } from './users-documentation.js'

export interface ApiDocsOptions {
  registry: Registry
  /** The content API's route prefix, e.g. `/api`. */
  prefix: string
  /** Where the page is served; the document is at `<path>/json` and `<path>/yaml`. */
  path: string
  /** Whether the `permissions` option is on: only then do tokens change what a call may do. */
  permissions: boolean
  /** The format served at `prefix` (default v4): its content routes are the ones documented. */
  format?: ApiFormat
  /** The `alsoServe` mount's prefix: its routes are left out (one document, one format). */
  hiddenPrefix?: string | null
}

const under = (url: string, prefix: string): boolean => url === prefix || url.startsWith(`${prefix}/`)

/**
 * Leaves out the routes of the second mount (a client is generated for one format): those
 * under its prefix, unless under `prefix` nested in it (`/api` beside `/api/v4`, or the other way).
 */
function hidingMount (prefix: string, hidden: string | null | undefined): RouteDocumenter {
  return ({ url, schema }) => {
    if (hidden === null || hidden === undefined || !under(url, hidden)) return undefined
    if (prefix.length > hidden.length && under(url, prefix)) return undefined
    return { ...schema, hide: true }
  }
}

export function swaggerOptions ({ registry, prefix, permissions, format = 'v4', hiddenPrefix }: Omit<ApiDocsOptions, 'path'>): FastifyDynamicSwaggerOptions {
  return {
    mode: 'dynamic',
    openapi: {
      openapi: '3.0.3',
      info: {
        title: 'Content API',
        version: '1.0.0',
        description: 'Generated from the content-type schemas. Query parameters use bracket notation: `populate[author][fields][0]=name`.'
      },
      tags: [
        ...[...registry.contentTypes.values()].map(model => ({
          name: contentTypeTag(model),
          description: model.single ? `The ${model.displayName} entry at ${prefix}/${model.singularName}` : `${model.displayName} entries at ${prefix}/${model.pluralName}`
        })),
        { name: UPLOAD_TAG, description: `The media library at ${prefix}/upload: files answered bare, not in the envelope` },
        { name: AUTH_TAG, description: 'Users: register, log in (with the permissions option)' },
        { name: USERS_TAG, description: 'Users and roles of users-permissions, answered bare as Strapi does (with the permissions option)' },
        { name: ADMIN_TAG, description: 'Admin users, whose writes record createdBy/updatedBy' }
      ],
      components: {
        securitySchemes: { [BEARER_SCHEME]: { type: 'http', scheme: 'bearer', description: 'A user JWT, an API token or an admin token' } }
      },
      // Anonymous calls get the public role; a token gets its own rights. Without the
      // permissions option every call is public, and a lock on each operation would say otherwise.
      ...(permissions ? { security: [{}, { [BEARER_SCHEME]: [] }] } : {})
    },
    refResolver: {
      // Components keep the schemas' `$id`s (`ArticleEntry`), the names clients see.
      buildLocalReference: (json, _baseUri, _fragment, index) => typeof json.$id === 'string' ? json.$id : `def-${index}`
    },
    transform: documentRoutes([
      hidingMount(prefix, hiddenPrefix),
      format === 'v5' ? v5RouteDocumenter(registry) : contentRouteDocumenter(registry),
      uploadRouteDocumenter(registry, prefix), authRouteDocumenter(prefix), usersRouteDocumenter(registry, prefix)
    ]),
    transformObject: document => finishDocument('openapiObject' in document ? document.openapiObject : document.swaggerObject)
  }
}

/** Steps on the whole document, once swagger has built it from the routes. */
function finishDocument<D extends DocumentShape & ParameterDocument & SchemaDocument & TaggedDocument> (document: D): D {
  return referenceNestedSchemas(shareQueryParameters(styleQueryParameters(dropUnusedTags(document))))
}

interface TaggedDocument {
  tags?: Array<{ name: string }>
  paths?: Record<string, Record<string, unknown> | undefined>
}

/** Tags are declared up front; a plugin that is off (media, permissions) leaves its tag naming nothing. */
function dropUnusedTags<D extends TaggedDocument> (document: D): D {
  const used = new Set<string>()
  for (const pathItem of Object.values(document.paths ?? {})) {
    for (const operation of Object.values(pathItem ?? {})) {
      for (const tag of (operation as { tags?: string[] }).tags ?? []) used.add(tag)
    }
  }
  if (document.tags !== undefined) document.tags = document.tags.filter(tag => used.has(tag.name))
  return document
}

export async function registerApiDocs (scope: FastifyInstance, options: ApiDocsOptions): Promise<void> {
  await scope.register(swagger, swaggerOptions(options))
  await scope.register(async (schemasOnly) => {
    // Write bodies are checked by the write path, not by Fastify: their schemas are known
    // here only so the document can reference them. This routeless context keeps them
    // away from the routes' serializers, which would compile every shared schema in vain.
    // The v5 routes' answers are documented by schemas of their own (schemas/v5-entry.ts).
    const answers = options.format === 'v5' ? [...v5InputSchemas(options.registry), ...v5Schemas(options.registry)] : []
    for (const schema of [...inputSchemas(options.registry), ...answers]) {
      if (typeof schema.$id === 'string' && schemasOnly.getSchema(schema.$id) === undefined) schemasOnly.addSchema(schema)
    }
  })
  await scope.register(swaggerUi, { routePrefix: options.path, uiConfig: { docExpansion: 'list', deepLinking: true } })
}
