/**
 * Hammered logins and odd input over HTTP: a burst of failed logins is cut off
 * with 429 and Retry-After, strings PostgreSQL cannot store are 400s, and nothing answers 5xx.
 */
import t from 'tap'
import Fastify from 'fastify'
import contentApi, { contentApiServerOptions } from '../../plugin/index.js'
import { EXAMPLE_SCHEMAS } from '../helpers/paths.js'
import { createCluster } from '../helpers/pg-cluster.js'

t.test('login hammering and NUL bytes', async t => {
  const cluster = await createCluster()
  t.teardown(async () => { await cluster.destroy() })
  const app = Fastify({ ...contentApiServerOptions, logger: false, pluginTimeout: 120_000 })
  await app.register(contentApi, {
    schemas: EXAMPLE_SCHEMAS,
    upload: false,
    docs: false,
    database: { url: cluster.url('fca_logins') },
    permissions: { jwtSecret: 'reliability-secret-0123456789', roles: { public: { 'api::article.article': ['find', 'findOne'] }, authenticated: {} } }
  })
  const base = await app.listen({ port: 0, host: '127.0.0.1' })
  t.teardown(async () => { await app.close() })
  const post = async (path: string, body: unknown): Promise<Response> =>
    await fetch(`${base}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) })

  const registered = await post('/api/auth/local/register', { username: 'ada', email: 'ada@example.com', password: 'Analytical-1843' })
  t.equal(registered.status, 200)

  const statuses: Record<number, number> = {}
  let retryAfter: string | null = null
  for (let attempt = 0; attempt < 200; attempt += 1) {
    const response = await post('/api/auth/local', { identifier: 'ada@example.com', password: `guess-${attempt}` })
    await response.arrayBuffer()
    statuses[response.status] = (statuses[response.status] ?? 0) + 1
    if (response.status === 429) retryAfter ??= response.headers.get('retry-after')
  }
  t.comment(`200 failed logins in a row: ${JSON.stringify(statuses)}`)
  t.same(Object.keys(statuses).filter(status => Number(status) >= 500), [], 'no 5xx')
  t.ok((statuses[429] ?? 0) >= 180, 'the burst is cut off with 429')
  t.match(retryAfter, /^\d+$/, 'a 429 says when to retry')

  const odd = [
    await fetch(`${base}/api/articles?filters[title][$eq]=a%00b`),
    await fetch(`${base}/api/articles?filters[title][$containsi]=%00`),
    await fetch(`${base}/api/articles?filters[author][name][$in][0]=x%00`),
    await post('/api/auth/local/register', { username: 'nul\u0000user', email: 'nul@example.com', password: 'Analytical-1843' }),
    await post('/admin/login', { email: 'a\u0000@example.com', password: 'whatever-1234' })
  ]
  t.same(odd.map(response => response.status), [400, 400, 400, 400, 400], 'NUL bytes anywhere are 400s')
})
