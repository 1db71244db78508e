/** Strapi v5's query string compiled to the QueryTree (query/v5-query.ts), without a database. */
import { fileURLToPath } from 'node:url'
import t from 'tap'
import { loadSchemaFolder } from '../../../plugin/content-types/load.js'
import { buildRegistry } from '../../../plugin/content-types/registry.js'
import type { ValidationError } from '../../../plugin/errors.js'
import { parseQueryString } from '../../../plugin/query/parse.js'
import { compileV5EntryQuery, compileV5ListQuery } from '../../../plugin/query/v5-query.js'
import { QUIET_LENIENCY } from '../../../plugin/query/leniency.js'

const src = fileURLToPath(new URL('../../fixtures/strapi-v5-project/src', import.meta.url))
const registry = buildRegistry(await loadSchemaFolder(src), { i18n: { locales: ['en', 'fr'], defaultLocale: 'en' }, documentIds: true, v5Attributes: true })
const article = registry.contentTypes.get('api::article.article')!
const author = registry.contentTypes.get('api::author.author')!
const limits = { defaultPageSize: 25, maxPageSize: 100 }
const list = (model: typeof article, query: string) => compileV5ListQuery(registry, model, parseQueryString(query), limits)

t.test('status, locale and the order of a list', async t => {
  t.match(list(article, ''), { publicationState: 'live', locale: 'en', sort: [] }, 'published, in the default locale, in id order')
  t.match(list(article, 'status=draft&locale=*'), { publicationState: 'draft', locale: null, sort: [] })
  t.match(list(article, 'status=odd&publicationState=preview&locale=de'), { publicationState: 'draft', locale: 'de' }, 'odd status reads drafts; publicationState ignored')
  t.match(list(article, 'filters[locale][$eq]=fr'), { locale: null }, 'a filter on locale chooses the locales')
  t.match(list(article, 'sort=title'), { sort: [{ path: ['title'], direction: 'asc' }] })
  t.notOk('locale' in list(author, 'locale=fr'), 'no locale on a type that is not localized')
  t.match(list(article, 'pagination[page]=0&pagination[pageSize]=-1'), { pagination: { page: 1, pageSize: 1 } })
})

t.test('documentId is kept with id, at every depth', async t => {
  const tree = list(article, 'fields[0]=title&populate[author][fields][0]=name&populate[seo]=true&populate[blocks][on][sections.hero][populate]=*')
  t.same(tree.fields, ['documentId', 'title'])
  t.match(tree.populate.author, { fields: ['documentId', 'name'] })
  t.notOk((tree.populate.seo as { fields: string[] }).fields.includes('documentId'), 'components have none')
  t.match(tree.populate.blocks, { components: { 'sections.hero': { populate: { image: { fields: ['documentId'] } } } } })
})

t.test('one entry: no one locale answers * or all', async t => {
  t.match(compileV5EntryQuery(registry, article, parseQueryString('locale=fr&status=draft'), QUIET_LENIENCY), { locale: 'fr', publicationState: 'draft', availableLocales: false })
  t.equal(compileV5EntryQuery(registry, article, parseQueryString('locale=*'), QUIET_LENIENCY), null)
  t.equal(compileV5EntryQuery(registry, article, parseQueryString('locale=all'), QUIET_LENIENCY), null)
})

t.test('unknown keys in Strapi 5\'s words', async t => {
  const refused = (query: string): unknown => {
    try {
      list(article, query)
    } catch (error) {
      return { message: (error as ValidationError).message, details: (error as ValidationError).details }
    }
    return null
  }
  t.same(refused('filters[color][$eq]=red'), { message: 'Invalid key color', details: { key: 'color', path: null, source: 'query', param: 'filters' } })
  t.same(refused('filters[title][$nope]=x'), { message: 'Invalid key $nope at title', details: { key: '$nope', path: 'title', source: 'query', param: 'filters' } })
  t.same(refused('sort=color'), { message: 'Invalid key color', details: { key: 'color', path: null, source: 'query', param: 'sort' } })
  t.same(refused('fields[0]=color'), { message: 'Invalid key color', details: { key: 'color', path: null, source: 'query', param: 'fields' } })
  t.same(refused('populate=color'), { message: 'Invalid key color', details: { key: 'color', path: 'color', source: 'query', param: 'populate' } })
  t.same(refused('populate[author][fields][0]=color'), { message: 'Invalid key color', details: { key: 'color', path: null, source: 'query', param: 'populate' } })
  t.same(refused('populate[categories][status]=draft'), { message: 'Invalid key status at categories', details: { key: 'status', path: 'categories', source: 'query', param: 'populate' } })
  t.match(refused('pagination[page]=x'), { message: /^Invalid parameter/ }, 'a bad value keeps its v4 answer')
})
