/**
 * Bad input to the admin API (docs/admin-api.md) is a 4xx in the error envelope, never a 500 and
 * never a write: unknown uids, missing or malformed ids, an over-long search, malformed sort,
 * filters and paging, on the list, the relation pickers, the uid routes and the bulk actions.
 */
import t from 'tap'
import type { Test } from 'tap'
import { buildAdminApp } from './admin-app.js'

const api = await buildAdminApp()
t.teardown(api.close)
const { call, tokens } = api
const token = tokens.superAdmin
const ARTICLES = '/content-manager/collection-types/api::article.article'
const kept = (await call('POST', ARTICLES, { token, payload: { title: 'Still here' } })).body as { id: number }

/** The request answers `status` in Strapi's envelope. */
async function refused (t: Test, method: string, url: string, status: number, payload?: unknown): Promise<void> {
  const answer = await call(method, url, { token, payload })
  t.equal(answer.status, status, `${method} ${url.slice(0, 120)}: ${status}`)
  t.match(answer.body, { data: null, error: { status, name: String, message: String } }, 'in the error envelope')
}

t.test('an unknown uid is a 404 on every route that takes one', async t => {
  await refused(t, 'GET', '/content-manager/collection-types/api::nope.nope', 404)
  await refused(t, 'GET', '/content-manager/collection-types/api::nope.nope/1', 404)
  await refused(t, 'POST', '/content-manager/collection-types/api::nope.nope/actions/bulkDelete', 404, { ids: [1] })
  await refused(t, 'GET', '/content-manager/single-types/api::nope.nope', 404)
  await refused(t, 'GET', '/content-manager/content-types/api::nope.nope/configuration', 404)
  await refused(t, 'GET', '/content-manager/components/nope.nope/configuration', 404)
  await refused(t, 'GET', '/content-manager/relations/api::nope.nope/author', 404)
  await refused(t, 'GET', '/content-manager/relations/api::nope.nope/1/author', 404)
  await refused(t, 'GET', '/content-manager/relations/shared.seo/1/author', 404)
  await refused(t, 'GET', '/content-manager/relations/api::article.article/nope', 404)
  await refused(t, 'GET', '/content-manager/relations/api::article.article/title', 404)
  await refused(t, 'POST', '/content-manager/uid/generate', 400, { contentTypeUID: 'api::nope.nope', field: 'slug', data: {} })
  await refused(t, 'POST', '/content-manager/uid/check-availability', 400, { contentTypeUID: 'api::article.article', field: 'title', value: 'x' })
})

t.test('missing or malformed ids are a 400 (a 404 for an id that cannot exist); nothing is written', async t => {
  for (const action of ['bulkDelete', 'bulkPublish', 'bulkUnpublish']) {
    await refused(t, 'POST', `${ARTICLES}/actions/${action}`, 400, {})
    await refused(t, 'POST', `${ARTICLES}/actions/${action}`, 400, { ids: null })
    await refused(t, 'POST', `${ARTICLES}/actions/${action}`, 400, { ids: [kept.id, 'x'] })
    await refused(t, 'POST', `${ARTICLES}/actions/${action}`, 400, { ids: [kept.id, 1.5] })
    await refused(t, 'POST', `${ARTICLES}/actions/${action}`, 400, { ids: Array.from({ length: 101 }, (_, index) => index + 1) })
  }
  await refused(t, 'POST', `${ARTICLES}/actions/bulkDelete`, 415, 'ids')
  for (const id of ['abc', '-1', '1.5', '99999999999999999999']) await refused(t, 'GET', `${ARTICLES}/${id}`, id === '-1' || id === 'abc' || id === '1.5' ? 400 : 404)
  const [row] = await api.app.contentApi.db.query('select title, published_at from articles where id = $1', [kept.id])
  t.same(row, { title: 'Still here', published_at: null }, 'the entry named beside bad ids is untouched')
})

t.test('an over-long search is a 400 on the list and the relation picker', async t => {
  const long = 'x'.repeat(5000)
  await refused(t, 'GET', `${ARTICLES}?page=1&pageSize=10&sort=title:ASC&_q=${long}`, 400)
  await refused(t, 'GET', `/content-manager/relations/api::article.article/author?_q=${long}`, 400)
  const fine = await call('GET', `${ARTICLES}?page=1&pageSize=10&sort=title:ASC&_q=${'x'.repeat(200)}`, { token })
  t.equal(fine.status, 200, 'a long but reasonable search still answers')
})

t.test('malformed sort, filters and paging are a 400', async t => {
  for (const query of [
    'sort=title:SIDEWAYS',
    'sort=nope:ASC',
    'sort=cover:ASC',
    'sort[0][title]=up',
    'filters[title][$bogus]=x',
    'filters[nope][$eq]=x',
    'filters=text',
    'filters[$and]=x',
    'filters[views][$gt]=many',
    'page=0',
    'page=abc',
    'pageSize=-5',
    '_q[a]=b'
  ]) {
    await refused(t, 'GET', `${ARTICLES}?${query}`, 400)
  }
  for (const query of ['pageSize=abc', 'page=-1', '_q[]=a', 'idsToOmit[]=x']) {
    await refused(t, 'GET', `/content-manager/relations/api::article.article/author?${query}`, 400)
  }
  const clamped = await call('GET', `${ARTICLES}?page=1&pageSize=100000&sort=title:ASC`, { token })
  t.equal(clamped.body.pagination.pageSize, 100, 'a page size over the largest is the largest (as the REST API does)')
})
