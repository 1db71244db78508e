/**
 * The admin roles (docs/admin-api.md, 'Roles'): the Editor does everything with content, the
 * Author only with what it created and never publishes, only the Super Admin saves view
 * configurations; 403 in the envelope, nothing written.
 */
import t from 'tap'
import { buildAdminApp } from './admin-app.js'

const api = await buildAdminApp()
t.teardown(api.close)
const { call, tokens } = api
const ARTICLES = '/content-manager/collection-types/api::article.article'

const byEditor = (await call('POST', ARTICLES, { token: tokens.editor, payload: { title: 'Editor\'s' } })).body
const byAuthor = (await call('POST', ARTICLES, { token: tokens.author, payload: { title: 'Author\'s' } })).body

t.test('the Author sees and changes only its own entries', async t => {
  t.match(byAuthor, { title: 'Author\'s', createdBy: { id: api.ids.author } })
  const list = await call('GET', `${ARTICLES}?page=1&pageSize=10&sort=id:ASC`, { token: tokens.author })
  t.same(list.body.results.map((entry: any) => entry.title), ['Author\'s'])
  t.equal(list.body.pagination.total, 1)
  t.equal((await call('GET', `${ARTICLES}/${byAuthor.id as number}`, { token: tokens.author })).status, 200)
  t.equal((await call('PUT', `${ARTICLES}/${byAuthor.id as number}`, { token: tokens.author, payload: { title: 'Author\'s, edited' } })).body.title, 'Author\'s, edited')

  for (const [method, url, payload] of [
    ['GET', `${ARTICLES}/${byEditor.id as number}`, undefined],
    ['PUT', `${ARTICLES}/${byEditor.id as number}`, { title: 'Taken over' }],
    ['DELETE', `${ARTICLES}/${byEditor.id as number}`, undefined],
    ['POST', `${ARTICLES}/actions/bulkDelete`, { ids: [byAuthor.id, byEditor.id] }]
  ] as const) {
    const refused = await call(method, url, { token: tokens.author, payload })
    t.equal(refused.status, 403, `${method} ${url}`)
    t.match(refused.body, { data: null, error: { status: 403, name: 'ForbiddenError' } })
  }
  const [stillThere] = await api.app.contentApi.db.query('select title from articles where id = $1', [byEditor.id])
  t.equal(stillThere!.title, 'Editor\'s', 'nothing written')
  t.equal((await call('GET', `${ARTICLES}/99999`, { token: tokens.author })).status, 404, 'a missing entry is a 404, not a 403')
})

t.test('the Author never publishes, even its own', async t => {
  const refused = await call('POST', `${ARTICLES}/${byAuthor.id as number}/actions/publish`, { token: tokens.author })
  t.equal(refused.status, 403)
  t.equal((await call('POST', `${ARTICLES}/actions/bulkPublish`, { token: tokens.author, payload: { ids: [byAuthor.id] } })).status, 403)
  const permissions = await call('GET', '/admin/users/me/permissions', { token: tokens.author })
  const actions = permissions.body.data.filter((p: any) => p.subject === 'api::article.article')
  t.same(actions.map((p: any) => [p.action.split('.').pop(), p.conditions]), [
    ['read', ['admin::is-creator']], ['create', []], ['update', ['admin::is-creator']], ['delete', ['admin::is-creator']]
  ])
})

t.test('the Editor reads, changes and publishes everyone\'s entries', async t => {
  t.equal((await call('PUT', `${ARTICLES}/${byAuthor.id as number}`, { token: tokens.editor, payload: { title: 'Edited by the editor' } })).status, 200)
  t.equal((await call('POST', `${ARTICLES}/${byAuthor.id as number}/actions/publish`, { token: tokens.editor })).status, 200)
  const list = await call('GET', `${ARTICLES}?page=1&pageSize=10&sort=id:ASC`, { token: tokens.editor })
  t.equal(list.body.pagination.total, 2)
  t.equal((await call('DELETE', `${ARTICLES}/${byAuthor.id as number}`, { token: tokens.editor })).status, 200)
})

t.test('only the Super Admin saves view configurations', async t => {
  const url = '/content-manager/content-types/api::article.article/configuration'
  t.equal((await call('GET', url, { token: tokens.author })).status, 200, 'everyone reads them')
  for (const token of [tokens.editor, tokens.author]) {
    t.equal((await call('PUT', url, { token, payload: { settings: { pageSize: 20 } } })).status, 403)
  }
  t.equal((await call('PUT', url, { token: tokens.superAdmin, payload: { settings: { pageSize: 20 } } })).status, 200)
})

t.test('each admin user\'s role is stored; a blocked one is refused', async t => {
  const { rows } = { rows: await api.app.contentApi.db.query('select role from admin_users order by id', []) }
  t.same(rows.map(row => row.role), ['strapi-super-admin', 'strapi-editor', 'strapi-author'])
  await api.app.contentApi.db.query('update admin_users set blocked = true where id = $1', [api.ids.editor])
  t.equal((await call('GET', '/admin/users/me', { token: tokens.editor })).status, 401, 'a blocked admin\'s token no longer works')
})
