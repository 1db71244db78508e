/** A Strapi v5 body made the v4 body the planner reads, without a database (write-plan/v5-body.ts). */
import { fileURLToPath } from 'node:url'
import t from 'tap'
import { loadSchemaFolder } from '../../../plugin/content-types/load.js'
import { buildRegistry } from '../../../plugin/content-types/registry.js'
import { ValidationError } from '../../../plugin/errors.js'
import { documentReferences, inV5Words, referenceKey, v4Data } from '../../../plugin/write-plan/v5-body.js'
import type { DocumentReference } from '../../../plugin/write-plan/v5-body.js'

const src = fileURLToPath(new URL('../../fixtures/strapi-v5-project/src', import.meta.url))
const registry = buildRegistry(await loadSchemaFolder(src), { i18n: { locales: ['en', 'fr'], defaultLocale: 'en' }, documentIds: true, v5Attributes: true })
const article = registry.contentTypes.get('api::article.article')!
const author = registry.contentTypes.get('api::author.author')!
const doc = (letter: string): string => letter.repeat(24)

t.test('every relation form names documents, found in the locale meant', async t => {
  const data = {
    title: 'T',
    locale: 'fr',
    publishedAt: '2020-01-01T00:00:00.000Z',
    author: doc('a'),
    categories: { connect: [{ documentId: doc('c'), locale: 'fr', status: 'draft', position: { before: doc('d') } }, 7], disconnect: [doc('e')] },
    cover: 3,
    seo: { id: 4, metaTitle: 'seo' },
    blocks: [{ __component: 'sections.hero', title: 'Hero', image: 2 }]
  }
  const options = { registry, model: article, locale: 'en' }
  const references = documentReferences(options, data)
  t.same(references.map(reference => [reference.target, reference.documentId[0], reference.locale]), [
    ['api::author.author', 'a', null],
    ['api::category.category', 'c', 'fr'],
    ['api::category.category', 'd', 'en'],
    ['api::category.category', 'e', 'en']
  ], 'a target that is not localized has no locale; the longhand\'s locale wins over the entry\'s')
  const ids = new Map(references.map((reference, index): [string, number] => [referenceKey(reference), 100 + index]))
  t.same(v4Data(options, data, reference => ids.get(referenceKey(reference))), {
    title: 'T',
    author: 100,
    categories: { connect: [{ id: 101, position: { before: 102 } }, 7], disconnect: [103] },
    cover: 3,
    seo: { id: 4, metaTitle: 'seo' },
    blocks: [{ __component: 'sections.hero', title: 'Hero', image: 2 }]
  }, 'row ids in place of documentIds; locale, publishedAt and a longhand\'s status dropped')
})

t.test('an entry of a type that is not localized links the default locale of a localized target', async t => {
  const [reference] = documentReferences({ registry, model: author, locale: null }, { articles: { disconnect: [doc('a')] } }) as [DocumentReference]
  t.equal(reference.locale, 'en')
})

t.test('keys are refused as Strapi 5 refuses them', async t => {
  const refused = (data: Record<string, unknown>): unknown => {
    try {
      documentReferences({ registry, model: article, locale: 'en' }, data)
    } catch (error) {
      return { message: (error as ValidationError).message, details: (error as ValidationError).details }
    }
    return null
  }
  t.same(refused({ color: 'red' }), { message: 'Invalid key color', details: { key: 'color', path: null, source: 'body' } })
  t.same(refused({ seo: { colour: 'red' } }), { message: 'Invalid key colour at seo', details: { key: 'colour', path: 'seo', source: 'body' } })
  t.same(refused({ documentId: doc('x') }), { message: 'Invalid key documentId', details: { key: 'documentId', source: 'body' } })
  t.same(refused({ localizations: [] }), { message: 'Invalid key localizations', details: { key: 'localizations', path: null, source: 'body' } }, 'a system attribute')
})

t.test('a document not found is the first one named', async t => {
  t.throws(() => v4Data({ registry, model: article, locale: 'fr' }, { categories: [doc('z')] }, () => undefined),
    { message: `Document with id "${doc('z')}", locale "fr" not found` })
  t.throws(() => v4Data({ registry, model: article, locale: 'en' }, { author: doc('z') }, () => undefined),
    { message: `Document with id "${doc('z')}", locale "null" not found` })
})

t.test('refused values in Strapi 5\'s words', async t => {
  const issue = (path: string[], message: string) => ({ path, message, name: 'ValidationError' as const })
  const reworded = inV5Words(new ValidationError('2 errors occurred', [issue(['title'], 'title must be defined.'), issue(['views'], 'views must be an integer')]), article, { views: 'many' }) as ValidationError
  t.same(reworded.details.errors, [
    { ...issue(['title'], 'title must be a `string` type, but the final value was: `null`.'), value: null },
    { ...issue(['views'], 'views must be a `number` type, but the final value was: `NaN` (cast from the value `"many"`).'), value: null }
  ])
  t.equal(reworded.message, '2 errors occurred')
  const pattern = inV5Words(new ValidationError('x', [issue(['slug'], 'slug must match the pattern ^[a-z]$')]), article, { slug: 'A' }) as ValidationError
  t.same(pattern.details.errors, [{ ...issue(['slug'], 'slug must match the following: "/^[a-z]$/"'), value: 'A' }])
  const other = new Error('not a validation')
  t.equal(inV5Words(other, article, {}), other, 'other errors are answered as they are')
})
