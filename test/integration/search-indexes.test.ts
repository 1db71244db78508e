/**
 * `_q` stays fast on large tables: on a PostgreSQL server with pg_trgm, every column the
 * search ORs over gets a trigram GIN index, declared to the ORM so a restart neither drops
 * nor rebuilds them, and the compiled search can be answered from those indexes alone.
 */
import Fastify from 'fastify'
import pg from 'pg'
import t from 'tap'
import contentApi from '../../plugin/index.js'
import { compileListQuery } from '../../plugin/query/compile-query.js'
import { parseQueryString } from '../../plugin/query/parse.js'
import { readCompiler } from '../../plugin/repository/read/compile.js'
import { SqlNames } from '../../plugin/repository/schema/sql-names.js'
import { SEARCH_INDEX_PREFIX } from '../../plugin/repository/schema/search-indexes.js'
import { EXAMPLE_SCHEMAS, freshDatabase } from '../helpers/app.js'

const database = await freshDatabase()
t.teardown(database.drop)

async function start (log: string[]): Promise<ReturnType<typeof Fastify>> {
  const app = Fastify({ pluginTimeout: 120_000 })
  await app.register(contentApi, {
    schemas: EXAMPLE_SCHEMAS,
    database: database.url === undefined ? { dataDir: 'memory://' } : { url: database.url, onQuery: (sql) => { log.push(sql) } }
  })
  await app.ready()
  return app
}

if (database.url === undefined) {
  // The embedded PGlite has no pg_trgm: no index is declared, and `_q` still answers (by scanning).
  const app = await start([])
  t.teardown(async () => { await app.close() })
  const indexes = await app.contentApi.db.query(`select indexname from pg_indexes where indexname like '${SEARCH_INDEX_PREFIX}%'`, [])
  t.same(indexes, [], 'no search index on the embedded database')
  t.equal((await app.inject({ method: 'GET', url: '/api/articles?_q=x' })).statusCode, 200)
} else {
  const url = database.url
  const first = await start([])
  await first.close()

  const client = new pg.Client({ connectionString: url })
  await client.connect()
  t.teardown(async () => { await client.end() })
  const indexDefinitions = async (): Promise<string[]> =>
    (await client.query(`select indexdef from pg_indexes where tablename = 'articles' and indexname like '${SEARCH_INDEX_PREFIX}%' order by indexname`))
      .rows.map((row: { indexdef: string }) => row.indexdef)

  t.test('trigram indexes on id, the text-like and the number columns; none on a private one', async t => {
    const definitions = await indexDefinitions()
    for (const expression of [/\(\(id\)::text\) gin_trgm_ops/, /\(lower\(\(title\)::text\) gin_trgm_ops\)/, /\(lower\(body\) gin_trgm_ops\)/, /\(lower\(\(status\)::text\) gin_trgm_ops\)/, /\(\(reading_time\)::text\) gin_trgm_ops/]) {
      t.ok(definitions.some(definition => expression.test(definition) && /USING gin/.test(definition)), `an index on ${String(expression)}`)
    }
    t.notOk(definitions.some(definition => /internal_notes/.test(definition)), 'the private internalNotes is not searched, so not indexed')
  })

  t.test('a restart keeps the indexes: the ORM neither drops nor recreates them', async t => {
    const before = await indexDefinitions()
    const log: string[] = []
    const again = await start(log)
    t.teardown(async () => { await again.close() })
    t.same(log.filter(sql => /drop index|create index/i.test(sql)), [], 'no index statement on the second start')
    t.same(await indexDefinitions(), before)

    t.test('the compiled search can be answered from the indexes alone', async t => {
      const registry = again.contentApi.registry
      const model = registry.contentTypes.get('api::article.article')!
      const compiler = readCompiler(registry, new SqlNames(again.contentApi.orm.getMetadata()))
      for (const term of ['alpha release', '12345']) {
        const tree = compileListQuery(registry, model, parseQueryString(`_q=${encodeURIComponent(term)}&publicationState=preview`), { maxPageSize: 100, defaultPageSize: 25 })
        const { sql, params } = compiler.list(model, tree)
        // On a near-empty table a scan is cheapest; with scans off, the plan shows every branch of the OR is indexed.
        // Drafts too (preview): else the published rows' own index (schema/list-indexes.ts) may be the cheaper first step.
        await client.query('begin')
        await client.query('set local enable_seqscan = off')
        await client.query('set local enable_indexscan = off')
        const plan = (await client.query(`explain ${sql}`, params)).rows.map((row: Record<string, string>) => row['QUERY PLAN']).join('\n')
        await client.query('rollback')
        t.match(plan, /BitmapOr/, `${term}: a BitmapOr`)
        t.notMatch(plan, /Seq Scan on articles/, `${term}: no scan of articles`)
      }
    })

    t.test('equality on a text column (the write path\'s uid and unique checks) never uses a trigram index', async t => {
      await client.query('begin')
      await client.query('set local plan_cache_mode = force_generic_plan')
      await client.query('set local enable_seqscan = off')
      await client.query('prepare uid_probe(text[]) as select slug from articles where slug = any($1)')
      const plan = (await client.query("explain execute uid_probe('{a,b}')")).rows.map((row: Record<string, string>) => row['QUERY PLAN']).join('\n')
      await client.query('rollback')
      await client.query('deallocate all')
      t.notMatch(plan, /fca_q_/, `the unique index answers it:\n${plan}`)
    })
  })
}
