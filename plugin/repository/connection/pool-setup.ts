/**
 * What every pool the plugin opens gets, the primary's and each replica's: healing of
 * connections that die checked out, the backend heap warm-up, and the connection timeout only
 * for checkouts that can wait. One place, so the two kinds of pool cannot drift apart.
 */
import type { Pool } from 'pg'
import { keepBackendHeap } from './backend-heap.js'
import { timeOnlyWaitingCheckouts } from './checkout-timeout.js'
import { healPool } from './pool-healing.js'

export function setUpPool (pool: Pool): void {
  healPool(pool)
  keepBackendHeap(pool)
  timeOnlyWaitingCheckouts(pool)
}
