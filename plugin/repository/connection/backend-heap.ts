/**
 * Each new PostgreSQL connection first allocates and frees one 8 MB value, once, so that its
 * backend stops giving memory back to the kernel after every large read.
 *
 * Why: a backend's memory comes from glibc's malloc, which returns the top of its heap to the
 * kernel whenever more than its trim threshold (at first 128 KB, then twice the largest
 * mmapped block freed so far, at most 32 MB) lies free, and the next statement faults the same
 * pages in again, zeroed: a large read pays hundreds of page faults per request
 * (benchmarks/journal/2026-11-25.md, "populate=* idle"). Freeing the 8 MB block raises the thresholds to 8 MB / 16 MB: a backend
 * keeps at most that much free memory it has used. A malloc without these thresholds (musl) just pays the one allocation.
 *
 * The statement runs in pg-pool's `onConnect` hook, which the pool awaits before it hands the
 * new connection out (a second `client.query` queued behind it is deprecated in pg 8 and goes
 * in pg 9), and not through `onQuery`: it is the connection's setup, not a read's.
 */
import type { ClientBase, Pool } from 'pg'

const WARM_SQL = "select length(repeat('x', 8 * 1024 * 1024))"

export function keepBackendHeap (pool: Pool): void {
  // pg-pool awaits the promise; @types/pg types the hook as returning void.
  pool.options.onConnect = (async (client: ClientBase): Promise<void> => {
    // A connection that cannot run it fails its first read the same way; nothing to add here.
    await client.query(WARM_SQL).catch(() => {})
  }) as (client: ClientBase) => void
}
