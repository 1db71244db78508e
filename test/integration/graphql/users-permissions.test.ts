/**
 * Strapi's users-permissions GraphQL (`register`, `login`, `me`), served with the
 * `permissions` option: the same accounts and JWTs as the REST routes, types printed as
 * Strapi 4.26.2's schema prints them.
 */
import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { buildClientSchema, buildSchema, getIntrospectionQuery, printType } from 'graphql'
import type { GraphQLObjectType } from 'graphql'
import t from 'tap'
import { graphql, graphqlApp } from '../../helpers/graphql.js'

const FIXTURE = path.join(path.dirname(fileURLToPath(import.meta.url)), '../../fixtures/graphql/strapi-4.26.2/schema.graphql')
const strapi = buildSchema(fs.readFileSync(FIXTURE, 'utf8'))

const test = await graphqlApp({ permissions: { jwtSecret: 'a-test-secret-that-is-long-enough', roles: { authenticated: {} } } })
t.teardown(test.close)

const ME = '{ me { id username email confirmed blocked role { name type } } }'

t.test('the types and fields are Strapi\'s', async t => {
  const served = buildClientSchema((await graphql(test, getIntrospectionQuery())).body.data)
  for (const name of ['UsersPermissionsMe', 'UsersPermissionsMeRole', 'UsersPermissionsLoginInput', 'UsersPermissionsRegisterInput', 'UsersPermissionsLoginPayload']) {
    t.equal(printType(served.getType(name)!), printType(strapi.getType(name)!), name)
  }
  const field = (schema: typeof served, type: 'Query' | 'Mutation', name: string): string => {
    const found = (schema.getType(type) as GraphQLObjectType).getFields()[name]!
    return `${found.args.map(arg => `${arg.name}: ${String(arg.type)}`).join(', ')} → ${String(found.type)}`
  }
  for (const [type, name] of [['Query', 'me'], ['Mutation', 'login'], ['Mutation', 'register']] as const) {
    t.equal(field(served, type, name), field(strapi, type, name), `${type}.${name}`)
  }
})

t.test('register, login and me, with the REST routes\' accounts and JWTs', async t => {
  const registered = await graphql(test, 'mutation ($input: UsersPermissionsRegisterInput!) { register(input: $input) { jwt user { username email role { type } } } }',
    { input: { username: 'reader', email: 'Reader@Example.com', password: 'secret-pass' } })
  t.notOk(registered.body.errors)
  t.same(registered.body.data.register.user, { username: 'reader', email: 'reader@example.com', role: { type: 'authenticated' } })

  const rest = await test.app.inject({ method: 'POST', url: '/api/auth/local', payload: { identifier: 'reader', password: 'secret-pass' } })
  t.equal(rest.statusCode, 200, 'REST logs the GraphQL-registered user in')

  const login = await graphql(test, 'mutation { login(input: { identifier: "reader@example.com", password: "secret-pass" }) { jwt user { id username } } }')
  t.notOk(login.body.errors)
  const jwt = login.body.data.login.jwt as string
  const me = await graphql(test, ME, undefined, { authorization: `Bearer ${jwt}` })
  t.same(me.body.data.me, { id: login.body.data.login.user.id, username: 'reader', email: 'reader@example.com', confirmed: true, blocked: false, role: { name: 'Authenticated', type: 'authenticated' } })
  t.equal(me.statements.length, 2, 'who the JWT names, then the user with its role joined: one statement for `me`')
  const restMe = await test.app.inject({ method: 'GET', url: '/api/users/me', headers: { authorization: `Bearer ${registered.body.data.register.jwt as string}` } })
  t.equal(restMe.json().username, 'reader', 'the JWT register answered is REST\'s too')
})

t.test('errors: Strapi\'s extensions', async t => {
  const wrong = await graphql(test, 'mutation { login(input: { identifier: "reader", password: "not-it" }) { jwt } }')
  t.match(wrong.body.errors[0], { message: 'Invalid identifier or password', extensions: { code: 'BAD_USER_INPUT' } })
  t.equal(wrong.body.data, null, 'login is non-null: the whole answer is null')
  t.equal(wrong.status, 200, 'yet execution ran: 200, as Strapi\'s Apollo Server answers')
  const taken = await graphql(test, 'mutation { register(input: { username: "reader", email: "other@example.com", password: "secret-pass" }) { jwt } }')
  t.match(taken.body.errors[0], { message: 'Email or Username are already taken', extensions: { code: 'STRAPI_APPLICATION_ERROR' } })
  const short = await graphql(test, 'mutation { register(input: { username: "x", email: "x@example.com", password: "p" }) { jwt } }')
  t.equal(short.body.errors[0].extensions.code, 'BAD_USER_INPUT')
  const anonymous = await graphql(test, ME)
  t.equal(anonymous.body.data.me, null)
  t.equal(anonymous.body.errors[0].extensions.code, 'FORBIDDEN')
})
