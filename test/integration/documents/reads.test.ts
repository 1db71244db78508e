/**
 * What a format that shows documentIds (Strapi v5's, to come) reads with: a registry built
 * with `documentIds`, whose queries select, filter and sort by `documentId` through the same
 * query and read compilers, in the one statement of a read; and the repository's lookup of
 * a document's rows. The v4 registry of the same app refuses the name.
 */
import t from 'tap'
import type { ComponentSchema, ContentTypeSchema } from '../../../plugin/index.js'
import { buildRegistry } from '../../../plugin/content-types/registry.js'
import type { ContentTypeModel } from '../../../plugin/content-types/model.js'
import { ValidationError } from '../../../plugin/errors.js'
import { compileEntryQuery, compileListQuery } from '../../../plugin/query/compile-query.js'
import { parseQueryString } from '../../../plugin/query/parse.js'
import { readCompiler } from '../../../plugin/repository/read/compile.js'
import { repositories } from '../../../plugin/repository/repositories.js'
import { createReader } from '../../../plugin/repository/read/reader.js'
import { buildTestApp } from '../../helpers/app.js'

type Json = any

const contentTypes: Record<string, ContentTypeSchema> = {
  'api::page.page': {
    info: { singularName: 'page', pluralName: 'pages' },
    pluginOptions: { i18n: { localized: true } },
    attributes: {
      title: { type: 'string' },
      tags: { type: 'relation', relation: 'manyToMany', target: 'api::tag.tag' },
      seo: { type: 'component', component: 'shared.seo' }
    }
  },
  'api::tag.tag': {
    info: { singularName: 'tag', pluralName: 'tags' },
    attributes: { name: { type: 'string' } }
  }
}
const components: Record<string, ComponentSchema> = { 'shared.seo': { attributes: { metaTitle: { type: 'string' } } } }
const i18n = { locales: ['en', 'fr'], defaultLocale: 'en' }

const test = await buildTestApp({ contentTypes, components, i18n })
t.teardown(test.close)
const { app } = test
const db = app.contentApi.db

const post = async (url: string, payload: unknown): Promise<number> => {
  const response = await app.inject({ method: 'POST', url, payload: payload as object })
  if (response.statusCode !== 200) throw new Error(`${url}: ${response.body}`)
  const body = response.json()
  return Number(body.data?.id ?? body.id)
}
const tags = [await post('/api/tags', { data: { name: 'a' } }), await post('/api/tags', { data: { name: 'b' } })]
const one = await post('/api/pages', { data: { title: 'One', tags, seo: { metaTitle: 'seo' } } })
const oneFr = await post(`/api/pages/${one}/localizations`, { locale: 'fr', title: 'Un' })
const two = await post('/api/pages', { data: { title: 'Two' } })
const three = await post('/api/pages', { data: { title: 'Three' } })
const stored = new Map((await db.query('select id, document_id from pages', [])).map(row => [Number(row.id), String(row.document_id)]))
const tagIds = new Map((await db.query('select id, document_id from tags', [])).map(row => [Number(row.id), String(row.document_id)]))

// The registry a v5 format builds: the same schemas and settings, and documentIds.
const documents = buildRegistry({ contentTypes, components }, { i18n, documentIds: true })
const page = documents.contentTypes.get('api::page.page')!
const compiler = readCompiler(documents, db.names)
const PAGES = { maxPageSize: 100, defaultPageSize: 25 }

async function list (query: string): Promise<{ sql: string, entries: Json[] }> {
  const tree = compileListQuery(documents, page, parseQueryString(query), PAGES)
  const statement = compiler.list(page, tree)
  const [row] = await db.query(statement.sql, statement.params)
  return { sql: statement.sql, entries: JSON.parse(String(row!.data)) }
}

t.test('the registry: documentId right after id on content types, files and users, read only; not on components', async t => {
  t.same([...page.attributes.keys()].slice(0, 2), ['id', 'documentId'])
  t.match(page.attributes.get('documentId'), { kind: 'scalar', type: 'string', system: true, writable: false, private: false })
  t.ok(documents.file.attributes.has('documentId'), 'files')
  t.notOk(documents.components.get('shared.seo')!.attributes.has('documentId'), 'components are parts of an entry')
  const users = buildRegistry({ contentTypes, components }, { usersPermissions: true, documentIds: true })
  t.ok(users.plugins.get('plugin::users-permissions.user')!.attributes.has('documentId'), 'users')
  t.notOk(users.plugins.get('plugin::users-permissions.role')!.attributes.has('documentId'), 'roles are not content')
  t.notOk(app.contentApi.registry.contentTypes.get('api::page.page')!.attributes.has('documentId'), 'the v4 registry has none')
})

t.test('selected by default and with fields, at the top and in populated relations, in one statement', async t => {
  const { sql, entries } = await list('locale=all&populate[tags]=true')
  t.notOk(sql.includes(';'), 'one statement')
  t.match(sql, /'documentId', p\d+\."document_id"/, 'selected from the page row')
  t.same(entries.map(entry => [entry.id, entry.attributes.documentId]), [...stored].sort(([a], [b]) => a - b))
  const first = entries.find(entry => entry.id === one)
  t.same(first.attributes.tags.data.map((tag: Json) => tag.attributes.documentId), tags.map(id => tagIds.get(id)), 'populated tags show theirs')
  const fields = await list('locale=all&fields[0]=documentId')
  t.same(Object.keys(fields.entries[0].attributes), ['documentId'])
})

t.test('filtered by $eq, $in, $ne and $null, and sorted, in the same statement', async t => {
  const eq = await list(`locale=all&filters[documentId][$eq]=${stored.get(one)!}`)
  t.match(eq.sql, /t1\."document_id" = \$\d+/, 'a condition on the column')
  t.same(eq.entries.map(entry => entry.id), [one, oneFr], 'both locales of the document')
  const inList = await list(`filters[documentId][$in][0]=${stored.get(two)!}&filters[documentId][$in][1]=${stored.get(three)!}`)
  t.match(inList.sql, /t1\."document_id" = any\(\$\d+\)/)
  t.same(inList.entries.map(entry => entry.id), [two, three])
  const ne = await list(`filters[documentId][$ne]=${stored.get(one)!}`)
  t.same(ne.entries.map(entry => entry.id), [two, three])
  t.same((await list('filters[documentId][$null]=true')).entries, [], 'never null')
  const sorted = await list('locale=all&sort=documentId:desc')
  t.match(sorted.sql, /order by t1\."document_id" desc nulls first, t1\."id" asc/)
  const expected = [...stored].sort(([ia, a], [ib, b]) => a === b ? ia - ib : a < b ? 1 : -1).map(([id]) => id)
  t.same(sorted.entries.map(entry => entry.id), expected)
  const through = await list(`locale=all&filters[tags][documentId][$eq]=${tagIds.get(tags[1]!)!}`)
  t.same(through.entries.map(entry => entry.id), [one], 'through a relation')
})

t.test('an entry read shows it; the v4 registry refuses it in fields, filters and sort (400)', async t => {
  const statement = compiler.entry(page, one, compileEntryQuery(documents, page, {}))
  const [row] = await db.query(statement.sql, statement.params)
  t.equal(JSON.parse(String(row!.data)).attributes.documentId, stored.get(one))
  const v4 = app.contentApi.registry
  const v4Page = v4.contentTypes.get('api::page.page') as ContentTypeModel
  for (const query of ['fields[0]=documentId', 'filters[documentId][$eq]=x', 'sort=documentId', 'populate[tags][fields][0]=documentId']) {
    t.throws(() => compileListQuery(v4, v4Page, parseQueryString(query), PAGES), ValidationError, query)
  }
})

t.test('the repository finds the rows of a document, by locale on a localized type', async t => {
  const pages = repositories({ db, registry: documents, reader: createReader(db, compiler) }).for(page)
  t.same(await pages.documentRowIds({ documentId: stored.get(one)! }), [one, oneFr], 'every locale, lowest id first')
  t.same(await pages.documentRowIds({ documentId: stored.get(one)!, locale: 'fr' }), [oneFr])
  t.same(await pages.documentRowIds({ documentId: stored.get(two)!, locale: 'fr' }), [])
  test.statements.reset()
  t.same(await pages.documentRowIds({ documentId: 'not\u0000a document id' }), [], 'a value no documentId can be names none')
  t.same(await pages.documentRowIds({ documentId: 'a'.repeat(300) }), [])
  t.equal(test.statements.count(), 0, 'without asking the database')
  const tagsRepository = repositories({ db, registry: documents, reader: createReader(db, compiler) }).for('api::tag.tag')
  t.same(await tagsRepository.documentRowIds({ documentId: tagIds.get(tags[0]!)!, locale: 'fr' }), [tags[0]], 'a type without locales has no locale to choose')
})
