/**
 * Hostile reads next to ordinary ones: clients sending the heaviest populates the
 * limits allow, in parallel, must not starve a light read; each answer is counted, and any
 * 5xx fails. The light reads' latency is reported, not asserted (a shared machine's load
 * decides it); what is asserted is the server never running more heavy statements than
 * their gate allows. Runs on a PostgreSQL cluster of its own, over HTTP on a loopback port.
 */
import t from 'tap'
import Fastify from 'fastify'
import contentApi, { contentApiServerOptions } from '../../plugin/index.js'
import { EXAMPLE_SCHEMAS } from '../helpers/paths.js'
import { createCluster } from '../helpers/pg-cluster.js'

/** Every article links to the others' authors, tags and related articles: nested populates fan out. */
async function seed (base: string): Promise<void> {
  const post = async (path: string, data: Record<string, unknown>): Promise<number> => {
    const response = await fetch(`${base}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ data }) })
    if (response.status !== 200) throw new Error(`${path}: ${response.status} ${await response.text()}`)
    return (await response.json() as { data: { id: number } }).data.id
  }
  const tags = await Promise.all(Array.from({ length: 10 }, async (_, index) => await post('/api/tags', { name: `tag ${index}` })))
  const authors = await Promise.all(Array.from({ length: 5 }, async (_, index) => await post('/api/authors', { name: `author ${index}` })))
  const articles: number[] = []
  for (let index = 0; index < 120; index += 1) {
    articles.push(await post('/api/articles', {
      title: `article ${index}`,
      author: authors[index % authors.length],
      tags: tags.filter((_, tag) => (tag + index) % 3 === 0),
      related: articles.slice(-8),
      seo: { metaTitle: `seo ${index}` },
      blocks: [{ __component: 'blocks.quote', text: `quote ${index}` }, { __component: 'blocks.rich-text', body: 'text' }]
    }))
  }
}

function percentile (values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? 0
}

/** Reads as heavy as the populate budget still lets through (about a million estimated rows each). */
const HOSTILE = [
  'populate[author][populate][articles][populate][tags]=true&pagination[pageSize]=100',
  'populate[tags][populate][articles][populate][author]=true&pagination[pageSize]=50'
]

const POOL_SIZE = 10
const HEAVY_SLOTS = Math.floor(POOL_SIZE / 4)

t.test('heavy populates in parallel do not starve a light read', async t => {
  const cluster = await createCluster()
  t.teardown(async () => { await cluster.destroy() })
  const app = Fastify({ ...contentApiServerOptions, logger: false, pluginTimeout: 120_000 })
  await app.register(contentApi, { schemas: EXAMPLE_SCHEMAS, upload: false, docs: false, database: { url: cluster.url('fca_abuse'), poolSize: POOL_SIZE } })
  const base = await app.listen({ port: 0, host: '127.0.0.1' })
  t.teardown(async () => { await app.close() })
  await seed(base)
  await cluster.sql('select 1')

  const light = async (): Promise<number> => {
    const started = performance.now()
    const response = await fetch(`${base}/api/tags?pagination[pageSize]=5`)
    await response.text()
    if (response.status !== 200) throw new Error(`light read answered ${response.status}`)
    return performance.now() - started
  }
  const quiet: number[] = []
  for (let index = 0; index < 100; index += 1) quiet.push(await light())

  const statuses: Record<number, number> = {}
  let running = true
  const hostile = async (index: number): Promise<void> => {
    while (running) {
      const response = await fetch(`${base}/api/articles?${HOSTILE[index % HOSTILE.length]!}`)
      await response.arrayBuffer()
      statuses[response.status] = (statuses[response.status] ?? 0) + 1
    }
  }
  // What keeps a light read quick is that heavy reads never hold more than their slots of the
  // pool; that is asserted by counting the statements running on the server, not by timing.
  let mostRunning = 0
  const watch = async (): Promise<void> => {
    while (running) {
      const { rows } = await cluster.sql("select count(*)::int as running from pg_stat_activity where datname = 'fca_abuse' and state = 'active' and pid <> pg_backend_pid()")
      mostRunning = Math.max(mostRunning, (rows[0] as { running: number }).running)
      await new Promise(resolve => setTimeout(resolve, 20))
    }
  }
  const attackers = Array.from({ length: 12 }, async (_, index) => { await hostile(index) })
  const watcher = watch()
  await new Promise(resolve => setTimeout(resolve, 500))
  const loaded: number[] = []
  const until = Date.now() + 6_000
  while (Date.now() < until) loaded.push(await light())
  running = false
  await Promise.all([...attackers, watcher])

  const quietP99 = percentile(quiet, 0.99)
  const loadedP99 = percentile(loaded, 0.99)
  t.comment(`light read p50/p99: quiet ${percentile(quiet, 0.5).toFixed(1)}/${quietP99.toFixed(1)} ms; ` +
    `beside 12 hostile populates ${percentile(loaded, 0.5).toFixed(1)}/${loadedP99.toFixed(1)} ms over ${loaded.length} reads; hostile answers ${JSON.stringify(statuses)}`)
  t.same(Object.keys(statuses).filter(status => Number(status) >= 500), [], 'no hostile read answered 5xx')
  t.ok((statuses[200] ?? 0) > 0, 'the heavy reads were served (they are within the populate budget)')
  // Pool of 10: the heavy reads' gate has floor(10 / 4) = 2 slots; the one light read in flight makes 3.
  t.ok(mostRunning >= 1 && mostRunning <= HEAVY_SLOTS + 1, `at most ${HEAVY_SLOTS} heavy statements and the light read ran at once on the server (saw ${mostRunning})`)
  t.ok(loaded.length >= 20, `light reads kept being answered (${loaded.length} in 6 s)`)
})
