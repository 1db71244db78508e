/**
 * `/content-manager/collection-types/:uid` (docs/admin-api.md, 'Collection types'): the list and
 * its columns, the entry, writes in the admin body format through the REST API's write path,
 * publication, bulk actions, errors in the envelope, and the statements each read costs.
 */
import t from 'tap'
import { buildAdminApp } from './admin-app.js'

const api = await buildAdminApp()
t.teardown(api.close)
const { call, tokens, statements } = api
const ARTICLES = '/content-manager/collection-types/api::article.article'
const token = tokens.superAdmin

const author = await call('POST', '/content-manager/collection-types/api::author.author', { token, payload: { name: 'Grace' } })
const tags = await Promise.all(['alpha', 'beta'].map(async name => (await call('POST', '/content-manager/collection-types/api::tag.tag', { token, payload: { name } })).body))

t.test('create: a draft in the admin body format, answered flat with its creators', async t => {
  const created = await call('POST', ARTICLES, {
    token,
    payload: {
      id: 999, createdAt: '2001-01-01T00:00:00.000Z', publishedAt: '2001-01-01T00:00:00.000Z',
      title: 'Admin article',
      author: { connect: [{ id: author.body.id }], disconnect: [] },
      tags: { connect: tags.map(tag => ({ id: tag.id })) },
      seo: { metaTitle: 'Meta', openGraph: { ogTitle: 'OG' } },
      blocks: [{ __component: 'blocks.quote', text: 'Quoted', __temp_key__: 'a0' }]
    }
  })
  t.equal(created.status, 200)
  t.not(created.body.id, 999, 'the id is the server\'s')
  t.match(created.body, {
    title: 'Admin article', slug: 'admin-article', publishedAt: null,
    author: { count: 1 }, tags: { count: 2 },
    seo: { id: Number, metaTitle: 'Meta', openGraph: { id: Number, ogTitle: 'OG' } },
    blocks: [{ id: Number, __component: 'blocks.quote', text: 'Quoted' }],
    createdBy: { id: api.ids.superAdmin, firstname: 'Sue', lastname: 'Per' },
    updatedBy: { id: api.ids.superAdmin }
  })
  t.not(created.body.createdAt, '2001-01-01T00:00:00.000Z')
  const rest = await api.app.inject({ method: 'GET', url: `/api/articles/${created.body.id as number}?publicationState=preview` })
  t.equal(rest.json().data.attributes.title, 'Admin article', 'the REST API sees the same entry')
})

t.test('the list: flat entries, to-one relations by main field, to-many counted, paged, sorted, searched; one statement', async t => {
  for (const title of ['Bravo', 'Charlie', 'Delta']) await call('POST', ARTICLES, { token, payload: { title } })
  statements.reset()
  const page = await call('GET', `${ARTICLES}?page=1&pageSize=2&sort=title:DESC`, { token })
  t.equal(statements.count(), 2, 'the token\'s admin, then ONE statement for the page and its total')
  t.equal(page.status, 200)
  t.same(page.body.pagination, { page: 1, pageSize: 2, pageCount: 2, total: 4 })
  t.same(page.body.results.map((entry: any) => entry.title), ['Delta', 'Charlie'])
  const all = await call('GET', `${ARTICLES}?page=1&pageSize=10&sort=title:ASC`, { token })
  const admin = all.body.results.find((entry: any) => entry.title === 'Admin article')
  t.match(admin, { author: { id: author.body.id, name: 'Grace' }, tags: { count: 2 }, createdBy: { firstname: 'Sue' } })
  t.notOk('attributes' in admin, 'flat')
  const searched = await call('GET', `${ARTICLES}?page=1&pageSize=10&sort=title:ASC&_q=harl`, { token })
  t.same(searched.body.results.map((entry: any) => entry.title), ['Charlie'])
  const filtered = await call('GET', `${ARTICLES}?page=1&pageSize=10&sort=title:ASC&filters[$and][0][title][$startsWith]=D`, { token })
  t.same(filtered.body.results.map((entry: any) => entry.title), ['Delta'])
  const bySettings = await call('GET', ARTICLES, { token })
  t.same(bySettings.body.pagination, { page: 1, pageSize: 10, pageCount: 1, total: 4 }, 'the configuration\'s page size')
  t.equal(bySettings.body.results[0].title, 'Admin article', 'the configuration\'s sort: the main field, ascending')
})

t.test('the entry: one statement; 404 for a missing one, 400 for a bad id, 404 for an unknown type', async t => {
  const { body: [first] } = { body: (await call('GET', `${ARTICLES}?page=1&pageSize=1&sort=id:ASC`, { token })).body.results }
  statements.reset()
  const entry = await call('GET', `${ARTICLES}/${first.id as number}`, { token })
  t.equal(statements.count(), 2, 'the token\'s admin, then ONE statement')
  t.match(entry.body, { id: first.id, title: 'Admin article', author: { count: 1 } })
  const missing = await call('GET', `${ARTICLES}/99999`, { token })
  t.match(missing, { status: 404, body: { data: null, error: { status: 404, name: 'NotFoundError' } } })
  t.equal((await call('GET', `${ARTICLES}/abc`, { token })).status, 400)
  t.equal((await call('GET', '/content-manager/collection-types/api::nope.nope', { token })).status, 404)
  t.equal((await call('GET', '/content-manager/collection-types/api::homepage.homepage', { token })).status, 404, 'a single type is not a collection')
})

t.test('bad bodies: a 400 in the envelope naming the attribute, and nothing written', async t => {
  const [before] = await api.app.contentApi.db.query('select count(*)::int as n from articles', [])
  const missingTitle = await call('POST', ARTICLES, { token, payload: { excerpt: 'no title' } })
  t.equal(missingTitle.status, 400)
  t.match(missingTitle.body, { data: null, error: { name: 'ValidationError', details: { errors: [{ path: ['title'] }] } } })
  const badRelation = await call('POST', ARTICLES, { token, payload: { title: 'x', tags: { connect: [{ id: 424242 }] } } })
  t.equal(badRelation.status, 400)
  t.equal((await call('POST', ARTICLES, { token, payload: [1, 2] })).status, 400)
  const [after] = await api.app.contentApi.db.query('select count(*)::int as n from articles', [])
  t.equal(after!.n, before!.n)
})

t.test('update, publish, unpublish, delete: through the write path, with events', async t => {
  const events: string[] = []
  for (const name of ['entry.update', 'entry.publish', 'entry.unpublish', 'entry.delete'] as const) {
    api.app.contentApi.events.on(name, ({ entry }) => { events.push(`${name}:${String((entry as { id?: unknown }).id)}`) })
  }
  const created = (await call('POST', ARTICLES, { token: tokens.editor, payload: { title: 'Editorial' } })).body
  const updated = await call('PUT', `${ARTICLES}/${created.id as number}`, { token, payload: { title: 'Edited', tags: { connect: [{ id: tags[0].id }] } } })
  t.match(updated.body, { title: 'Edited', tags: { count: 1 }, createdBy: { id: api.ids.editor }, updatedBy: { id: api.ids.superAdmin } })
  const published = await call('POST', `${ARTICLES}/${created.id as number}/actions/publish`, { token })
  t.type(published.body.publishedAt, 'string')
  t.equal((await api.app.inject({ method: 'GET', url: `/api/articles/${created.id as number}` })).statusCode, 200, 'published: the REST API shows it')
  const unpublished = await call('POST', `${ARTICLES}/${created.id as number}/actions/unpublish`, { token })
  t.equal(unpublished.body.publishedAt, null)
  const deleted = await call('DELETE', `${ARTICLES}/${created.id as number}`, { token })
  t.equal(deleted.body.title, 'Edited')
  t.equal((await call('GET', `${ARTICLES}/${created.id as number}`, { token })).status, 404)
  t.same(events, [`entry.update:${created.id as number}`, `entry.update:${created.id as number}`, `entry.publish:${created.id as number}`,
    `entry.update:${created.id as number}`, `entry.unpublish:${created.id as number}`, `entry.delete:${created.id as number}`])
  const notDraftable = await call('POST', `/content-manager/collection-types/api::tag.tag/${tags[0].id as number}/actions/publish`, { token })
  t.equal(notDraftable.status, 400, 'a type without draft and publish has nothing to publish')
})

t.test('bulk actions: publish, unpublish, delete; bad ids are a 400', async t => {
  const ids = await Promise.all(['One', 'Two'].map(async title => (await call('POST', ARTICLES, { token, payload: { title } })).body.id as number))
  t.same((await call('POST', `${ARTICLES}/actions/bulkPublish`, { token, payload: { ids } })).body, { count: 2 })
  const [published] = await api.app.contentApi.db.query('select count(*)::int as n from articles where id = any($1) and published_at is not null', [ids])
  t.equal(published!.n, 2)
  t.same((await call('POST', `${ARTICLES}/actions/bulkUnpublish`, { token, payload: { ids } })).body, { count: 2 })
  t.same((await call('POST', `${ARTICLES}/actions/bulkDelete`, { token, payload: { ids: [...ids, 99999] } })).body, { count: 2 }, 'ids already gone are not counted')
  t.equal((await call('POST', `${ARTICLES}/actions/bulkDelete`, { token, payload: { ids: 'all' } })).status, 400)
  t.equal((await call('POST', `${ARTICLES}/actions/bulkDelete`, { token, payload: { ids: [] } })).status, 400)
  t.equal((await call('POST', `${ARTICLES}/actions/bulkDelete`, { token, payload: { ids: [-1] } })).status, 400)
})
