/**
 * Plans that survive real data: once the tables hold thousands of link rows and
 * have statistics, a filtered to-many populate reaches its link rows through the link
 * table's index from either side — articles → tags by the owner column, tags → articles by
 * the target column — under the generic plan the plugin's prepared reads use. And what the
 * plugin relies on for those prepared reads: a read prepared on a session before ANALYZE is
 * planned again after it, on that session, without being prepared again.
 * Plan node names are asserted, never timings. On PostgreSQL (DATABASE_URL) through a client
 * of its own; without it on the embedded PGlite, the same engine, through the plugin's session.
 */
import pg from 'pg'
import t from 'tap'
import type { Test } from 'tap'
import type { FastifyInstance } from 'fastify'
import { compileListQuery } from '../../plugin/query/compile-query.js'
import { parseQueryString } from '../../plugin/query/parse.js'
import { readCompiler } from '../../plugin/repository/read/compile.js'
import { buildTestApp } from '../helpers/app.js'

interface Session { query: (sql: string) => Promise<{ rows: Array<Record<string, unknown>> }> }

/** A session of the test's own (PREPARE and SET hold per session): a client on a server, PGlite's only one otherwise. */
async function sessionOf (t: Test, app: FastifyInstance, url: string | undefined): Promise<Session> {
  if (url === undefined) return { query: async (sql) => ({ rows: await app.contentApi.db.query(sql, []) }) }
  const server = new pg.Client({ connectionString: url })
  await server.connect()
  t.teardown(async () => { await server.end() })
  return server
}

const planText = (rows: Array<Record<string, unknown>>): string => rows.map(row => String(row['QUERY PLAN'])).join('\n')

t.test('a read the plugin prepared before ANALYZE is planned again after it, on the same session, without being prepared again', async t => {
  // One pooled connection: the read, its plan and the session's prepared statements are all on it.
  const { app, url, statements, close } = await buildTestApp({ database: { poolSize: 1 } })
  t.teardown(close)
  const db = app.contentApi.db
  const other = await sessionOf(t, app, url)
  // Autovacuum held off (a CI server runs it): the ANALYZE below is the only one these rows see.
  await other.query('alter table articles set (autovacuum_enabled = false)')
  // 40,000 drafts, nothing published. Without statistics PostgreSQL takes `published_at is not null`
  // for nearly every row, so the published page walks the primary key and stops after 25 rows (at
  // any random_page_cost: a scan of 40,000 rows costs several times more); with them it knows that
  // no row qualifies, and a walk of the whole index costs more than finding them and sorting. The data
  // leaves the planner one choice on each side of the ANALYZE.
  await other.query(`insert into articles (title, created_at, updated_at)
    select 'draft ' || g, now(), now() from generate_series(1, 40000) g`)

  const readPage = async (page: number): Promise<string> => {
    statements.reset()
    const response = await app.inject({ url: `/api/articles?pagination[page]=${page}&pagination[pageSize]=25` })
    t.equal(response.statusCode, 200)
    t.same(response.json().data, [], 'no published article')
    t.equal(statements.count(), 1, 'the page is one statement')
    return statements.list[0]!
  }
  const sql = await readPage(1)
  // The read's own statement on the plugin's session: by its name on a server (EXPLAIN EXECUTE plans
  // it as the session would run it next); PGlite runs every read unnamed, planned as it is sent.
  const prepared = async (): Promise<Record<string, unknown> | undefined> => (await db.query(
    `select name, prepare_time::text as prepared_at, generic_plans::int as generic, custom_plans::int as custom, pg_backend_pid() as session
     from pg_prepared_statements where statement = $1`, [sql]))[0]
  const first = url === undefined ? undefined : await prepared()
  if (url !== undefined) {
    t.ok(first, 'the read is a prepared statement of the session')
    t.equal(first?.custom, 0, 'run on the generic plan, as the plugin\'s sessions are set to')
  }
  const plan = async (): Promise<string> => planText(first === undefined
    ? await db.query(`explain (costs off) ${sql}`, [25, 0])
    : await db.query(`explain (costs off) execute ${String(first.name)}(25, 0)`, []))
  const before = await plan()
  t.match(before, /Limit\n\s*->  Index Scan using articles_pkey on articles /, `without statistics the page walks the primary key:\n${before}`)
  t.notMatch(before, /Sort/, 'and sorts nothing')

  await other.query('analyze articles')

  t.equal(await readPage(2), sql, 'the next page is the same statement')
  const after = await plan()
  // The qualifying rows (none) found first, by the versions index (repository/schema/list-indexes.ts) or a scan, then sorted.
  t.match(after, /Limit\n\s*->  Sort\n\s*Sort Key: \w+\.id\n\s*->  (Seq Scan|Index Scan using fca_v_\w+|Index Only Scan using fca_v_\w+|Bitmap Heap Scan) on articles /, `with statistics it finds the published rows first and sorts them:\n${after}`)
  t.notMatch(after, /articles_pkey/, 'the primary key is no longer walked')
  if (url !== undefined) {
    const again = await prepared()
    t.equal(again?.name, first?.name, 'the same prepared statement')
    t.equal(again?.session, first?.session, 'on the same session')
    t.equal(again?.prepared_at, first?.prepared_at, 'not prepared again: PostgreSQL planned it again on its own')
    t.ok(Number(again?.generic) > Number(first?.generic), 'run again after the ANALYZE')
    t.equal(again?.custom, 0, 'still on the generic plan')
  }
})

// The plans below, on a database of their own: the link table seen from either side.
const { app, url, close } = await buildTestApp()
t.teardown(close)
const client = await sessionOf(t, app, url)

// As the plugin's sessions run their named statements (repository/connection/orm-setup.ts): one generic plan.
await client.query('set plan_cache_mode = force_generic_plan')

// 4,000 published articles, 400 tags, 5 tags each: 20,000 link rows, no row is special; and
// their statistics, as autovacuum or a bulk load's ANALYZE leaves them.
await client.query('insert into tags (name, created_at, updated_at) select \'tag-\' || g, now(), now() from generate_series(1, 400) g')
await client.query(`insert into articles (title, created_at, updated_at, published_at)
  select 'article ' || g, now(), now(), now() from generate_series(1, 4000) g`)
await client.query(`insert into articles_tags_lnk (owner_id, target_id, ord, inv_ord)
  select a.id, t.id, k, a.id from articles a cross join generate_series(1, 5) k
  join tags t on t.id = 1 + (a.id * 7 + k * 61) % 400`)
await client.query('analyze')

const registry = app.contentApi.registry
const compiler = readCompiler(registry, app.contentApi.db.names)
const compiled = (uid: string, query: string): { sql: string, params: unknown[] } => {
  const model = registry.contentTypes.get(uid)!
  return compiler.list(model, compileListQuery(registry, model, parseQueryString(query), { maxPageSize: 100, defaultPageSize: 25 }))
}
// EXECUTE takes no bind parameters: the values go in as literals (numbers and strings here).
const explainExecute = async (params: unknown[]): Promise<string> => {
  const values = params.map(value => typeof value === 'number' ? String(value) : `'${String(value).replaceAll("'", "''")}'`).join(', ')
  return planText((await client.query(`explain (costs off) execute populate_probe(${values})`)).rows)
}

const planOf = async (uid: string, query: string): Promise<string> => {
  const { sql, params } = compiled(uid, query)
  await client.query(`prepare populate_probe as ${sql}`)
  try {
    return await explainExecute(params)
  } finally {
    await client.query('deallocate populate_probe')
  }
}

t.test('articles → tags, filtered: the link rows come from the owner-side index', async t => {
  const plan = await planOf('api::article.article', 'populate[tags][filters][name][$startsWith]=tag-1&populate[tags][sort][0]=name')
  t.match(plan, /Index[^\n]* (?:using|on) articles_tags_lnk_owner_id_\w+/, `the link table's owner index:\n${plan}`)
  t.notMatch(plan, /Seq Scan on articles_tags_lnk/, 'no scan of the link table')
})

t.test('tags → articles, filtered: the link rows come from the target-side index', async t => {
  const plan = await planOf('api::tag.tag', 'populate[articles][filters][title][$containsi]=article 1&populate[articles][fields][0]=title')
  t.match(plan, /Index[^\n]* (?:using|on) articles_tags_lnk_target_id_\w+/, `the link table's target index:\n${plan}`)
  t.notMatch(plan, /Seq Scan on articles_tags_lnk/, 'no scan of the link table')
})

t.test('read set-wise for the page (a nested populate): both sides in one statement, each by its index', async t => {
  const plan = await planOf('api::article.article',
    'populate[tags][filters][name][$startsWith]=tag-1&populate[tags][populate][articles][filters][title][$containsi]=article 2&populate[tags][populate][articles][fields][0]=title')
  t.match(plan, /Index[^\n]* (?:using|on) articles_tags_lnk_owner_id_\w+[^\n]*\n[^\n]*Index Cond: \(+owner_id = ANY/, `the page's tags by the owner index:\n${plan}`)
  t.match(plan, /Index[^\n]* (?:using|on) articles_tags_lnk_target_id_\w+[^\n]*\n[^\n]*Index Cond: \(+target_id = ANY/, 'their articles by the target index')
  t.notMatch(plan, /Seq Scan on articles_tags_lnk/, 'no scan of the link table')
})

t.test("the plugin's server sessions price a page as cached, so per-entry subqueries probe indexes", async t => {
  // repository/connection/orm-setup.ts sets it at connection start; the embedded PGlite keeps PostgreSQL's default.
  const [row] = await app.contentApi.db.query('show random_page_cost', [])
  t.equal(row?.random_page_cost, url === undefined ? '4' : '1.1')
})
