/**
 * The view configurations (docs/admin-api.md, 'Configuration'): Strapi's defaults from the
 * schema, a schema's `config` over them, the panel's saves over both, checked and stored.
 */
import t from 'tap'
import { buildTestApp } from '../../helpers/app.js'
import { buildAdminApp } from './admin-app.js'
import type { ContentTypeSchema } from '../../../plugin/index.js'

const api = await buildAdminApp()
t.teardown(api.close)
const { call, statements } = api
const token = api.tokens.superAdmin
const ARTICLE = '/content-manager/content-types/api::article.article/configuration'

t.test('init: content types and components in Strapi\'s shapes, the field sizes', async t => {
  const { body } = await call('GET', '/content-manager/init', { token })
  const article = body.data.contentTypes.find((type: any) => type.uid === 'api::article.article')
  t.match(article, {
    uid: 'api::article.article', isDisplayed: true, apiID: 'article', kind: 'collectionType',
    info: { singularName: 'article', pluralName: 'articles', displayName: String },
    options: { draftAndPublish: true },
    attributes: {
      id: { type: 'integer' }, title: { type: 'string', required: true }, slug: { type: 'uid', targetField: 'title' },
      author: { type: 'relation', relation: 'manyToOne', target: 'api::author.author' },
      gallery: { type: 'media', multiple: true }, seo: { type: 'component', component: 'shared.seo', repeatable: false },
      blocks: { type: 'dynamiczone', components: Array }, publishedAt: { type: 'datetime' },
      createdBy: { type: 'relation', target: 'admin::user' }
    }
  })
  t.equal(body.data.contentTypes.find((type: any) => type.uid === 'api::homepage.homepage').kind, 'singleType')
  t.match(body.data.components.find((component: any) => component.uid === 'shared.seo'), { category: 'shared', apiID: 'seo', attributes: { metaTitle: { type: 'string' } } })
  t.same(body.data.fieldSizes.richtext, { default: 12, isResizable: false })
  t.same(body.data.fieldSizes.integer, { default: 4, isResizable: true })
})

t.test('the defaults: main field, list of 4, edit rows on 12 columns, components beside; one statement', async t => {
  statements.reset()
  const { body } = await call('GET', ARTICLE, { token })
  t.equal(statements.count(), 2, 'the admin, then ONE statement for the saved configurations')
  const { contentType, components } = body.data
  t.same(contentType.settings, { mainField: 'title', defaultSortBy: 'title', defaultSortOrder: 'ASC', pageSize: 10, searchable: true, filterable: true, bulkable: true })
  t.same(contentType.layouts.list, ['id', 'title', 'slug', 'excerpt'])
  t.same(contentType.layouts.edit.slice(0, 3), [
    [{ name: 'title', size: 6 }, { name: 'slug', size: 6 }],
    [{ name: 'excerpt', size: 6 }],
    [{ name: 'body', size: 12 }]
  ])
  for (const row of contentType.layouts.edit) t.ok(row.reduce((sum: number, field: any) => sum + field.size, 0) <= 12)
  t.notOk(contentType.layouts.edit.flat().some((field: any) => ['id', 'createdAt', 'publishedAt'].includes(field.name)), 'server-written fields are not edited')
  t.match(contentType.metadatas.author, { edit: { label: 'author', mainField: 'name', visible: true }, list: { sortable: true } })
  t.match(contentType.metadatas.tags, { list: { sortable: false } })
  t.same(Object.keys(components).sort(), ['blocks.media', 'blocks.quote', 'blocks.related-articles', 'blocks.rich-text', 'shared.open-graph', 'shared.seo'])
  t.match(components['shared.seo'], { uid: 'shared.seo', category: 'shared', settings: { mainField: 'metaTitle' }, layouts: { edit: Array } })
  const component = await call('GET', '/content-manager/components/shared.seo/configuration', { token })
  t.match(component.body.data, { component: { uid: 'shared.seo' }, components: { 'shared.open-graph': { uid: 'shared.open-graph' } } })
})

t.test('a save: checked, stored, merged key by key over earlier saves', async t => {
  const first = await call('PUT', ARTICLE, { token, payload: { settings: { pageSize: 25, mainField: 'slug' }, metadatas: { title: { edit: { label: 'Headline' } } } } })
  t.equal(first.status, 200)
  t.match(first.body.data.contentType, { settings: { pageSize: 25, mainField: 'slug', defaultSortBy: 'title' }, metadatas: { title: { edit: { label: 'Headline', visible: true } } } })
  const second = await call('PUT', ARTICLE, { token, payload: { metadatas: { title: { list: { label: 'Head' } } }, layouts: { list: ['id', 'title', 'author', 'tags'] } } })
  t.match(second.body.data.contentType, {
    settings: { pageSize: 25 },
    metadatas: { title: { edit: { label: 'Headline' }, list: { label: 'Head' } } },
    layouts: { list: ['id', 'title', 'author', 'tags'] }
  })
  const again = await call('GET', ARTICLE, { token })
  t.same(again.body.data, second.body.data, 'stored')
  const list = await call('GET', '/content-manager/collection-types/api::article.article', { token })
  t.equal(list.body.pagination.pageSize, 25, 'the list reads the saved page size')

  for (const [payload, path] of [
    [{ settings: { pageSize: 0 } }, ['settings', 'pageSize']],
    [{ settings: { mainField: 'tags' } }, ['settings', 'mainField']],
    [{ metadatas: { nope: { edit: { label: 'x' } } } }, ['metadatas', 'nope']],
    [{ layouts: { edit: [[{ name: 'title', size: 8 }, { name: 'slug', size: 6 }]] } }, ['layouts', 'edit', 0]],
    [{ layouts: { edit: [[{ name: 'createdAt', size: 6 }]] } }, ['layouts', 'edit', 0, 0, 'name']],
    [{ layouts: { list: ['blocks'] } }, ['layouts', 'list', 0]],
    [{ colour: 'red' }, ['colour']]
  ] as const) {
    const refused = await call('PUT', ARTICLE, { token, payload })
    t.equal(refused.status, 400, JSON.stringify(payload))
    t.match(refused.body, { data: null, error: { name: 'ValidationError', details: { errors: [{ path }] } } })
  }
  t.same((await call('GET', ARTICLE, { token })).body.data, second.body.data, 'refused saves change nothing')
  t.equal((await call('GET', '/content-manager/content-types/api::nope.nope/configuration', { token })).status, 404)
})

const noteSchema = (config: unknown): ContentTypeSchema => ({
  kind: 'collectionType',
  info: { singularName: 'note', pluralName: 'notes', displayName: 'Note' },
  attributes: { heading: { type: 'string' }, label: { type: 'string' }, words: { type: 'integer' } },
  config
})

t.test('a schema\'s config overrides the defaults; a bad one stops start-up naming it', async t => {
  const configured = await buildAdminApp({ contentTypes: { 'api::note.note': noteSchema({ settings: { mainField: 'label' }, layouts: { list: ['id', 'label'] } }) } })
  t.teardown(configured.close)
  const { body } = await configured.call('GET', '/content-manager/content-types/api::note.note/configuration', { token: configured.tokens.superAdmin })
  t.match(body.data.contentType, { settings: { mainField: 'label', defaultSortBy: 'heading' }, layouts: { list: ['id', 'label'] } })
  await t.rejects(buildTestApp({ contentTypes: { 'api::note.note': noteSchema({ layouts: { list: ['missing'] } }) }, admin: { enabled: true } }), /config: layouts\.list\.0/)
})
