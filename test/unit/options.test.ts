/**
 * Every option is checked in one place: its shape and the environment in
 * `resolveOptions`, the uids it names in `resolveModelOptions` once the model is loaded.
 * Each mistake is an OptionsError with its stable code, and names the option.
 */
import Fastify from 'fastify'
import t from 'tap'
import contentApi from '../../plugin/index.js'
import type { ContentApiOptions, ContentTypeSchema } from '../../plugin/index.js'
import { buildRegistry } from '../../plugin/content-types/registry.js'
import { resolveModelOptions, resolveOptions } from '../../plugin/options.js'

const contentTypes: Record<string, ContentTypeSchema> = {
  'api::note.note': { kind: 'collectionType', info: { singularName: 'note', pluralName: 'notes' }, attributes: { title: { type: 'string' } } }
}
const SECRET = 'a-secret-long-enough-for-jwt'
const registry = buildRegistry({ contentTypes }, { usersPermissions: true })

function optionsError (message: RegExp): { name: string, code: string, message: RegExp } {
  return { name: 'OptionsError', code: 'FCA_ERR_OPTIONS', message }
}

function resolved (options: Partial<ContentApiOptions>, env: NodeJS.ProcessEnv = {}): ReturnType<typeof resolveOptions> {
  return resolveOptions({ contentTypes, ...options }, env)
}

t.test('controllers: an object of functions, checked before the model is loaded', async t => {
  for (const controllers of [null, [], 'find', 3]) {
    t.throws(() => resolved({ controllers: controllers as never }), optionsError(/controllers must be an object keyed by content type uid/), JSON.stringify(controllers))
  }
  t.throws(() => resolved({ controllers: { 'api::note.note': { find: () => {} } as never } }),
    optionsError(/controllers\["api::note\.note"\] must be a function \(\{ core \}\) => handlers/))
  const factory = (): Record<string, never> => ({})
  t.same(resolved({ controllers: { 'api::note.note': factory } }).controllers, { 'api::note.note': factory })
  t.same(resolved({}).controllers, {})
})

t.test('admin.enabled and admin.path: off and /admin by default, checked', async t => {
  t.same(resolved({}).admin, { enabled: false, path: '/admin' })
  t.same(resolved({ admin: { enabled: true, path: '/back-office' } }).admin, { enabled: true, path: '/back-office' })
  t.throws(() => resolved({ admin: { enabled: 'yes' as never } }), optionsError(/admin\.enabled must be a boolean/))
  t.throws(() => resolved({ admin: { path: 'admin/' } }), optionsError(/admin\.path must look like \/admin/))
})

t.test('admin.jwtSecret: a non-empty string, else ADMIN_JWT_SECRET from the environment given', async t => {
  t.throws(() => resolved({ admin: { jwtSecret: 42 as never } }), optionsError(/admin\.jwtSecret must be a non-empty string/))
  t.throws(() => resolved({ admin: { jwtSecret: '' } }), optionsError(/admin\.jwtSecret must be a non-empty string/))
  t.throws(() => resolved({ admin: 'secret' as never }), optionsError(/admin must be an object: \{ enabled, path, jwtSecret \}/))
  t.throws(() => resolved({ admin: null as never }), optionsError(/admin must be an object/))
  t.throws(() => resolved({ permissions: { jwtSecret: SECRET }, admin: { jwtSecret: 7 as never } }), optionsError(/admin\.jwtSecret must be a non-empty string/),
    'checked even when the permissions secret is the one used')
  t.equal(resolved({ admin: { jwtSecret: 'from-the-option' } }, { ADMIN_JWT_SECRET: 'from-env' }).adminJwtSecret, 'from-the-option')
  t.equal(resolved({}, { ADMIN_JWT_SECRET: 'from-env' }).adminJwtSecret, 'from-env')
  t.equal(resolved({}, { ADMIN_JWT_SECRET: '' }).adminJwtSecret, null, 'an empty variable sets nothing')
  t.equal(resolved({}, {}).adminJwtSecret, null)
  t.equal(resolved({ permissions: { jwtSecret: SECRET }, admin: { jwtSecret: 'other' } }, { ADMIN_JWT_SECRET: 'from-env' }).adminJwtSecret, SECRET,
    'the permissions secret signs admin tokens too')
})

t.test('the environment is read from the env given, never from process.env', async t => {
  const saved = process.env.ADMIN_JWT_SECRET
  process.env.ADMIN_JWT_SECRET = 'process-wide'
  t.teardown(() => { if (saved === undefined) delete process.env.ADMIN_JWT_SECRET; else process.env.ADMIN_JWT_SECRET = saved })
  t.equal(resolved({}, {}).adminJwtSecret, null)
  t.equal(resolveOptions({ contentTypes }).adminJwtSecret, 'process-wide', 'process.env is only the default env')
  t.equal(resolved({}, { CONTENT_API_DATA_DIR: '/tmp/data' }).database.dataDir, '/tmp/data')
})

t.test('permissions: the shape before the model is loaded', async t => {
  t.equal(resolved({}).permissions, null)
  t.equal(resolved({ permissions: false as never }).permissions, null)
  t.throws(() => resolved({ permissions: 'yes' as never }), optionsError(/permissions must be an object/))
  t.throws(() => resolved({ permissions: { jwtSecret: 'short' } }), optionsError(/permissions\.jwtSecret must be a string of at least 16 characters/))
  t.throws(() => resolved({ permissions: { jwtSecret: SECRET, jwtExpiresIn: {} as never } }), optionsError(/permissions\.jwtExpiresIn must be seconds or a duration/))
  t.throws(() => resolved({ permissions: { jwtSecret: SECRET, roles: [] as never } }), optionsError(/permissions\.roles must be an object keyed by role name/))
  t.throws(() => resolved({ permissions: { jwtSecret: SECRET, roles: { Editors: {} } } }), optionsError(/role name "Editors" must be kebab-case/))
  t.throws(() => resolved({ permissions: { jwtSecret: SECRET, roles: { editors: ['find'] as never } } }), optionsError(/permissions\.roles\.editors must map uids to action lists/))
  t.same(resolved({ permissions: { jwtSecret: SECRET } }).permissions, { jwtSecret: SECRET, jwtExpiresIn: '30d', roles: {}, email: null })
})

t.test('the uids the options name are checked against the loaded model, in one place', async t => {
  const model = (options: Partial<ContentApiOptions>): ReturnType<typeof resolveModelOptions> => resolveModelOptions(resolved(options), registry)
  t.throws(() => model({ permissions: { jwtSecret: SECRET, roles: { public: { 'api::missing.missing': ['find'] } } } }),
    optionsError(/permissions\.roles\.public: unknown content type "api::missing\.missing"/))
  t.throws(() => model({ permissions: { jwtSecret: SECRET, roles: { public: { 'api::note.note': ['publish'] } } } }),
    optionsError(/permissions\.roles\.public\.api::note\.note: actions must be a list of find, findOne, create, update, delete/))
  t.throws(() => model({ controllers: { 'api::missing.missing': () => ({}) } }), optionsError(/controllers: unknown content type "api::missing\.missing"/))
  t.throws(() => model({ lifecycles: { 'api::missing.missing': {} } }), optionsError(/lifecycles: unknown content type "api::missing\.missing"/))
  t.throws(() => model({ cache: { contentTypes: { 'api::missing.missing': { maxAge: 1 } } } }), optionsError(/cache\.contentTypes: unknown content type "api::missing\.missing"/))

  const { permissions } = model({ permissions: { jwtSecret: SECRET, roles: { editors: { 'api::note.note': ['find', 'create'] } } } })
  t.same([...permissions!.roles.editors!.get('api::note.note')!].sort(), ['create', 'find'])
  t.same(Object.keys(permissions!.roles).sort(), ['authenticated', 'editors', 'public'], 'public and authenticated always exist')
  t.equal(model({}).permissions, null)
  const factory = (): Record<string, never> => ({})
  t.same(model({ controllers: { 'api::note.note': factory } }).controllers, { 'api::note.note': factory }, 'controllers of served types pass')
})

t.test('registration stops at a bad controllers option before any connection is made', async t => {
  const app = Fastify({ logger: false })
  t.teardown(async () => { await app.close().catch(() => {}) })
  await t.rejects(async () => {
    await app.register(contentApi, { contentTypes, database: { url: 'postgresql://nobody@127.0.0.1:1/none' }, controllers: { 'api::missing.missing': () => ({}) } })
    await app.ready()
  }, optionsError(/controllers: unknown content type "api::missing\.missing"/))
})

t.test('graphql: off unless given, each key checked, defaults Strapi\'s where they are safe', async t => {
  t.equal(resolved({}).graphql, null, 'off by default')
  t.equal(resolved({ graphql: false }).graphql, null)
  t.same(resolved({ graphql: {} }).graphql, {
    endpoint: '/graphql', defaultLimit: 10, maxLimit: 100, depthLimit: 20, landingPage: false, introspection: true, persistedQueries: true
  }, 'Strapi\'s default limit, the REST maximum page size as the cap, introspection outside production')
  t.equal(resolved({ graphql: true }, { NODE_ENV: 'production' }).graphql?.introspection, false, 'no introspection in production, as Apollo Server')
  t.equal(resolved({ graphql: { introspection: true } }, { NODE_ENV: 'production' }).graphql?.introspection, true)
  t.equal(resolved({ graphql: {}, pagination: { maxPageSize: 40, defaultPageSize: 20 } }).graphql?.maxLimit, 40)
  t.same(resolved({ graphql: { endpoint: '/api/gql', defaultLimit: 5, maxLimit: 50, depthLimit: 12, landingPage: true } }).graphql,
    { endpoint: '/api/gql', defaultLimit: 5, maxLimit: 50, depthLimit: 12, landingPage: true, introspection: true, persistedQueries: true })
  t.equal(resolved({ graphql: { persistedQueries: false } }).graphql?.persistedQueries, false)
  const cases: Array<[unknown, RegExp]> = [
    ['yes', /graphql must be false, true or/],
    [{ path: '/x' }, /graphql\.path is not an option \(known: endpoint, defaultLimit, maxLimit, depthLimit, landingPage, introspection, persistedQueries\)/],
    [{ endpoint: 'graphql' }, /graphql\.endpoint must look like \/graphql/],
    [{ maxLimit: -1 }, /graphql\.maxLimit must be a positive integer, got -1/],
    [{ depthLimit: 2.5 }, /graphql\.depthLimit must be a positive integer/],
    [{ defaultLimit: 0 }, /graphql\.defaultLimit must be a positive integer/],
    [{ defaultLimit: 30, maxLimit: 20 }, /graphql\.defaultLimit cannot exceed graphql\.maxLimit/],
    [{ landingPage: 'yes' }, /graphql\.landingPage must be a boolean/],
    [{ introspection: 1 }, /graphql\.introspection must be a boolean/],
    [{ persistedQueries: 'on' }, /graphql\.persistedQueries must be a boolean/]
  ]
  for (const [graphql, message] of cases) t.throws(() => resolved({ graphql: graphql as never }), optionsError(message), JSON.stringify(graphql))
})
