/**
 * clientQuery runs a statement on a checked-out connection through pg's callback form: the
 * same rows and the same errors as `client.query`'s promise, and the connection stays usable
 * after a failed statement. Needs a PostgreSQL server (DATABASE_URL); skipped on PGlite.
 */
import t from 'tap'
import pg from 'pg'
import { clientQuery } from '../../../../plugin/repository/connection/client-query.js'

const url = process.env.DATABASE_URL

t.test('clientQuery on a pooled connection', { skip: url === undefined || url === '' ? 'no DATABASE_URL' : false }, async (t) => {
  const pool = new pg.Pool({ connectionString: url, max: 1 })
  t.teardown(async () => { await pool.end() })
  const client = await pool.connect()
  t.teardown(() => { client.release() })

  const named = { name: 'client-query-test', text: 'select $1::int + 1 as n, $2::text as s' }
  const first = await clientQuery<{ n: number, s: string }>(client, { ...named, values: [41, 'a'] })
  t.same(first.rows, [{ n: 42, s: 'a' }])
  // The same name again: pg sends only bind and execute, the rows still come back.
  const second = await clientQuery<{ n: number, s: string }>(client, { ...named, values: [1, 'b'] })
  t.same(second.rows, [{ n: 2, s: 'b' }])

  await t.rejects(clientQuery(client, { text: 'select 1 / $1::int as n', values: [0] }), { code: '22012' }, 'a failed statement rejects with PostgreSQL\'s error')
  const after = await clientQuery<{ ok: boolean }>(client, { text: 'select true as ok' })
  t.same(after.rows, [{ ok: true }], 'and the connection still answers')
})
