/**
 * `generateTypes(registry, { apiFormat: 'v5' })` and `types --api-format v5`: the v5 format's
 * declarations (docs/openapi.md, 'Types for the v5 format'). Checked by compiling values of
 * the v5 shapes and values of v4's that must be refused; real v5 answers are compiled in
 * test/integration/v5/client-contract.test.ts.
 */
import t from 'tap'
import { main } from '../../../plugin/cli.js'
import { loadSchemaFolder } from '../../../plugin/content-types/load.js'
import { buildRegistry } from '../../../plugin/content-types/registry.js'
import { generateTypes } from '../../../plugin/typegen/generate-types.js'
import { schemaFolderTypes } from '../../../plugin/typegen/schema-folder-types.js'
import { EXAMPLE_SCHEMAS } from '../../helpers/paths.js'
import { compileDeclarations } from './compile-declarations.js'

const i18n = { locales: ['en', 'fr'], defaultLocale: 'en' }
const declarations = await schemaFolderTypes(EXAMPLE_SCHEMAS, { apiFormat: 'v5', i18n })

const USAGE = `import type { ArticleEntry, ArticleCreateRequest, ArticleListResponse, AuthorEntry, DocumentParameters, TagEntry } from './content-types.js'

export const flat: ArticleEntry = {
  id: 1,
  documentId: 'abcdefghijklmnopqrstuvwx',
  title: 'Flat',
  author: { id: 2, documentId: 'bcdefghijklmnopqrstuvwxy', name: 'Ann' },
  tags: [{ id: 3, documentId: 'cdefghijklmnopqrstuvwxyz', name: 'alpha' }],
  related: { count: 2 },
  cover: null,
  publishedAt: null
}
export const list: ArticleListResponse = { data: [flat], meta: { pagination: { page: 1, pageSize: 25, pageCount: 1, total: 1 } } }
export const create: ArticleCreateRequest = {
  data: { title: 'New', author: 'bcdefghijklmnopqrstuvwxy', tags: { connect: [{ documentId: 'c', position: { before: 'd' } }] }, cover: 4 }
}
export const parameters: DocumentParameters = { status: 'draft', locale: '*' }
export const author: AuthorEntry = { id: 2, documentId: 'x' }

// @ts-expect-error v4's { id, attributes } is not a v5 entry
export const wrapped: TagEntry = { id: 3, documentId: 'x', attributes: { name: 'alpha' } }
// @ts-expect-error every entry has its documentId
export const withoutDocumentId: TagEntry = { id: 3, name: 'alpha' }
// @ts-expect-error relations are the entry itself, not { data }
export const relationInData: ArticleEntry = { id: 1, documentId: 'x', author: { data: null } }
// @ts-expect-error the query's status decides publication, not the body
export const publishedInBody: ArticleCreateRequest = { data: { title: 'x', publishedAt: null } }
// @ts-expect-error a status is published or draft
export const badStatus: DocumentParameters = { status: 'preview' }
// @ts-expect-error a locale that is not configured
export const badLocale: DocumentParameters = { locale: 'de' }
`

t.test('the v5 declarations compile, accept v5 values and refuse v4 ones', async t => {
  t.match(declarations, /export type ArticleEntry = DocumentEntry<ArticleAttributes>/)
  t.notMatch(declarations, /RelationOne|MediaOne/, 'no v4 wrappers')
  t.equal(await compileDeclarations(declarations, USAGE), '', 'tsc --strict reports nothing')
})

t.test('types --api-format v5 prints them; another format is a usage error', async t => {
  let printed = ''
  t.equal(await main(['types', '--schemas', EXAMPLE_SCHEMAS, '--locales', 'en,fr', '--api-format', 'v5'], { out: (text) => { printed += text }, err: () => {} }), 0)
  t.equal(printed, declarations)
  let problem = ''
  t.equal(await main(['types', '--schemas', EXAMPLE_SCHEMAS, '--api-format', 'v6'], { out: () => {}, err: (text) => { problem += text } }), 2)
  t.match(problem, /--api-format must be v4 or v5/)
})

t.test('a registry of the v4 format is refused for v5 types', async t => {
  const v4 = buildRegistry(await loadSchemaFolder(EXAMPLE_SCHEMAS))
  t.throws(() => generateTypes(v4, { apiFormat: 'v5' }), /needs the registry of the v5 format/)
  t.equal(generateTypes(v4), generateTypes(v4, { apiFormat: 'v4' }), 'v4 stays the default')
})
