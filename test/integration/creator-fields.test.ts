/**
 * Spec 4.7: createdBy/updatedBy appear only on list entries of a type with
 * populateCreatorFields whose list handler is extended to attach them — and then only
 * the admin's id, firstname and lastname.
 */
import t from 'tap'
import { buildTestApp } from '../helpers/app.js'

const { app, close } = await buildTestApp({
  controllers: {
    'api::article.article': ({ core }) => ({
      async find (request) { return await core.find(request, { creatorFields: true }) }
    }),
    'api::author.author': ({ core }) => ({
      async find (request) { return await core.find(request, { creatorFields: true }) }
    })
  }
})
t.teardown(close)

const editor = await app.contentApi.admin.createUser({ email: 'Editor@Example.com', firstname: 'Eddie', lastname: 'Tor', password: 'correct-horse' })
const chief = await app.contentApi.admin.createUser({ email: 'chief@example.com', firstname: 'Chief', password: 'correct-horse-2' })

async function login (email: string, password: string): Promise<{ status: number, body: any }> {
  const response = await app.inject({ method: 'POST', url: '/admin/login', payload: { email, password } })
  return { status: response.statusCode, body: response.json() }
}

async function call (method: 'GET' | 'POST' | 'PUT', url: string, token?: string, payload?: unknown): Promise<any> {
  const response = await app.inject({
    method,
    url,
    ...(payload === undefined ? {} : { payload: payload as object }),
    headers: token === undefined ? {} : { authorization: `Bearer ${token}` }
  })
  if (response.statusCode !== 200) throw new Error(`${method} ${url} answered ${response.statusCode}: ${response.body}`)
  return response.json()
}

t.test('admin login answers a token and the admin, never the password', async t => {
  const ok = await login('editor@example.com', 'correct-horse')
  t.equal(ok.status, 200)
  t.match(ok.body.data, { token: String, user: { id: editor.id, firstname: 'Eddie', lastname: 'Tor', email: 'editor@example.com' } })
  t.notMatch(JSON.stringify(ok.body), /password|argon/)
  const bad = await login('editor@example.com', 'wrong')
  t.equal(bad.status, 400)
  t.equal(bad.body.error.name, 'ValidationError')
})

t.test('writes with an admin token record the creators; extended lists show them', async t => {
  const editorToken = (await login('editor@example.com', 'correct-horse')).body.data.token as string
  const chiefToken = (await login('chief@example.com', 'correct-horse-2')).body.data.token as string
  const created = await call('POST', '/api/articles', editorToken, { data: { title: 'By the editor' } })
  const id = created.data.id as number
  t.notOk('createdBy' in created.data.attributes, 'a write answer carries no creator fields')
  await call('PUT', `/api/articles/${id}`, chiefToken, { data: { title: 'Edited by the chief' } })
  await call('POST', '/api/articles', undefined, { data: { title: 'Anonymous' } })

  const list = await call('GET', '/api/articles')
  const [mine, anonymous] = list.data
  t.same(mine.attributes.createdBy, { id: editor.id, firstname: 'Eddie', lastname: 'Tor' })
  t.same(mine.attributes.updatedBy, { id: chief.id, firstname: 'Chief', lastname: null })
  t.equal(anonymous.attributes.createdBy, null)
  t.notMatch(JSON.stringify(list), /example\.com|argon|password/, 'nothing else of the admin')

  const one = await call('GET', `/api/articles/${id}?populate[0]=createdBy`)
  t.notOk('createdBy' in one.data.attributes, 'findOne is not extended, and populate[createdBy] is ignored')

  await call('POST', '/api/authors', editorToken, { data: { name: 'Writer' } })
  const authors = await call('GET', '/api/authors')
  t.notOk('createdBy' in authors.data[0].attributes, 'a type without populateCreatorFields never shows them')
})
