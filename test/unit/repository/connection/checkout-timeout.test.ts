/**
 * timeOnlyWaitingCheckouts: a checkout an idle connection serves arms no timer (pg-pool's
 * own arms one per checkout), and one that has to wait still ends with pg-pool's timeout
 * error. Needs a PostgreSQL server (DATABASE_URL): CI has one, so there it must run.
 */
import t from 'tap'
import pg from 'pg'
import { timeOnlyWaitingCheckouts } from '../../../../plugin/repository/connection/checkout-timeout.js'

const url = process.env.DATABASE_URL

/** How many timers `work` arms synchronously of those with `delay` (pg-pool looks `setTimeout` up on each call). */
function timersArmed (delay: number, work: () => unknown): { count: number, result: unknown } {
  const original = globalThis.setTimeout
  let count = 0
  globalThis.setTimeout = ((callback: () => void, ms?: number) => {
    if (ms === delay) count += 1
    return original(callback, ms)
  }) as typeof setTimeout
  try {
    const result = work()
    return { count, result }
  } finally {
    globalThis.setTimeout = original
  }
}

t.test('checkouts served by an idle connection arm no timer; waiting ones time out', { skip: (url === undefined || url === '') && process.env.CI === undefined ? 'no DATABASE_URL' : false }, async (t) => {
  const pool = new pg.Pool({ connectionString: url, max: 1, connectionTimeoutMillis: 300 })
  timeOnlyWaitingCheckouts(pool)
  t.teardown(async () => { await pool.end() })
  // Opens the one connection and leaves it idle.
  t.same((await pool.query('select 1 as n')).rows, [{ n: 1 }])
  t.equal(pool.idleCount, 1)

  const idle = timersArmed(300, () => pool.connect())
  t.equal(idle.count, 0, 'a checkout an idle connection serves arms no connection timer')
  const client = await (idle.result as Promise<pg.PoolClient>)
  t.equal(pool.options.connectionTimeoutMillis, 300, 'the pool keeps its timeout')

  const queried = timersArmed(300, () => pool.query('select 2 as n'))
  t.equal(queried.count, 1, 'with every connection busy a query waits with its timer')
  await t.rejects(queried.result as Promise<unknown>, { message: 'timeout exceeded when trying to connect' }, 'and ends with the timeout error')

  client.release()
  const again = timersArmed(300, () => pool.query('select 3 as n'))
  t.equal(again.count, 0, 'pool.query on an idle connection arms none either')
  t.same((await (again.result as Promise<pg.QueryResult>)).rows, [{ n: 3 }])
})
