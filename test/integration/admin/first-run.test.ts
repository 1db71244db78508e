/**
 * The admin API's first run and signed-in admin (docs/admin-api.md, 'Admin routes'):
 * `GET /admin/init`, `POST /admin/register-admin` only while no admin exists, `GET
 * /admin/users/me` and its permissions; 401 without a token; off unless `admin.enabled`.
 */
import t from 'tap'
import { buildTestApp } from '../../helpers/app.js'

const { app, close, statements } = await buildTestApp({ admin: { enabled: true, jwtSecret: 'first-run-secret-0123456789' } })
t.teardown(close)

async function call (method: 'GET' | 'POST', url: string, options: { token?: string, payload?: unknown } = {}): Promise<{ status: number, body: any }> {
  const response = await app.inject({
    method,
    url,
    ...(options.payload === undefined ? {} : { payload: options.payload as object }),
    headers: options.token === undefined ? {} : { authorization: `Bearer ${options.token}` }
  })
  return { status: response.statusCode, body: response.json() }
}

t.test('init says there is no admin yet; register-admin makes the first Super Admin and signs it in', async t => {
  statements.reset()
  const before = await call('GET', '/admin/init')
  t.same(before, { status: 200, body: { data: { uuid: false, hasAdmin: false, authLogo: null, menuLogo: null } } })
  t.equal(statements.count(), 1, 'one statement')

  const refused = await call('POST', '/admin/register-admin', { payload: { email: 'not-an-email', firstname: 'Ada', password: 'long enough' } })
  t.equal(refused.status, 400)
  t.same(refused.body.data, null)
  t.match(refused.body.error, { status: 400, name: 'ValidationError', details: { errors: [{ path: ['email'] }] } })

  const first = await call('POST', '/admin/register-admin', { payload: { email: 'Ada@Example.com', firstname: 'Ada', lastname: 'Lovelace', password: 'a long password' } })
  t.equal(first.status, 200)
  t.match(first.body.data, {
    token: String,
    user: { id: Number, firstname: 'Ada', lastname: 'Lovelace', email: 'ada@example.com', isActive: true, blocked: false, roles: [{ code: 'strapi-super-admin', name: 'Super Admin' }] }
  })
  t.notMatch(JSON.stringify(first.body), /password|argon/)
  t.equal((await call('GET', '/admin/init')).body.data.hasAdmin, true)

  const second = await call('POST', '/admin/register-admin', { payload: { email: 'eve@example.com', firstname: 'Eve', password: 'a long password' } })
  t.equal(second.status, 400)
  t.match(second.body.error, { name: 'ApplicationError', message: 'You cannot register a new super admin' })
  const [count] = await app.contentApi.db.query('select count(*)::int as n from admin_users', [])
  t.equal(count!.n, 1, 'the refused registration wrote nothing')

  const token = first.body.data.token as string
  const me = await call('GET', '/admin/users/me', { token })
  t.match(me, { status: 200, body: { data: { email: 'ada@example.com', roles: [{ code: 'strapi-super-admin' }] } } })
  const permissions = await call('GET', '/admin/users/me/permissions', { token })
  t.ok(permissions.body.data.some((p: any) => p.action === 'plugin::content-manager.explorer.publish' && p.subject === 'api::article.article'))
})

t.test('concurrent first registrations make one Super Admin', async t => {
  const { app: fresh, close: closeFresh } = await buildTestApp({ admin: { enabled: true, jwtSecret: 'first-run-secret-0123456789' } })
  t.teardown(closeFresh)
  const answers = await Promise.all([1, 2, 3].map(async n => await fresh.inject({
    method: 'POST', url: '/admin/register-admin', payload: { email: `admin${n}@example.com`, firstname: `Admin ${n}`, password: 'a long password' }
  })))
  t.same(answers.map(answer => answer.statusCode).sort(), [200, 400, 400])
  const [count] = await fresh.contentApi.db.query('select count(*)::int as n from admin_users', [])
  t.equal(count!.n, 1)
})

t.test('the signed-in routes answer 401 without a token or with a bad one', async t => {
  for (const url of ['/admin/users/me', '/content-manager/init']) {
    const missing = await call('GET', url)
    t.equal(missing.status, 401, `${url} without a token`)
    t.match(missing.body, { data: null, error: { status: 401, name: 'UnauthorizedError' } })
    t.equal((await call('GET', url, { token: 'a.b.c' })).status, 401, `${url} with a bad token`)
  }
})

t.test('the admin API is off unless admin.enabled; login stays', async t => {
  const { app: off, close: closeOff } = await buildTestApp({})
  t.teardown(closeOff)
  t.equal((await off.inject({ method: 'GET', url: '/admin/init' })).statusCode, 404)
  t.equal((await off.inject({ method: 'GET', url: '/content-manager/init' })).statusCode, 404)
  t.equal((await off.inject({ method: 'POST', url: '/admin/login', payload: { email: 'x@example.com', password: 'whatever-password' } })).statusCode, 400)
})
