/**
 * Builds the plugin inside a Fastify app for a test, on a fresh database of its own:
 * a new PostgreSQL database when DATABASE_URL is set (as in CI), in-memory PGlite otherwise.
 * Every SQL statement sent is recorded so tests can count them.
 */
import Fastify from 'fastify'
import type { FastifyInstance, FastifyServerOptions } from 'fastify'
import contentApi from '../../plugin/index.js'
import type { ContentApiOptions } from '../../plugin/index.js'
import { contentModel } from '../../plugin/content-model.js'
import { openDatabase } from '../../plugin/repository/connection/database.js'
import { freshDatabase, serverUrl, templateCopy } from './databases.js'
import type { ServerDatabase } from './databases.js'

import { EXAMPLE_SCHEMAS } from './paths.js'

export { EXAMPLE_SCHEMAS, freshDatabase }

export interface TestApp {
  app: FastifyInstance
  /** The app's database on the DATABASE_URL server, for a session of the test's own; undefined on PGlite. */
  url: string | undefined
  /** Statements sent since the last `statements.reset()`. */
  statements: { list: string[], reset: () => void, count: () => number }
  close: () => Promise<void>
}

/**
 * A fresh database for an app of the plugin with `options`, holding the tables the plugin
 * builds for them already (a copy of their template), so its start-up only checks them.
 * Options the plugin rejects get an empty database: the plugin fails on it as it would anywhere.
 */
export async function appDatabase (options: Partial<ContentApiOptions>): Promise<ServerDatabase> {
  const url = serverUrl()
  if (url === undefined) return await freshDatabase()
  let model: Awaited<ReturnType<typeof contentModel>>
  try {
    model = await contentModel({ ...options, database: { url } })
  } catch {
    return await freshDatabase()
  }
  return await templateCopy({
    // What the plugin builds its tables from (content-model.ts): the registry, and its own
    // tables, which differ only with access control on or off.
    description: { plugin: { registry: model.registry, accessControl: model.permissions !== null } },
    build: async (templateUrl) => {
      const db = await openDatabase(model.registry, { url: templateUrl }, model.systemEntities)
      await db.close()
    }
  })
}

/**
 * `server`: Fastify's own options (a logger to read, the plugin's server options); `prepare`:
 * what the test adds to the app before the plugin (hooks that watch every request).
 */
export async function buildTestApp (
  options: Partial<ContentApiOptions> = {}, server: FastifyServerOptions = {}, prepare: (app: FastifyInstance) => void = () => {}
): Promise<TestApp> {
  const given = { schemas: options.contentTypes === undefined ? EXAMPLE_SCHEMAS : undefined, ...options }
  const database = await appDatabase(given)
  const list: string[] = []
  // PGlite (WASM) can take many seconds to start on a loaded machine: more than Fastify's 10 s default.
  const app = Fastify({ logger: false, pluginTimeout: 120_000, ...server })
  prepare(app)
  try {
    await app.register(contentApi, {
      ...given,
      database: {
        ...(database.url === undefined ? { dataDir: 'memory://' } : { url: database.url }),
        onQuery: (sql) => { list.push(sql) },
        ...options.database
      }
    })
    await app.ready()
  } catch (error) {
    // Tests of rejected options expect this throw: their database must not outlive it.
    await app.close().catch(() => {})
    await database.drop()
    throw error
  }
  return {
    app,
    url: database.url,
    statements: { list, reset: () => { list.length = 0 }, count: () => list.length },
    close: async () => {
      await app.close()
      await database.drop()
    }
  }
}
