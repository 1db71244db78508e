/**
 * Where the tables of a Strapi site on MySQL or SQLite are copied so the importer's
 * PostgreSQL SELECTs can read them: a session of this app's own PostgreSQL server when it
 * has one (they run at the server's speed), else an in-memory PGlite (an app on the
 * embedded database holds its one session for the import's transaction). Either way the
 * copy lives in a schema created inside a transaction that is never committed: no other
 * session sees it, and closing the session, or the process dying, leaves nothing behind.
 * Rows go in with `COPY … FROM` (copy-text.ts makes the payload): PostgreSQL parses them
 * once with each column's input function, several times faster than rows sent as JSON and
 * cast one value at a time.
 */
import { randomBytes } from 'node:crypto'
import { pipeline } from 'node:stream/promises'
import { Readable } from 'node:stream'
import pg from 'pg'
import { from as copyFrom } from 'pg-copy-streams'
import { StrapiSourceError } from '../errors.js'
import { identifier } from '../sql/index.js'
import { failureReason } from './source-location.js'
import type { PgSession } from './strapi-source.js'

export interface StagingSession extends PgSession {
  /** Where the copy is staged, for messages: `PostgreSQL` or `an in-memory PGlite`. */
  where: string
  /** Loads rows into `table` (`columns` in that order) from a payload in COPY's text format. */
  copyRows: (options: { table: string, columns: readonly string[], text: string }) => Promise<void>
  close: () => Promise<void>
}

function copyStatement (options: { table: string, columns: readonly string[] }, from: string): string {
  return `copy ${identifier(options.table)} (${options.columns.map(identifier).join(', ')}) from ${from}`
}

async function serverSession (url: string): Promise<StagingSession> {
  const client = new pg.Client({ connectionString: url })
  try {
    await client.connect()
  } catch (error) {
    throw new StrapiSourceError(`cannot connect to this app's database (DATABASE_URL), where the Strapi tables are staged: ${failureReason(error)}`)
  }
  // A dropped connection fails the statement running on it; the event must have a listener.
  client.on('error', () => {})
  return {
    where: 'PostgreSQL',
    query: async (sql, params) => (await client.query(sql, params === undefined ? undefined : [...params])).rows,
    copyRows: async (options) => {
      await pipeline(Readable.from([options.text]), client.query(copyFrom(copyStatement(options, 'stdin'))))
    },
    close: async () => {
      await client.query('rollback').catch(() => {})
      await client.end().catch(() => {})
    }
  }
}

async function memorySession (): Promise<StagingSession> {
  const { PGlite } = await import('@electric-sql/pglite')
  const db = await PGlite.create()
  return {
    where: 'an in-memory PGlite',
    query: async (sql, params) => (await db.query<Record<string, unknown>>(sql, params === undefined ? undefined : [...params])).rows,
    // PGlite has no COPY protocol: it reads COPY's input from a blob it names /dev/blob.
    copyRows: async (options) => { await db.query(copyStatement(options, "'/dev/blob'"), [], { blob: new Blob([options.text]) }) },
    close: async () => { await db.close() }
  }
}

/** A session in an open transaction whose first schema is a new, empty one. */
export async function stagingSession (url: string | undefined): Promise<StagingSession> {
  const session = url === undefined ? await memorySession() : await serverSession(url)
  try {
    const schema = identifier(`strapi_source_${randomBytes(6).toString('hex')}`)
    await session.query('begin')
    await session.query(`create schema ${schema}`)
    await session.query(`set local search_path to ${schema}`)
    return session
  } catch (error) {
    await session.close()
    throw error
  }
}
