/**
 * Keeps the PostgreSQL pool whole when connections die while they are checked out.
 *
 * `pg-pool` leaves a checked-out connection to whoever holds it, and Kysely (MikroORM's SQL
 * layer) gives a transaction's connection back only once its `commit` or `rollback` has
 * succeeded — on a connection the server has terminated, neither can. Each such death used
 * to cost the pool one slot for good, until every request waited forever. Here a checked-out
 * connection that ends is given back at once with its error (the pool then discards it and
 * opens a fresh one on demand), and a later release by its holder is a no-op. A dying
 * checked-out connection's error event is caught here rather than ending the process.
 */
import type { Pool, PoolClient } from 'pg'

type Release = (error?: Error | boolean) => void

/** Wraps each `release` the pool assigns so it runs once, and gives a dead connection back. */
function healClient (client: PoolClient): void {
  let release: Release | undefined
  let checkedOut = false
  Object.defineProperty(client, 'release', {
    configurable: true,
    enumerable: false,
    get: () => release,
    set: (assigned: Release) => {
      checkedOut = true
      let done = false
      release = (error) => {
        if (done) return
        done = true
        checkedOut = false
        assigned(error)
      }
    }
  })
  // A checked-out connection's error has no listener of the pool's, and an 'error' event
  // without one ends the process; the statement in flight rejects with it anyway.
  client.on('error', () => {})
  client.on('end', () => {
    if (checkedOut) release?.(new Error('the database connection ended while it was in use'))
  })
}

export function healPool (pool: Pool): void {
  pool.on('connect', healClient)
}
