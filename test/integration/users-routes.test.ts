/**
 * The users-permissions routes front ends and admin panels call (docs/access-control.md, 'Users'): bare
 * users (no envelope) with populate/fields/filters/sort/pagination, count, me, update,
 * delete, the roles with nb_users — each under the caller's role, never a private field.
 */
import t from 'tap'
import type { Test } from 'tap'
import type { ContentTypeSchema } from '../../plugin/index.js'
import { buildTestApp } from '../helpers/app.js'

const SECRET = 'a-test-secret-that-is-long-enough'
const USER = 'plugin::users-permissions.user'
const ROLE = 'plugin::users-permissions.role'
const PRIVATE_KEYS = ['password', 'resetPasswordToken', 'confirmationToken']

const contentTypes: Record<string, ContentTypeSchema> = {
  'api::note.note': {
    info: { singularName: 'note', pluralName: 'notes' },
    attributes: {
      title: { type: 'string' },
      author: { type: 'relation', relation: 'manyToOne', target: USER }
    }
  }
}

const { app, close, statements } = await buildTestApp({
  contentTypes,
  permissions: {
    jwtSecret: SECRET,
    roles: {
      public: { 'api::note.note': ['find'], [USER]: ['find'] },
      authenticated: { 'api::note.note': ['find'] },
      manager: {
        'api::note.note': ['find', 'findOne'],
        [USER]: ['find', 'findOne', 'count', 'update', 'destroy'],
        [ROLE]: ['find', 'findOne']
      }
    }
  }
})
t.teardown(close)

interface Answer { status: number, body: any }

async function call (method: 'GET' | 'PUT' | 'POST' | 'DELETE', url: string, options: { token?: string, payload?: unknown } = {}): Promise<Answer> {
  const response = await app.inject({
    method,
    url,
    ...(options.payload === undefined ? {} : { payload: options.payload as object }),
    headers: options.token === undefined ? {} : { authorization: `Bearer ${options.token}` }
  })
  return { status: response.statusCode, body: response.body === '' ? null : response.json() }
}

/** Every key at any depth of a JSON value. */
function keysOf (value: unknown, keys = new Set<string>()): Set<string> {
  if (Array.isArray(value)) for (const item of value) keysOf(item, keys)
  else if (value !== null && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) { keys.add(key); keysOf(item, keys) }
  }
  return keys
}

function noPrivateKeys (t: Test, body: unknown, where: string): void {
  const keys = keysOf(body)
  t.same(PRIVATE_KEYS.filter(key => keys.has(key)), [], `${where}: no private field`)
}

async function login (identifier: string, password: string): Promise<Answer> {
  return await call('POST', '/api/auth/local', { payload: { identifier, password } })
}

const create = app.contentApi.users!.createUser
const anna = await create({ username: 'anna', email: 'anna@example.com', password: 'anna-secret' })
const bob = await create({ username: 'bob', email: 'bob@example.com', password: 'bob-secret' })
const carl = await create({ username: 'carl', email: 'carl@example.com', password: 'carl-secret' })
const boss = await create({ username: 'boss', email: 'boss@example.com', password: 'boss-secret', role: 'manager' })
const bossJwt = (await login('boss', 'boss-secret')).body.jwt as string
const annaJwt = (await login('anna', 'anna-secret')).body.jwt as string
const fullToken = (await app.contentApi.apiTokens!.create({ name: 'seed', type: 'full-access' })).accessKey
const note = (await call('POST', '/api/notes', { token: fullToken, payload: { data: { title: 'N1', author: bob.id } } })).body.data.id as number

t.test('GET /users answers a bare array of users, in id order, without private fields', async t => {
  const { status, body } = await call('GET', '/api/users', { token: bossJwt })
  t.equal(status, 200)
  t.ok(Array.isArray(body), 'an array, not { data, meta }')
  t.same(body.map((user: { username: string }) => user.username), ['anna', 'bob', 'carl', 'boss'])
  t.match(body[0], { id: anna.id, username: 'anna', email: 'anna@example.com', provider: 'local', confirmed: true, blocked: false, createdAt: String, updatedAt: String })
  t.notOk('attributes' in body[0])
  t.notOk('role' in body[0], 'no role unless populated, as in Strapi')
  noPrivateKeys(t, body, 'list')
})

t.test('populate role (array, string and object forms) answers the role as a plain object', async t => {
  for (const query of ['populate[0]=role', 'populate=role', 'populate[role]=true', 'populate=*']) {
    const { status, body } = await call('GET', `/api/users?${query}&filters[username][$eq]=boss`, { token: bossJwt })
    t.equal(status, 200, query)
    t.match(body, [{ username: 'boss', role: { id: Number, name: 'Manager', type: 'manager' } }], query)
    t.notOk('data' in body[0].role, `${query}: the role is not wrapped in { data }`)
    noPrivateKeys(t, body, query)
  }
  const withFields = await call('GET', '/api/users?populate[role][fields][0]=type&filters[username]=anna', { token: bossJwt })
  t.same(withFields.body[0].role, { id: withFields.body[0].role.id, type: 'authenticated' })
})

t.test('a role without the roles find permission sees users without their role (pruned, as Strapi)', async t => {
  const { status, body } = await call('GET', '/api/users?populate=role', {})
  t.equal(status, 200)
  t.equal(body.length, 4)
  t.notOk('role' in body[0])
})

t.test('fields, filters (also through the role), sort and _q', async t => {
  const fields = await call('GET', '/api/users?fields[0]=username&sort=username:desc', { token: bossJwt })
  t.same(fields.body, [
    { id: carl.id, username: 'carl' }, { id: boss.id, username: 'boss' }, { id: bob.id, username: 'bob' }, { id: anna.id, username: 'anna' }
  ])
  const byRole = await call('GET', '/api/users?filters[role][type][$eq]=manager&fields[0]=username', { token: bossJwt })
  t.same(byRole.body, [{ id: boss.id, username: 'boss' }])
  const search = await call('GET', '/api/users?_q=CAR&fields[0]=username', { token: bossJwt })
  t.same(search.body, [{ id: carl.id, username: 'carl' }])
  for (const secret of ['password', 'resetPasswordToken']) {
    const probe = await call('GET', `/api/users?filters[${secret}][$null]=false`, { token: bossJwt })
    t.equal(probe.status, 400, `filtering on ${secret} is refused`)
    t.equal(probe.body.error.name, 'ValidationError')
    const selected = await call('GET', `/api/users?fields[0]=${secret}`, { token: bossJwt })
    t.equal(selected.status, 400, `selecting ${secret} is refused`)
  }
})

t.test('pagination: start/limit at the top level (entity service style) and pagination[...]', async t => {
  const names = (body: Array<{ username: string }>): string[] => body.map(user => user.username)
  t.same(names((await call('GET', '/api/users?start=1&limit=2', { token: bossJwt })).body), ['bob', 'carl'])
  t.same(names((await call('GET', '/api/users?pagination[start]=2&pagination[limit]=5', { token: bossJwt })).body), ['carl', 'boss'])
  t.same(names((await call('GET', '/api/users?pagination[page]=2&pagination[pageSize]=3', { token: bossJwt })).body), ['boss'])
  const mixed = await call('GET', '/api/users?start=1&pagination[page]=2', { token: bossJwt })
  t.equal(mixed.status, 400)
})

t.test('GET /users/count answers a number, under the same filters', async t => {
  const all = await call('GET', '/api/users/count', { token: bossJwt })
  t.equal(all.status, 200)
  t.equal(all.body, 4)
  t.equal((await call('GET', '/api/users/count?filters[username][$startsWith]=b', { token: bossJwt })).body, 2)
  t.equal((await call('GET', '/api/users/count?filters[role][type]=authenticated', { token: bossJwt })).body, 3)
  t.equal((await call('GET', '/api/users/count?username=anna', { token: bossJwt })).body, 1, 'Strapi\'s where-style query')
  t.equal((await call('GET', '/api/users/count?confirmed=true&filters[username][$startsWith]=b', { token: bossJwt })).body, 2)
  t.equal((await call('GET', '/api/users/count?password=x', { token: bossJwt })).status, 400, 'never on a private attribute')
  const denied = await call('GET', '/api/users/count', {})
  t.equal(denied.status, 403)
  t.match(denied.body, { data: null, error: { status: 403, name: 'ForbiddenError' } })
})

t.test('GET /users/:id and /users/me with populate and fields; 404 and 403 in the envelope', async t => {
  const one = await call('GET', `/api/users/${bob.id}?populate[0]=role`, { token: bossJwt })
  t.equal(one.status, 200)
  t.match(one.body, { id: bob.id, username: 'bob', role: { type: 'authenticated' } })
  noPrivateKeys(t, one.body, 'findOne')
  const missing = await call('GET', '/api/users/99999', { token: bossJwt })
  t.equal(missing.status, 404)
  t.match(missing.body, { data: null, error: { status: 404, name: 'NotFoundError' } })
  const denied = await call('GET', `/api/users/${bob.id}`, { token: annaJwt })
  t.equal(denied.status, 403, 'authenticated has no findOne on users')
  t.match(denied.body, { data: null, error: { status: 403, name: 'ForbiddenError' } })

  const me = await call('GET', '/api/users/me?populate=role', { token: bossJwt })
  t.equal(me.status, 200)
  t.match(me.body, { id: boss.id, username: 'boss', role: { type: 'manager' } })
  const meFields = await call('GET', '/api/users/me?fields[0]=email', { token: annaJwt })
  t.same(meFields.body, { id: anna.id, email: 'anna@example.com' })
  const meNoRole = await call('GET', '/api/users/me?populate=role', { token: annaJwt })
  t.notOk('role' in meNoRole.body, 'authenticated may not find roles: the role is pruned')
  noPrivateKeys(t, [me.body, meFields.body, meNoRole.body], 'me')
  const anonymous = await call('GET', '/api/users/me', {})
  t.equal(anonymous.status, 401)
  t.match(anonymous.body, { data: null, error: { status: 401, name: 'UnauthorizedError' } })
})

t.test('GET /users: 403 for a role without find, bad token 401', async t => {
  const denied = await call('GET', '/api/users', { token: annaJwt })
  t.equal(denied.status, 403)
  t.match(denied.body.error, { status: 403, name: 'ForbiddenError' })
  const bad = await call('GET', '/api/users', { token: 'not.a.jwt' })
  t.equal(bad.status, 401)
})

t.test('a content entry populating its user relation never shows private fields', async t => {
  const { status, body } = await call('GET', `/api/notes/${note}?populate[author][populate]=*`, { token: bossJwt })
  t.equal(status, 200)
  t.match(body.data.attributes.author.data, { id: bob.id, attributes: { username: 'bob', role: { data: { attributes: { type: 'authenticated' } } } } })
  noPrivateKeys(t, body, 'note populating its author')
})

t.test('PUT /users/:id: fields, password hashed (login works with the new one), role change, answer with role', async t => {
  const put = await call('PUT', `/api/users/${carl.id}`, { token: bossJwt, payload: { username: 'carla', email: 'Carla@Example.com', password: 'carla-new-pass' } })
  t.equal(put.status, 200)
  t.match(put.body, { id: carl.id, username: 'carla', email: 'carla@example.com', role: { type: 'authenticated' } })
  noPrivateKeys(t, put.body, 'update answer')
  t.equal((await login('carla', 'carl-secret')).status, 400, 'the old password no longer works')
  const fresh = await login('carla@example.com', 'carla-new-pass')
  t.equal(fresh.status, 200, 'the new password works')
  const [stored] = await app.contentApi.db.query('select password from up_users where id = $1', [carl.id])
  t.not(stored!.password, 'carla-new-pass', 'stored hashed')

  const roles = (await call('GET', '/api/users-permissions/roles', { token: bossJwt })).body.roles as Array<{ id: number, type: string }>
  const manager = roles.find(role => role.type === 'manager')!
  const promoted = await call('PUT', `/api/users/${carl.id}`, { token: bossJwt, payload: { role: manager.id } })
  t.equal(promoted.status, 200)
  t.equal(promoted.body.role.type, 'manager')
  const carlJwt = fresh.body.jwt as string
  t.equal((await call('GET', '/api/users/count', { token: carlJwt })).status, 200, 'the new role applies to the user')
  const noRole = await call('PUT', `/api/users/${carl.id}`, { token: bossJwt, payload: { role: 99999 } })
  t.equal(noRole.status, 400)
  t.match(noRole.body.error, { name: 'ValidationError', details: { errors: [{ path: ['role'] }] } })
})

t.test('PUT /users/:id: unique conflicts, bad values, missing user, no permission', async t => {
  const username = await call('PUT', `/api/users/${anna.id}`, { token: bossJwt, payload: { username: 'bob' } })
  t.equal(username.status, 400)
  t.match(username.body, { data: null, error: { status: 400, name: 'ApplicationError', message: 'Username already taken' } })
  const email = await call('PUT', `/api/users/${anna.id}`, { token: bossJwt, payload: { email: 'BOB@example.com' } })
  t.equal(email.status, 400)
  t.match(email.body.error, { name: 'ApplicationError', message: 'Email already taken' })
  const badEmail = await call('PUT', `/api/users/${anna.id}`, { token: bossJwt, payload: { email: 'not-an-email' } })
  t.equal(badEmail.status, 400)
  t.match(badEmail.body.error, { name: 'ValidationError', details: { errors: [{ path: ['email'] }] } })
  const emptyPassword = await call('PUT', `/api/users/${anna.id}`, { token: bossJwt, payload: { password: '' } })
  t.equal(emptyPassword.status, 400)
  t.equal(emptyPassword.body.error.message, 'password.notNull')
  const after = await call('GET', `/api/users/${anna.id}`, { token: bossJwt })
  t.match(after.body, { username: 'anna', email: 'anna@example.com' }, 'nothing was written')
  const missing = await call('PUT', '/api/users/99999', { token: bossJwt, payload: { blocked: true } })
  t.equal(missing.status, 404)
  t.match(missing.body.error, { name: 'NotFoundError' })
  const denied = await call('PUT', `/api/users/${anna.id}`, { token: annaJwt, payload: { blocked: true } })
  t.equal(denied.status, 403)
  const bare = await call('PUT', `/api/users/${anna.id}`, { token: bossJwt, payload: [1, 2] })
  t.equal(bare.status, 400)
})

t.test('PUT /users/:id: a role id no row can have is a 400, never a 500', async t => {
  for (const role of [3_000_000_000, '9999999999', { id: 2_147_483_648 }]) {
    const put = await call('PUT', `/api/users/${anna.id}`, { token: bossJwt, payload: { role } })
    t.equal(put.status, 400, JSON.stringify(role))
    t.match(put.body.error, { name: 'ValidationError', details: { errors: [{ path: ['role'], message: 'role must be the id of a role' }] } })
  }
})

t.test('admin-panel round trip: read a user with its role, send it back edited', async t => {
  const read = await call('GET', `/api/users/${bob.id}?populate=role`, { token: bossJwt })
  const edited = { ...read.body, blocked: true, username: 'bobby' }
  const sent = await call('PUT', `/api/users/${bob.id}`, { token: bossJwt, payload: edited })
  t.equal(sent.status, 200)
  t.match(sent.body, { id: bob.id, username: 'bobby', blocked: true, email: 'bob@example.com', role: { id: read.body.role.id } })
  t.equal(sent.body.createdAt, read.body.createdAt, 'createdAt sent back is not written')
  t.equal((await login('bobby', 'bob-secret')).status, 400, 'a blocked user cannot log in')
  const unblocked = await call('PUT', `/api/users/${bob.id}`, { token: bossJwt, payload: { ...sent.body, blocked: false } })
  t.equal(unblocked.status, 200)
  t.equal((await login('bobby', 'bob-secret')).status, 200, 'the password was kept by the round trip')
})

t.test('GET /users-permissions/roles answers { roles } with nb_users; roles/:id its permissions', async t => {
  const { status, body } = await call('GET', '/api/users-permissions/roles', { token: bossJwt })
  t.equal(status, 200)
  const byType: Record<string, { id: number, nb_users: number }> = Object.fromEntries((body.roles as Array<{ id: number, type: string, nb_users: number }>).map(role => [role.type, role]))
  t.match(byType, {
    public: { name: 'Public', nb_users: 0 },
    authenticated: { name: 'Authenticated', nb_users: 2 },
    manager: { name: 'Manager', nb_users: 2 }
  })
  const one = await call('GET', `/api/users-permissions/roles/${byType.manager!.id}`, { token: bossJwt })
  t.equal(one.status, 200)
  t.match(one.body.role, {
    id: byType.manager!.id,
    type: 'manager',
    permissions: {
      'api::note': { controllers: { note: { find: { enabled: true }, create: { enabled: false } } } },
      'plugin::users-permissions': { controllers: { user: { count: { enabled: true }, me: { enabled: true } }, role: { find: { enabled: true } } } }
    }
  })
  t.equal((await call('GET', '/api/users-permissions/roles/99999', { token: bossJwt })).status, 404)
  const denied = await call('GET', '/api/users-permissions/roles', { token: annaJwt })
  t.equal(denied.status, 403)
  t.equal((await call('GET', '/api/users-permissions/roles', {})).status, 403)
})

t.test('DELETE /users/:id answers the deleted user; its links from content go with it', async t => {
  const gone = await create({ username: 'gone', email: 'gone@example.com', password: 'gone-secret' })
  const linked = (await call('POST', '/api/notes', { token: fullToken, payload: { data: { title: 'N2', author: gone.id } } })).body.data.id as number
  const denied = await call('DELETE', `/api/users/${gone.id}`, { token: annaJwt })
  t.equal(denied.status, 403)
  const deleted = await call('DELETE', `/api/users/${gone.id}`, { token: bossJwt })
  t.equal(deleted.status, 200)
  t.match(deleted.body, { id: gone.id, username: 'gone', email: 'gone@example.com' })
  noPrivateKeys(t, deleted.body, 'delete answer')
  t.equal((await call('GET', `/api/users/${gone.id}`, { token: bossJwt })).status, 404)
  t.equal((await call('DELETE', `/api/users/${gone.id}`, { token: bossJwt })).status, 404)
  const orphan = await call('GET', `/api/notes?filters[id]=${linked}&populate=author`, { token: bossJwt })
  t.same(orphan.body.data[0].attributes.author, { data: null })
  t.equal((await login('gone', 'gone-secret')).status, 400)
})

t.test('API tokens: a custom one grants users actions by the same names; read-only reads users', async t => {
  const custom = (await app.contentApi.apiTokens!.create({ name: 'users-reader', type: 'custom', permissions: { [USER]: ['find'] } })).accessKey
  t.equal((await call('GET', '/api/users', { token: custom })).status, 200)
  t.equal((await call('GET', '/api/users/count', { token: custom })).status, 403)
  const readOnly = (await app.contentApi.apiTokens!.create({ name: 'reader', type: 'read-only' })).accessKey
  t.equal((await call('GET', `/api/users/${anna.id}`, { token: readOnly })).status, 200)
  t.equal((await call('PUT', `/api/users/${anna.id}`, { token: readOnly, payload: { blocked: true } })).status, 403)
  await t.rejects(app.contentApi.apiTokens!.create({ name: 'bad', type: 'custom', permissions: { [USER]: ['publish'] } }), /must be among find, findOne, count, create, update, destroy/)
})

t.test('each users read is one compiled statement (plus the one that resolves the caller\'s JWT)', async t => {
  for (const url of [
    '/api/users?populate=role&filters[role][type]=manager&sort=email:desc&fields[0]=username',
    '/api/users/count?filters[role][type]=authenticated',
    `/api/users/${anna.id}?populate[role][fields][0]=name`,
    '/api/users/me?populate=*'
  ]) {
    statements.reset()
    t.equal((await call('GET', url, { token: bossJwt })).status, 200, url)
    t.equal(statements.count(), 2, url)
  }
})

t.test('without the permissions option there are no users routes, even when a schema points at users', async t => {
  const open = await buildTestApp({ contentTypes })
  t.teardown(open.close)
  for (const url of ['/api/users', '/api/users/count', '/api/users/1', '/api/users/me', '/api/users-permissions/roles']) {
    const response = await open.app.inject({ method: 'GET', url })
    t.equal(response.statusCode, 404, url)
    t.equal(response.json().error.name, 'NotFoundError')
  }
})
