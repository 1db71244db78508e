/**
 * users-permissions' users and roles over GraphQL (docs/graphql.md, 'Users and roles'):
 * `usersPermissionsUser(s)` and `usersPermissionsRole(s)` read as content lists are (one
 * statement per root field), the user mutations write as the REST `/users` routes do, the
 * role mutations answer Strapi's `{ ok }` payloads; each takes its action of the
 * `permissions` option, and passwords and private attributes never appear in any answer.
 */
import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { buildClientSchema, buildSchema, getIntrospectionQuery } from 'graphql'
import type { GraphQLInputObjectType, GraphQLObjectType } from 'graphql'
import t from 'tap'
import { graphql, graphqlApp } from '../../helpers/graphql.js'

const FIXTURE = path.join(path.dirname(fileURLToPath(import.meta.url)), '../../fixtures/graphql/strapi-4.26.2/schema.graphql')
const strapi = buildSchema(fs.readFileSync(FIXTURE, 'utf8'))

const USER = 'plugin::users-permissions.user'
const ROLE = 'plugin::users-permissions.role'
const test = await graphqlApp({
  permissions: {
    jwtSecret: 'a-test-secret-that-is-long-enough',
    roles: {
      public: { [USER]: ['find'], [ROLE]: ['find'] },
      authenticated: {},
      manager: { [USER]: ['find', 'findOne', 'create', 'update', 'destroy'], [ROLE]: ['find', 'findOne', 'createRole', 'updateRole', 'deleteRole'] }
    }
  }
})
t.teardown(test.close)

const register = async (username: string): Promise<{ jwt: string, id: number }> => {
  const response = await test.app.inject({ method: 'POST', url: '/api/auth/local/register', payload: { username, email: `${username}@example.com`, password: 'secret-pass' } })
  const body = response.json() as { jwt: string, user: { id: number } }
  return { jwt: body.jwt, id: body.user.id }
}
const reader = await register('reader')
const boss = await register('boss')
const full = { authorization: `Bearer ${(await test.app.contentApi.apiTokens!.create({ name: 'setup', type: 'full-access' })).accessKey}` }
const roleList = (await test.app.inject({ method: 'GET', url: '/api/users-permissions/roles', headers: full })).json() as { roles: Array<{ id: number, type: string }> }
const roleId = (type: string): number => roleList.roles.find(role => role.type === type)!.id
await test.app.inject({ method: 'PUT', url: `/api/users/${boss.id}`, headers: full, payload: { role: roleId('manager') } })
const asBoss = { authorization: `Bearer ${boss.jwt}` }

/** A field as text: its arguments and type. */
function signature (schema: ReturnType<typeof buildSchema>, type: 'Query' | 'Mutation', name: string): string {
  const found = (schema.getType(type) as GraphQLObjectType).getFields()[name]!
  return `${found.args.map(arg => `${arg.name}: ${String(arg.type)} = ${JSON.stringify(arg.defaultValue)}`).join(', ')} → ${String(found.type)} ${found.description ?? ''}`
}
function fields (schema: ReturnType<typeof buildSchema>, name: string): string[] {
  return Object.values((schema.getType(name) as GraphQLObjectType | GraphQLInputObjectType).getFields()).map(field => `${field.name}: ${String(field.type)}`)
}

/** Fields Strapi has that this leaves out, each said in docs/graphql.md. */
const LEFT_OUT: Record<string, string[]> = {
  // The roles are the `permissions` option's: their grants and users are not relations here, and the table has no timestamps.
  UsersPermissionsRole: ['permissions', 'users', 'createdAt', 'updatedAt'],
  UsersPermissionsRoleInput: ['permissions', 'users'],
  UsersPermissionsRoleFiltersInput: ['permissions', 'users', 'createdAt', 'updatedAt'],
  // Private attributes are filtered on nowhere.
  UsersPermissionsUserFiltersInput: ['password', 'resetPasswordToken', 'confirmationToken']
}

t.test('the queries, mutations and types are Strapi\'s', async t => {
  const served = buildClientSchema((await graphql(test, getIntrospectionQuery())).body.data)
  for (const name of ['usersPermissionsRole', 'usersPermissionsRoles', 'usersPermissionsUser', 'usersPermissionsUsers']) {
    t.equal(signature(served, 'Query', name), signature(strapi, 'Query', name), `Query.${name}`)
  }
  for (const name of ['createUsersPermissionsRole', 'updateUsersPermissionsRole', 'deleteUsersPermissionsRole', 'createUsersPermissionsUser',
    'updateUsersPermissionsUser', 'deleteUsersPermissionsUser']) {
    t.equal(signature(served, 'Mutation', name), signature(strapi, 'Mutation', name), `Mutation.${name}`)
  }
  const queries = Object.keys((served.getType('Query') as GraphQLObjectType).getFields())
  t.same(queries.slice(0, 6), ['uploadFile', 'uploadFiles', 'usersPermissionsRole', 'usersPermissionsRoles', 'usersPermissionsUser', 'usersPermissionsUsers'],
    'after the media library\'s and before the content types, as Strapi lists them')
  for (const name of ['UsersPermissionsUser', 'UsersPermissionsUserEntity', 'UsersPermissionsUserEntityResponse', 'UsersPermissionsUserEntityResponseCollection',
    'UsersPermissionsUserInput', 'UsersPermissionsUserFiltersInput', 'UsersPermissionsRole', 'UsersPermissionsRoleEntityResponseCollection',
    'UsersPermissionsRoleInput', 'UsersPermissionsRoleFiltersInput', 'UsersPermissionsCreateRolePayload', 'UsersPermissionsUpdateRolePayload',
    'UsersPermissionsDeleteRolePayload']) {
    const leftOut = LEFT_OUT[name] ?? []
    t.same(fields(served, name), fields(strapi, name).filter(field => !leftOut.includes(field.split(':')[0]!)), name)
  }
})

const USERS = '{ usersPermissionsUsers(sort: "id", filters: { username: { in: ["reader", "boss"] } }) { data { id attributes { username email confirmed role { data { attributes { type } } } } } meta { pagination { total } } } }'

t.test('the lists and entries read as content ones: one statement per root field, the caller\'s actions', async t => {
  const answer = await graphql(test, USERS, undefined, asBoss)
  t.notOk(answer.body.errors)
  t.same(answer.body.data.usersPermissionsUsers, {
    data: [
      { id: String(reader.id), attributes: { username: 'reader', email: 'reader@example.com', confirmed: true, role: { data: { attributes: { type: 'authenticated' } } } } },
      { id: String(boss.id), attributes: { username: 'boss', email: 'boss@example.com', confirmed: true, role: { data: { attributes: { type: 'manager' } } } } }
    ],
    meta: { pagination: { total: 2 } }
  })
  t.equal(answer.statements.length, 2, 'who calls, then the list with its roles and total')
  const one = await graphql(test, `{ usersPermissionsUser(id: ${reader.id}) { data { attributes { username } } } usersPermissionsRole(id: ${roleId('manager')}) { data { id attributes { name type } } } }`, undefined, asBoss)
  t.same(one.body.data, {
    usersPermissionsUser: { data: { attributes: { username: 'reader' } } },
    usersPermissionsRole: { data: { id: String(roleId('manager')), attributes: { name: 'Manager', type: 'manager' } } }
  })
  const roleList = await graphql(test, '{ usersPermissionsRoles(sort: "type:desc", pagination: { limit: 2 }) { data { attributes { type } } } }')
  t.same(roleList.body.data.usersPermissionsRoles.data.map((role: { attributes: { type: string } }) => role.attributes.type), ['public', 'manager'], 'the public role may find roles')
})

t.test('a role without the action: FORBIDDEN, and the others still answer', async t => {
  const answer = await graphql(test, `{ usersPermissionsUser(id: ${reader.id}) { data { id } } usersPermissionsRoles { data { id } } }`)
  t.equal(answer.body.data.usersPermissionsUser, null)
  t.match(answer.body.errors, [{ path: ['usersPermissionsUser'], extensions: { code: 'FORBIDDEN' } }])
  t.equal(answer.body.errors.length, 1)
  t.ok(answer.body.data.usersPermissionsRoles.data.length >= 3)
  const write = await graphql(test, 'mutation { createUsersPermissionsUser(data: { username: "intruder", email: "i@example.com", password: "secret-pass" }) { data { id } } }', undefined, { authorization: `Bearer ${reader.jwt}` })
  t.match(write.body.errors, [{ extensions: { code: 'FORBIDDEN' } }])
  const rest = await test.app.inject({ method: 'GET', url: '/api/users?filters[username][$eq]=intruder', headers: full })
  t.same(rest.json(), [], 'nothing was written')
  const role = await graphql(test, `mutation { updateUsersPermissionsRole(id: ${roleId('public')}, data: { name: "Everyone" }) { ok } }`, undefined, { authorization: `Bearer ${reader.jwt}` })
  t.match(role.body.errors, [{ extensions: { code: 'FORBIDDEN' } }])
})

t.test('passwords and private attributes are nowhere: not in the types, not filtered on', async t => {
  const password = await graphql(test, '{ usersPermissionsUsers { data { attributes { password } } } }', undefined, asBoss)
  t.equal(password.status, 400)
  t.equal(password.body.errors[0].extensions.code, 'GRAPHQL_VALIDATION_FAILED')
  const filtered = await graphql(test, '{ usersPermissionsUsers(filters: { password: { startsWith: "$" } }) { data { id } } }', undefined, asBoss)
  t.equal(filtered.body.errors[0].extensions.code, 'GRAPHQL_VALIDATION_FAILED')
  const created = await graphql(test, 'mutation { createUsersPermissionsUser(data: { username: "hidden", email: "hidden@example.com", password: "secret-pass" }) { data { id attributes { username provider } } } }', undefined, asBoss)
  t.notMatch(JSON.stringify(created.body), /secret-pass|\$2[aby]\$|\$argon/, 'neither the password nor a hash in the answer')
})

t.test('createUsersPermissionsUser, update and delete: the REST routes\' writes, answered with the selection', async t => {
  const create = 'mutation ($data: UsersPermissionsUserInput!) { createUsersPermissionsUser(data: $data) { data { id attributes { username email provider confirmed blocked role { data { attributes { type } } } } } } }'
  const created = await graphql(test, create, { data: { username: 'writer', email: 'Writer@Example.com', password: 'secret-pass', provider: 'github', role: String(roleId('manager')) } }, asBoss)
  t.notOk(created.body.errors)
  const user = created.body.data.createUsersPermissionsUser.data
  t.same(user.attributes, { username: 'writer', email: 'writer@example.com', provider: 'local', confirmed: false, blocked: false, role: { data: { attributes: { type: 'manager' } } } })
  const login = await test.app.inject({ method: 'POST', url: '/api/auth/local', payload: { identifier: 'writer', password: 'secret-pass' } })
  t.equal(login.statusCode, 200, 'the password was hashed and logs in over REST')

  const plain = await graphql(test, 'mutation { createUsersPermissionsUser(data: { username: "plain", email: "plain@example.com", password: "secret-pass" }) { data { attributes { role { data { attributes { type } } } } } } }', undefined, asBoss)
  t.equal(plain.body.data.createUsersPermissionsUser.data.attributes.role.data.attributes.type, 'authenticated', 'Strapi\'s default role')

  const updated = await graphql(test, `mutation { updateUsersPermissionsUser(id: ${user.id as string}, data: { blocked: true, username: "writer2" }) { data { id attributes { username blocked } } } }`, undefined, asBoss)
  t.same(updated.body.data.updateUsersPermissionsUser.data, { id: user.id, attributes: { username: 'writer2', blocked: true } })

  const deleted = await graphql(test, `mutation { deleteUsersPermissionsUser(id: ${user.id as string}) { data { id attributes { username } } } }`, undefined, asBoss)
  t.same(deleted.body.data.deleteUsersPermissionsUser.data, { id: user.id, attributes: { username: 'writer2' } }, 'the user as it was')
  const gone = await graphql(test, `{ usersPermissionsUser(id: ${user.id as string}) { data { id } } }`, undefined, asBoss)
  t.same(gone.body.data.usersPermissionsUser, { data: null })
})

t.test('bad input: Strapi\'s extensions, nothing written, no id spent', async t => {
  const sequence = async (): Promise<number> => {
    const rows = await test.app.inject({ method: 'GET', url: '/api/users?sort=id:desc&limit=1', headers: full })
    return (rows.json() as Array<{ id: number }>)[0]!.id
  }
  const before = await sequence()
  // The user mutations are non-null, as Strapi's: a refused one nulls the whole answer (200, as Strapi's Apollo Server answers it).
  const cases: Array<[string, number, string, string]> = [
    ['createUsersPermissionsUser(data: { username: "reader", email: "new@example.com", password: "secret-pass" })', 200, 'STRAPI_APPLICATION_ERROR', 'Username already taken'],
    ['createUsersPermissionsUser(data: { username: "someone", email: "someone@example.com" })', 200, 'BAD_USER_INPUT', 'password is a required field'],
    ['createUsersPermissionsUser(data: { username: "someone", email: "someone@example.com", password: "p" })', 200, 'BAD_USER_INPUT', 'password must be at least 6 characters'],
    ['createUsersPermissionsUser(data: { username: "someone", email: "someone@example.com", password: "secret-pass", role: "99999" })', 200, 'BAD_USER_INPUT', 'No role with id 99999'],
    ['updateUsersPermissionsUser(id: 99999, data: { blocked: true })', 200, 'STRAPI_NOT_FOUND_ERROR', 'User not found'],
    ['updateUsersPermissionsUser(id: "x", data: { blocked: true })', 200, 'BAD_USER_INPUT', 'Invalid id "x": ids are positive integers'],
    ['deleteUsersPermissionsUser(id: 99999)', 200, 'STRAPI_NOT_FOUND_ERROR', 'User not found']
  ]
  for (const [call, status, code, message] of cases) {
    const answer = await graphql(test, `mutation { ${call} { data { id } } }`, undefined, asBoss)
    t.equal(answer.status, status, call)
    t.equal(answer.body.data, null, 'the whole answer is null')
    t.match(answer.body.errors[0], { message, extensions: { code } }, call)
  }
  const next = await graphql(test, 'mutation { createUsersPermissionsUser(data: { username: "next", email: "next@example.com", password: "secret-pass" }) { data { id } } }', undefined, asBoss)
  t.equal(Number(next.body.data.createUsersPermissionsUser.data.id), before + 1, 'the refused creates drew no id')
})

t.test('role mutations: Strapi\'s { ok }; a role is renamed here, and added or removed in the option', async t => {
  const renamed = await graphql(test, `mutation { updateUsersPermissionsRole(id: ${roleId('manager')}, data: { name: "Managers", description: "They manage" }) { ok } }`, undefined, asBoss)
  t.same(renamed.body, { data: { updateUsersPermissionsRole: { ok: true } } })
  const read = await graphql(test, `{ usersPermissionsRole(id: ${roleId('manager')}) { data { attributes { name description type } } } }`, undefined, asBoss)
  t.same(read.body.data.usersPermissionsRole.data.attributes, { name: 'Managers', description: 'They manage', type: 'manager' })
  const typed = await graphql(test, `mutation { updateUsersPermissionsRole(id: ${roleId('manager')}, data: { type: "admin" }) { ok } }`, undefined, asBoss)
  t.match(typed.body.errors[0], { extensions: { code: 'BAD_USER_INPUT' } })
  const short = await graphql(test, `mutation { updateUsersPermissionsRole(id: ${roleId('manager')}, data: { name: "M" }) { ok } }`, undefined, asBoss)
  t.match(short.body.errors[0], { message: 'name must be at least 3 characters', extensions: { code: 'BAD_USER_INPUT' } })
  const unknown = await graphql(test, 'mutation { updateUsersPermissionsRole(id: 99999, data: { name: "Nobody" }) { ok } }', undefined, asBoss)
  t.match(unknown.body.errors[0], { extensions: { code: 'STRAPI_NOT_FOUND_ERROR' } })
  const create = await graphql(test, 'mutation { createUsersPermissionsRole(data: { name: "Editors", type: "editor" }) { ok } }', undefined, asBoss)
  t.match(create.body.errors[0], { message: /permissions option/, extensions: { code: 'STRAPI_APPLICATION_ERROR' } })
  t.same(create.body.data, { createUsersPermissionsRole: null })
  const remove = await graphql(test, `mutation { deleteUsersPermissionsRole(id: ${roleId('manager')}) { ok } }`, undefined, asBoss)
  t.match(remove.body.errors[0], { extensions: { code: 'STRAPI_APPLICATION_ERROR' } })
  const after = (await test.app.inject({ method: 'GET', url: '/api/users-permissions/roles', headers: full })).json() as { roles: unknown[] }
  t.equal(after.roles.length, roleList.roles.length, 'no role added or removed')
})
