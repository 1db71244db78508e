/**
 * Each new PostgreSQL connection first allocates and frees one 8 MB value, once, so that its
 * backend stops giving memory back to the kernel after every large read (issue 14).
 *
 * Why: a backend's memory comes from glibc's malloc, which returns the top of its heap to the
 * kernel whenever more than its trim threshold (at first 128 KB, then twice the largest
 * mmapped block freed so far, at most 32 MB) lies free, and the next statement faults the same
 * pages in again, zeroed. A populate=* read (a 154 KB answer) cost its backend ~390 page faults
 * and ~600 µs of system time per request that way, measured by /proc/<pid>/stat over 1,500
 * requests; once the backend had freed one 8 MB block, 37 faults and ~150-230 µs, and its CPU
 * per request fell 18 % (node-cpu.ts: 3,213 to 2,622 µs; benchmarks/README.md, 2026-11-25
 * "populate=* idle"). Freeing the 8 MB block raises the thresholds to 8 MB / 16 MB: a backend
 * keeps at most that much free memory it has used. A malloc without these thresholds (musl) just pays the one allocation.
 *
 * The statement runs on the connection before the pool hands it out (pg queues it first), not
 * through `onQuery`: it is the connection's setup, like the session settings, not a read's.
 */
import type { Pool, PoolClient } from 'pg'

const WARM_SQL = "select length(repeat('x', 8 * 1024 * 1024))"

export function keepBackendHeap (pool: Pool): void {
  pool.on('connect', (client: PoolClient) => {
    // A connection that cannot run it fails its next statement the same way; nothing to add here.
    client.query(WARM_SQL).catch(() => {})
  })
}
