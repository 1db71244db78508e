/**
 * The v5 routes send repeated reads as kept bodies, as the v4 routes do
 * (routes/rendered-answers): a repeated read is the same kept answer (not built, encoded or
 * hashed again) and, with the response cache, sends no statement; a write through the v5
 * routes is seen by the next read; and the v5 answer, its `Strapi-Response-Format: v4`
 * answer and the v4 mount's answer of the same rows each keep their own.
 */
import { createHash } from 'node:crypto'
import t from 'tap'
import type { LightMyRequestResponse } from 'fastify'
import type { RenderedAnswer } from '../../../plugin/routes/rendered-answers.js'
import { buildTestApp } from '../../helpers/app.js'
import { V5_PROJECT } from './replay.js'

type Json = any

const etagOf = (bytes: Buffer): string => `"${createHash('sha1').update(bytes).digest('base64url')}"`

/** The kept answer the last request was sent with (null: none). Requests here run one at a time. */
let lastAnswer: RenderedAnswer | null = null

const served = await buildTestApp(
  { schemas: `${V5_PROJECT}src`, i18n: { locales: ['en', 'fr'] }, apiFormat: 'v5', alsoServe: { apiFormat: 'v4', prefix: '/api/v4' }, cache: { responses: { maxEntries: 100, maxBytes: 1024 * 1024 } } },
  {},
  app => { app.addHook('onResponse', (request, _reply, done) => { lastAnswer = request.contentApiAnswer; done() }) }
)
t.teardown(served.close)
const { app, statements } = served

interface Read { response: LightMyRequestResponse, answer: RenderedAnswer | null, statements: number }

async function read (url: string, headers: Record<string, string> = {}): Promise<Read> {
  statements.reset()
  lastAnswer = null
  const response = await app.inject({ method: 'GET', url, headers })
  return { response, answer: lastAnswer, statements: statements.count() }
}

async function write (method: 'POST' | 'PUT', url: string, data: Record<string, unknown>): Promise<Json> {
  const response = await app.inject({ method, url, payload: { data } })
  if (response.statusCode !== 200 && response.statusCode !== 201) throw new Error(`${method} ${url}: ${response.body.slice(0, 200)}`)
  return response.json().data
}

/**
 * Until the response cache keeps `url`'s answer: its listener must be connected and the
 * notices of this process's own writes back (docs/caching.md), which takes a few ms at start.
 */
async function cached (url: string): Promise<void> {
  for (const deadline = Date.now() + 5_000; Date.now() < deadline;) {
    await read(url)
    if ((await read(url)).statements === 0) return
    await new Promise(resolve => setTimeout(resolve, 5))
  }
  throw new Error(`${url}: not kept by the response cache within 5 s`)
}

const author = await write('POST', '/api/authors', { name: 'Ada' })
await write('PUT', '/api/homepage', { title: 'Welcome' })

t.test('a repeated v5 read is the kept answer: no statement, nothing built again', async t => {
  for (const url of ['/api/authors', `/api/authors/${author.documentId as string}`, '/api/authors?fields[0]=name&locale=*', '/api/homepage']) {
    await cached(url)
    const first = await read(url)
    const again = await read(url)
    t.equal(first.response.statusCode, 200, url)
    t.ok(first.answer !== null, `${url}: sent as a kept answer`)
    t.equal(again.answer, first.answer, `${url}: the second read is the same kept answer, not built again`)
    t.equal(again.statements, 0, `${url}: and read from the response cache`)
    t.equal(again.response.body, first.response.body)
    t.equal(again.response.headers.etag, etagOf(again.response.rawPayload), `${url}: its ETag is the hash of the bytes sent`)
    t.equal((await read(url, { 'if-none-match': first.response.headers.etag as string })).response.statusCode, 304, `${url}: revalidates as 304`)
  }
})

t.test('a v5 write is seen by the next v5 read, which keeps the new answer', async t => {
  const url = `/api/authors/${author.documentId as string}`
  const before = await read(url)
  await write('PUT', url, { name: 'Ada Lovelace' })
  const after = await read(url)
  t.equal(after.statements, 1, 'the write dropped the cached answer: read again')
  t.not(after.answer, before.answer, 'a new answer, built from the new text')
  t.equal(after.response.json().data.name, 'Ada Lovelace')
  t.not(after.response.headers.etag, before.response.headers.etag)
  t.equal((await read(url, { 'if-none-match': before.response.headers.etag as string })).response.statusCode, 200, 'the old ETag no longer matches')
  const again = await read(url)
  t.equal(again.answer, after.answer, 'the new answer is kept in turn')

  const list = await read('/api/authors')
  await write('POST', '/api/authors', { name: 'Grace' })
  const longer = await read('/api/authors')
  t.not(longer.answer, list.answer, 'a create changes the list')
  t.same(longer.response.json().data.map((entry: Json) => entry.name), ['Ada Lovelace', 'Grace'])

  const page = await read('/api/homepage')
  await write('PUT', '/api/homepage', { title: 'Hello' })
  const changed = await read('/api/homepage')
  t.equal(changed.response.json().data.title, 'Hello', 'a single type too')
  t.not(changed.answer, page.answer)
})

t.test('v5, Strapi-Response-Format: v4 and the v4 mount each keep their own answer', async t => {
  const url = `/authors/${author.documentId as string}`
  const v5 = await read(`/api${url}`)
  const v4Shape = await read(`/api${url}`, { 'strapi-response-format': 'v4' })
  t.ok(v4Shape.answer !== null && v4Shape.answer !== v5.answer, 'the header\'s answer is kept apart')
  t.match(v4Shape.response.json().data, { documentId: author.documentId, attributes: { name: 'Ada Lovelace' } })
  t.equal((await read(`/api${url}`)).answer, v5.answer, 'the v5 answer was not replaced by it')
  t.equal((await read(`/api${url}`, { 'strapi-response-format': 'v4' })).answer, v4Shape.answer, 'nor the other way')
  const v4Mount = await read(`/api/v4/authors/${author.id as number}`)
  t.match(v4Mount.response.json().data, { id: author.id, attributes: { name: 'Ada Lovelace' } })
  t.ok(v4Mount.answer !== v5.answer && v4Mount.answer !== v4Shape.answer, 'the v4 mount has its own')

  const lists = [await read('/api/authors'), await read('/api/authors', { 'strapi-response-format': 'v4' })]
  t.not(lists[0]!.answer, lists[1]!.answer, 'lists too')
  t.equal((await read('/api/authors')).answer, lists[0]!.answer)
})
