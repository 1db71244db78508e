/**
 * A Database whose writes all join one transaction already open: several entries' writes, each
 * through its own write path, committed together or not at all (the admin API's bulk actions).
 * A write's own `transaction` and `autocommit` run its work on that transaction; its statements
 * keep their preparation and their order.
 *
 * Once a statement fails PostgreSQL refuses every later one of the transaction ("current
 * transaction is aborted"): the joined database answers them with the failure that aborted it,
 * so a write that retries (a deadlock, a taken uid) meets the real cause again and stops.
 */
import type { Database, SqlTransaction } from './database.js'

export function joinedDatabase (db: Database, tx: SqlTransaction): Database {
  let failure: { error: unknown } | null = null
  const joined: SqlTransaction = {
    transactional: true,
    query: async (sql, params) => {
      if (failure !== null) throw failure.error
      try {
        return await tx.query(sql, params)
      } catch (error) {
        failure = { error }
        throw error
      }
    }
  }
  const run = async <T>(work: (tx: SqlTransaction) => Promise<T>): Promise<T> => await work(joined)
  return {
    ...db,
    query: async (sql, params) => await joined.query(sql, params),
    transaction: run,
    autocommit: run,
    close: async () => { throw new Error('A joined database is closed with the database it joins') }
  }
}
