/**
 * A Strapi 5 whose component tables carry `component_key` (docs/from-strapi.md, 'Strapi v5
 * sites'): the key pairs a draft's component with its published twin for Strapi's own
 * updates; this plugin has no such column, so it is not brought over, and nothing else
 * changes. The recorded 5.54.0 site predates the column, so a copy of it gets one, filled
 * as Strapi's migration fills an existing site's (a key per row), and is imported beside an
 * untouched copy: the same rows and the same answers come out of both.
 */
import pg from 'pg'
import t from 'tap'
import { freshDatabase } from '../helpers/app.js'
import { whyNoStrapiFixture } from '../helpers/strapi-fixture.js'
import { restoreV5Strapi, v5FixtureApp } from '../helpers/strapi-v5-fixture.js'

const skip = whyNoStrapiFixture()

async function rows (url: string, sql: string): Promise<Array<Record<string, unknown>>> {
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  try { return (await client.query(sql)).rows } finally { await client.end() }
}

const COMPONENT_TABLES = ['components_sections_heroes', 'components_sections_quotes', 'components_shared_seos']

/** Every component row and every link to one, as this plugin stores them. */
async function components (url: string): Promise<unknown> {
  const tables = (await rows(url, "select table_name from information_schema.tables where table_schema = 'public' and (table_name like 'components\\_%' or table_name like '%\\_cmp\\_%' or table_name like '%component%') order by 1"))
    .map(row => String(row.table_name))
  const content: Record<string, unknown> = {}
  for (const table of tables) content[table] = await rows(url, `select to_jsonb(t) as row from "${table}" t order by 1`)
  return content
}

t.test('a v5 site whose component tables have component_key imports as one without it', { skip }, async t => {
  const plain = await restoreV5Strapi('postgres')
  t.teardown(plain.drop)
  const keyed = await restoreV5Strapi('postgres')
  t.teardown(keyed.drop)
  for (const table of COMPONENT_TABLES) {
    await rows(keyed.url, `alter table ${table} add column component_key varchar(255)`)
    await rows(keyed.url, `update ${table} set component_key = 'ck' || lpad(id::text, 22, '0')`)
  }
  const [keys] = await rows(keyed.url, `select ${COMPONENT_TABLES.map(table => `(select count(component_key) from ${table})`).join(' + ')} as n`)
  t.ok(Number(keys!.n) > 0, 'the copy has keyed component rows')

  const targets = [await freshDatabase(), await freshDatabase()]
  for (const target of targets) t.teardown(target.drop)
  const apps = [await v5FixtureApp(targets[0]!.url!, { apiFormat: 'v5' }), await v5FixtureApp(targets[1]!.url!, { apiFormat: 'v5' })]
  for (const app of apps) t.teardown(() => app.close())

  const reports = [await apps[0]!.contentApi.importStrapi({ from: plain.url }), await apps[1]!.contentApi.importStrapi({ from: keyed.url })]
  t.same(reports.map(report => report.outcome), ['imported', 'imported'])
  t.same(reports[1]!.steps.map(step => [step.label, step.read, step.mapped]), reports[0]!.steps.map(step => [step.label, step.read, step.mapped]), 'the same rows read and mapped')
  t.same(reports[1]!.unmapped, [])

  const stored = await components(targets[1]!.url!)
  t.ok(Object.keys(stored as object).length >= COMPONENT_TABLES.length, 'component tables compared')
  t.same(stored, await components(targets[0]!.url!), 'the same component rows and links')
  t.notOk(JSON.stringify(stored).includes('component_key'), 'no column here holds the key')

  for (const url of ['/api/articles?populate=*', '/api/articles?populate=*&status=draft', '/api/homepage?populate=*']) {
    const answers = await Promise.all(apps.map(async app => await app.inject({ method: 'GET', url })))
    t.equal(answers[1]!.statusCode, 200, url)
    t.same(answers[1]!.json(), answers[0]!.json(), `${url}: the same answer`)
  }
})
