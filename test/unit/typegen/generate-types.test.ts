/**
 * `generateTypes`: TypeScript declarations for every content type and component of a
 * model, with the value formats of docs/api.md, 'Entries', and the write forms of docs/writing.md. Checked by
 * compiling them with hand-written values that follow those formats, and values that
 * must be refused; the answers of a running API are checked in test/integration/openapi.
 */
import t from 'tap'
import { loadSchemaFolder } from '../../../plugin/content-types/load.js'
import { buildRegistry } from '../../../plugin/content-types/registry.js'
import { generateTypes } from '../../../plugin/typegen/generate-types.js'
import { main } from '../../../plugin/cli.js'
import { EXAMPLE_SCHEMAS } from '../../helpers/paths.js'
import { compileDeclarations } from './compile-declarations.js'

const registry = buildRegistry(await loadSchemaFolder(EXAMPLE_SCHEMAS))
const declarations = generateTypes(registry)

t.test('declares every content type and component, the same way every time', async t => {
  t.equal(generateTypes(buildRegistry(await loadSchemaFolder(EXAMPLE_SCHEMAS))), declarations, 'deterministic')
  for (const name of ['Article', 'Author', 'Category', 'Issue', 'Tag']) {
    for (const suffix of ['Attributes', 'Entry', 'ListResponse', 'EntryResponse', 'CreateData', 'UpdateData', 'CreateRequest', 'UpdateRequest']) {
      t.match(declarations, new RegExp(`export (interface|type) ${name}${suffix}\\b`), `${name}${suffix}`)
    }
  }
  for (const name of ['BlocksQuote', 'BlocksRichText', 'BlocksMedia', 'BlocksRelatedArticles', 'SharedSeo', 'SharedLink', 'SharedOpenGraph']) {
    t.match(declarations, new RegExp(`export interface ${name}Component \\{`), `${name}Component`)
    t.match(declarations, new RegExp(`export interface ${name}ComponentCreate \\{`))
    t.match(declarations, new RegExp(`export interface ${name}ComponentUpdate \\{`))
  }
  t.matchSnapshot(declarations, 'declarations of the example model')
})

t.test('values, relations, media, components and zones take the shapes of the answers', async t => {
  const attributes = declarations.slice(declarations.indexOf('export interface ArticleAttributes'), declarations.indexOf('export type ArticleEntry'))
  t.match(attributes, 'views?: string | null', 'biginteger as a string')
  t.match(attributes, 'rating?: number | null', 'decimal as a number')
  t.match(attributes, 'publishedOn?: string | null', 'dates as strings')
  t.match(attributes, "status?: 'draft-idea' | 'in-review' | 'ready' | null", 'enumerations as literals')
  t.match(attributes, 'author?: RelationOne<AuthorEntry> | RelationCount')
  t.match(attributes, 'tags?: RelationMany<TagEntry> | RelationCount')
  t.match(attributes, 'cover?: MediaOne')
  t.match(attributes, 'gallery?: MediaMany')
  t.match(attributes, 'seo?: SharedSeoComponent | null')
  t.match(attributes, "blocks?: Array<ZoneItem<'blocks.quote', BlocksQuoteComponent> | ZoneItem<'blocks.rich-text', BlocksRichTextComponent>")
  t.notMatch(attributes, 'internalNotes', 'private attributes are never answered')
  const authorAttributes = declarations.slice(declarations.indexOf('export interface AuthorAttributes'), declarations.indexOf('export type AuthorEntry'))
  t.notMatch(authorAttributes, 'password', 'password attributes are never answered')
  const create = declarations.slice(declarations.indexOf('export interface ArticleCreateData'), declarations.indexOf('export interface ArticleUpdateData'))
  t.match(create, '  title: string\n', 'a required attribute must be sent on create')
  t.match(create, '  slug?: string | null\n', 'a uid generated from its target field need not be')
  t.match(create, 'internalNotes?: string | null', 'private attributes can be written')
})

const USAGE = `import type {
  ArticleCreateRequest, ArticleEntry, ArticleListResponse, ArticleUpdateRequest, AuthorEntryResponse, ErrorResponse, UploadFile
} from './content-types.js'

const file = { id: 7, attributes: { name: 'a.png', url: '/uploads/a.png', size: 1.5, width: 10, height: 10, mime: 'image/png', formats: null } }

export const article: ArticleEntry = {
  id: 1,
  attributes: {
    title: 'Alpha', views: '9007199254740993', rating: 4.25, publishedOn: '2024-02-29', publishAt: '09:30:00',
    scheduledAt: '2024-03-01T09:30:00.000Z', featured: false, status: 'ready', metadata: { any: ['json'] },
    author: { data: { id: 2, attributes: { name: 'Ann' } } },
    category: { data: null },
    tags: { data: [{ id: 3, attributes: { name: 'alpha' } }] },
    related: { data: { attributes: { count: 2 } } },
    cover: { data: file },
    gallery: { data: [] },
    seo: { id: 4, metaTitle: 'SEO', openGraph: { id: 5, ogTitle: 'OG', ogImage: { data: null } } },
    blocks: [
      { id: 1, __component: 'blocks.quote', text: 'Quote' },
      { id: 2, __component: 'blocks.related-articles', heading: 'See also', articles: { data: [] } }
    ]
  },
  meta: {}
}

export const list: ArticleListResponse = { data: [article], meta: { pagination: { page: 1, pageSize: 25, pageCount: 1, total: 1 } } }
export const offset: ArticleListResponse = { data: [], meta: { pagination: { start: 0, limit: 10 } } }
export const author: AuthorEntryResponse = { data: { id: 2, attributes: { name: 'Ann', socialLinks: [{ id: 1, label: 'Site', url: 'https://ann.example.com' }] }, meta: {} }, meta: {} }
export const failure: ErrorResponse = { data: null, error: { status: 400, name: 'ValidationError', message: 'Invalid key nope', details: { errors: [{ path: ['data', 'nope'], message: 'Invalid key nope', name: 'ValidationError' }] } } }
export const uploaded: UploadFile = { id: 7, name: 'a.png', url: '/uploads/a.png', size: 1.5 }

export const create: ArticleCreateRequest = {
  data: {
    title: 'Alpha', views: '9007199254740993', rating: '4.25', readingTime: 5, publishAt: '09:30', author: 2, tags: [3, { id: 4 }],
    related: { connect: [{ id: 1, position: { before: 2 } }], disconnect: [5] }, cover: null, publishedAt: null,
    seo: { metaTitle: 'SEO', openGraph: { id: 5, ogTitle: 'kept in place' } },
    blocks: [{ __component: 'blocks.quote', text: 'New' }, { __component: 'blocks.rich-text', id: 3 }]
  }
}
export const update: ArticleUpdateRequest = { data: { excerpt: null, tags: { set: [] } } }

// @ts-expect-error: a biginteger is answered as a string
export const badViews: ArticleEntry = { id: 1, attributes: { views: 12 } }
// @ts-expect-error: a to-one relation is answered inside { data }
export const badRelation: ArticleEntry = { id: 1, attributes: { author: { id: 2, attributes: {} } } }
// @ts-expect-error: a zone item names a component of the zone
export const badZone: ArticleEntry = { id: 1, attributes: { blocks: [{ id: 1, __component: 'shared.seo', metaTitle: 'x' }] } }
// @ts-expect-error: a create sends its required title
export const badCreate: ArticleCreateRequest = { data: { excerpt: 'no title' } }
// @ts-expect-error: private attributes are never answered
export const badPrivate: ArticleEntry = { id: 1, attributes: { internalNotes: 'x' } }
`

t.test('the declarations compile, accept values in the documented formats and refuse others', async t => {
  t.equal(await compileDeclarations(declarations, USAGE), '', 'tsc --strict reports nothing')
})

t.test('the types command prints them, or writes them with --out', async t => {
  let printed = ''
  const io = { out: (text: string) => { printed += text }, err: () => {} }
  t.equal(await main(['types', '--schemas', EXAMPLE_SCHEMAS], io), 0)
  t.equal(printed, declarations)
  const folder = t.testdir({})
  const out = `${folder}/types/content.ts`
  t.equal(await main(['types', '--schemas', EXAMPLE_SCHEMAS, '--out', out], io), 0)
  const { readFile } = await import('node:fs/promises')
  t.equal(await readFile(out, 'utf8'), declarations)
  let problem = ''
  t.equal(await main(['types'], { out: () => {}, err: (text) => { problem += text } }), 2, 'a usage error without --schemas')
  t.match(problem, '--schemas')
})

t.test('a localized type declares its locale, its localizations and a create that may name a locale', async t => {
  const localized = buildRegistry({
    contentTypes: {
      'api::page.page': {
        info: { singularName: 'page', pluralName: 'pages' },
        pluginOptions: { i18n: { localized: true } },
        attributes: { title: { type: 'string' } }
      }
    }
  }, { i18n: { locales: ['en', 'fr'], defaultLocale: 'en' } })
  const source = generateTypes(localized)
  const attributes = source.slice(source.indexOf('export interface PageAttributes'), source.indexOf('export type PageEntry'))
  t.match(attributes, 'locale?: string | null')
  t.match(attributes, 'localizations?: RelationMany<PageEntry> | RelationCount')
  const create = source.slice(source.indexOf('export interface PageCreateData'), source.indexOf('export interface PageUpdateData'))
  t.match(create, 'locale?: "en" | "fr"')
  t.notMatch(create, 'localizations', 'localizations are not written by a body')
  const update = source.slice(source.indexOf('export interface PageUpdateData'))
  const updateData = update.slice(0, update.indexOf('}'))
  t.match(updateData, "Only the entry's own locale, as read", 'an update cannot change the locale, but may send back its own')
  t.match(updateData, 'locale?: "en" | "fr"')
  const usage = `import type { PageCreateRequest } from './content-types.js'
export const fr: PageCreateRequest = { data: { title: 'Bonjour', locale: 'fr' } }
// @ts-expect-error: only configured locales
export const xx: PageCreateRequest = { data: { title: 'x', locale: 'xx' } }
`
  t.equal(await compileDeclarations(source, usage), '', 'tsc --strict reports nothing')
})

t.test('a localized single type\'s PUT may name the locale it writes', async t => {
  const source = generateTypes(buildRegistry({
    contentTypes: {
      'api::homepage.homepage': {
        kind: 'singleType',
        info: { singularName: 'homepage', pluralName: 'homepages' },
        pluginOptions: { i18n: { localized: true } },
        attributes: { heading: { type: 'string' } }
      }
    }
  }, { i18n: { locales: ['en', 'fr'], defaultLocale: 'en' } }))
  const update = source.slice(source.indexOf('export interface HomepageUpdateData'))
  t.match(update.slice(0, update.indexOf('}')), 'locale?: "en" | "fr"')
  const usage = `import type { HomepageUpdateRequest } from './content-types.js'
export const fr: HomepageUpdateRequest = { data: { heading: 'Accueil', locale: 'fr' } }
// @ts-expect-error: only configured locales
export const xx: HomepageUpdateRequest = { data: { heading: 'x', locale: 'xx' } }
`
  t.equal(await compileDeclarations(source, usage), '', 'tsc --strict reports nothing')
})
