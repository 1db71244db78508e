/**
 * The B-tree indexes of the lists people page through (plugin/repository/schema/list-indexes.ts):
 * which columns each content type gets, from the schema alone.
 */
import t from 'tap'
import { listIndexes } from '../../../../plugin/repository/schema/list-indexes.js'
import { layoutRegistry } from '../../admin/layout-registry.js'
import { buildRegistry } from '../../../../plugin/content-types/registry.js'
import { loadSchemaFolder } from '../../../../plugin/content-types/load.js'
import { EXAMPLE_SCHEMAS } from '../../../helpers/paths.js'

const columnsOf = (expression: string): string => expression.slice(expression.indexOf(' (') + 1)

t.test('a draft & publish type: its main field then id, and which rows are versions', async t => {
  const article = layoutRegistry().contentTypes.get('api::article.article')!
  const indexes = listIndexes(article)
  t.same(indexes.map(index => columnsOf(index.expression)), ['("title", "id") include ("published_at", "document_id")', '("published_at", "document_id")'])
  for (const index of indexes) {
    t.match(index.name, /^fca_[sv]_[a-z0-9_]+$/, 'a name the ORM compares, recognisably ours')
    t.ok(index.name.length <= 63, 'within PostgreSQL\'s identifier length')
    t.match(index.expression, new RegExp(`^create index "${index.name}" on "articles" \\(`))
  }
})

t.test('the schema\'s main field wins; one that a B-tree cannot hold whatever is stored gets no index', async t => {
  const byViews = layoutRegistry({ settings: { mainField: 'views' } }).contentTypes.get('api::article.article')!
  t.same(listIndexes(byViews).map(index => columnsOf(index.expression)), ['("views", "id") include ("published_at", "document_id")', '("published_at", "document_id")'])
  const byBody = layoutRegistry({ settings: { mainField: 'body' } }).contentTypes.get('api::article.article')!
  t.same(listIndexes(byBody).map(index => columnsOf(index.expression)), ['("published_at", "document_id")'], 'richtext: no sort index')
})

t.test('without a string attribute the main field is the id, which has its own index', async t => {
  const tag = layoutRegistry().contentTypes.get('api::tag.tag')!
  t.same(listIndexes(tag), [])
})

t.test('a localized type keeps the locale in the versions index', async t => {
  const registry = buildRegistry(await loadSchemaFolder(EXAMPLE_SCHEMAS))
  t.same(listIndexes(registry.contentTypes.get('api::category.category')!).map(index => columnsOf(index.expression)), ['("name", "id")'], 'no draft & publish, not localized: nothing carried, no versions index')
  const localized = buildRegistry({
    contentTypes: {
      'api::page.page': {
        info: { singularName: 'page', pluralName: 'pages' },
        options: { draftAndPublish: true },
        pluginOptions: { i18n: { localized: true } },
        attributes: { heading: { type: 'string' } }
      }
    }
  }, { i18n: { locales: ['en', 'fr'], defaultLocale: 'en' } }).contentTypes.get('api::page.page')!
  t.same(listIndexes(localized).map(index => columnsOf(index.expression)), ['("heading", "id") include ("published_at", "document_id", "locale")', '("published_at", "document_id", "locale")'])
})
