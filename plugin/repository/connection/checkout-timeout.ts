/**
 * The connection timeout, only for checkouts that can wait.
 *
 * `pg-pool` arms a `connectionTimeoutMillis` timer on every checkout, also on one an idle
 * connection serves at its next tick (every read of a pool that is not exhausted, `query`
 * included): a `setTimeout`, an `unref` and a `clearTimeout` per statement, a visible part
 * of a light read's CPU (benchmarks/journal/2026-11-25.md, "the entry read's checkout timer").
 * Such a checkout cannot time out: the pool hands its idle connections to the waiting
 * checkouts in order, in the next tick, before any I/O could take one away. So while there
 * are more idle connections than waiting checkouts, the checkout is made without the timer;
 * otherwise (every connection busy, or a new one to open) it keeps it, as before.
 */
import type { Pool } from 'pg'

export function timeOnlyWaitingCheckouts (pool: Pool): void {
  const connect = pool.connect.bind(pool) as (callback?: unknown) => unknown
  const options = pool.options
  const served = (callback?: unknown): unknown => {
    if (pool.idleCount <= pool.waitingCount) return connect(callback)
    // Read by `connect` synchronously, only to arm the timer; restored before anything else runs.
    const timeout = options.connectionTimeoutMillis
    options.connectionTimeoutMillis = 0
    try {
      return connect(callback)
    } finally {
      options.connectionTimeoutMillis = timeout
    }
  }
  // `query` checks out through `this.connect`, so it is served the same way.
  pool.connect = served as Pool['connect']
}
