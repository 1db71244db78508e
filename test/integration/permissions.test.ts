/**
 * The permissions plugin: roles × actions, JWT and API tokens, populate pruned by the
 * caller's `find` permission at any depth (inside components and zones too), filters and
 * writes through unreadable types refused.
 */
import { createHmac } from 'node:crypto'
import t from 'tap'
import type { ContentTypeSchema, ComponentSchema } from '../../plugin/index.js'
import { buildTestApp } from '../helpers/app.js'

const SECRET = 'a-test-secret-that-is-long-enough'

const contentTypes: Record<string, ContentTypeSchema> = {
  'api::article.article': {
    info: { singularName: 'article', pluralName: 'articles' },
    attributes: {
      title: { type: 'string' },
      writer: { type: 'relation', relation: 'manyToOne', target: 'api::writer.writer', inversedBy: 'articles' },
      seo: { type: 'component', component: 'shared.seo' },
      blocks: { type: 'dynamiczone', components: ['blocks.cta'] }
    }
  },
  'api::writer.writer': {
    info: { singularName: 'writer', pluralName: 'writers' },
    attributes: {
      name: { type: 'string' },
      articles: { type: 'relation', relation: 'oneToMany', target: 'api::article.article', mappedBy: 'writer' }
    }
  },
  // A type whose creates a lifecycle hook sees (and may change): planned inside the transaction.
  'api::memo.memo': {
    info: { singularName: 'memo', pluralName: 'memos' },
    attributes: {
      title: { type: 'string' },
      writer: { type: 'relation', relation: 'oneToOne', target: 'api::writer.writer' }
    }
  },
  'api::front.front': {
    kind: 'singleType',
    info: { singularName: 'front', pluralName: 'fronts' },
    attributes: {
      heading: { type: 'string' },
      writer: { type: 'relation', relation: 'oneToOne', target: 'api::writer.writer' }
    }
  }
}
const components: Record<string, ComponentSchema> = {
  'shared.seo': { attributes: { metaTitle: { type: 'string' }, reviewer: { type: 'relation', relation: 'oneToOne', target: 'api::writer.writer' } } },
  'blocks.cta': { attributes: { label: { type: 'string' }, writer: { type: 'relation', relation: 'oneToOne', target: 'api::writer.writer' } } }
}

/** The titles of the memos whose create a `beforeCreate` hook saw. */
const hooked: string[] = []

const { app, statements, close } = await buildTestApp({
  contentTypes,
  components,
  lifecycles: { 'api::memo.memo': { beforeCreate: (event) => { hooked.push(String(event.params.data?.title)) } } },
  permissions: {
    jwtSecret: SECRET,
    roles: {
      public: { 'api::article.article': ['find', 'findOne'] },
      authenticated: { 'api::article.article': ['find', 'findOne', 'create', 'update'], 'api::writer.writer': ['find'] }
    }
  }
})
t.teardown(close)

async function call (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, options: { token?: string, payload?: unknown } = {}): Promise<{ status: number, body: any }> {
  const response = await app.inject({
    method,
    url,
    ...(options.payload === undefined ? {} : { payload: options.payload as object }),
    headers: options.token === undefined ? {} : { authorization: `Bearer ${options.token}` }
  })
  return { status: response.statusCode, body: response.json() }
}

const fullToken = (await app.contentApi.apiTokens!.create({ name: 'seed', type: 'full-access' })).accessKey
const writer = (await call('POST', '/api/writers', { token: fullToken, payload: { data: { name: 'Wanda' } } })).body.data.id as number
const article = (await call('POST', '/api/articles', {
  token: fullToken,
  payload: { data: { title: 'Hello', writer, seo: { metaTitle: 'M', reviewer: writer }, blocks: [{ __component: 'blocks.cta', label: 'Go', writer }] } }
})).body.data.id as number

const registered = await call('POST', '/api/auth/local/register', { payload: { username: 'reader', email: 'Reader@Example.com', password: 'secret-pass' } })
const userJwt = registered.body.jwt as string

t.test('register, log in by email or username, who am I — never a password', async t => {
  t.equal(registered.status, 200)
  t.match(registered.body.user, { id: Number, username: 'reader', email: 'reader@example.com', confirmed: true, blocked: false })
  t.notOk('password' in registered.body.user)
  const byEmail = await call('POST', '/api/auth/local', { payload: { identifier: 'reader@example.com', password: 'secret-pass' } })
  t.equal(byEmail.status, 200)
  t.type(byEmail.body.jwt, 'string')
  const byName = await call('POST', '/api/auth/local', { payload: { identifier: 'reader', password: 'secret-pass' } })
  t.equal(byName.status, 200)
  const wrong = await call('POST', '/api/auth/local', { payload: { identifier: 'reader', password: 'nope-nope' } })
  t.equal(wrong.status, 400)
  t.equal(wrong.body.error.message, 'Invalid identifier or password')
  const again = await call('POST', '/api/auth/local/register', { payload: { username: 'reader', email: 'other@example.com', password: 'secret-pass' } })
  t.equal(again.status, 400)
  const me = await call('GET', '/api/users/me', { token: userJwt })
  t.equal(me.status, 200)
  t.equal(me.body.username, 'reader')
  t.notMatch(JSON.stringify(me.body), /password|argon2/)
  t.equal((await call('GET', '/api/users/me')).status, 401)
})

t.test('each role × action', async t => {
  const cases: Array<[string | undefined, 'GET' | 'POST' | 'PUT' | 'DELETE', string, number]> = [
    [undefined, 'GET', '/api/articles', 200],
    [undefined, 'GET', `/api/articles/${article}`, 200],
    [undefined, 'POST', '/api/articles', 403],
    [undefined, 'PUT', `/api/articles/${article}`, 403],
    [undefined, 'DELETE', `/api/articles/${article}`, 403],
    [undefined, 'GET', '/api/writers', 403],
    [userJwt, 'GET', '/api/writers', 200],
    [userJwt, 'GET', `/api/writers/${writer}`, 403],
    [userJwt, 'PUT', `/api/articles/${article}`, 200],
    [userJwt, 'DELETE', `/api/articles/${article}`, 403],
    [userJwt, 'POST', '/api/writers', 403]
  ]
  for (const [token, method, url, status] of cases) {
    const payload = method === 'POST' || method === 'PUT' ? { data: {} } : undefined
    const response = await call(method, url, { ...(token === undefined ? {} : { token }), ...(payload === undefined ? {} : { payload }) })
    t.equal(response.status, status, `${token === undefined ? 'public' : 'authenticated'} ${method} ${url}`)
    if (status === 403) t.equal(response.body.error.name, 'ForbiddenError')
  }
})

function jwt (payload: Record<string, unknown>, secret = SECRET): string {
  const encode = (value: unknown): string => Buffer.from(JSON.stringify(value)).toString('base64url')
  const head = `${encode({ alg: 'HS256', typ: 'JWT' })}.${encode(payload)}`
  return `${head}.${createHmac('sha256', secret).update(head).digest('base64url')}`
}

t.test('bad credentials are a 401 and never fall back to the public role', async t => {
  const now = Math.floor(Date.now() / 1000)
  const userId = registered.body.user.id as number
  t.equal((await call('GET', '/api/users/me', { token: jwt({ id: userId, kind: 'user', iat: now, exp: now + 60 }) })).status, 200, 'a hand-made valid token works')
  const bad: Array<[string, string]> = [
    ['expired', jwt({ id: userId, kind: 'user', iat: now - 120, exp: now - 60 })],
    ['signed with another secret', jwt({ id: userId, kind: 'user', iat: now, exp: now + 60 }, 'another-secret-another-secret')],
    ['tampered', userJwt.slice(0, -4) + (userJwt.endsWith('AAAA') ? 'BBBB' : 'AAAA')],
    ['an unknown user', jwt({ id: 99999, kind: 'user', iat: now, exp: now + 60 })],
    ['an unknown API token', 'f'.repeat(96)]
  ]
  for (const [what, token] of bad) {
    const response = await call('GET', '/api/articles', { token })
    t.equal(response.status, 401, what)
    t.equal(response.body.error.name, 'UnauthorizedError', what)
  }
  const notBearer = await app.inject({ method: 'GET', url: '/api/articles', headers: { authorization: 'Basic abc' } })
  t.equal(notBearer.statusCode, 401)
})

t.test('API tokens: read-only, full-access, custom', async t => {
  const readOnly = (await app.contentApi.apiTokens!.create({ name: 'ro', type: 'read-only' })).accessKey
  t.equal((await call('GET', '/api/writers', { token: readOnly })).status, 200)
  t.equal((await call('POST', '/api/writers', { token: readOnly, payload: { data: { name: 'x' } } })).status, 403)
  t.equal((await call('POST', '/api/writers', { token: fullToken, payload: { data: { name: 'y' } } })).status, 200)
  const custom = (await app.contentApi.apiTokens!.create({ name: 'custom', type: 'custom', permissions: { 'api::writer.writer': ['find'] } })).accessKey
  t.equal((await call('GET', '/api/writers', { token: custom })).status, 200)
  t.equal((await call('GET', '/api/articles', { token: custom })).status, 403)
  const expired = (await app.contentApi.apiTokens!.create({ name: 'old', type: 'full-access', lifespanDays: -1 })).accessKey
  t.equal((await call('GET', '/api/articles', { token: expired })).status, 401)
  const [row] = await app.contentApi.db.query('select access_key from api_tokens where name = $1', ['ro'])
  t.not(row!.access_key, readOnly, 'only a hash of the key is stored')
})

t.test('populate of a type the caller may not find is left out at every depth', async t => {
  const star = await call('GET', `/api/articles/${article}?populate=*`)
  t.equal(star.status, 200)
  t.notOk('writer' in star.body.data.attributes, 'relation pruned under *')
  t.ok('seo' in star.body.data.attributes, 'component kept')
  const deep = await call('GET', `/api/articles/${article}?populate[writer]=true&populate[seo][populate][reviewer]=true&populate[blocks][populate][writer]=true`)
  t.equal(deep.status, 200)
  t.notOk('writer' in deep.body.data.attributes)
  t.notOk('reviewer' in deep.body.data.attributes.seo, 'inside a component')
  t.notOk('writer' in deep.body.data.attributes.blocks[0], 'inside a dynamic zone item')
  t.equal(deep.body.data.attributes.blocks[0].label, 'Go')
  const allowed = await call('GET', `/api/articles/${article}?populate[writer][populate][articles][populate][writer]=true&populate[seo][populate][reviewer]=true`, { token: userJwt })
  t.equal(allowed.body.data.attributes.writer.data.attributes.name, 'Wanda', 'an authenticated reader sees it')
  t.equal(allowed.body.data.attributes.writer.data.attributes.articles.data[0].attributes.writer.data.id, writer, 'depth 3')
  t.equal(allowed.body.data.attributes.seo.reviewer.data.id, writer)
})

t.test('filters and sorts through unreadable types are a 400; writes linking them a 403', async t => {
  t.equal((await call('GET', '/api/articles?filters[writer][name][$eq]=Wanda')).status, 400)
  t.equal((await call('GET', '/api/articles?sort=writer.name')).status, 400)
  t.equal((await call('GET', '/api/articles?filters[seo][reviewer][name][$eq]=Wanda')).status, 400)
  t.equal((await call('GET', '/api/articles?filters[writer][name][$eq]=Wanda', { token: userJwt })).body.data.length, 1)
  const ownerOnly = await app.contentApi.apiTokens!.create({ name: 'articles-writer', type: 'custom', permissions: { 'api::article.article': ['create', 'find'] } })
  const linking = await call('POST', '/api/articles', { token: ownerOnly.accessKey, payload: { data: { title: 'x', seo: { metaTitle: 'y', reviewer: writer } } } })
  t.equal(linking.status, 403)
  t.match(linking.body.error.message, /seo\.reviewer/)
  const plain = await call('POST', '/api/articles', { token: ownerOnly.accessKey, payload: { data: { title: 'plain' } } })
  t.equal(plain.status, 200)
})

t.test('a write naming a type the caller may not find is a 403 before it reads or writes anything, wherever and however it names it', async t => {
  const { accessKey } = await app.contentApi.apiTokens!.create({
    name: 'no-writers',
    type: 'custom',
    permissions: { 'api::article.article': ['create', 'update', 'find'], 'api::memo.memo': ['create', 'find'], 'api::front.front': ['update', 'find'] }
  })
  const write = async (method: 'POST' | 'PUT', url: string, data: unknown): Promise<{ status: number, body: any }> =>
    await call(method, url, { token: accessKey, payload: { data } })
  const refused = async (method: 'POST' | 'PUT', url: string, data: unknown, where: string, what: string): Promise<void> => {
    statements.reset()
    const answer = await write(method, url, data)
    t.same([answer.status, answer.body], [403, {
      data: null,
      error: { status: 403, name: 'ForbiddenError', message: `Forbidden to link ${where}: no find permission on api::writer.writer`, details: {} }
    }], what)
    t.same(statements.list.filter(sql => /articles|memos|fronts|writers/.test(sql)), [], `${what}: nothing of the write reached the database`)
  }
  const memo = async (title: string): Promise<number> => (await write('POST', '/api/memos', { title })).body.data.id as number
  const first = await memo('first')

  await refused('POST', '/api/articles', { title: 'x', writer }, 'writer', 'a relation of the entry')
  await refused('POST', '/api/articles', { title: 'x', blocks: [{ __component: 'blocks.cta', label: 'Go', writer }] }, 'blocks.writer', 'in a zone item')
  await refused('PUT', `/api/articles/${article}`, { seo: { reviewer: [] } }, 'seo.reviewer', 'an empty list, in a component')
  await refused('PUT', `/api/articles/${article}`, { writer: { disconnect: [writer] } }, 'writer', 'a disconnect')
  await refused('PUT', `/api/articles/${article}`, { writer: { data: { id: writer } } }, 'writer', 'the shape a read answers, which would change nothing')
  await refused('PUT', `/api/articles/${article}`, { title: 7, writer: 'not an id' }, 'writer', 'a value that would be a 400: the 403 comes first')
  await refused('POST', '/api/articles', { title: 'x', seo: [{ reviewer: writer }] }, 'seo.reviewer', 'in a component sent in the wrong shape')
  await refused('POST', '/api/memos', { title: 'linking', writer }, 'writer', 'planned after a hook that may change the data')
  await refused('PUT', '/api/front', { heading: 'Front', writer }, 'writer', 'a single type, before its entry is looked for')
  t.same(hooked, ['first'], 'no hook saw a refused write')
  t.equal(await memo('second'), first + 1, 'a refused create spent no id')

  const cleared = await write('PUT', `/api/articles/${article}`, { title: 'Hello', writer: null })
  t.equal(cleared.status, 200, 'null asks for no link: clearing one is allowed')
  const front = await write('PUT', '/api/front', { heading: 'Front' })
  t.equal(front.status, 200)
  t.equal(front.body.data.attributes.heading, 'Front')
})
