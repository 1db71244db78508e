/**
 * The test of import:strapi from a real Strapi 5.54.0 database (test/fixtures/strapi-v5-project),
 * run by one file per engine it was recorded on (test/slow/strapi-v5-import-*.test.ts): the pg_dump restored with psql, the mysqldump loaded into a fresh
 * MariaDB database, the SQLite file copied (and opened read-only). Imported into a fresh
 * database of this plugin, then the recorded GET answers are replayed against it in the v5
 * format (Strapi's row ids and documentIds are kept, so the recorded urls are sent as they
 * were), and the data is read in the v4 format too; Strapi's database is left as it was.
 */
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { isDeepStrictEqual } from 'node:util'
import pg from 'pg'
import t from 'tap'
import { freshDatabase } from './app.js'
import { whyNoMysql } from './mysql.js'
import type { StrapiEngine } from './strapi-fixture.js'
import { restoreV5Strapi, v5FixtureApp } from './strapi-v5-fixture.js'
import { normalise, recording } from '../integration/v5/replay.js'
import { resolve } from '../fixtures/strapi-v5-project/placeholders.mjs'

async function rows (url: string, sql: string): Promise<Array<Record<string, unknown>>> {
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  try { return (await client.query(sql)).rows } finally { await client.end() }
}

/**
 * Final `status=draft` reads that match once row ids are set aside (the replay's Δ for ids,
 * test/integration/v5/replay.ts): Strapi answers a draft row for every document, its draft
 * row's id even where the draft equals the published version; here such a document has one
 * row (only a pending draft is a row of its own), so its draft is answered with that row's id.
 */
const DRAFT_ROW_IDS: ReadonlyMap<number, string> = new Map([
  [192, 'the unchanged documents\' drafts, and the categories they link to, answer the published rows\' ids'],
  [194, 'the unchanged documents\' drafts answer the published rows\' ids'],
  [196, 'the pending draft\'s categories are unchanged documents: their published rows\' ids'],
  [200, 'the categories and their unchanged articles answer the published rows\' ids'],
  [203, 'the unchanged articles of an author answer the published rows\' ids']
])

/** What the user registered with in the recording (steps.mjs, section users). */
const ADA_PASSWORD = 'Ada-Lovelace-1815'

const DOCUMENT_TABLES = ['articles', 'authors', 'categories', 'homepages', 'files', 'up_users']

/**
 * The recorded (PostgreSQL) run's documentIds → the imported ones, document by document in
 * the order they were created: on PostgreSQL each to itself, on the other engines the same
 * document of their own run.
 */
async function documentIdPairs (recordedUrl: string, importedUrl: string): Promise<Map<string, string>> {
  const order = 'group by document_id order by min(created_at), document_id'
  const pairs = new Map<string, string>()
  for (const table of DOCUMENT_TABLES) {
    // A pending draft keeps its document's creation time (Strapi copies it), so it does not move its document.
    const recorded = await rows(recordedUrl, `select document_id from ${table} s where published_at is not null or not exists ` +
      `(select 1 from ${table} p where p.document_id = s.document_id and p.locale is not distinct from s.locale and p.published_at is not null) ${order}`)
    const imported = await rows(importedUrl, `select document_id from ${table} ${order}`)
    recorded.forEach((row, index) => { pairs.set(String(row.document_id), String(imported[index]?.document_id)) })
  }
  return pairs
}

/** The whole test on one engine's dump. */
export function importsV5Site (engine: StrapiEngine): void {
  t.test(`a Strapi v5 site on ${engine} imported: Strapi's ids and documentIds, its published versions and pending drafts, its answers`, async t => {
    if (engine === 'mysql') {
      const missing = await whyNoMysql()
      if (missing !== false) throw new Error(missing)
    }
    // "The Analytical Engine"'s published rows: SQLite numbered the rows after a failed create lower (the fixture's README).
    const analytical = engine === 'sqlite' ? { en: 40, fr: 42 } : { en: 42, fr: 44 }
    const strapi = await restoreV5Strapi(engine)
    t.teardown(strapi.drop)
    const untouched = await strapi.fingerprint()
    const target = await freshDatabase()
    t.teardown(target.drop)
    const targetUrl = target.url!
    const uploads = await mkdtemp(join(tmpdir(), 'fca-v5-import-uploads-'))
    t.teardown(() => rm(uploads, { recursive: true, force: true }))

    const importer = await v5FixtureApp(targetUrl, { upload: { dir: uploads }, apiFormat: 'v5' })
    const progress: string[] = []
    const run = async (options: { check?: boolean } = {}) => await importer.contentApi.importStrapi({
      from: strapi.url,
      onProgress: event => { if (event.kind === 'start') progress.push(event.label) },
      ...options
    })

    await t.test('--check reports what it would import and writes nothing', async t => {
      const report = await run({ check: true })
      t.equal(report.outcome, 'checked')
      t.equal(report.steps.find(step => step.label === 'api::article.article')?.mapped, 12)
      t.same(await rows(targetUrl, 'select (select count(*) from articles)::int as articles, (select count(*) from files)::int as files'), [{ articles: 0, files: 0 }])
      t.ok(progress.includes('api::article.article'), 'a progress bar per table')
    })

    await t.test('the import keeps Strapi\'s row ids and documentIds: each document\'s main row, and its pending draft', async t => {
      const report = await run()
      t.equal(report.outcome, 'imported', report.refusal ?? '')
      t.equal(report.strapiVersion, 'v5')
      t.match(report.permissions, { public: { 'api::article.article': ['create', 'delete', 'find', 'findOne', 'update'], 'plugin::upload': ['find', 'findOne', 'upload'] } },
        'Strapi\'s role permissions, as the permissions option')
      t.comment(`${engine}: ${report.steps.filter(step => step.kind === 'rows').reduce((sum, step) => sum + step.mapped, 0)} rows and ` +
        `${report.steps.filter(step => step.kind === 'links').reduce((sum, step) => sum + step.mapped, 0)} links in ${(report.durationMs / 1000).toFixed(2)} s`)
      for (const row of report.unmapped) t.comment(`not imported: ${row.label} ${row.id}: ${row.why}`)
      t.same(report.unmapped, [], 'nothing left out: the two pending drafts are imported too')
      // The pending drafts (article 1, homepage 3) bring their seo, zone and hero components, and their links.
      t.match(Object.fromEntries(report.steps.map(step => [step.label, step.mapped])), {
        'admin users': 1, users: 1, files: 2, 'api::article.article': 12, 'api::author.author': 2, 'api::category.category': 4,
        'api::homepage.homepage': 2, 'shared.seo': 3, 'sections.hero': 4, 'sections.quote': 2,
        'api::article.article.categories': 9, 'api::article.article.author': 3, 'api::article.article.gallery': 6
      })
      const engineDocument = await rows(targetUrl, `select document_id from articles where id = ${analytical.en}`)
      t.same(await rows(targetUrl, `select id, locale, title, published_at is not null as published from articles where document_id = '${String(engineDocument[0]?.document_id)}' order by id`), [
        { id: 1, locale: 'en', title: 'The Analytical Engine (draft edit)', published: false },
        { id: analytical.en, locale: 'en', title: 'The Analytical Engine', published: true },
        { id: analytical.fr, locale: 'fr', title: 'La machine analytique', published: true }
      ], 'the published rows and the English pending draft, with Strapi\'s ids; the locales share the documentId')
      t.same(await rows(targetUrl, 'select id, title, published_at is null as draft from homepages order by id'), [
        { id: 3, title: 'Welcome back (draft edit)', draft: true },
        { id: 4, title: 'Welcome back', draft: false }
      ], 'a single type\'s pending draft beside its published row')
      t.same(await rows(targetUrl, 'select id, published_at is null as draft from articles where title = \'Odd status\''),
        [{ id: 29, draft: true }], 'a draft-only document: its draft row')
      t.same(await rows(targetUrl, "select count(*)::int as n from pg_namespace where nspname like 'strapi\\_source\\_%'"), [{ n: 0 }], 'no staging schema left')
    })

    await t.test('a second run changes nothing and says so', async t => {
      const before = await rows(targetUrl, 'select xmin::text, id from articles order by id')
      const report = await run()
      t.equal(report.outcome, 'up-to-date')
      t.same(await rows(targetUrl, 'select xmin::text, id from articles order by id'), before, 'no row rewritten')
    })
    await importer.close()

    await t.test(`Strapi's ${engine} database is as it was`, async t => {
      t.equal(await strapi.fingerprint(), untouched)
    })

    await t.test('the recorded GET answers, replayed in the v5 format against the import', async t => {
      const app = await v5FixtureApp(targetUrl, { upload: { dir: uploads }, apiFormat: 'v5' })
      t.teardown(() => app.close())
      // The recording is PostgreSQL's; the other engines' dumps hold documentIds of their own run.
      const reference = engine === 'postgres' ? strapi : await restoreV5Strapi('postgres')
      if (reference !== strapi) t.teardown(reference.drop)
      const ids = await documentIdPairs(reference.url, targetUrl)
      if (engine === 'postgres') t.ok([...ids].every(([recorded, imported]) => recorded === imported), 'the import answers with Strapi\'s documentIds')
      const back = new Map([...ids].map(([recorded, imported]) => [imported, recorded]))
      const translate = <T>(value: T, map: ReadonlyMap<string, string>): T => JSON.parse(JSON.stringify(value).replace(/[a-z0-9]{24}/g, found => map.get(found) ?? found))
      const recorded = recording()
      const named: Record<string, unknown> = {}
      recorded.uploads.forEach(upload => { named[upload.name] = upload.answer })
      const results: Array<{ index: number, section: string, same: boolean, sameButDeltas: boolean, ours: unknown, theirs: unknown }> = []
      for (const [index, step] of recorded.steps.entries()) {
        if (step.name !== undefined) named[step.name] = translate(step.answer, ids)
        if (step.method !== 'GET') continue
        const response = await app.inject({ method: 'GET', url: resolve(step.url, named), headers: step.headers === undefined ? {} : resolve(step.headers, named) })
        const answer = translate(response.body === '' ? null : response.json(), back)
        const words = (value: unknown, deltas: boolean): unknown => normalise(value, text => text, { deltas })
        const sameStatus = response.statusCode === step.status
        results.push({
          index,
          section: step.section,
          same: sameStatus && isDeepStrictEqual(words(answer, false), words(step.answer, false)),
          sameButDeltas: sameStatus && isDeepStrictEqual(words(answer, true), words(step.answer, true)),
          ours: { status: response.statusCode, answer: words(answer, true) },
          theirs: { status: step.status, answer: words(step.answer, true) }
        })
      }
      // SQLite numbers rows after a failed create differently (the fixture's README): its row ids are set aside, as the replay's Δ.
      const matches = (result: typeof results[number]): boolean => engine === 'sqlite' ? result.sameButDeltas : result.same
      const finals = results.filter(result => result.section === 'final')
      t.comment(`${engine}: ${results.filter(matches).length} of ${results.length} recorded GET answers match ` +
        `(earlier ones read the site before later writes); ${finals.filter(matches).length} of ${finals.length} final reads`)
      for (const result of finals) {
        const label = `#${result.index} ${recorded.steps[result.index]!.url}`
        const rowIds = DRAFT_ROW_IDS.get(result.index)
        const ok = rowIds === undefined ? matches(result) : result.sameButDeltas
        t.ok(ok, rowIds === undefined ? label : `${label}, row ids aside: ${rowIds}`, ok ? {} : { ours: result.ours, theirs: result.theirs })
      }
    })

    await t.test('read in the v4 format: ids, relations, components, media, locales, users', async t => {
      const app = await v5FixtureApp(targetUrl, { upload: { dir: uploads }, apiFormat: 'v4' })
      t.teardown(() => app.close())
      const get = async (url: string): Promise<any> => (await app.inject(url)).json()
      const article = (await get(`/api/articles/${analytical.en}?populate=*`)).data
      t.equal(article.attributes.title, 'The Analytical Engine')
      t.same(article.attributes.categories.data.map((category: any) => category.id), [4, 2], 'the published categories, in Strapi\'s order')
      t.equal(article.attributes.author.data.id, 1)
      t.equal(article.attributes.cover.data.id, 1)
      t.same(article.attributes.gallery.data.map((file: any) => file.id), [2, 1], 'the gallery in Strapi\'s order')
      t.equal(article.attributes.seo.id, 11)
      t.same(article.attributes.blocks.map((block: any) => [block.__component, block.id]), [['sections.hero', 13], ['sections.quote', 12]], 'the zone in order')
      t.same(article.attributes.localizations.data.map((entry: any) => [entry.id, entry.attributes.locale]), [[analytical.fr, 'fr']])
      const hero = (await get(`/api/articles/${analytical.en}?populate[blocks][populate]=*`)).data.attributes.blocks[0]
      t.equal(hero.image.data.id, 1, 'media of a component')
      const fr = (await get(`/api/articles/${analytical.fr}?populate=categories`)).data.attributes
      t.same(fr.categories.data.map((category: any) => [category.id, category.attributes.name]), [[9, 'Sciences']])
      const odd = (await get('/api/articles?publicationState=preview&filters[title]=Odd%20status')).data
      t.same(odd.map((entry: any) => entry.id), [29], 'a draft-only article stays a draft')
      t.same((await get('/api/authors/1?populate=articles')).data.attributes.articles.data.map((entry: any) => entry.id).sort(), [31, analytical.en],
        'an author lists the imported versions of its articles')
      t.same(await rows(targetUrl, 'select u.id, u.username, r.type from up_users u join up_roles r on r.id = u.role_id'),
        [{ id: 1, username: 'ada', type: 'authenticated' }], 'the user and its role')
      const login = await app.inject({ method: 'POST', url: '/api/auth/local', payload: { identifier: 'ada', password: ADA_PASSWORD } })
      t.equal(login.statusCode, 200, 'the user logs in with the password Strapi hashed')
      t.same(await rows(targetUrl, 'select id, name, path_id, path, parent_id from upload_folders'),
        [{ id: 1, name: 'API Uploads', path_id: 1, path: '/1', parent_id: null }], 'Strapi\'s folder of REST uploads, its id kept')
      t.same(await rows(targetUrl, 'select id, folder_id, folder_path from files order by id'),
        [1, 2].map(id => ({ id, folder_id: 1, folder_path: '/1' })), 'both files in their folder')
      if (engine === 'postgres') {
        t.same(await rows(targetUrl, 'select (select document_id from up_users where id = 1) as user, array(select document_id from files order by id) as files'),
          [{ user: 'dz424m5vf0j5ge0a48ihg887', files: ['y0d8tp56fkil603w8f5ddren', 'n9yzjv8z4wb29qm8k0gceo2e'] }], 'the user and the files keep Strapi\'s documentIds')
        t.same(await rows(targetUrl, 'select document_id from upload_folders'), [{ document_id: 'oo7zg8gyghoprzomksdf1trp' }], 'the folder keeps Strapi\'s documentId')
      }
    })

    await t.test('an imported pending draft is published as one written here: the published row keeps its id and takes the draft\'s values and links', async t => {
      const app = await v5FixtureApp(targetUrl, { upload: { dir: uploads }, apiFormat: 'v5' })
      t.teardown(() => app.close())
      const [document] = await rows(targetUrl, `select document_id from articles where id = ${analytical.en}`)
      const published = await app.inject({ method: 'PUT', url: `/api/articles/${String(document?.document_id)}?locale=en`, payload: { data: {} } })
      t.equal(published.statusCode, 200, published.body)
      t.same(await rows(targetUrl, `select id, title, published_at is not null as published from articles where document_id = '${String(document?.document_id)}' and locale = 'en'`),
        [{ id: analytical.en, title: 'The Analytical Engine (draft edit)', published: true }], 'one row left, the published one, with the draft\'s title')
      const read = (await app.inject(`/api/articles/${String(document?.document_id)}?locale=en&populate[categories][fields][0]=name`)).json().data
      t.same(read.categories.map((category: any) => category.name), ['History', 'Science', 'Mathematics'], 'the draft\'s categories, now the published row\'s')
    })
  })
}
