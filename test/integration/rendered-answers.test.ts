/**
 * Repeated reads sent as kept bodies (routes/rendered-answers): every answer's ETag is the
 * SHA-1 of the bytes it sends, whether its body was kept or built; an answer that changed is
 * never the kept one, also when the change was made outside the API; and keeping a body never
 * saves a statement: the reading is done each time, only the sending is not redone.
 */
import { createHash } from 'node:crypto'
import t from 'tap'
import type { Test } from 'tap'
import type { LightMyRequestResponse } from 'fastify'
import { buildTestApp } from '../helpers/app.js'
import type { TestApp } from '../helpers/app.js'

const etagOf = (bytes: Buffer): string => `"${createHash('sha1').update(bytes).digest('base64url')}"`

/** The ETag a fresh read computes from the answer's own bytes, and the length they have. */
function assertOwnEtag (t: Test, response: LightMyRequestResponse, label: string): void {
  t.equal(response.statusCode, 200, label)
  t.equal(response.headers.etag, etagOf(response.rawPayload), `${label}: the ETag is the hash of the bytes sent`)
  t.equal(Number(response.headers['content-length']), response.rawPayload.length, `${label}: the length of the bytes sent`)
}

async function read (served: TestApp, url: string, headers: Record<string, string> = {}): Promise<LightMyRequestResponse> {
  return await served.app.inject({ method: 'GET', url, headers })
}

t.test('cache off: kept bodies carry the ETag a fresh read computes, and every read still reads', async t => {
  const served = await buildTestApp({
    controllers: {
      'api::tag.tag': ({ core }) => ({
        async find (request) {
          const answer = await core.find(request)
          return { ...answer, meta: { ...answer.meta, wrapped: true } }
        }
      })
    }
  })
  t.teardown(served.close)
  const { app, statements } = served
  const created = await app.inject({ method: 'POST', url: '/api/categories', payload: { data: { name: 'Café ☕ 日本' } } })
  const id = (created.json() as { data: { id: number } }).data.id

  for (const url of ['/api/categories', `/api/categories/${id}`, '/api/categories?fields[0]=name']) {
    statements.reset()
    const first = await read(served, url)
    const second = await read(served, url)
    t.equal(statements.count(), 2, `${url}: each read sends its statement`)
    assertOwnEtag(t, first, `${url} first`)
    assertOwnEtag(t, second, `${url} again`)
    t.equal(second.body, first.body)
    t.equal(second.headers.etag, first.headers.etag, `${url}: the same answer, the same ETag`)
    t.equal((await read(served, url, { 'if-none-match': first.headers.etag as string })).statusCode, 304, `${url}: a kept answer revalidates as 304`)
    const head = await served.app.inject({ method: 'HEAD', url })
    t.equal(head.statusCode, 200)
    t.equal(head.body, '', `${url}: HEAD sends no body`)
    t.equal(head.headers.etag, first.headers.etag, `${url}: HEAD has the ETag of the GET`)
    t.equal(head.headers['content-length'], first.headers['content-length'], `${url}: and its length`)
  }

  const before = await read(served, '/api/categories')
  // Outside the API, so nothing is invalidated: only the text PostgreSQL answers tells.
  await app.contentApi.db.query('update categories set name = $1 where id = $2', ['Changed outside', id])
  const after = await read(served, '/api/categories')
  assertOwnEtag(t, after, 'after a change made with plain SQL')
  t.match(after.body, /Changed outside/, 'the changed answer is sent, not the kept one')
  t.not(after.headers.etag, before.headers.etag)
  const withIt = await read(served, '/api/categories', { 'if-none-match': before.headers.etag as string })
  t.equal(withIt.statusCode, 200, 'the ETag of the kept answer no longer matches')

  await app.inject({ method: 'POST', url: '/api/categories', payload: { data: { name: 'Second' } } })
  const longer = await read(served, '/api/categories')
  assertOwnEtag(t, longer, 'after a create')
  t.equal((longer.json() as { meta: { pagination: { total: number } } }).meta.pagination.total, 2)

  await app.inject({ method: 'POST', url: '/api/tags', payload: { data: { name: 'wrapped' } } })
  const wrappedOnce = await read(served, '/api/tags')
  const wrappedAgain = await read(served, '/api/tags')
  assertOwnEtag(t, wrappedAgain, 'a controller that changes the core answer')
  t.equal((wrappedAgain.json() as { meta: { wrapped: boolean } }).meta.wrapped, true)
  t.equal(wrappedAgain.headers.etag, wrappedOnce.headers.etag)
})

t.test('cache on: a hit is sent with the ETag of its own bytes, a read after a write is fresh', async t => {
  const served = await buildTestApp({ cache: { responses: { maxEntries: 100, maxBytes: 1024 * 1024 } } })
  t.teardown(served.close)
  const { app } = served
  await app.inject({ method: 'POST', url: '/api/tags', payload: { data: { name: 'one' } } })
  const etags = new Set<string>()
  for (let attempt = 0; attempt < 5; attempt += 1) {
    const response = await read(served, '/api/tags')
    assertOwnEtag(t, response, `read ${attempt + 1}`)
    etags.add(response.headers.etag as string)
  }
  t.equal(etags.size, 1, 'one answer, one ETag')
  await app.inject({ method: 'POST', url: '/api/tags', payload: { data: { name: 'two' } } })
  const fresh = await read(served, '/api/tags')
  assertOwnEtag(t, fresh, 'after a write')
  t.same((fresh.json() as { data: Array<{ attributes: { name: string } }> }).data.map(tag => tag.attributes.name), ['one', 'two'])
  t.not(fresh.headers.etag, [...etags][0])
})
