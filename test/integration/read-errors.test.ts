/** Every invalid read (docs/api.md, 'Errors') is a 400 (or 404) in the error envelope, never a 500. */
import t from 'tap'
import { buildTestApp } from '../helpers/app.js'
import { seedMagazine } from '../helpers/magazine.js'

const { app, close } = await buildTestApp()
t.teardown(close)
const ids = await seedMagazine(app)

// With the strict option, what Strapi ignores (unknown or scalar populate keys) is a 400 too.
const strict = await buildTestApp({ strict: true })
t.teardown(strict.close)

async function expectError (url: string, status: number, name: string, mentions?: string, on = app): Promise<void> {
  const response = await on.inject({ method: 'GET', url })
  const body = response.json()
  t.equal(response.statusCode, status, `${url} → ${status}`)
  t.equal(body.data, null)
  t.equal(body.error?.status, status)
  t.equal(body.error?.name, name)
  if (mentions !== undefined) t.ok(String(body.error?.message).includes(mentions), `message of ${url} names ${mentions}: ${String(body.error?.message)}`)
}

t.test('unknown names in fields, sort, filters and populate', async () => {
  await expectError('/api/articles?fields[0]=nope', 400, 'ValidationError', 'nope')
  await expectError('/api/articles?sort=nope:asc', 400, 'ValidationError', 'nope')
  await expectError('/api/articles?filters[nope][$eq]=1', 400, 'ValidationError', 'nope')
  await expectError('/api/articles?populate[0]=nope', 400, 'ValidationError', 'nope', strict.app)
  await expectError('/api/articles?populate[title]=true', 400, 'ValidationError', 'title', strict.app)
  await expectError('/api/articles?populate[author][fields][0]=nope', 400, 'ValidationError', 'nope')
  await expectError('/api/articles?populate[author][fields][0]=nope', 400, 'ValidationError', 'nope', strict.app)
})

t.test('by default, unknown and scalar populate keys are ignored as in Strapi 4.26', async t => {
  for (const url of ['/api/articles?populate[0]=nope', '/api/articles?populate[title]=true']) {
    const response = await app.inject({ method: 'GET', url })
    t.equal(response.statusCode, 200, url)
    t.same(response.json().data, (await app.inject({ method: 'GET', url: '/api/articles' })).json().data, `${url}: the plain list`)
  }
})

t.test('private attributes cannot be selected, sorted or filtered', async () => {
  await expectError('/api/articles?fields[0]=internalNotes', 400, 'ValidationError', 'internalNotes')
  await expectError('/api/articles?sort=internalNotes', 400, 'ValidationError', 'internalNotes')
  await expectError('/api/articles?filters[internalNotes][$eq]=x', 400, 'ValidationError', 'internalNotes')
  await expectError('/api/authors?filters[password][$startsWith]=a', 400, 'ValidationError', 'password')
  await expectError('/api/articles?filters[author][password][$startsWith]=a', 400, 'ValidationError', 'password')
})

t.test('bad operators, values, directions and pagination', async () => {
  await expectError('/api/articles?filters[title][$nope]=x', 400, 'ValidationError', '$nope')
  await expectError('/api/articles?filters[views][$eq]=many', 400, 'ValidationError')
  await expectError('/api/articles?filters=title', 400, 'ValidationError')
  await expectError('/api/articles?sort=title:sideways', 400, 'ValidationError')
  await expectError('/api/articles?pagination[page]=abc', 400, 'ValidationError')
  await expectError('/api/articles?pagination[page]=1&pagination[start]=0', 400, 'ValidationError')
  await expectError('/api/articles?publicationState=maybe', 400, 'ValidationError')
  await expectError('/api/articles?populate[tags][pagination][page]=1', 400, 'ValidationError')
})

t.test('ids and types', async () => {
  await expectError('/api/articles/abc', 400, 'ValidationError')
  await expectError('/api/articles/999999', 404, 'NotFoundError')
  await expectError('/api/articles/99999999999999', 404, 'NotFoundError')
  await expectError('/api/nothing', 404, 'NotFoundError')
  await expectError(`/api/articles/${ids.articles.draft}`, 404, 'NotFoundError')
})

t.test('hostile query strings are refused, not obeyed', async () => {
  const deep = 'populate' + '[a]'.repeat(60) + '=1'
  await expectError(`/api/articles?${deep}`, 400, 'ValidationError')
  const wide = Array.from({ length: 2000 }, (_, index) => `x${index}=1`).join('&')
  await expectError(`/api/articles?${wide}`, 400, 'ValidationError')
  await expectError('/api/articles?__proto__[admin]=1&populate[__proto__][x]=1', 400, 'ValidationError')
})

t.test('unknown top-level query parameters are ignored', async t => {
  const response = await app.inject({ method: 'GET', url: '/api/articles?utm_source=mail' })
  t.equal(response.statusCode, 200)
})
