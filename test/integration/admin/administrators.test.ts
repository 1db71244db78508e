/**
 * Administrators management (docs/admin-api.md, 'Administrators'): the Super Admin lists,
 * searches, creates, edits and deletes admin users; other roles are refused; bad input is a
 * 4xx in the envelope; the last active Super Admin stays, even under two requests at once; a
 * deactivated admin can neither log in nor use its token.
 */
import t from 'tap'
import { buildAdminApp } from './admin-app.js'

// Many log ins from one address: the rate limits are another test's subject.
const api = await buildAdminApp({ rateLimit: false })
t.teardown(api.close)
const { call, tokens, ids } = api
/** The Super Admin's token; the race below may delete that admin, and then the survivor's. */
let token = tokens.superAdmin

async function sequenceValue (): Promise<number> {
  const [row] = await api.app.contentApi.db.query('select last_value from admin_users_id_seq', [])
  return Number(row!.last_value)
}

t.test('the list pages, sorts and searches; the roles carry their counts', async t => {
  const page = await call('GET', '/admin/users?page=1&pageSize=2&sort=email:ASC', { token })
  t.equal(page.status, 200)
  t.same(page.body.data.results.map((user: any) => user.email), ['author@example.com', 'editor@example.com'])
  t.same(page.body.data.pagination, { page: 1, pageSize: 2, pageCount: 2, total: 3 })
  t.notOk('password' in page.body.data.results[0], 'no password')
  t.match(page.body.data.results[1], { roles: [{ id: 2, code: 'strapi-editor', name: 'Editor' }], isActive: true })
  const past = await call('GET', '/admin/users?page=9&pageSize=2', { token })
  t.same(past.body.data, { results: [], pagination: { page: 9, pageSize: 2, pageCount: 2, total: 3 } }, 'past the end: the total still')
  const found = await call('GET', '/admin/users?_q=PER', { token })
  t.same(found.body.data.results.map((user: any) => user.email), ['super@example.com'], '_q over names and email, any case')
  const roles = await call('GET', '/admin/roles', { token })
  t.same(roles.body.data.map((role: any) => [role.code, role.usersCount]), [['strapi-super-admin', 1], ['strapi-editor', 1], ['strapi-author', 1]])
})

t.test('the Super Admin creates an admin user with a password; it logs in with its role', async t => {
  const created = await call('POST', '/admin/users', { token, payload: { email: 'New@Example.com', firstname: 'Nia', lastname: 'New', password: 'new-password', roles: [3] } })
  t.equal(created.status, 201)
  t.match(created.body.data, { email: 'new@example.com', firstname: 'Nia', lastname: 'New', isActive: true, roles: [{ code: 'strapi-author' }] })
  const [stored] = await api.app.contentApi.db.query('select password from admin_users where id = $1', [created.body.data.id])
  t.match(stored!.password, /^\$argon2id\$/, 'hashed as every admin password')
  const login = await call('POST', '/admin/login', { payload: { email: 'new@example.com', password: 'new-password' } })
  t.equal(login.status, 200)
  const me = await call('GET', '/admin/users/me', { token: login.body.data.token })
  t.match(me.body.data.roles, [{ code: 'strapi-author' }])
  t.same((await call('GET', `/admin/users/${created.body.data.id as number}`, { token })).body.data, created.body.data, 'read back')
})

t.test('bad input is a 4xx in the envelope, and spends no id', async t => {
  const before = await sequenceValue()
  const cases: Array<[string, string, unknown, number, Array<string | number> | undefined]> = [
    ['POST', '/admin/users', { email: 'editor@example.com', firstname: 'Dup', password: 'long-enough', roles: [2] }, 400, ['email']],
    ['POST', '/admin/users', { email: 'EDITOR@example.com', firstname: 'Dup', password: 'long-enough', roles: [2] }, 400, ['email']],
    ['POST', '/admin/users', { email: 'x@example.com', firstname: 'X', password: 'short', roles: [2] }, 400, ['password']],
    ['POST', '/admin/users', { email: 'x@example.com', firstname: 'X', password: 'long-enough', roles: [9] }, 400, ['roles', 0]],
    ['POST', '/admin/users', { email: 'x@example.com', firstname: 'X', password: 'long-enough', roles: [1, 2] }, 400, ['roles']],
    ['POST', '/admin/users', { email: 'x@example.com', firstname: 'X', password: 'long-enough' }, 400, ['roles']],
    ['POST', '/admin/users', { email: 'not-an-email', firstname: 'X', password: 'long-enough', roles: [2] }, 400, ['email']],
    ['POST', '/admin/users', { email: 'x@example.com', firstname: 'X', password: 'long-enough', roles: [2], isAdmin: true }, 400, ['isAdmin']],
    ['POST', '/admin/users', [], 400, undefined],
    ['PUT', `/admin/users/${ids.author}`, { email: 'editor@example.com' }, 400, ['email']],
    ['PUT', `/admin/users/${ids.author}`, { isActive: 'no' }, 400, ['isActive']],
    ['PUT', '/admin/users/99999', { firstname: 'Ghost' }, 404, undefined],
    ['GET', '/admin/users/99999', undefined, 404, undefined],
    ['GET', '/admin/users/abc', undefined, 400, undefined],
    ['DELETE', '/admin/users/99999', undefined, 404, undefined],
    ['POST', '/admin/users/batch-delete', { ids: [] }, 400, ['ids']],
    ['POST', '/admin/users/batch-delete', { ids: ['x'] }, 400, ['ids', 0]],
    ['GET', '/admin/users?page=0', undefined, 400, ['page']],
    ['GET', '/admin/users?sort=password:ASC', undefined, 400, ['sort']],
    ['GET', `/admin/users?_q=${'x'.repeat(501)}`, undefined, 400, ['_q']]
  ]
  for (const [method, url, payload, status, path] of cases) {
    const answer = await call(method, url, { token, payload })
    t.equal(answer.status, status, `${method} ${url} ${JSON.stringify(payload)}`)
    t.match(answer.body, { data: null, error: { status, name: String } })
    if (path !== undefined) t.same(answer.body.error.details.errors[0].path, path)
  }
  t.equal(await sequenceValue(), before, 'no admin user id drawn')
  const [author] = await api.app.contentApi.db.query('select email, is_active from admin_users where id = $1', [ids.author])
  t.same(author, { email: 'author@example.com', is_active: true }, 'nothing written')
})

t.test('the Editor and the Author are refused every route, with nothing read or written', async t => {
  for (const who of [tokens.editor, tokens.author]) {
    for (const [method, url, payload] of [
      ['GET', '/admin/users', undefined], ['GET', '/admin/roles', undefined], ['GET', `/admin/users/${ids.superAdmin}`, undefined],
      ['POST', '/admin/users', { email: 'sneaky@example.com', firstname: 'S', password: 'long-enough', roles: [1] }],
      ['PUT', `/admin/users/${ids.editor}`, { roles: [1] }],
      ['DELETE', `/admin/users/${ids.superAdmin}`, undefined],
      ['POST', '/admin/users/batch-delete', { ids: [ids.superAdmin] }]
    ] as const) {
      const answer = await call(method, url, { token: who, payload })
      t.equal(answer.status, 403, `${method} ${url}`)
    }
  }
  const rows = await api.app.contentApi.db.query('select role from admin_users where id = $1', [ids.editor])
  t.equal(rows[0]!.role, 'strapi-editor')
  t.equal((await api.app.contentApi.db.query('select from admin_users where email = $1', ['sneaky@example.com'])).length, 0)
  const permissions = await call('GET', '/admin/users/me/permissions', { token: tokens.editor })
  t.notOk(permissions.body.data.some((p: any) => p.action.startsWith('admin::users')), 'the Editor is not told it may manage admins')
  const mine = await call('GET', '/admin/users/me/permissions', { token })
  t.ok(mine.body.data.some((p: any) => p.action === 'admin::users.create'), 'the Super Admin is')
})

t.test('an edit changes name, role and active; a deactivated admin cannot log in and its token stops working', async t => {
  const login = await call('POST', '/admin/login', { payload: { email: 'editor@example.com', password: 'editor-password' } })
  const editorToken = login.body.data.token as string
  const edited = await call('PUT', `/admin/users/${ids.editor}`, { token, payload: { firstname: 'Edna', lastname: 'Ed', roles: ['strapi-author'], isActive: false } })
  t.equal(edited.status, 200)
  t.match(edited.body.data, { firstname: 'Edna', lastname: 'Ed', isActive: false, roles: [{ code: 'strapi-author' }] })
  t.equal((await call('GET', '/admin/users/me', { token: editorToken })).status, 401, 'its token no longer works')
  t.equal((await call('POST', '/admin/login', { payload: { email: 'editor@example.com', password: 'editor-password' } })).status, 400, 'nor does its password')
  const back = await call('PUT', `/admin/users/${ids.editor}`, { token, payload: { isActive: true, roles: [2], password: 'changed-password' } })
  t.equal(back.status, 200)
  t.equal((await call('GET', '/admin/users/me', { token: editorToken })).status, 200, 'active again: the token works')
  t.equal((await call('POST', '/admin/login', { payload: { email: 'editor@example.com', password: 'changed-password' } })).status, 200, 'with its new password')
})

t.test('the last active Super Admin is never removed, demoted or deactivated', async t => {
  const refusals = [
    await call('DELETE', `/admin/users/${ids.superAdmin}`, { token }),
    await call('POST', '/admin/users/batch-delete', { token, payload: { ids: [ids.superAdmin, ids.author] } }),
    await call('PUT', `/admin/users/${ids.superAdmin}`, { token, payload: { roles: [2] } }),
    await call('PUT', `/admin/users/${ids.superAdmin}`, { token, payload: { isActive: false } })
  ]
  for (const answer of refusals) {
    t.equal(answer.status, 400)
    t.equal(answer.body.error.message, 'You must have at least one user with super admin role.')
  }
  const rows = await api.app.contentApi.db.query('select id, role, is_active from admin_users where id = any($1::int[]) order by id', [[ids.superAdmin, ids.author]])
  t.same(rows, [{ id: ids.superAdmin, role: 'strapi-super-admin', is_active: true }, { id: ids.author, role: 'strapi-author', is_active: true }], 'the batch rolled back whole')
})

t.test('two Super Admins deleting each other at once: one wins, one Super Admin remains', async t => {
  const second = await call('POST', '/admin/users', { token, payload: { email: 'second@example.com', firstname: 'Second', password: 'second-password', roles: [1] } })
  const secondToken = (await call('POST', '/admin/login', { payload: { email: 'second@example.com', password: 'second-password' } })).body.data.token as string
  const { db } = api.app.contentApi
  // The test holds the admin users' lock (management/admin-user-management.ts) until both
  // requests, each signed in, wait on it: without the lock, each would see the other still there.
  const answers = await db.transaction(async tx => {
    await tx.query("select pg_advisory_xact_lock(hashtextextended('fastify-content-api:admin-users', 0))", [])
    const answers = Promise.all([
      call('DELETE', `/admin/users/${second.body.data.id as number}`, { token }),
      call('DELETE', `/admin/users/${ids.superAdmin}`, { token: secondToken })
    ])
    for (let waiting = 0; waiting < 2;) {
      await new Promise(resolve => setImmediate(resolve))
      const [row] = await db.query(`select count(*)::int as waiting from pg_locks
        where locktype = 'advisory' and not granted and database = (select oid from pg_database where datname = current_database())`, [])
      waiting = Number(row!.waiting)
    }
    return { answers }
  })
  const [a, b] = await answers.answers
  t.same([a!.status, b!.status].sort(), [200, 400], 'one deleted, the other refused')
  const left = await db.query("select id from admin_users where role = 'strapi-super-admin' and is_active and not blocked", [])
  t.equal(left.length, 1, 'exactly one Super Admin remains')
  // Either may win: the tests after this one act as the Super Admin that is left.
  if (b!.status === 200) token = secondToken
})

t.test('deleting an admin user keeps the entries it created, their creator emptied', async t => {
  const created = await call('POST', '/admin/users', { token, payload: { email: 'leaver@example.com', firstname: 'Lea', password: 'leaver-password', roles: [2] } })
  const leaverToken = (await call('POST', '/admin/login', { payload: { email: 'leaver@example.com', password: 'leaver-password' } })).body.data.token as string
  const entry = await call('POST', '/content-manager/collection-types/api::article.article', { token: leaverToken, payload: { title: 'Left behind' } })
  t.equal(entry.status, 200)
  const deleted = await call('POST', '/admin/users/batch-delete', { token, payload: { ids: [created.body.data.id, 99999] } })
  t.equal(deleted.status, 200)
  t.same(deleted.body.data.map((user: any) => user.email), ['leaver@example.com'], 'an id already gone is left out')
  const [article] = await api.app.contentApi.db.query('select title, created_by_id from articles where id = $1', [entry.body.id])
  t.same(article, { title: 'Left behind', created_by_id: null })
})
