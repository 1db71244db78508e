/**
 * fastify-content-api: register it, get the generated content REST API for every
 * content type. The decorations reach the host (fastify-plugin); the routes, their
 * hooks and error handling live in an encapsulated child under the prefix.
 */
import fp from 'fastify-plugin'
import type { FastifyInstance } from 'fastify'
import type { MikroORM } from '@mikro-orm/core'
import { loadSchemaFolder } from './content-types/load.js'
import { buildRegistry, inlineInput } from './content-types/registry.js'
import type { Registry, RegistryInput } from './content-types/registry.js'
import type { ContentApiOptions } from './options.js'
import { resolveOptions } from './options.js'
import { openDatabase } from './repository/database.js'
import type { Database } from './repository/database.js'
import { SqlNames } from './repository/read/names.js'
import { readCompiler } from './repository/read/compile.js'
import { createReader } from './repository/reader.js'
import { registerContentTypeRoutes } from './routes/content-type-routes.js'
import { installErrorHandling } from './routes/error-handler.js'
import { sharedSchemas } from '../schemas/index.js'

export interface ContentApi {
  registry: Registry
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the driver is chosen at runtime
  orm: MikroORM<any, any, any>
  db: Database
}

declare module 'fastify' {
  interface FastifyInstance {
    contentApi: ContentApi
  }
}

async function registryInput (options: ReturnType<typeof resolveOptions>): Promise<RegistryInput> {
  const inline = inlineInput(options)
  if (options.schemas === null) return inline
  const loaded = await loadSchemaFolder(options.schemas)
  return {
    contentTypes: [...loaded.contentTypes, ...inline.contentTypes],
    components: [...loaded.components, ...inline.components]
  }
}

async function contentApiPlugin (app: FastifyInstance, rawOptions: ContentApiOptions): Promise<void> {
  const options = resolveOptions(rawOptions)
  const registry = buildRegistry(await registryInput(options))
  const db = await openDatabase(registry, options.database)
  app.addHook('onClose', async () => { await db.close() })
  app.decorate('contentApi', { registry, orm: db.orm, db })
  for (const schema of sharedSchemas(registry)) app.addSchema(schema)
  const reader = createReader(db, readCompiler(registry, new SqlNames(db.orm.getMetadata())))
  await app.register(async (child) => {
    installErrorHandling(child)
    registerContentTypeRoutes(child, { registry, db, reader, options })
  }, { prefix: options.prefix })
}

const contentApi = fp(contentApiPlugin, { fastify: '5.x', name: 'fastify-content-api' })

export default contentApi
export { contentApi }
export type { ContentApiOptions } from './options.js'
export type { ComponentSchema, ContentTypeSchema } from './content-types/definition.js'
export { ApiError, ValidationError, NotFoundError, SchemaError } from './errors.js'
