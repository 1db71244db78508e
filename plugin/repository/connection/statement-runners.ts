/**
 * The runners of single statements on the pool (PGlite: its session): reads prepared under a
 * statement name, retried past connections the server ended, cancelled when their request goes.
 */
import type { Pool, QueryConfig } from 'pg'
import { cancelRunningStatement } from './cancel-query.js'
import { clientQuery } from './client-query.js'
import type { Row } from './database.js'
import type { NameOf } from './statement-names.js'
import { isConnectionLost } from './unavailable.js'

/** What MikroORM's connection hands out: a pg Pool on a server, the PGlite instance embedded. */
export interface NativeClient {
  query: (...args: never[]) => Promise<{ rows: Row[] }>
}

export type Runner = (sql: string, params: readonly unknown[], signal: AbortSignal | undefined) => Promise<Row[]>

export function embeddedRunner (native: NativeClient): Runner {
  // Bound: PGlite's `query` reads its own instance (detached, it fails on `this`).
  const query = (native.query as (sql: string, params: readonly unknown[]) => Promise<{ rows: Row[] }>).bind(native)
  return async (sql, params) => (await query(sql, params)).rows
}

/**
 * On a server, a read whose client went away is cancelled on the server too (PostgreSQL's
 * cancel request, on a connection of its own), so abandoned heavy reads stop costing.
 */
export function serverRunner (pool: Pool, nameOf: NameOf): Runner {
  const once = serverRunnerOnce(pool, nameOf)
  // A pooled connection the server ended while it sat idle fails its first use, and the pool
  // drops it then. Right after the server ended many (a restart, killed sessions) several idle
  // ones may still look alive: a read is safe to run again, and each failed try removes one
  // dead connection, so the pool's size plus one tries reach a live or a fresh connection.
  const tries = (pool.options.max ?? 10) + 1
  // Not an async loop: a read that succeeds at once (nearly all) passes on one promise, no more.
  const attempt = (sql: string, params: readonly unknown[], signal: AbortSignal | undefined, tried: number): Promise<Row[]> =>
    once(sql, params, signal).catch((error: unknown) => {
      if (tried >= tries || signal?.aborted === true || !isConnectionLost(error)) throw error
      return attempt(sql, params, signal, tried + 1)
    })
  return (sql, params, signal) => attempt(sql, params, signal, 1)
}

function rowsOf (result: { rows: Row[] }): Row[] {
  return result.rows
}

function serverRunnerOnce (pool: Pool, nameOf: NameOf): Runner {
  return (sql, params, signal) => {
    const prepared = nameOf(sql)
    const config = { text: prepared?.text ?? sql, values: params as unknown[], name: prepared?.name }
    return signal === undefined ? pool.query(config).then(rowsOf) : watchedQuery(pool, config, signal)
  }
}

/** A statement on a checked-out connection, cancelled on the server when `signal` aborts. */
async function watchedQuery (pool: Pool, config: QueryConfig, signal: AbortSignal): Promise<Row[]> {
  const client = await pool.connect()
  let cancelled = false
  const cancel = (): void => {
    cancelled = true
    cancelRunningStatement(client)
  }
  signal.addEventListener('abort', cancel, { once: true })
  try {
    return (await clientQuery(client, config)).rows
  } finally {
    signal.removeEventListener('abort', cancel)
    // A cancelled session is not reused: a cancel request still on its way must not reach
    // the next request's statement on the same connection.
    client.release(cancelled ? new Error('the request that ran this statement went away') : undefined)
  }
}
