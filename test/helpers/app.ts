/**
 * Builds the plugin inside a Fastify app for a test, on a fresh database of its own:
 * a new PostgreSQL database when DATABASE_URL is set (as in CI), in-memory PGlite otherwise.
 * Every SQL statement sent is recorded so tests can count them.
 */
import { randomBytes } from 'node:crypto'
import Fastify from 'fastify'
import type { FastifyInstance } from 'fastify'
import pg from 'pg'
import contentApi from '../../plugin/index.js'
import type { ContentApiOptions } from '../../plugin/index.js'

import { EXAMPLE_SCHEMAS } from './paths.js'

export { EXAMPLE_SCHEMAS }

export interface TestApp {
  app: FastifyInstance
  /** The app's database on the DATABASE_URL server, for a session of the test's own; undefined on PGlite. */
  url: string | undefined
  /** Statements sent since the last `statements.reset()`. */
  statements: { list: string[], reset: () => void, count: () => number }
  close: () => Promise<void>
}

async function withServer<T> (url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  try { return await work(client) } finally { await client.end() }
}

/** A fresh database on the DATABASE_URL server; returns its URL and a dropper. */
export async function freshDatabase (): Promise<{ url: string | undefined, drop: () => Promise<void> }> {
  const base = process.env.DATABASE_URL
  if (base === undefined || base === '') return { url: undefined, drop: async () => {} }
  const name = `fca_t_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`
  await withServer(base, async (client) => { await client.query(`create database ${name}`) })
  const url = new URL(base)
  url.pathname = `/${name}`
  return {
    url: url.toString(),
    drop: async () => { await withServer(base, async (client) => { await client.query(`drop database if exists ${name} with (force)`) }) }
  }
}

export async function buildTestApp (options: Partial<ContentApiOptions> = {}): Promise<TestApp> {
  const database = await freshDatabase()
  const list: string[] = []
  // PGlite (WASM) can take many seconds to start on a loaded machine: more than Fastify's 10 s default.
  const app = Fastify({ logger: false, pluginTimeout: 120_000 })
  try {
    await app.register(contentApi, {
      schemas: options.contentTypes === undefined ? EXAMPLE_SCHEMAS : undefined,
      ...options,
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
