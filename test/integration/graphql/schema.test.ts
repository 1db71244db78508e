/**
 * The schema served, type by type, against the one Strapi 4.26.2's GraphQL plugin printed
 * for the same model (test/fixtures/graphql/strapi-4.26.2/schema.graphql): every type served
 * has Strapi's name, fields in Strapi's order, field types, arguments and defaults. What
 * Strapi has and this does not is listed with its reason (docs/graphql.md).
 */
import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import {
  buildClientSchema, buildSchema, getIntrospectionQuery, isEnumType, isInputObjectType, isObjectType, isUnionType, lexicographicSortSchema, printSchema
} from 'graphql'
import type { GraphQLArgument, GraphQLNamedType, GraphQLSchema } from 'graphql'
import t from 'tap'
import { main } from '../../../plugin/cli.js'
import { graphql, graphqlApp } from '../../helpers/graphql.js'
import { EXAMPLE_SCHEMAS } from '../../helpers/paths.js'

const FIXTURE = path.join(path.dirname(fileURLToPath(import.meta.url)), '../../fixtures/graphql/strapi-4.26.2/schema.graphql')
const strapi = buildSchema(fs.readFileSync(FIXTURE, 'utf8'))

const test = await graphqlApp()
t.teardown(test.close)
const introspection = await graphql(test, getIntrospectionQuery())
const served = buildClientSchema(introspection.body.data)

/** Types Strapi's plugins add that this slice does not serve. */
const NOT_SERVED = [
  // The users-permissions plugin's: served with `permissions` (this app has none), compared in
  // users-permissions.test.ts (`me`, `login`, `register`) and users-roles.test.ts (users, roles).
  /^UsersPermissions/,
  // Media folders: stored beside the content model (repository/schema/folder-entity.ts), which
  // the read compiler does not read; served by the admin API only.
  /^UploadFolder/
]

/** Fields Strapi has and this leaves out, each for a reason. */
const LEFT_OUT: Record<string, string> = {
  'Author.password': 'a password attribute never leaves the database (Strapi serves its hash)',
  'AuthorFiltersInput.password': 'private and password attributes are not filtered on',
  'ArticleFiltersInput.internalNotes': 'private and password attributes are not filtered on',
  'UploadFileFiltersInput.folder': 'a file\'s folder is private, as in Strapi, and private attributes are not filtered on',
  'UploadFileFiltersInput.folderPath': 'a file\'s folderPath is private, as in Strapi, and private attributes are not filtered on',
  'UploadFileInput.folder': 'files are moved between folders by the admin API only (folders are not served here)',
  'UploadFileInput.folderPath': 'a file\'s folderPath follows its folder: never written on its own'
}
const NOT_SERVED_QUERIES = ['uploadFolder', 'uploadFolders', 'usersPermissionsRole', 'usersPermissionsRoles',
  'usersPermissionsUser', 'usersPermissionsUsers', 'me']

const NOT_SERVED_MUTATIONS = ['createUploadFolder', 'updateUploadFolder',
  'deleteUploadFolder', 'createUsersPermissionsRole', 'updateUsersPermissionsRole',
  'deleteUsersPermissionsRole', 'createUsersPermissionsUser', 'updateUsersPermissionsUser', 'deleteUsersPermissionsUser', 'login', 'register',
  'forgotPassword', 'resetPassword', 'changePassword', 'emailConfirmation']

function isNotServed (name: string): boolean {
  return NOT_SERVED.some(pattern => pattern.test(name))
}

/**
 * `GenericMorph` lists the components in the order the recorded Strapi app read their files
 * from its disk, which nothing in a model records: its members are compared as a set.
 */
const UNORDERED_UNIONS = new Set(['GenericMorph'])

/**
 * A type as text: its kind, and each field with its arguments, their defaults, and its type,
 * in order; a union's members (`skip` leaves out those of types not served, which the test
 * below holds to the list above).
 */
function describe (type: GraphQLNamedType, skip: (field: string) => boolean): string[] {
  if (isObjectType(type) || isInputObjectType(type)) {
    return Object.values(type.getFields()).filter(field => !skip(field.name)).map(field => {
      const fieldArgs: readonly GraphQLArgument[] = 'args' in field ? field.args : []
      const args = fieldArgs.length > 0
        ? `(${fieldArgs.map(arg => `${arg.name}: ${String(arg.type)} = ${JSON.stringify(arg.defaultValue)}`).join(', ')})`
        : ''
      return `${field.name}${args}: ${String(field.type)}`
    })
  }
  if (isUnionType(type)) {
    const members = type.getTypes().map(member => member.name).filter(name => !skip(name))
    return UNORDERED_UNIONS.has(type.name) ? members.sort() : members
  }
  if (isEnumType(type)) return type.getValues().map(value => value.name)
  return [type.constructor.name]
}

function typeNames (schema: GraphQLSchema): string[] {
  return Object.keys(schema.getTypeMap()).filter(name => !name.startsWith('__'))
}

t.test('every type served is Strapi\'s, field for field', async t => {
  for (const name of typeNames(served)) {
    const theirs = strapi.getType(name)
    if (theirs === undefined || theirs === null) {
      t.fail(`${name} is not in Strapi's schema`)
      continue
    }
    const leftOut = (field: string): boolean => LEFT_OUT[`${name}.${field}`] !== undefined || (name === 'Query' && NOT_SERVED_QUERIES.includes(field)) ||
      (name === 'Mutation' && NOT_SERVED_MUTATIONS.includes(field)) || (isUnionType(theirs) && served.getType(field) === undefined)
    t.same(describe(served.getType(name)!, () => false), describe(theirs, leftOut), name)
  }
})

t.test('what Strapi has and this does not serve is only what is listed', async t => {
  const missing = typeNames(strapi).filter(name => served.getType(name) === undefined)
  t.same(missing.filter(name => !isNotServed(name)), [], 'no other type is missing')
  for (const field of Object.keys(LEFT_OUT)) {
    const [type, name] = field.split('.') as [string, string]
    const fields = (served.getType(type) as { getFields?: () => Record<string, unknown> } | undefined)?.getFields?.() ?? {}
    t.notOk(name in fields, `${field} is left out: ${LEFT_OUT[field]}`)
  }
})

t.test('introspection and persisted queries can be turned off', async t => {
  const closed = await graphqlApp({ graphql: { introspection: false, persistedQueries: false } })
  t.teardown(closed.close)
  const answer = await graphql(closed, '{ __schema { types { name } } }')
  t.equal(answer.status, 400)
  t.equal(answer.body.errors[0].extensions.code, 'GRAPHQL_VALIDATION_FAILED')
  t.match(answer.body.errors[0].message, /introspection has been disabled/)
  const typename = await graphql(closed, '{ __typename }')
  t.same(typename.body, { data: { __typename: 'Query' } }, '__typename is not introspection')
  const hashOnly = await closed.app.inject({ method: 'POST', url: '/graphql', payload: { extensions: { persistedQuery: { version: 1, sha256Hash: 'a'.repeat(64) } } } })
  t.equal(hashOnly.statusCode, 400, 'a hash without its text is not looked up')
  t.notMatch(hashOnly.body, /PersistedQueryNotFound/)
})

t.test('the CLI\'s graphql:schema prints the schema served', async t => {
  let out = ''
  const code = await main(['graphql:schema', '--schemas', EXAMPLE_SCHEMAS, '--locales', 'en,fr', '--sorted'], { out: (text) => { out += text }, err: () => {} })
  t.equal(code, 0)
  t.equal(out, `${printSchema(lexicographicSortSchema(served))}\n`)
  t.match(out, 'createArticle(data: ArticleInput!): ArticleEntityResponse')
})
