/**
 * A damaged Strapi v5 database is refused with the reason, and the target keeps exactly what
 * it had: a table Strapi's schema describes is missing, a row breaks a constraint of this
 * database, the tables are of no Strapi version the importer knows. Each case damages a
 * fresh copy of the fixture's pg_dump (test/fixtures/strapi-v5-project).
 */
import pg from 'pg'
import t from 'tap'
import { freshDatabase } from '../helpers/app.js'
import { restoreV5Strapi, v5FixtureApp } from '../helpers/strapi-v5-fixture.js'

async function query (url: string, sql: string): Promise<Array<Record<string, unknown>>> {
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  try { return (await client.query(sql)).rows } finally { await client.end() }
}

const CASES: Array<{ name: string, damage: string, refusal: RegExp }> = [
  {
    name: 'a table Strapi\'s schema describes is missing',
    damage: 'drop table articles_categories_lnk',
    refusal: /Strapi's schema describes a table the database does not have: articles_categories_lnk/
  },
  {
    name: 'a link points at a row that is not there',
    // Strapi's own foreign keys would refuse it: the damage goes around them, as a broken restore would.
    damage: 'set session_replication_role = replica; insert into articles_categories_lnk (article_id, category_id, category_ord, article_ord) values (42, 999, 3, 1)',
    refusal: /rows this database refuses: api::article\.article\.categories \d+: \w+ 999 points at no categories row/
  },
  {
    name: 'the tables are of no Strapi version the importer knows',
    damage: 'alter table files_related_mph rename to files_related_links',
    refusal: /an unknown Strapi version/
  }
]

t.test('a damaged Strapi v5 database is refused, the target as it was', async t => {
  const target = await freshDatabase()
  t.teardown(target.drop)
  const app = await v5FixtureApp(target.url!, { apiFormat: 'v5' })
  t.teardown(() => app.close())
  // Something already there, which a refused import must leave as it was.
  const created = await app.inject({ method: 'POST', url: '/api/authors', payload: { data: { name: 'Grace Hopper' } } })
  t.equal(created.statusCode, 201, created.body)
  const before = async (): Promise<unknown> => await query(target.url!, 'select (select json_agg(a order by id) from authors a) as authors, (select count(*)::int from articles) as articles')
  const untouched = await before()

  for (const { name, damage, refusal } of CASES) {
    t.test(`refused: ${name}`, async t => {
      const strapi = await restoreV5Strapi('postgres')
      t.teardown(strapi.drop)
      await query(strapi.url, damage)
      const outcome = await app.contentApi.importStrapi({ from: strapi.url, replace: true }).then(report => report, (error: Error) => error)
      if (outcome instanceof Error) t.match(outcome.message, refusal, 'refused before anything is staged')
      else {
        t.equal(outcome.outcome, 'refused')
        t.match(outcome.refusal, refusal)
      }
      t.same(await before(), untouched, 'the target is as it was')
    })
  }
})
