/**
 * The Strapi layout names, checked against a real Strapi 4.26.2 database: the fixture's dump
 * (test/fixtures/strapi-import/strapi.sql) is loaded into a scratch database with psql, and
 * every table and column the layout names must be one Strapi itself declared in
 * `strapi_database_schema`, and every link/component table Strapi made must be named.
 */
import { execFileSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
import pg from 'pg'
import t from 'tap'
import { loadSchemaFolder } from '../../../plugin/content-types/load.js'
import { buildRegistry } from '../../../plugin/content-types/registry.js'
import type { ContentTypeSchema } from '../../../plugin/content-types/definition.js'
import {
  STRAPI_FILE_MORPHS, STRAPI_PLUGIN_TABLES, strapiJoinTable, strapiLayouts, strapiSnakeCase
} from '../../../plugin/import/strapi-layout.js'

const FIXTURE = new URL('../../fixtures/strapi-import/', import.meta.url).pathname

async function fixtureRegistry () {
  const input = await loadSchemaFolder(`${FIXTURE}src`)
  // The registry has no users-permissions user model to relate to (yet): author.account is
  // named separately below, with STRAPI_PLUGIN_TABLES.
  for (const item of input.contentTypes) {
    if (item.uid === 'api::author.author') {
      const attributes = Object.fromEntries(Object.entries(item.schema.attributes).filter(([name]) => name !== 'account'))
      item.schema = { ...item.schema, attributes } as ContentTypeSchema
    }
  }
  return buildRegistry(input, { i18n: { locales: ['en', 'fr'], defaultLocale: 'en' } })
}

t.test('snake case is lodash\'s', async t => {
  t.equal(strapiSnakeCase('metaTitle'), 'meta_title')
  t.equal(strapiSnakeCase('ogImage'), 'og_image')
  t.equal(strapiSnakeCase('featuredTag'), 'featured_tag')
  t.equal(strapiSnakeCase('field1'), 'field_1')
  t.equal(strapiSnakeCase('HTMLParser'), 'html_parser')
  t.equal(strapiSnakeCase('open-graph'), 'open_graph')
})

t.test('join tables name both sides and their order columns', async t => {
  const article = { uid: 'api::article.article', table: 'articles', singularName: 'article' }
  const tag = { uid: 'api::tag.tag', table: 'tags', singularName: 'tag' }
  t.same(strapiJoinTable({ owner: article, attribute: 'tags', target: tag, relation: 'manyToMany', twoWay: true }),
    { table: 'articles_tags_links', ownerColumn: 'article_id', targetColumn: 'tag_id', orderColumn: 'tag_order', inverseOrderColumn: 'article_order' })
  t.same(strapiJoinTable({ owner: article, attribute: 'related', target: article, relation: 'oneToMany', twoWay: false }),
    { table: 'articles_related_links', ownerColumn: 'article_id', targetColumn: 'inv_article_id', orderColumn: 'article_order', inverseOrderColumn: null })
  const author = { uid: 'api::author.author', table: 'authors', singularName: 'author' }
  t.same(strapiJoinTable({ owner: author, attribute: 'account', target: { uid: 'plugin::users-permissions.user', ...STRAPI_PLUGIN_TABLES['plugin::users-permissions.user']! }, relation: 'oneToOne', twoWay: false }),
    { table: 'authors_account_links', ownerColumn: 'author_id', targetColumn: 'user_id', orderColumn: null, inverseOrderColumn: null })
})

t.test('the fixture model\'s layout', async t => {
  const layouts = strapiLayouts(await fixtureRegistry())
  const article = layouts.get('api::article.article')!
  t.equal(article.table, 'articles')
  t.equal(article.columns.get('publishedAt'), 'published_at')
  t.same(article.relations.get('author'), { table: 'articles_author_links', selfColumn: 'article_id', otherColumn: 'author_id', orderColumn: null, otherOrderColumn: 'article_order' })
  t.same(article.relations.get('featuredTag'), { table: 'articles_featured_tag_links', selfColumn: 'article_id', otherColumn: 'tag_id', orderColumn: null, otherOrderColumn: null })
  t.same(layouts.get('api::author.author')!.relations.get('articles'),
    { table: 'articles_author_links', selfColumn: 'author_id', otherColumn: 'article_id', orderColumn: 'article_order', otherOrderColumn: null }, 'the oneToMany side orders by the manyToOne link\'s inverse order')
  t.same(layouts.get('api::tag.tag')!.relations.get('articles'),
    { table: 'articles_tags_links', selfColumn: 'tag_id', otherColumn: 'article_id', orderColumn: 'article_order', otherOrderColumn: 'tag_order' })
  t.same(layouts.get('api::profile.profile')!.relations.get('author'),
    { table: 'authors_profile_links', selfColumn: 'profile_id', otherColumn: 'author_id', orderColumn: null, otherOrderColumn: null })
  t.same(layouts.get('api::page.page')!.localizations, { table: 'pages_localizations_links', selfColumn: 'page_id', otherColumn: 'inv_page_id', orderColumn: 'page_order', otherOrderColumn: null })
  t.equal(article.components?.table, 'articles_components')
  t.equal(layouts.get('shared.seo')!.components?.table, 'components_shared_seos_components')
  t.equal(layouts.get('shared.link')!.components, null)
  t.same(layouts.get('shared.link')!.relations.get('target'), { table: 'components_shared_links_target_links', selfColumn: 'link_id', otherColumn: 'article_id', orderColumn: null, otherOrderColumn: null })
  t.same(layouts.get('shared.open-graph')!.media.get('ogImage'), { relatedType: 'shared.open-graph', field: 'ogImage' })
  t.equal(layouts.get('shared.seo')!.creatorColumns, null)
})

function adminUrl (): string {
  return process.env.DATABASE_URL ?? `postgres://${process.env.PGUSER ?? 'postgres'}@${process.env.PGHOST ?? '127.0.0.1'}:${process.env.PGPORT ?? '5432'}/postgres`
}

function withDatabase (url: string, database: string): string {
  const parsed = new URL(url)
  parsed.pathname = `/${database}`
  return parsed.toString()
}

async function whyNotPostgres (): Promise<string | false> {
  try {
    execFileSync('psql', ['--version'], { stdio: 'ignore' })
  } catch {
    return 'psql is not installed'
  }
  const client = new pg.Client({ connectionString: adminUrl() })
  try {
    await client.connect()
    return false
  } catch (error) {
    return `no PostgreSQL server: ${(error as Error).message}`
  } finally {
    await client.end().catch(() => {})
  }
}
const unavailable = await whyNotPostgres()
// CI has PostgreSQL and psql, so there the test must run; elsewhere it skips itself without them.
const skip = unavailable !== false && process.env.CI === undefined ? unavailable : false

t.test('every name exists in Strapi\'s own database, and every Strapi table of the model is named', { skip }, async t => {
  const admin = new pg.Client({ connectionString: adminUrl() })
  await admin.connect()
  const scratch = `fca_strapi_layout_${process.pid}_${Date.now()}`
  await admin.query(`CREATE DATABASE "${scratch}"`)
  t.teardown(async () => {
    await admin.query(`DROP DATABASE IF EXISTS "${scratch}" WITH (FORCE)`)
    await admin.end()
  })
  const url = withDatabase(adminUrl(), scratch)
  execFileSync('psql', ['-q', '-X', '-v', 'ON_ERROR_STOP=1', '-d', url, '-f', `${FIXTURE}strapi.sql`], { stdio: ['ignore', 'ignore', 'pipe'] })

  const db = new pg.Client({ connectionString: url })
  await db.connect()
  t.teardown(() => db.end())
  const { rows } = await db.query<{ schema: { tables: Array<{ name: string, columns: Array<{ name: string }> }> } }>('SELECT schema FROM strapi_database_schema')
  const strapiTables = new Map(rows[0]!.schema.tables.map(table => [table.name, new Set(table.columns.map(column => column.name))]))

  const named = new Set<string>()
  const expectColumns = (table: string, columns: Array<string | null>, what: string) => {
    named.add(table)
    const actual = strapiTables.get(table)
    if (actual === undefined) {
      t.fail(`${what}: Strapi has no table ${table}`)
      return
    }
    for (const column of columns) if (column !== null) t.ok(actual.has(column), `${what}: ${table}.${column}`)
  }

  for (const layout of strapiLayouts(await fixtureRegistry()).values()) {
    expectColumns(layout.table, [...layout.columns.values(), layout.creatorColumns?.createdBy ?? null, layout.creatorColumns?.updatedBy ?? null], layout.uid)
    for (const [name, side] of layout.relations) expectColumns(side.table, [side.selfColumn, side.otherColumn, side.orderColumn], `${layout.uid}.${name}`)
    if (layout.components !== null) {
      const c = layout.components
      expectColumns(c.table, [c.entityColumn, c.componentColumn, c.typeColumn, c.fieldColumn, c.orderColumn], `${layout.uid} components`)
    }
    if (layout.localizations !== null) {
      const l = layout.localizations
      expectColumns(l.table, [l.selfColumn, l.otherColumn, l.orderColumn], `${layout.uid}.localizations`)
    }
  }
  const m = STRAPI_FILE_MORPHS
  expectColumns(m.table, [m.fileColumn, m.relatedIdColumn, m.relatedTypeColumn, m.fieldColumn, m.orderColumn], 'media')
  named.add('authors_account_links') // named by the join-table test above

  const modelTables = [...strapiTables.keys()].filter(table => /^(articles|authors|profiles|tags|pages|homepages|components)_/.test(table))
  t.same(modelTables.filter(table => !named.has(table)), [], 'no Strapi link or component table of the model is left unnamed')

  // the names read Strapi's data the way Strapi answers: article 1's tags in their written order
  const answers = JSON.parse(readFileSync(`${FIXTURE}answers.json`, 'utf8')) as Record<string, { body: { data: { attributes: { tags: { data: Array<{ id: number }> } } } } }>
  const strapiOrder = answers['/api/articles/1?populate=*']!.body.data.attributes.tags.data.map(tag => tag.id)
  const tags = await db.query<{ tag_id: number }>('SELECT tag_id FROM articles_tags_links WHERE article_id = 1 ORDER BY tag_order, id')
  t.same(tags.rows.map(row => row.tag_id), strapiOrder, 'tag_order orders article 1\'s tags as Strapi answered them')
})
