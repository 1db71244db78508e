/**
 * Schema → the content manager's view configuration (plugin/admin/configuration): the main
 * field and default sort, the default list columns, the metadatas' flags, the edit layout's
 * rows on the 12-column grid, and a schema's `config` laid over them key by key.
 */
import t from 'tap'
import { schemaConfiguration } from '../../../plugin/admin/configuration/configurations.js'
import { GRID_COLUMNS } from '../../../plugin/admin/configuration/field-sizes.js'
import { packRows, type DefaultsContext } from '../../../plugin/admin/configuration/view-configuration.js'
import { defaultMainField } from '../../../plugin/content-types/main-field.js'
import type { Registry } from '../../../plugin/content-types/registry.js'
import { SchemaError } from '../../../plugin/errors.js'
import { ARTICLE_ATTRIBUTES, layoutRegistry, model } from './layout-registry.js'

const ARTICLE = 'api::article.article'

function context (registry: Registry): DefaultsContext {
  return { registry, mainFieldOf: uid => defaultMainField(model(registry, uid)) }
}

function configurationOf (articleConfig?: unknown) {
  const registry = layoutRegistry(articleConfig)
  return schemaConfiguration(model(registry, ARTICLE), context(registry))
}

const defaults = configurationOf()

t.test('main field: the first string attribute (not a private one), else id; sorted by it, ascending', async t => {
  t.equal(defaults.settings.mainField, 'title')
  t.same(defaults.settings, { mainField: 'title', defaultSortBy: 'title', defaultSortOrder: 'ASC', pageSize: 10, searchable: true, filterable: true, bulkable: true })
  const registry = layoutRegistry()
  t.equal(defaultMainField(model(registry, 'api::author.author')), 'name', 'a string after an integer')
  t.equal(defaultMainField(model(registry, 'api::tag.tag')), 'id', 'no string attribute at all')
})

t.test('list columns: id, then the first three sortable scalars (richtext, json are skipped)', async t => {
  t.same(defaults.layouts.list, ['id', 'title', 'slug', 'views'])
})

t.test('metadatas: what is shown in the edit view, searched and sorted in the list', async t => {
  const { metadatas } = defaults
  for (const name of ['id', 'createdAt', 'updatedAt', 'publishedAt']) t.equal(metadatas[name]?.edit.visible, false, `${name}: written by the server, not in the form`)
  for (const name of Object.keys(ARTICLE_ATTRIBUTES)) t.equal(metadatas[name]?.edit.visible, true, `${name}: in the form`)
  t.equal(metadatas.author?.edit.mainField, 'name', 'a relation shows its target by the target\'s main field')
  t.equal(metadatas.tags?.edit.mainField, 'id', 'or by id when the target has no string')
  const flags = (name: string) => [metadatas[name]?.list.searchable, metadatas[name]?.list.sortable]
  t.same(flags('title'), [true, true])
  t.same(flags('body'), [true, false], 'richtext: searched, not sorted')
  t.same(flags('views'), [false, true])
  t.same(flags('author'), [false, true], 'a to-one relation sorts')
  for (const name of ['tags', 'metadata', 'cover', 'seo', 'blocks', 'password', 'secret']) t.same(flags(name), [false, false], `${name}: neither`)
  t.same(metadatas.title?.edit, { label: 'title', description: '', placeholder: '', visible: true, editable: true }, 'the label is the name')
})

t.test('edit layout: the visible attributes in schema order, in rows of at most 12 columns', async t => {
  const rows = defaults.layouts.edit.map(row => row.map(field => `${field.name}:${field.size}`))
  t.same(rows, [
    ['title:6', 'slug:6'],
    ['body:12'],
    ['views:4', 'rating:4', 'featured:4'],
    ['released:4'],
    ['metadata:12'],
    ['secret:6', 'password:6'],
    ['author:6', 'tags:6'],
    ['cover:6'],
    ['seo:12'],
    ['blocks:12']
  ])
  for (const row of defaults.layouts.edit) t.ok(row.reduce((sum, field) => sum + field.size, 0) <= GRID_COLUMNS, 'no row is wider than the grid')
})

t.test('packRows: a new row only when the next field would not fit', async t => {
  const sizes = (list: number[]) => packRows(list.map((size, index) => ({ name: `f${index}`, size }))).map(row => row.map(field => field.size))
  t.same(sizes([6, 6, 6]), [[6, 6], [6]])
  t.same(sizes([4, 4, 4, 4]), [[4, 4, 4], [4]])
  t.same(sizes([4, 12, 4]), [[4], [12], [4]])
  t.same(sizes([6, 4, 2, 12]), [[6, 4, 2], [12]], 'exactly 12 fills a row')
  t.same(sizes([]), [])
})

t.test('a schema\'s config overrides the defaults key by key', async t => {
  const configured = configurationOf({
    settings: { mainField: 'slug', defaultSortBy: 'views', defaultSortOrder: 'DESC', pageSize: 25 },
    metadatas: { title: { edit: { label: 'Headline', description: 'Shown on cards' }, list: { label: 'Headline' } } },
    layouts: { list: ['id', 'views', 'title'], edit: [[{ name: 'title', size: 8 }, { name: 'views', size: 4 }]] }
  })
  t.same(configured.settings, { mainField: 'slug', defaultSortBy: 'views', defaultSortOrder: 'DESC', pageSize: 25, searchable: true, filterable: true, bulkable: true }, 'the flags it leaves out keep their defaults')
  t.same(configured.layouts.list, ['id', 'views', 'title'])
  t.same(configured.layouts.edit, [[{ name: 'title', size: 8 }, { name: 'views', size: 4 }]])
  t.match(configured.metadatas.title, { edit: { label: 'Headline', description: 'Shown on cards', visible: true, editable: true }, list: { label: 'Headline', sortable: true } }, 'unsent keys of a metadata are kept')
  t.same(configured.metadatas.slug, defaults.metadatas.slug, 'other attributes untouched')
})

t.test('a config that does not fit its schema is a SchemaError naming the problem', async t => {
  for (const [config, problem] of [
    [{ layouts: { list: ['id', 'nope'] } }, /layouts\.list\.1/],
    [{ layouts: { edit: [[{ name: 'title', size: 8 }, { name: 'slug', size: 6 }]] } }, /layouts\.edit\.0/],
    [{ layouts: { edit: [[{ name: 'title', size: 13 }]] } }, /layouts\.edit\.0\.0/],
    [{ settings: { mainField: 'blocks' } }, /mainField/]
  ] as const) {
    let thrown: unknown = null
    try { configurationOf(config) } catch (error) { thrown = error }
    t.ok(thrown instanceof SchemaError, `${JSON.stringify(config)}: a SchemaError`)
    t.match((thrown as Error | null)?.message, problem, 'naming the problem')
  }
})
