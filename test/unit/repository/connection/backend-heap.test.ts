/**
 * keepBackendHeap: every new pooled connection runs the one 8 MB statement before its first
 * read, and its backend then re-faults far fewer pages per large statement. Both are read
 * from the backend's /proc entry, so the test needs a PostgreSQL server on this machine
 * (Linux, glibc): CI has one, so there it must run; elsewhere it skips itself without one.
 */
import { existsSync, readFileSync } from 'node:fs'
import t from 'tap'
import pg from 'pg'
import type { PoolClient } from 'pg'
import { keepBackendHeap } from '../../../../plugin/repository/connection/backend-heap.js'

const url = process.env.DATABASE_URL

/** Why the test cannot run here, or false. */
async function unavailable (): Promise<string | false> {
  if (url === undefined || url === '') return 'no DATABASE_URL'
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  try {
    const { rows } = await client.query<{ pid: number }>('select pg_backend_pid() as pid')
    return existsSync(`/proc/${rows[0]!.pid}/stat`) ? false : 'the PostgreSQL server is not on this machine (its backends are not in /proc)'
  } finally {
    await client.end()
  }
}

const reason = await unavailable()
const skip = reason !== false && process.env.CI === undefined ? reason : false

/** A line of the backend's /proc entry behind `client`. */
async function backendProc (client: PoolClient, file: 'stat' | 'status'): Promise<string> {
  const { rows } = await client.query<{ pid: number }>('select pg_backend_pid() as pid')
  return readFileSync(`/proc/${rows[0]!.pid}/${file}`, 'utf8')
}

/** Minor page faults of the backend behind `client`. */
async function faults (client: PoolClient): Promise<number> {
  const stat = await backendProc(client, 'stat')
  return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[7])
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

t.test('the statement runs on a new connection before its first read', { skip }, async (t) => {
  // The backend's peak resident memory after one small first read: the warm-up's 8 MB shows.
  const peakAfterFirstRead = async (warm: boolean): Promise<number> => await onFreshConnection(warm, async (client) => {
    const kilobytes = /VmHWM:\s+(\d+) kB/.exec(await backendProc(client, 'status'))
    t.ok(kilobytes, 'the backend reports its peak resident memory')
    return Number(kilobytes?.[1])
  })
  const cold = await peakAfterFirstRead(false)
  const warm = await peakAfterFirstRead(true)
  t.ok(warm - cold >= 7 * 1024, `the warmed backend's peak is ${warm - cold} kB above a cold one's`)
})

t.test('a warmed backend re-faults fewer pages', { skip }, async (t) => {
  const faultsOf20 = async (warm: boolean): Promise<number> => await onFreshConnection(warm, async (client) => {
    const sql = "select length(string_agg(md5(i::text), '')) as n from generate_series(1, 50000) as i"
    await client.query(sql)
    const before = await faults(client)
    for (let run = 0; run < 20; run++) await client.query(sql)
    return await faults(client) - before
  })
  const cold = await faultsOf20(false)
  const warm = await faultsOf20(true)
  t.ok(cold > 20 * 100, `without it the backend faults its memory in again on every run (${cold} faults)`)
  t.ok(warm < cold / 4, `with it far fewer (${warm} against ${cold})`)
})
