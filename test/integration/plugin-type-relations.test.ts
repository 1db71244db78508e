/**
 * Relations to Strapi's plugin types from inline schemas: a role as a target, a user from
 * inside a component, an admin user — tables created because a schema points at them,
 * without the permissions option.
 */
import t from 'tap'
import type { ComponentSchema, ContentTypeSchema } from '../../plugin/index.js'
import { buildTestApp } from '../helpers/app.js'

const contentTypes: Record<string, ContentTypeSchema> = {
  'api::notice.notice': {
    info: { singularName: 'notice', pluralName: 'notices' },
    attributes: {
      text: { type: 'string' },
      audience: { type: 'relation', relation: 'manyToMany', target: 'plugin::users-permissions.role' },
      approver: { type: 'relation', relation: 'oneToOne', target: 'admin::user' },
      signature: { type: 'component', component: 'shared.signature' }
    }
  }
}
const components: Record<string, ComponentSchema> = {
  'shared.signature': { attributes: { note: { type: 'string' }, signedBy: { type: 'relation', relation: 'oneToOne', target: 'plugin::users-permissions.user' } } }
}

const { app, close } = await buildTestApp({ contentTypes, components })
t.teardown(close)
const db = app.contentApi.db
const [editors] = await db.query("insert into up_roles (name, description, type) values ('Editors', 'Write the notices', 'editors') returning id", [])
const [user] = await db.query(
  "insert into up_users (username, email, provider, password, confirmed, blocked, role_id, created_at, updated_at) values ('lin', 'lin@example.com', 'local', 'secret-hash', true, false, $1, now(), now()) returning id",
  [editors!.id])
const admin = await app.contentApi.admin.createUser({ email: 'boss@example.com', firstname: 'Bo', lastname: 'Ss', password: 'Boss-password-1' })

t.test('roles, admin users and users inside components write and populate', async t => {
  const created = await app.inject({
    method: 'POST',
    url: '/api/notices?populate[audience]=true&populate[approver]=true&populate[signature][populate][signedBy]=true',
    payload: { data: { text: 'Hello', audience: [editors!.id], approver: admin.id, signature: { note: 'ok', signedBy: user!.id } } }
  })
  t.equal(created.statusCode, 200, created.body)
  const attributes = created.json().data.attributes
  t.same(attributes.audience.data, [{ id: Number(editors!.id), attributes: { name: 'Editors', description: 'Write the notices', type: 'editors' } }])
  t.match(attributes.approver.data, { id: admin.id, attributes: { firstname: 'Bo', lastname: 'Ss', username: null } })
  t.notMatch(JSON.stringify(attributes), /boss@example\.com|secret-hash|password/)
  t.match(attributes.signature, { note: 'ok', signedBy: { data: { id: Number(user!.id), attributes: { username: 'lin' } } } })
  const byRole = await app.inject({ url: '/api/notices?filters[audience][type][$eq]=editors&filters[signature][signedBy][username][$eq]=lin' })
  t.equal(byRole.json().data.length, 1)
  const unknownRole = await app.inject({ method: 'POST', url: '/api/notices', payload: { data: { audience: [999] } } })
  t.equal(unknownRole.statusCode, 400)
})

t.test('deleting a linked user unlinks it; the entry stays', async t => {
  await db.query('delete from up_users where id = $1', [user!.id])
  const read = await app.inject({ url: '/api/notices?populate[signature][populate][signedBy]=true' })
  t.equal(read.statusCode, 200)
  t.same(read.json().data[0].attributes.signature.signedBy, { data: null })
})
