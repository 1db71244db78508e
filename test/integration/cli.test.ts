/** The CLI through its `main`: help and usage errors, admin:create and tokens:create. */
import t from 'tap'
import Fastify from 'fastify'
import { main } from '../../plugin/cli.js'
import contentApi from '../../plugin/index.js'
import { freshDatabase } from '../helpers/app.js'
import { EXAMPLE_SCHEMAS } from '../helpers/paths.js'

const database = await freshDatabase()
t.teardown(database.drop)
const dataDir = t.testdir({})
const env = { ...process.env }
t.teardown(() => { process.env = env })
if (database.url === undefined) {
  delete process.env.DATABASE_URL
  process.env.CONTENT_API_DATA_DIR = dataDir
} else {
  process.env.DATABASE_URL = database.url
}
process.env.JWT_SECRET = 'cli-test-secret-long-enough'

async function run (...argv: string[]): Promise<{ code: number, out: string, err: string }> {
  let out = ''
  let err = ''
  const code = await main(argv, { out: (text) => { out += text }, err: (text) => { err += text } })
  return { code, out, err }
}

t.test('help and usage errors', async t => {
  const help = await run('--help')
  t.equal(help.code, 0)
  for (const command of ['serve', 'types', 'graphql:schema', 'admin:create', 'tokens:create']) t.match(help.out, command)
  t.equal((await run('launch')).code, 2)
  t.equal((await run('admin:create', '--email', 'x@example.com')).code, 2, 'missing options')
  const badRole = await run('admin:create', '--email', 'x@example.com', '--firstname', 'X', '--lastname', 'Y', '--password', 'a-long-password', '--role', 'owner')
  t.equal(badRole.code, 2, 'an unknown --role')
  t.match(badRole.err, '--role must be one of super-admin, editor, author')
  t.equal((await run('tokens:create', '--schemas', EXAMPLE_SCHEMAS, '--name', 'n', '--type', 'root')).code, 2, 'bad token type')
  const locales = await run('serve', '--schemas', EXAMPLE_SCHEMAS, '--locales', 'en,,fr')
  t.equal(locales.code, 2, 'bad --locales')
  t.match(locales.err, /--locales: i18n.locales: "" is not a locale code/)
  t.equal((await run('types', '--schemas', EXAMPLE_SCHEMAS, '--locales', 'en,en')).code, 2, 'a locale twice')
})

t.test('admin:create and tokens:create write what a served app then accepts', async t => {
  const admin = await run('admin:create', '--email', 'cli@example.com', '--firstname', 'Cli', '--lastname', 'User', '--password', 'a-long-password', '--schemas', EXAMPLE_SCHEMAS)
  t.equal(admin.code, 0, admin.err)
  const author = await run('admin:create', '--email', 'cli-author@example.com', '--firstname', 'Cli', '--lastname', 'Author', '--password', 'a-long-password', '--role', 'author', '--schemas', EXAMPLE_SCHEMAS)
  t.equal(author.code, 0, author.err)
  t.match(author.out, 'created (author)')
  const token = await run('tokens:create', '--schemas', EXAMPLE_SCHEMAS, '--name', 'ci-reader', '--type', 'read-only')
  t.equal(token.code, 0, token.err)
  const key = token.out.trim().split('\n').pop()!
  t.match(key, /^[0-9a-f]{96}$/)

  const app = Fastify({ pluginTimeout: 120_000 })
  await app.register(contentApi, {
    schemas: EXAMPLE_SCHEMAS,
    database: database.url === undefined ? { dataDir } : { url: database.url },
    permissions: { jwtSecret: 'cli-test-secret-long-enough', roles: {} },
    docs: false
  })
  t.teardown(async () => { await app.close() })
  const login = await app.inject({ method: 'POST', url: '/admin/login', payload: { email: 'cli@example.com', password: 'a-long-password' } })
  t.equal(login.statusCode, 200)
  const roles = await app.contentApi.db.query('select email, role from admin_users order by email', [])
  t.same(roles, [{ email: 'cli-author@example.com', role: 'strapi-author' }, { email: 'cli@example.com', role: 'strapi-super-admin' }],
    '--role author makes an Author; without --role, a Super Admin as before')
  t.equal((await app.inject({ url: '/api/tags' })).statusCode, 403, 'the public role has no grants')
  t.equal((await app.inject({ url: '/api/tags', headers: { authorization: `Bearer ${key}` } })).statusCode, 200, 'the printed key reads')
  t.equal((await app.inject({ method: 'POST', url: '/api/tags', payload: { data: { name: 'x' } }, headers: { authorization: `Bearer ${key}` } })).statusCode, 403, 'and only reads')
})
