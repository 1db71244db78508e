/**
 * The "Configure the view" screen's plain data (admin-panel/src/settings/view-draft.ts): which
 * attribute may be a column, the sort or the title agrees with the server's rules
 * (plugin/admin/configuration) for each kind of attribute; the body the screen sends passes the
 * server's check and lays back over the configuration unchanged; a refusal's path finds its input.
 */
import t from 'tap'
import { schemaConfiguration } from '../../../plugin/admin/configuration/configurations.js'
import { applyPatch, checkPatch } from '../../../plugin/admin/configuration/patch.js'
import { contentTypeView } from '../../../plugin/admin/configuration/schema-view.js'
import { isListable, isSortable } from '../../../plugin/admin/configuration/view-configuration.js'
import type { Attribute, Configuration, ContentTypeSchema } from '../../../admin-panel/src/api/schema.js'
import * as panel from '../../../admin-panel/src/settings/view-draft.js'
import { layoutRegistry, model } from './layout-registry.js'

const registry = layoutRegistry()
const article = model(registry, 'api::article.article')
const schema = contentTypeView(article) as unknown as ContentTypeSchema
// The relations' targets' main fields play no part in what the screen sends.
const base = schemaConfiguration(article, { registry, mainFieldOf: () => 'id' })
const configuration: Configuration = { uid: article.uid, ...base }

t.test('the panel offers as columns, sorts and titles what the server accepts, for every attribute', async t => {
  for (const attribute of article.attributes.values()) {
    const seen = schema.attributes[attribute.name] as Attribute
    t.equal(panel.isListable(attribute.name, seen), isListable(attribute), `${attribute.name} as a column`)
    t.equal(panel.isSortable(seen), isSortable(attribute), `${attribute.name} as the sort`)
    t.equal(panel.isTitle(seen), attribute.kind === 'scalar' && isSortable(attribute), `${attribute.name} as the title`)
  }
  t.notOk(panel.attributeNames(schema, configuration, () => true).includes('createdBy'), 'the creator fields the configuration does not hold are never offered')
})

t.test('a draft sent back unchanged passes the check and changes nothing', async t => {
  const body = panel.bodyOf(panel.draftOf(configuration))
  const patch = checkPatch(article, body)
  const applied = applyPatch(base, patch)
  t.same(applied.layouts, base.layouts, 'the same columns and rows')
  t.same(applied.settings, base.settings)
  t.same(applied.metadatas, base.metadatas, 'labels, descriptions and flags as they were')
})

t.test('a changed draft: a column removed, another added, fields reordered and resized, repacked on 12 columns', async t => {
  const draft = panel.draftOf(configuration)
  draft.columns = [...draft.columns.filter(column => column.name !== 'slug'), { name: 'author', label: 'Written by', sortable: true }]
  draft.fields = panel.moved(draft.fields, 1, -1).map(field => field.name === 'title' ? { ...field, size: 12, label: 'Headline' } : field)
  draft.settings = { ...draft.settings, defaultSortBy: 'views', defaultSortOrder: 'DESC' }
  const body = panel.bodyOf(draft)
  const applied = applyPatch(base, checkPatch(article, body))
  t.same(applied.layouts.list, [...base.layouts.list.filter(name => name !== 'slug'), 'author'])
  t.equal(applied.metadatas.author!.list.label, 'Written by')
  t.equal(applied.metadatas.title!.edit.label, 'Headline')
  t.same(applied.layouts.edit[0], [{ name: 'slug', size: 6 }], 'slug first, alone: the wide title does not fit beside it')
  t.same(applied.layouts.edit[1], [{ name: 'title', size: 12 }])
  t.ok(applied.layouts.edit.every(row => row.reduce((width, field) => width + field.size, 0) <= panel.GRID_COLUMNS), 'no row over 12')
  t.match(applied.settings, { defaultSortBy: 'views', defaultSortOrder: 'DESC' })
})

t.test('the server\'s refusals find their inputs', async t => {
  const draft = panel.draftOf(configuration)
  draft.fields = draft.fields.map(field => field.name === 'views' ? { ...field, size: 13 } : field)
  draft.settings = { ...draft.settings, pageSize: 0 }
  const body = panel.bodyOf(draft)
  const issues = (() => {
    try {
      checkPatch(article, body)
      return []
    } catch (error) {
      return (error as { details: { errors: Array<{ path: Array<string | number> }> } }).details.errors
    }
  })()
  t.same(issues.map(issue => panel.inputKeyOf(issue.path, body)).sort(), ['fields.views.size', 'settings.pageSize'])
  t.equal(panel.inputKeyOf(['layouts', 'list', 0], body), `columns.${body.layouts.list[0]}`)
  t.equal(panel.inputKeyOf(['metadatas', 'title', 'edit', 'description'], body), 'fields.title.description')
  t.equal(panel.inputKeyOf(['nothing'], body), null, 'an issue no input holds goes above the form')
})

t.test('moved: up, down, and not past either end', async t => {
  t.same(panel.moved(['a', 'b', 'c'], 1, -1), ['b', 'a', 'c'])
  t.same(panel.moved(['a', 'b', 'c'], 1, 1), ['a', 'c', 'b'])
  t.same(panel.moved(['a', 'b'], 0, -1), ['a', 'b'])
  t.same(panel.moved(['a', 'b'], 1, 1), ['a', 'b'])
})
