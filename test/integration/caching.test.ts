/**
 * HTTP caching headers, and the response cache shared through PostgreSQL's LISTEN/NOTIFY:
 * two plugin instances on one database (two nodes), writes through either and through
 * plain SQL, and no stale answer after a write has returned.
 */
import t from 'tap'
import Fastify from 'fastify'
import type { FastifyInstance } from 'fastify'
import pg from 'pg'
import contentApi from '../../plugin/index.js'
import type { ContentApiOptions } from '../../plugin/index.js'
import { appDatabase, buildTestApp, EXAMPLE_SCHEMAS } from '../helpers/app.js'

t.test('ETag, 304, Cache-Control and Vary', async t => {
  const { app, close } = await buildTestApp({
    cache: { maxAge: 60, staleWhileRevalidate: 30, contentTypes: { 'api::tag.tag': { maxAge: 0 } } }
  })
  t.teardown(close)
  await app.inject({ method: 'POST', url: '/api/categories', payload: { data: { name: 'News' } } })
  const first = await app.inject({ method: 'GET', url: '/api/categories' })
  t.equal(first.statusCode, 200)
  const etag = first.headers.etag as string
  t.match(etag, /^"[A-Za-z0-9_-]{27}"$/, 'a strong ETag: the hash of the body')
  t.equal(first.headers['cache-control'], 'public, max-age=60, stale-while-revalidate=30')
  t.equal(first.headers.vary, 'Authorization')
  const again = await app.inject({ method: 'GET', url: '/api/categories', headers: { 'if-none-match': etag } })
  t.equal(again.statusCode, 304, 'a matching If-None-Match answers 304')
  t.equal(again.body, '', 'with no body')
  t.equal(again.headers.etag, etag)
  const weak = await app.inject({ method: 'GET', url: '/api/categories', headers: { 'if-none-match': `"other", W/${etag}` } })
  t.equal(weak.statusCode, 304, 'a weak or listed match counts too')
  await app.inject({ method: 'POST', url: '/api/categories', payload: { data: { name: 'Sports' } } })
  const changed = await app.inject({ method: 'GET', url: '/api/categories', headers: { 'if-none-match': etag } })
  t.equal(changed.statusCode, 200, 'a changed answer is sent again')
  t.not(changed.headers.etag, etag)
  const tags = await app.inject({ method: 'GET', url: '/api/tags' })
  t.equal(tags.headers['cache-control'], 'no-cache', 'per content type settings replace the defaults')
  const authorized = await app.inject({ method: 'GET', url: '/api/categories', headers: { authorization: 'Bearer x' } })
  t.not(authorized.statusCode, 500)
  const missing = await app.inject({ method: 'GET', url: '/api/categories/999' })
  t.equal(missing.statusCode, 404)
  t.equal(missing.headers.etag, undefined, 'errors carry no ETag')
})

t.test('default Cache-Control is no-cache; bad cache options fail at startup', async t => {
  const { app, close } = await buildTestApp()
  t.teardown(close)
  const response = await app.inject({ method: 'GET', url: '/api/tags' })
  t.equal(response.headers['cache-control'], 'no-cache')
  await t.rejects(buildTestApp({ cache: { maxAge: -1 } }), /cache\.maxAge must be a whole number of seconds/)
  await t.rejects(buildTestApp({ cache: { contentTypes: { 'api::nope.nope': { maxAge: 1 } } } }), /cache\.contentTypes: unknown content type "api::nope\.nope"/)
})

const CACHED_NODE: ContentApiOptions = {
  schemas: EXAMPLE_SCHEMAS,
  upload: false,
  docs: false,
  cache: { responses: { maxEntries: 100, maxBytes: 1024 * 1024 } }
}

async function node (url: string | undefined, statements: string[]): Promise<FastifyInstance> {
  const app = Fastify({ logger: false, pluginTimeout: 120_000 })
  await app.register(contentApi, {
    ...CACHED_NODE,
    database: { ...(url === undefined ? { dataDir: 'memory://' } : { url }), onQuery: sql => { statements.push(sql) } }
  })
  await app.ready()
  return app
}

async function names (app: FastifyInstance): Promise<string[]> {
  const response = await app.inject({ method: 'GET', url: '/api/tags?sort=name' })
  return (response.json() as { data: Array<{ attributes: { name: string } }> }).data.map(entry => entry.attributes.name)
}

async function eventually (check: () => Promise<boolean>): Promise<number> {
  const started = Date.now()
  while (Date.now() - started < 5_000) {
    if (await check()) return Date.now() - started
    await new Promise(resolve => setTimeout(resolve, 5))
  }
  throw new Error('not within 5 s')
}

t.test('the response cache: served from memory, dropped on every node by any committed write', async t => {
  const database = await appDatabase(CACHED_NODE)
  if (database.url === undefined) {
    // PGlite: one process is the only writer; its own writes drop its answers.
    const statements: string[] = []
    const app = await node(undefined, statements)
    t.teardown(async () => { await app.close() })
    await app.inject({ method: 'POST', url: '/api/tags', payload: { data: { name: 'a' } } })
    t.same(await names(app), ['a'])
    const before = statements.length
    t.same(await names(app), ['a'])
    t.equal(statements.length, before, 'a repeated read sends no statement')
    await app.inject({ method: 'POST', url: '/api/tags', payload: { data: { name: 'b' } } })
    t.same(await names(app), ['a', 'b'], 'a write drops the answer at once')
    return
  }
  const aStatements: string[] = []
  const bStatements: string[] = []
  const a = await node(database.url, aStatements)
  const b = await node(database.url, bStatements)
  t.teardown(async () => { await a.close(); await b.close(); await database.drop() })
  /** Until a node's listener is connected, and until the notice of its own last write has come back, a read is not kept. */
  const servedFromMemory = async (app: FastifyInstance, statements: string[]): Promise<number> => await eventually(async () => {
    await names(app)
    const before = statements.length
    await names(app)
    return statements.length === before
  })
  await servedFromMemory(b, bStatements)

  await a.inject({ method: 'POST', url: '/api/tags', payload: { data: { name: 'alpha' } } })
  t.same(await names(a), ['alpha'], 'a write answers; the next read on the same node is fresh at once')
  await servedFromMemory(a, aStatements)
  const before = aStatements.length
  t.same(await names(a), ['alpha'])
  t.equal(aStatements.length, before, 'a repeated read is answered from memory')

  const fresh = await eventually(async () => (await names(b)).includes('alpha'))
  t.ok(fresh < 5_000, `B answers the write made on A (${fresh} ms after it returned)`)

  await b.inject({ method: 'POST', url: '/api/tags', payload: { data: { name: 'beta' } } })
  const onA = await eventually(async () => (await names(a)).includes('beta'))
  t.comment(`a write on B reached A's cache in ${onA} ms`)
  t.same(await names(a), ['alpha', 'beta'])

  const client = new pg.Client({ connectionString: database.url })
  await client.connect()
  await client.query("update tags set name = 'gamma' where name = 'alpha'")
  await client.end()
  const sqlWrite = await eventually(async () => (await names(a)).includes('gamma'))
  t.comment(`a write with plain SQL reached A's cache in ${sqlWrite} ms`)
  t.same(await names(a), ['beta', 'gamma'], 'writes made outside the API invalidate too')

  const entryRead = await a.inject({ method: 'GET', url: '/api/tags?populate=articles' })
  t.equal(entryRead.statusCode, 200)
  const tagId = (entryRead.json() as { data: Array<{ id: number }> }).data[0]!.id
  await names(a)
  await b.inject({ method: 'POST', url: '/api/articles', payload: { data: { title: 'Linked', tags: [tagId] } } })
  const populated = async (): Promise<string> => JSON.stringify((await a.inject({ method: 'GET', url: '/api/tags?populate=articles' })).json())
  await eventually(async () => (await populated()).includes('Linked'))
  t.match(await populated(), /"title":"Linked"/, 'an answer that populated a relation is dropped when the related table changes')
})

t.test('an answer from the response cache makes no client-gone watch (it sends no statement to cancel)', async t => {
  const app = Fastify({ logger: false, pluginTimeout: 120_000 })
  const statements: string[] = []
  /** Listeners on each request's 'close' as it is answered: a read that sends a statement watches it. */
  const watches: number[] = []
  app.addHook('onResponse', (request, _reply, done) => {
    if (request.method === 'GET') watches.push(request.raw.listenerCount('close'))
    done()
  })
  await app.register(contentApi, {
    schemas: EXAMPLE_SCHEMAS,
    upload: false,
    docs: false,
    cache: { responses: { maxEntries: 100, maxBytes: 1024 * 1024 } },
    database: { dataDir: 'memory://', onQuery: sql => { statements.push(sql) } }
  })
  t.teardown(async () => { await app.close() })
  await app.inject({ method: 'POST', url: '/api/tags', payload: { data: { name: 'a' } } })
  t.same(await names(app), ['a'])
  const sent = statements.length
  t.same(await names(app), ['a'])
  t.equal(statements.length, sent, 'the repeated read was answered from memory')
  t.equal(watches.length, 2)
  t.equal(watches[1], watches[0]! - 1, 'one listener fewer: no abort signal was made for the cached answer')
})
