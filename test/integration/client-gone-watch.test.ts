/**
 * Which reads watch for their client going away (plugin/routes/client-gone.ts): a read that
 * may run long does, so its statement can be cancelled; one entry by its id with nothing
 * populated is one index probe and does not.
 */
import t from 'tap'
import Fastify from 'fastify'
import contentApi from '../../plugin/index.js'
import { EXAMPLE_SCHEMAS } from '../helpers/app.js'

t.test('a by-id entry read without populate makes no client-gone watch; populated and list reads do', async t => {
  const app = Fastify({ logger: false, pluginTimeout: 120_000 })
  /** Listeners on each GET's 'close' as it is answered: a read that watches its client adds one. */
  const watches = new Map<string, number>()
  app.addHook('onResponse', (request, _reply, done) => {
    if (request.method === 'GET') watches.set(request.url, request.raw.listenerCount('close'))
    done()
  })
  await app.register(contentApi, { schemas: EXAMPLE_SCHEMAS, upload: false, docs: false, database: { dataDir: 'memory://' } })
  t.teardown(async () => { await app.close() })
  const tag = await app.inject({ method: 'POST', url: '/api/tags', payload: { data: { name: 'a' } } })
  const id = (tag.json() as { data: { id: number } }).data.id
  const reads = [`/api/tags/${id}`, `/api/tags/${id}?populate=articles`, '/api/tags']
  for (const url of reads) t.equal((await app.inject({ method: 'GET', url })).statusCode, 200, url)
  const [light, populated, list] = reads.map(url => watches.get(url)!)
  t.equal(populated, light! + 1, 'a populated entry read watches its client')
  t.equal(list, light! + 1, 'a list read watches its client')
  t.equal((await app.inject({ method: 'GET', url: '/api/tags/999999' })).statusCode, 404, 'a missing entry is still not found')
})
