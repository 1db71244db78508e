/**
 * keepBackendHeap: every new pooled connection runs the one 8 MB statement before its first
 * read, and (where the backend's /proc entry is readable: a local PostgreSQL on Linux with
 * glibc) its backend then re-faults far fewer pages per large statement.
 */
import { readFileSync } from 'node:fs'
import t from 'tap'
import pg from 'pg'
import type { PoolClient } from 'pg'
import { keepBackendHeap } from '../../plugin/repository/backend-heap.js'

const url = process.env.DATABASE_URL
const noDatabase = url === undefined || url === '' ? 'no DATABASE_URL' : false

/** Minor page faults of the backend behind `client` (null where /proc does not show it). */
async function faults (client: PoolClient): Promise<number | null> {
  const { rows } = await client.query<{ pid: number }>('select pg_backend_pid() as pid')
  try {
    const stat = readFileSync(`/proc/${rows[0]!.pid}/stat`, 'utf8')
    return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[7])
  } catch {
    return null
  }
}

/** Runs `use` on the one connection of a fresh pool, warmed or not. */
async function onFreshConnection<T> (warm: boolean, use: (client: PoolClient) => Promise<T>): Promise<T> {
  const pool = new pg.Pool({ connectionString: url, max: 1 })
  if (warm) keepBackendHeap(pool)
  try {
    const client = await pool.connect()
    try {
      return await use(client)
    } finally {
      client.release()
    }
  } finally {
    await pool.end()
  }
}

t.test('the statement runs on a new connection before its first read', { skip: noDatabase }, async (t) => {
  // The backend's peak resident memory after one small first read: the warm-up's 8 MB shows.
  const peakAfterFirstRead = async (warm: boolean): Promise<number | null> => await onFreshConnection(warm, async (client) => {
    const { rows } = await client.query<{ pid: number }>('select pg_backend_pid() as pid')
    try {
      const status = readFileSync(`/proc/${rows[0]!.pid}/status`, 'utf8')
      const kilobytes = /VmHWM:\s+(\d+) kB/.exec(status)
      return kilobytes === null ? null : Number(kilobytes[1])
    } catch {
      return null
    }
  })
  const cold = await peakAfterFirstRead(false)
  const warm = await peakAfterFirstRead(true)
  if (cold === null || warm === null) {
    t.pass('the backend\'s /proc entry is not readable here (a remote PostgreSQL)')
    return
  }
  t.ok(warm - cold >= 7 * 1024, `the warmed backend's peak is ${warm - cold} kB above a cold one's`)
})

t.test('a warmed backend re-faults fewer pages', { skip: noDatabase }, async (t) => {
  const faultsOf20 = async (warm: boolean): Promise<number | null> => await onFreshConnection(warm, async (client) => {
    const sql = "select length(string_agg(md5(i::text), '')) as n from generate_series(1, 50000) as i"
    await client.query(sql)
    const before = await faults(client)
    for (let run = 0; run < 20; run++) await client.query(sql)
    const after = await faults(client)
    return before === null || after === null ? null : after - before
  })
  const cold = await faultsOf20(false)
  const warm = await faultsOf20(true)
  if (cold === null || warm === null) {
    t.pass('the backend\'s /proc entry is not readable here (a remote PostgreSQL)')
    return
  }
  t.ok(cold > 20 * 100, `without it the backend faults its memory in again on every run (${cold} faults)`)
  t.ok(warm < cold / 4, `with it far fewer (${warm} against ${cold})`)
})
