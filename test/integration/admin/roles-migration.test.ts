/**
 * Admin users from before roles existed (docs/admin-api.md, 'Roles'): the plugin adds the role
 * column on start-up and they become Super Admins, able to sign in and use the admin API.
 */
import t from 'tap'
import Fastify from 'fastify'
import contentApi from '../../../plugin/index.js'
import { EXAMPLE_SCHEMAS, freshDatabase } from '../../helpers/app.js'

const database = await freshDatabase()
t.teardown(database.drop)
if (database.url === undefined) throw new Error('this test needs DATABASE_URL: it reopens one PostgreSQL database')

async function start (): Promise<ReturnType<typeof Fastify>> {
  const app = Fastify({ logger: false, pluginTimeout: 120_000 })
  await app.register(contentApi, { schemas: EXAMPLE_SCHEMAS, database: { url: database.url }, admin: { enabled: true, jwtSecret: 'roles-migration-secret-0123' } })
  await app.ready()
  return app
}

const before = await start()
await before.contentApi.admin.createUser({ email: 'old@example.com', firstname: 'Old', password: 'an old password' })
// As the table was before roles: no role column.
await before.contentApi.db.query('alter table admin_users drop column role', [])
await before.close()

const after = await start()
t.teardown(async () => { await after.close() })

t.test('the old admin is a Super Admin after the restart', async t => {
  const [row] = await after.contentApi.db.query('select role from admin_users where email = $1', ['old@example.com'])
  t.equal(row!.role, 'strapi-super-admin')
  const login = await after.inject({ method: 'POST', url: '/admin/login', payload: { email: 'old@example.com', password: 'an old password' } })
  const token = login.json().data.token as string
  const me = await after.inject({ method: 'GET', url: '/admin/users/me', headers: { authorization: `Bearer ${token}` } })
  t.match(me.json().data, { email: 'old@example.com', roles: [{ code: 'strapi-super-admin', name: 'Super Admin' }] })
})
