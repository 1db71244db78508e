/**
 * `transaction` and `autocommit` of the Database: a write's statements on one connection of
 * the pool (PGlite: its one session, one write at a time), prepared like the reads.
 */
import type { Pool, PoolClient } from 'pg'
import { clientQuery } from './client-query.js'
import type { Row, SqlTransaction } from './database.js'
import { embeddedRunner } from './statement-runners.js'
import type { NativeClient } from './statement-runners.js'
import type { NameOf } from './statement-names.js'
import { isConnectionLost } from './unavailable.js'

/** PGlite is one session: writes must not interleave, or one transaction swallows another. */
function serialised (): <T>(work: () => Promise<T>) => Promise<T> {
  let tail: Promise<unknown> = Promise.resolve()
  return async <T>(work: () => Promise<T>): Promise<T> => {
    const run = tail.then(work, work)
    tail = run.catch(() => undefined)
    return await run
  }
}

export type Transact = <T>(work: (tx: SqlTransaction) => Promise<T>) => Promise<T>

interface EmbeddedTransactions {
  transaction: <T>(work: (tx: { query: (sql: string, params: readonly unknown[]) => Promise<{ rows: Row[] }> }) => Promise<T>) => Promise<T>
}

/** PGlite's own transaction holds its session: its other statements wait until it ends. */
function embeddedTransaction (native: NativeClient, onQuery: ((sql: string) => void) | undefined): Transact {
  const pglite = native as unknown as EmbeddedTransactions
  return async (work) => {
    onQuery?.('begin')
    const result = await pglite.transaction(async tx => await work({
      query: async (sql, params) => {
        onQuery?.(sql)
        return (await tx.query(sql, params)).rows
      },
      transactional: true
    }))
    onQuery?.('commit')
    return result
  }
}

/** PGlite's session, one statement at a time (`exclusive` keeps transactions of other writes out meanwhile). */
function embeddedAutocommit (native: NativeClient, onQuery: ((sql: string) => void) | undefined): Transact {
  const run = embeddedRunner(native)
  return async (work) => await work({
    query: async (sql, params) => {
      onQuery?.(sql)
      return await run(sql, params, undefined)
    },
    transactional: false
  })
}

/** Statements a write sends outside a transaction: prepared like a transaction's (see `serverTransaction`). */
function preparedQuery (client: PoolClient, onQuery: ((sql: string) => void) | undefined, nameOf: NameOf) {
  return async (sql: string, params: readonly unknown[]): Promise<Row[]> => {
    onQuery?.(sql)
    // A write's statements are prepared like the reads (their own cap of names): the same
    // shape of body gives the same text, planned once per connection.
    const prepared = params.length === 0 ? undefined : nameOf(sql)
    // clientQuery, as a read's statement: pg's promise form kept ~4.5 KB per create alive past
    // young collections, ~0.6 KB with it (benchmarks/journal/2026-11-25.md, "where the light read's time went").
    return (await clientQuery(client, { text: prepared?.text ?? sql, values: params as unknown[], name: prepared?.name })).rows
  }
}

/** One connection for the work's statements, no transaction around them. */
function serverAutocommit (pool: Pool, onQuery: ((sql: string) => void) | undefined, nameOf: NameOf): Transact {
  return async (work) => {
    const client: PoolClient = await pool.connect()
    try {
      const result = await work({ query: preparedQuery(client, onQuery, nameOf), transactional: false })
      client.release()
      return result
    } catch (error) {
      // A statement that failed leaves the connection usable, unless the connection itself broke.
      client.release(isConnectionLost(error) ? error as Error : undefined)
      throw error
    }
  }
}

/**
 * A connection checked out of the pool for the whole transaction. When the work fails the
 * transaction is rolled back and the connection goes back to the pool; when even the
 * rollback fails, the connection is broken and is given back with that error, so the pool
 * discards it rather than handing it to the next request.
 */
function serverTransaction (pool: Pool, onQuery: ((sql: string) => void) | undefined, nameOf: NameOf): Transact {
  return async (work) => {
    const client: PoolClient = await pool.connect()
    const query = preparedQuery(client, onQuery, nameOf)
    try {
      await query('begin', [])
      const result = await work({ query, transactional: true })
      await query('commit', [])
      client.release()
      return result
    } catch (error) {
      try {
        await query('rollback', [])
        client.release()
      } catch (broken) {
        client.release(broken instanceof Error ? broken : new Error('rollback failed'))
      }
      throw error
    }
  }
}

export interface WriteSessionsOptions {
  native: NativeClient
  embedded: boolean
  onQuery: ((sql: string) => void) | undefined
  /** The write statements' own cap of prepared names, apart from the reads'. */
  nameOf: NameOf
}

/** The Database's `transaction` and `autocommit`, for the server's pool or PGlite's session. */
export function writeSessions ({ native, embedded, onQuery, nameOf }: WriteSessionsOptions): { transaction: Transact, autocommit: Transact } {
  if (!embedded) {
    return {
      transaction: serverTransaction(native as unknown as Pool, onQuery, nameOf),
      autocommit: serverAutocommit(native as unknown as Pool, onQuery, nameOf)
    }
  }
  // Only PGlite's one session needs writes queued; on a server each write has its own connection, and no wrapper.
  const exclusive = serialised()
  const transact = embeddedTransaction(native, onQuery)
  const autocommit = embeddedAutocommit(native, onQuery)
  return {
    transaction: async (work) => await exclusive(async () => await transact(work)),
    autocommit: async (work) => await exclusive(async () => await autocommit(work))
  }
}
