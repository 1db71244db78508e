/**
 * Plans that survive real data (issue 14): once the tables hold thousands of link rows and
 * have statistics, a filtered to-many populate reaches its link rows through the link
 * table's index from either side — articles → tags by the owner column, tags → articles by
 * the target column — under the generic plan the plugin's prepared reads use. And what
 * PostgreSQL promises for that generic plan: ANALYZE replaces a plan cached before it.
 * Plan node names are asserted, never timings.
 */
import pg from 'pg'
import t from 'tap'
import Fastify from 'fastify'
import contentApi from '../../plugin/index.js'
import { compileListQuery } from '../../plugin/query/compile-query.js'
import { parseQueryString } from '../../plugin/query/parse.js'
import { readCompiler } from '../../plugin/repository/read/compile.js'
import { SqlNames } from '../../plugin/repository/read/names.js'
import { EXAMPLE_SCHEMAS, freshDatabase } from '../helpers/app.js'

const database = await freshDatabase()
t.teardown(database.drop)

if (database.url === undefined) {
  t.pass('plans are PostgreSQL server plans: this test needs DATABASE_URL')
} else {
  const app = Fastify({ pluginTimeout: 120_000 })
  await app.register(contentApi, { schemas: EXAMPLE_SCHEMAS, database: { url: database.url } })
  await app.ready()
  t.teardown(async () => { await app.close() })
  const client = new pg.Client({ connectionString: database.url })
  await client.connect()
  t.teardown(async () => { await client.end() })

  // 4,000 published articles, 400 tags, 5 tags each: 20,000 link rows, no row is special.
  await client.query('insert into tags (name, created_at, updated_at) select \'tag-\' || g, now(), now() from generate_series(1, 400) g')
  await client.query(`insert into articles (title, created_at, updated_at, published_at)
    select 'article ' || g, now(), now(), now() from generate_series(1, 4000) g`)
  await client.query(`insert into articles_tags_lnk (owner_id, target_id, ord, inv_ord)
    select a.id, t.id, k, a.id from articles a cross join generate_series(1, 5) k
    join tags t on t.id = 1 + (a.id * 7 + k * 61) % 400`)
  await client.query('analyze')

  const registry = app.contentApi.registry
  const compiler = readCompiler(registry, new SqlNames(app.contentApi.orm.getMetadata()))
  const planOf = async (uid: string, query: string): Promise<string> => {
    const model = registry.contentTypes.get(uid)!
    const tree = compileListQuery(registry, model, parseQueryString(query), { maxPageSize: 100, defaultPageSize: 25 })
    const { sql, params } = compiler.list(model, tree)
    await client.query('begin')
    try {
      // As the plugin's sessions run their named statements (repository/database.ts): one generic plan.
      await client.query('set local plan_cache_mode = force_generic_plan')
      await client.query(`prepare populate_probe as ${sql}`)
      // EXECUTE takes no bind parameters: the values go in as literals (numbers and strings here).
      const values = params.map(value => typeof value === 'number' ? String(value) : client.escapeLiteral(String(value))).join(', ')
      const plan = await client.query(`explain (analyze, costs off, timing off, summary off) execute populate_probe(${values})`)
      return plan.rows.map((row: Record<string, string>) => row['QUERY PLAN']).join('\n')
    } finally {
      await client.query('rollback')
      await client.query('deallocate all')
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
}
