/**
 * Plans that survive real data: once the tables hold thousands of link rows and
 * have statistics, a filtered to-many populate reaches its link rows through the link
 * table's index from either side — articles → tags by the owner column, tags → articles by
 * the target column — under the generic plan the plugin's prepared reads use. And what
 * PostgreSQL promises for that generic plan: ANALYZE replaces a plan cached before it.
 * Plan node names are asserted, never timings. On PostgreSQL (DATABASE_URL) through a client
 * of its own; without it on the embedded PGlite, the same engine, through the plugin's session.
 */
import pg from 'pg'
import t from 'tap'
import Fastify from 'fastify'
import contentApi from '../../plugin/index.js'
import { compileListQuery } from '../../plugin/query/compile-query.js'
import { parseQueryString } from '../../plugin/query/parse.js'
import { readCompiler } from '../../plugin/repository/read/compile.js'
import { EXAMPLE_SCHEMAS, freshDatabase } from '../helpers/app.js'

const database = await freshDatabase()
t.teardown(database.drop)

const app = Fastify({ pluginTimeout: 120_000 })
await app.register(contentApi, { schemas: EXAMPLE_SCHEMAS, database: database.url === undefined ? { dataDir: 'memory://' } : { url: database.url } })
await app.ready()
t.teardown(async () => { await app.close() })
const client = await sessionOf(database.url)

/** One session for every statement below (PREPARE and SET hold per session): a client of its own, or PGlite's only one. */
async function sessionOf (url: string | undefined): Promise<{ query: (sql: string) => Promise<{ rows: Array<Record<string, unknown>> }> }> {
  if (url === undefined) return { query: async (sql) => ({ rows: await app.contentApi.db.query(sql, []) }) }
  const server = new pg.Client({ connectionString: url })
  await server.connect()
  t.teardown(async () => { await server.end() })
  return server
}

// As the plugin's sessions run their named statements (repository/connection/orm-setup.ts): one generic plan.
await client.query('set plan_cache_mode = force_generic_plan')

// 4,000 published articles, 400 tags, 5 tags each: 20,000 link rows, no row is special;
// autovacuum held off, so the tables have no statistics until the ANALYZE below.
for (const table of ['articles', 'tags', 'articles_tags_lnk']) await client.query(`alter table ${table} set (autovacuum_enabled = false)`)
await client.query('insert into tags (name, created_at, updated_at) select \'tag-\' || g, now(), now() from generate_series(1, 400) g')
await client.query(`insert into articles (title, created_at, updated_at, published_at)
  select 'article ' || g, now(), now(), now() from generate_series(1, 4000) g`)
await client.query(`insert into articles_tags_lnk (owner_id, target_id, ord, inv_ord)
  select a.id, t.id, k, a.id from articles a cross join generate_series(1, 5) k
  join tags t on t.id = 1 + (a.id * 7 + k * 61) % 400`)

const registry = app.contentApi.registry
const compiler = readCompiler(registry, app.contentApi.db.names)
const compiled = (uid: string, query: string): { sql: string, params: unknown[] } => {
  const model = registry.contentTypes.get(uid)!
  return compiler.list(model, compileListQuery(registry, model, parseQueryString(query), { maxPageSize: 100, defaultPageSize: 25 }))
}
// EXECUTE takes no bind parameters: the values go in as literals (numbers and strings here).
const explainExecute = async (params: unknown[]): Promise<string> => {
  const values = params.map(value => typeof value === 'number' ? String(value) : `'${String(value).replaceAll("'", "''")}'`).join(', ')
  const plan = await client.query(`explain (costs off) execute populate_probe(${values})`)
  return plan.rows.map(row => String(row['QUERY PLAN'])).join('\n')
}

t.test('a generic plan prepared before ANALYZE is planned again after it, on the same session', async t => {
  // The page's filter is what the statistics price (its leaf populate is read set-wise, by the
  // link table's index, with or without them): a seq scan and a sort before, the primary key after.
  const { sql, params } = compiled('api::article.article', 'filters[title][$containsi]=article 1&populate[tags][fields][0]=name')
  await client.query(`prepare populate_probe as ${sql}`)
  const before = await explainExecute(params)
  await client.query('analyze')
  const after = await explainExecute(params)
  await client.query('deallocate populate_probe')
  t.not(after, before, `the plan's shape changed with the statistics:\n${before}\n---\n${after}`)
})

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
  t.equal(row?.random_page_cost, database.url === undefined ? '4' : '1.1')
})
