/**
 * import:strapi from the same Strapi 4.26.2 site recorded on MariaDB (mysqldump, loaded into
 * a fresh MariaDB database) and on SQLite (its database file, copied): imported into a fresh
 * database of this plugin, read back through the API and compared with the answers Strapi
 * gave on that engine (Δ-aware), with Strapi's database left exactly as it was.
 */
import { mkdtemp, readdir, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import pg from 'pg'
import t from 'tap'
import { freshDatabase } from '../helpers/app.js'
import { whyNoMysql, withMysql } from '../helpers/mysql.js'
import { copySqliteStrapi, fixtureApp, restoreMysqlStrapi, strapiAnswers, strapiUploads, whyNoStrapiFixture } from '../helpers/strapi-fixture.js'
import type { EngineStrapiDatabase } from '../helpers/strapi-fixture.js'
import { verifyReads } from '../../plugin/import/verify-reads.js'
import { openMysqlReader } from '../../plugin/import/mysql-reader.js'
import { openStrapiSource } from '../../plugin/import/open-strapi-source.js'
import { strapiLocales } from '../../plugin/import/strapi-source.js'
import { sourceLocation } from '../../plugin/import/source-location.js'
import type { AnswerDifference } from '../../plugin/import/compare-answers.js'

const noServer = whyNoStrapiFixture()

/** The slow group runs on a machine with its servers: a missing one fails the test and says what to start. */
async function requireAll (engine: Engine): Promise<void> {
  const missing = await engine.missing()
  if (missing !== false) throw new Error(`${engine.name}: ${missing}`)
}

async function rows (url: string, sql: string): Promise<Array<Record<string, unknown>>> {
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  try { return (await client.query(sql)).rows } finally { await client.end() }
}

interface Engine {
  name: 'mysql' | 'sqlite'
  /** What this machine lacks to run the engine's tests (false: nothing): a failure that names it, never a skip. */
  missing: () => Promise<string | false>
  restore: () => Promise<EngineStrapiDatabase>
  /**
   * Where Strapi's own answer on this engine is not what its database holds, so the import
   * (which reads the database) rightly answers otherwise. Each one says why.
   */
  strapiMisreads: (difference: AnswerDifference) => boolean
  /** Profile 1's decimal (12.345 sent): MariaDB's decimal(10,2) rounded it as PostgreSQL's numeric(10,2) does; SQLite's column has no scale and kept it. */
  score: string
}

const ENGINES: Engine[] = [
  {
    name: 'mysql',
    missing: async () => noServer || await whyNoMysql(),
    restore: restoreMysqlStrapi,
    strapiMisreads: () => false,
    score: '12.35'
  },
  {
    name: 'sqlite',
    missing: async () => noServer,
    restore: copySqliteStrapi,
    // Strapi reads SQLite's integers as JavaScript numbers: profile 1's followers,
    // 9007199254740993 in the file, came back rounded to 2^53. The import reads the digits.
    strapiMisreads: difference => /\.followers$/.test(difference.path) && difference.strapi === '9007199254740992' && difference.ours === '9007199254740993',
    score: '12.345'
  }
]

for (const engine of ENGINES) {
  t.test(`a Strapi v4 site on ${engine.name} imported: same ids, order, drafts, locales, media, users and answers`, async t => {
    await requireAll(engine)
    const strapi = await engine.restore()
    t.teardown(strapi.drop)
    const untouched = await strapi.fingerprint()
    const target = await freshDatabase()
    t.teardown(target.drop)
    const targetUrl = target.url!
    const uploads = await mkdtemp(join(tmpdir(), 'fca-import-uploads-'))
    t.teardown(() => rm(uploads, { recursive: true, force: true }))
    const uploadOption = { upload: { dir: uploads } }

    const importer = await fixtureApp(targetUrl, { ...uploadOption, permissions: { jwtSecret: 'an-import-test-secret-0123456789', roles: {} } })
    const progress: string[] = []
    const run = async (options: { check?: boolean } = {}) => await importer.contentApi.importStrapi({
      from: strapi.url,
      uploads: strapiUploads(engine.name),
      onProgress: event => { if (event.kind === 'start') progress.push(event.label) },
      ...options
    })

    await t.test('--check reports what it would import and writes nothing', async t => {
      const report = await run({ check: true })
      t.equal(report.outcome, 'checked')
      t.equal(report.steps.find(step => step.label === 'api::article.article')?.mapped, 7)
      t.same(report.unmapped, [])
      t.same(await rows(targetUrl, 'select (select count(*) from articles)::int as articles, (select count(*) from files)::int as files'), [{ articles: 0, files: 0 }])
      t.match(progress[0], new RegExp(`^copy of Strapi's ${engine.name === 'mysql' ? 'MySQL' : 'SQLite'} tables into PostgreSQL$`), 'the copy has a progress bar of its own')
    })

    let permissions: Record<string, Record<string, string[]>> = {}
    await t.test('the import copies every row, keeping ids, and the files', async t => {
      const report = await run()
      t.equal(report.outcome, 'imported')
      t.same(report.unmapped, [], 'every row of the fixture maps')
      t.match(Object.fromEntries(report.steps.map(step => [step.label, step.mapped])), {
        'admin users': 1, users: 2, files: 4, 'api::article.article': 7, 'api::author.author': 4, 'api::page.page': 6,
        'api::tag.tag': 6, 'shared.seo': 7, 'api::article.article.tags': 13, 'api::page.page.localizations': 4
      })
      t.same(report.files, { copied: 5, present: 0, missing: [] }, 'four files and the one thumbnail')
      t.same((await readdir(uploads)).sort(), (await readdir(strapiUploads(engine.name))).sort())
      t.same(await rows(targetUrl, 'select id from articles order by id'), [1, 2, 3, 4, 5, 6, 7].map(id => ({ id })))
      t.same(await rows(targetUrl, 'select u.id, u.username, u.confirmed, u.blocked, r.type from up_users u join up_roles r on r.id = u.role_id order by u.id'), [
        { id: 1, username: 'grace', confirmed: true, blocked: false, type: 'authenticated' },
        { id: 2, username: 'linus', confirmed: true, blocked: false, type: 'authenticated' }
      ], 'booleans stored as 0/1 are booleans')
      t.same(await rows(targetUrl, 'select id, created_by_id, updated_by_id from articles where id in (3, 6) order by id'),
        [{ id: 3, created_by_id: null, updated_by_id: 1 }, { id: 6, created_by_id: 1, updated_by_id: 1 }], 'creator columns kept')
      t.same(await rows(targetUrl, "select followers::text, score::text, ratio, born::text, wake_up::text, to_char(last_seen at time zone 'UTC', 'YYYY-MM-DD\"T\"HH24:MI:SS.MS') as last_seen, settings from profiles where id = 1"), [{
        followers: '9007199254740993',
        score: engine.score,
        ratio: 0.1,
        born: '1815-12-10',
        wake_up: '06:30:15.25',
        last_seen: '1852-11-27T12:34:56.789',
        settings: { theme: 'dark', tabs: [1, 2], nested: { ok: true } }
      }], 'a biginteger above 2^53 keeps its digits; a UTC datetime without zone (SQLite: epoch milliseconds) is the same instant')
      t.same(await rows(targetUrl, "select count(*)::int as n from pg_namespace where nspname like 'strapi\\_source\\_%'"), [{ n: 0 }], 'the staging schema is gone')
      permissions = report.permissions
      t.match(permissions, { public: { 'api::article.article': ['create', 'delete', 'find', 'findOne', 'update'], 'plugin::upload': ['find', 'findOne', 'upload'] } })
    })

    await t.test('a second run changes nothing and says so', async t => {
      const before = await rows(targetUrl, 'select xmin::text, id from articles order by id')
      const report = await run()
      t.equal(report.outcome, 'up-to-date')
      t.ok(report.steps.every(step => step.changes === 0))
      t.same(await rows(targetUrl, 'select xmin::text, id from articles order by id'), before, 'no row rewritten')
    })
    await importer.close()

    await t.test(`Strapi's ${engine.name} database is as it was`, async t => {
      t.equal(await strapi.fingerprint(), untouched)
    })

    const app = await fixtureApp(targetUrl, { ...uploadOption, permissions: { jwtSecret: 'an-import-test-secret-0123456789', roles: permissions } })
    t.teardown(() => app.close())
    const get = async (url: string): Promise<{ status: number, body: any }> => {
      const response = await app.inject(url)
      return { status: response.statusCode, body: response.json() }
    }

    await t.test(`every read recorded on ${engine.name} answers as Strapi did there, Δ differences aside`, async t => {
      const answers = strapiAnswers(engine.name)
      const reads = Object.keys(answers)
      t.ok(reads.length >= 50)
      const report = await verifyReads({ reads, strapi: async url => answers[url]!, ours: get })
      const misread = report.differences.filter(engine.strapiMisreads)
      t.same(report.differences.filter(difference => !engine.strapiMisreads(difference)), [])
      t.equal(report.equal + new Set(misread.map(difference => difference.url)).size, reads.length)
      if (engine.name === 'sqlite') t.ok(misread.length > 0, 'Strapi\'s rounded biginteger is met, and only it')
    })

    await t.test('relation and component order, drafts, locales, media, log in', async t => {
      const article = (await get('/api/articles/1?populate=*')).body.data.attributes
      t.same(article.tags.data.map((tag: any) => tag.attributes.name), ['news', 'science', 'math', 'code'], 'Strapi\'s tag_order')
      t.same(article.blocks.map((block: any) => block.__component), ['blocks.quote', 'blocks.rich-text', 'blocks.image'], 'zone order across component tables')
      t.same(article.links.map((link: any) => link.label), ['Wikipedia', 'Museum'])
      t.equal((await get('/api/articles/5')).status, 404, 'a draft stays a draft')
      const fr = (await get('/api/pages/4?populate=localizations')).body.data
      t.equal(fr.attributes.locale, 'fr')
      t.same(fr.attributes.localizations.data.map((page: any) => page.id), [1])
      t.same((await get('/api/authors/1?populate[articles]=true')).body.data.attributes.articles.data.map((entry: any) => entry.id), [1])
      const user = await app.inject({ method: 'POST', url: '/api/auth/local', payload: { identifier: 'grace', password: 'Grace-Hopper-1906' } })
      t.equal(user.statusCode, 200, user.body)
      const created = await app.inject({ method: 'POST', url: '/api/tags', payload: { data: { name: 'after import' } } })
      t.equal(created.json().data.id, 7, 'ids go on after the imported ones')
    })
  })
}

t.test('Strapi\'s MySQL database is read in one read-only REPEATABLE READ transaction', async t => {
  await requireAll(ENGINES[0]!)
  const strapi = await restoreMysqlStrapi()
  t.teardown(strapi.drop)
  const location = sourceLocation(strapi.url)
  if (location.engine !== 'mysql') throw new Error('a mysql:// URL')
  const reader = await openMysqlReader(location)
  t.teardown(() => reader.close())
  t.equal(await reader.count(['articles', 'articles']), 14, 'the rows of several tables, counted in one statement')
  // InnoDB's own account of the reader's transaction, seen from another session.
  const database = new URL(strapi.url).pathname.slice(1)
  const transactions = await withMysql(async (connection) => (await connection.query(
    `select t.trx_is_read_only as readOnly, t.trx_isolation_level as isolation
       from information_schema.innodb_trx t join information_schema.processlist p on p.id = t.trx_mysql_thread_id
      where p.db = ?`, [database]))[0])
  t.same(transactions, [{ readOnly: 1, isolation: 'REPEATABLE READ' }])
})

t.test('without a PostgreSQL server to stage on (an app on the embedded database), an in-memory PGlite stages the copy', async t => {
  const strapi = await copySqliteStrapi()
  t.teardown(strapi.drop)
  const source = await openStrapiSource(strapi.url)
  t.teardown(() => source.close())
  t.same(await strapiLocales(source), ['en', 'fr'])
  t.same(await source.rows('select count(*)::int as n from articles'), [{ n: 7 }], 'every row copied')
  t.equal(source.columns.get('articles')?.get('created_at'), 'timestamp without time zone')
  let json = ''
  await source.batches('select followers, settings from profiles where id = 1', 10, async (batch) => { json += batch })
  t.equal(json, '[{"followers":9007199254740993,"settings":{"tabs": [1, 2], "theme": "dark", "nested": {"ok": true}}}]', 'every digit, as JSON text')
})
