/**
 * Strings PostgreSQL cannot store: a NUL character, which text columns and
 * parameters refuse, and a lone UTF-16 surrogate, which would be stored as U+FFFD without
 * a word. Everywhere a client's string reaches SQL — query filters at any depth, bodies,
 * logins, register, admin login, upload `fileInfo` — the answer is a 400, never a 500.
 */
import t from 'tap'
import type { Test } from 'tap'
import { buildTestApp } from '../helpers/app.js'
import { seedMagazine } from '../helpers/magazine.js'
import { png, upload } from './upload/upload-helpers.js'

type Json = any

const SECRET = 'a-test-secret-that-is-long-enough'
const every = ['find', 'findOne', 'create', 'update', 'delete']
const { app, close } = await buildTestApp({
  permissions: {
    jwtSecret: SECRET,
    roles: {
      public: Object.fromEntries([
        ...['article', 'author', 'category', 'tag', 'issue', 'homepage'].map(name => [`api::${name}.${name}`, every]),
        ['plugin::upload', ['upload', 'find', 'findOne', 'destroy']]
      ])
    }
  }
})
t.teardown(close)
await seedMagazine(app)
await app.contentApi.users!.createUser({ username: 'reader', email: 'reader@example.com', password: 'secret-pass' })
await app.contentApi.admin.createUser({ email: 'admin@example.com', firstname: 'Ada', password: 'admin-password' })

const NUL = '\u0000'
const LONE_SURROGATE = '\ud800'

function assertBadRequest (t: Test, label: string, response: { statusCode: number, json: () => Json }): void {
  const body = response.json()
  t.equal(response.statusCode, 400, `${label}: ${JSON.stringify(body.error ?? body)}`)
  t.equal(body.data, null, `${label}: envelope`)
  t.equal(body.error?.name, 'ValidationError', `${label}: name`)
}

t.test('query filters, at any depth and in every operator', async t => {
  const urls = [
    '/api/articles?filters[title][$eq]=a%00b',
    '/api/articles?filters[title]=a%00b',
    '/api/articles?filters[title][$containsi]=a%00b',
    '/api/articles?filters[title][$notContains]=%00',
    '/api/articles?filters[title][$startsWith]=%00',
    '/api/articles?filters[title][$endsWithi]=x%00',
    '/api/articles?filters[title][$in][0]=fine&filters[title][$in][1]=a%00b',
    '/api/articles?filters[title][$eq][0]=fine&filters[title][$eq][1]=a%00b',
    '/api/articles?filters[title][$not][$eq]=a%00b',
    '/api/articles?filters[$or][0][title][$eq]=fine&filters[$or][1][slug][$eq]=a%00b',
    '/api/articles?filters[author][name][$eq]=a%00b',
    '/api/articles?filters[tags][name][$containsi]=a%00b',
    '/api/articles?filters[seo][openGraph][ogTitle][$eq]=a%00b',
    '/api/articles?populate[author][filters][name][$eq]=a%00b',
    '/api/articles?populate[tags][filters][$or][0][name][$startsWith]=a%00b',
    '/api/articles?populate[blocks][on][blocks.quote][filters][text][$eq]=a%00b',
    '/api/authors?populate[articles][populate][tags][filters][name][$eq]=a%00b',
    '/api/articles/1?populate[author][filters][name][$eq]=a%00b',
    '/api/homepage?populate[featured][filters][title][$eq]=a%00b',
    '/api/upload/files?filters[name][$eq]=a%00b'
  ]
  for (const url of urls) assertBadRequest(t, url, await app.inject({ method: 'GET', url }))
  const named = (await app.inject({ method: 'GET', url: '/api/articles?filters[title][$eq]=a%00b' })).json()
  t.match(named.error.message, 'filters[title][$eq]')
  t.match(named.error.message, 'NUL')
  t.same(named.error.details.errors[0].path, ['filters', 'title', '$eq'])
})

t.test('bodies of writes', async t => {
  const writes: Array<[string, string, unknown]> = [
    ['POST', '/api/articles', { data: { title: `a${NUL}b` } }],
    ['POST', '/api/articles', { data: { title: `a${LONE_SURROGATE}b` } }],
    ['POST', '/api/articles', { data: { title: 'ok', metadata: { [`k${NUL}`]: 1 } } }],
    ['POST', '/api/articles', { data: { title: 'ok', seo: { metaTitle: `a${NUL}` } } }],
    ['POST', '/api/articles', { data: { title: 'ok', blocks: [{ __component: 'blocks.quote', text: `a${NUL}` }] } }],
    ['POST', '/api/authors', { data: { name: 'Nul', password: `pass${NUL}word` } }],
    ['PUT', '/api/homepage', { data: { heading: `a${NUL}` } }]
  ]
  for (const [method, url, payload] of writes) {
    assertBadRequest(t, `${method} ${url} ${JSON.stringify(payload)}`, await app.inject({ method: method as 'POST', url, payload: payload as object }))
  }
})

t.test('logins, register and admin login', async t => {
  const posts: Array<[string, Record<string, unknown>]> = [
    ['/api/auth/local', { identifier: `reader${NUL}`, password: 'secret-pass' }],
    ['/api/auth/local', { identifier: `reader@example.com${NUL}`, password: 'secret-pass' }],
    ['/api/auth/local', { identifier: `reader${LONE_SURROGATE}`, password: 'secret-pass' }],
    ['/api/auth/local', { identifier: 'reader', password: `secret${NUL}pass` }],
    ['/api/auth/local/register', { username: `nul${NUL}user`, email: 'nul@example.com', password: 'secret-pass' }],
    ['/api/auth/local/register', { username: 'nuluser', email: `nul${NUL}@example.com`, password: 'secret-pass' }],
    ['/api/auth/local/register', { username: 'nuluser', email: 'nul@example.com', password: `secret${NUL}pass` }],
    ['/api/auth/local/register', { username: `lone${LONE_SURROGATE}user`, email: 'lone@example.com', password: 'secret-pass' }],
    ['/admin/login', { email: `admin@example.com${NUL}`, password: 'admin-password' }],
    ['/admin/login', { email: `admin${LONE_SURROGATE}@example.com`, password: 'admin-password' }],
    ['/admin/login', { email: 'admin@example.com', password: `admin${NUL}password` }]
  ]
  for (const [url, payload] of posts) {
    assertBadRequest(t, `${url} ${JSON.stringify(payload)}`, await app.inject({ method: 'POST', url, payload }))
  }
  const [row] = await app.contentApi.db.query("select count(*)::int as n from up_users where email like '%nul%' or email like '%lone%'", [])
  t.equal(row!.n, 0, 'no user was registered')
})

t.test('upload fileInfo', async t => {
  const image = await png(8, 8)
  for (const key of ['alternativeText', 'caption', 'name']) {
    for (const bad of [`a${NUL}b`, `a${LONE_SURROGATE}b`]) {
      const response = await upload(app, [{ filename: 'pixel.png', bytes: image }], { fileInfo: { [key]: bad } })
      assertBadRequest(t, `fileInfo.${key} ${JSON.stringify(bad)}`, response)
    }
  }
  const stored = await upload(app, [{ filename: 'pixel.png', bytes: image }])
  t.equal(stored.statusCode, 200)
  const id = (stored.json() as Json[])[0].id as number
  const update = await upload(app, [], { fileInfo: { caption: `a${NUL}b` } }, `/api/upload?id=${id}`)
  assertBadRequest(t, 'fileInfo of an update', update)
})
