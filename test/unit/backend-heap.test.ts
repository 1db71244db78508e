/**
 * keepBackendHeap: every new pooled connection runs the one 8 MB statement before its first
 * use, a failure of it is swallowed, and (where the backend's /proc entry is readable: a local
 * PostgreSQL on Linux with glibc) its backend then re-faults far fewer pages per large statement.
 */
import { EventEmitter } from 'node:events'
import { readFileSync } from 'node:fs'
import t from 'tap'
import pg from 'pg'
import type { Pool, PoolClient } from 'pg'
import { keepBackendHeap } from '../../plugin/repository/backend-heap.js'

const url = process.env.DATABASE_URL

t.test('each new connection runs the 8 MB statement once', async (t) => {
  const pool = new EventEmitter()
  keepBackendHeap(pool as unknown as Pool)
  const sent: string[] = []
  const client = { query: async (sql: string) => { sent.push(sql); throw new Error('refused') } }
  pool.emit('connect', client as unknown as PoolClient)
  await new Promise(resolve => setImmediate(resolve))
  t.same(sent, ["select length(repeat('x', 8 * 1024 * 1024))"], 'one statement, and its failure does not escape')
})

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

/** Faults of 20 runs of a statement that builds a ~1.6 MB text, on a fresh connection. */
async function faultsOfLargeStatements (warm: boolean): Promise<number | null> {
  const pool = new pg.Pool({ connectionString: url, max: 1 })
  if (warm) keepBackendHeap(pool)
  try {
    const client = await pool.connect()
    try {
      const sql = "select length(string_agg(md5(i::text), '')) as n from generate_series(1, 50000) as i"
      await client.query(sql)
      const before = await faults(client)
      for (let run = 0; run < 20; run++) await client.query(sql)
      const after = await faults(client)
      return before === null || after === null ? null : after - before
    } finally {
      client.release()
    }
  } finally {
    await pool.end()
  }
}

t.test('a warmed backend re-faults fewer pages', { skip: url === undefined || url === '' ? 'no DATABASE_URL' : false }, async (t) => {
  const cold = await faultsOfLargeStatements(false)
  const warm = await faultsOfLargeStatements(true)
  if (cold === null || warm === null) {
    t.pass('the backend\'s /proc entry is not readable here (a remote PostgreSQL)')
    return
  }
  t.ok(cold > 20 * 100, `without it the backend faults its memory in again on every run (${cold} faults)`)
  t.ok(warm < cold / 4, `with it far fewer (${warm} against ${cold})`)
})
