/**
 * users-permissions' `forgotPassword`, `resetPassword`, `changePassword` and
 * `emailConfirmation` over GraphQL: typed as Strapi 4.26.2's schema prints them, the same
 * flows as the REST routes (a mail the test's sender keeps), refusals as Strapi answered them
 * (test/fixtures/account-flows/strapi-4.26.2.json).
 */
import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { buildClientSchema, buildSchema, getIntrospectionQuery, printType } from 'graphql'
import type { GraphQLObjectType, GraphQLSchema } from 'graphql'
import t from 'tap'
import type { Test } from 'tap'
import type { MailMessage } from '../../../plugin/options/email.js'
import { graphql, graphqlApp } from '../../helpers/graphql.js'
import type { GraphqlAnswer } from '../../helpers/graphql.js'

const HERE = path.dirname(fileURLToPath(import.meta.url))
const strapiSchema = buildSchema(fs.readFileSync(path.join(HERE, '../../fixtures/graphql/strapi-4.26.2/schema.graphql'), 'utf8'))
const recorded = JSON.parse(fs.readFileSync(path.join(HERE, '../../fixtures/account-flows/strapi-4.26.2.json'), 'utf8')) as Record<string, { status: number, body: any }>

const mails: MailMessage[] = []
const test = await graphqlApp({
  permissions: {
    jwtSecret: 'a-test-secret-that-is-long-enough',
    roles: { authenticated: {} },
    email: {
      send: (message) => { mails.push(message) },
      resetPasswordUrl: 'https://front.example.com/reset-password',
      serverUrl: 'https://api.example.com',
      emailConfirmation: true
    }
  },
  rateLimit: false
})
t.teardown(test.close)

const codeIn = (mail: MailMessage, name: string): string => new URL(/https?:\/\/\S+/.exec(mail.text)![0]).searchParams.get(name)!

/** Strapi's formatter drops graphql-js's `locations` and `path` of a resolver's error; they are the only difference. */
function sameAsStrapi (t: Test, answer: GraphqlAnswer, name: string): void {
  const errors = (answer.body.errors as Array<Record<string, unknown>> | undefined)?.map(({ locations: _locations, path: _path, ...rest }) => rest)
  t.same({ status: answer.status, body: { ...answer.body, ...(errors === undefined ? {} : { errors }) } }, recorded[`graphql ${name}`], name)
}

/** A user confirmed through the mailed code, signed in. */
async function confirmedUser (username: string): Promise<string> {
  const registered = await graphql(test, `mutation { register(input: { username: "${username}", email: "${username}@example.com", password: "secret-pass" }) { jwt user { confirmed } } }`)
  t.same(registered.body.data.register, { jwt: null, user: { confirmed: false } }, 'no JWT before the email is confirmed')
  const confirmed = await graphql(test, `mutation { emailConfirmation(confirmation: "${codeIn(mails.at(-1)!, 'confirmation')}") { jwt user { username confirmed } } }`)
  t.same(confirmed.body.data.emailConfirmation.user, { username, confirmed: true })
  return confirmed.body.data.emailConfirmation.jwt as string
}

t.test('the mutations and their payload are Strapi\'s', async t => {
  const served: GraphQLSchema = buildClientSchema((await graphql(test, getIntrospectionQuery())).body.data)
  t.equal(printType(served.getType('UsersPermissionsPasswordPayload')!), printType(strapiSchema.getType('UsersPermissionsPasswordPayload')!))
  const field = (schema: GraphQLSchema, name: string): string => {
    const found = (schema.getType('Mutation') as GraphQLObjectType).getFields()[name]!
    return `${found.description ?? ''}(${found.args.map(arg => `${arg.name}: ${String(arg.type)}`).join(', ')}): ${String(found.type)}`
  }
  for (const name of ['forgotPassword', 'resetPassword', 'changePassword', 'emailConfirmation']) t.equal(field(served, name), field(strapiSchema, name), name)
  const order = (schema: GraphQLSchema): string[] => Object.keys((schema.getType('Mutation') as GraphQLObjectType).getFields()).filter(name => /^(login|register|forgotPassword|resetPassword|changePassword|emailConfirmation)$/.test(name))
  t.same(order(served), order(strapiSchema), 'in Strapi\'s order')
})

t.test('emailConfirmation: a wrong code is Strapi\'s refusal; the mailed one confirms and signs in', async t => {
  sameAsStrapi(t, await graphql(test, 'mutation { emailConfirmation(confirmation: "nope") { jwt } }'), 'emailConfirmation: wrong code')
  const jwt = await confirmedUser('ada')
  const me = await graphql(test, '{ me { username confirmed } }', undefined, { authorization: `Bearer ${jwt}` })
  t.same(me.body.data.me, { username: 'ada', confirmed: true })
})

t.test('forgotPassword mails a code; resetPassword spends it', async t => {
  sameAsStrapi(t, await graphql(test, 'mutation { forgotPassword(email: "nobody@example.com") { ok } }'), 'forgotPassword: unknown email')
  const before = mails.length
  const asked = await graphql(test, 'mutation { forgotPassword(email: "ada@example.com") { ok } }')
  t.same(asked.body, { data: { forgotPassword: { ok: true } } })
  t.equal(mails.length, before + 1)
  const code = codeIn(mails.at(-1)!, 'code')
  sameAsStrapi(t, await graphql(test, 'mutation { resetPassword(code: "nope", password: "new-secret", passwordConfirmation: "new-secret") { jwt } }'), 'resetPassword: wrong code')
  sameAsStrapi(t, await graphql(test, 'mutation { resetPassword(code: "nope", password: "new-secret", passwordConfirmation: "new-secreT") { jwt } }'), 'resetPassword: passwords differ')
  const reset = await graphql(test, 'mutation ($code: String!) { resetPassword(code: $code, password: "new-secret", passwordConfirmation: "new-secret") { jwt user { username } } }', { code })
  t.notOk(reset.body.errors)
  t.equal(reset.body.data.resetPassword.user.username, 'ada')
  const again = await graphql(test, 'mutation ($code: String!) { resetPassword(code: $code, password: "other-secret", passwordConfirmation: "other-secret") { jwt } }', { code })
  t.equal(again.body.errors[0].message, 'Incorrect code provided', 'a code works once')
  const login = await graphql(test, 'mutation { login(input: { identifier: "ada", password: "new-secret" }) { jwt } }')
  t.ok(login.body.data.login.jwt, 'the new password logs in')
})

t.test('changePassword: for the signed-in user, given the current password', async t => {
  const jwt = await confirmedUser('grace')
  const auth = { authorization: `Bearer ${jwt}` }
  sameAsStrapi(t, await graphql(test, 'mutation { changePassword(currentPassword: "third-secret", password: "fourth-secret", passwordConfirmation: "fourth-secret") { jwt } }'), 'changePassword: anonymous')
  sameAsStrapi(t, await graphql(test, 'mutation { changePassword(currentPassword: "not-it", password: "fourth-secret", passwordConfirmation: "fourth-secret") { jwt } }', undefined, auth), 'changePassword: wrong current')
  const changed = await graphql(test, 'mutation { changePassword(currentPassword: "secret-pass", password: "fourth-secret", passwordConfirmation: "fourth-secret") { jwt user { username email confirmed } } }', undefined, auth)
  t.same(changed.body.data.changePassword.user, { username: 'grace', email: 'grace@example.com', confirmed: true })
  const old = await graphql(test, 'mutation { login(input: { identifier: "grace", password: "secret-pass" }) { jwt } }')
  t.equal(old.body.errors[0].message, 'Invalid identifier or password', 'the old password no longer works')
})

t.test('register before confirmation: login is refused as Strapi refuses it', async t => {
  await graphql(test, 'mutation { register(input: { username: "alan", email: "alan@example.com", password: "secret-pass" }) { jwt } }')
  const login = await graphql(test, 'mutation { login(input: { identifier: "alan", password: "secret-pass" }) { jwt } }')
  t.match(login.body.errors[0], { message: 'Your account email is not confirmed', extensions: { code: 'STRAPI_APPLICATION_ERROR' } })
})
