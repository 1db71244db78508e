/**
 * `npm run bench:cache`: the response cache measured as a ratio in one run. Two
 * plugin servers on the same seeded database, cache off and cache on, take the same read
 * scenarios in alternating rounds while a writer updates an article's title through the API
 * every second. After every write returns, a checker reads that article and the first list
 * page from the cache-on server; an answer without the new title is counted stale. A second
 * writer changes another article with plain SQL, and the checker waits for the cache-on
 * server to show it (PostgreSQL's NOTIFY reaching the cache), counting how long it took.
 *
 * A third server, bare Fastify replaying the cache-on server's answers from a Map
 * (servers/replay.ts), takes the same rounds: replay/off is what any in-process cache could
 * reach on this machine, so on/off reads against it.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import pg from 'pg'
import { readConfig } from './config.js'
import { generateDataset } from './dataset.js'
import type { BenchDatabase } from './database.js'
import { createBenchDatabase } from './database.js'
import { pickFixture } from './fixture.js'
import { call } from './http.js'
import { loadDataset } from './load/index.js'
import { measureRound } from './measure.js'
import type { RunningServer } from './processes.js'
import { startServer } from './processes.js'
import { scenarios } from './scenarios.js'
import type { ReadScenario } from './scenarios.js'
import type { ReplayedAnswer } from './servers/replay.js'

const MEASURED = new Set(['list', 'list-populate-all', 'entry-deep', 'zone-on'])

interface Staleness { checks: number, stale: number, sqlWrites: number, sqlLatenciesMs: number[] }

/** Writes every second until stopped, and checks the cache-on server after each one. */
function startWriter (cached: string, databaseUrl: string, articles: number[]): { stop: () => Promise<Staleness> } {
  const result: Staleness = { checks: 0, stale: 0, sqlWrites: 0, sqlLatenciesMs: [] }
  let running = true
  let n = 0
  const titleOf = async (path: string, id: number): Promise<string | null> => {
    const answer = await call(cached, 'GET', path)
    const body = answer.body as { data?: unknown }
    const entries = Array.isArray(body.data) ? body.data : [body.data]
    const entry = entries.find(candidate => (candidate as { id?: number } | null)?.id === id) as { attributes: { title: string } } | undefined
    return entry?.attributes.title ?? null
  }
  const loop = (async () => {
    const client = new pg.Client({ connectionString: databaseUrl })
    await client.connect()
    try {
      while (running) {
        n += 1
        const viaApi = articles[n % articles.length]!
        const title = `Cached ${n}`
        const written = await call(cached, 'PUT', `/api/articles/${viaApi}`, JSON.stringify({ data: { title } }))
        if (written.status !== 200) throw new Error(`update answered ${written.status}`)
        for (const path of [`/api/articles/${viaApi}`, `/api/articles?filters[id][$eq]=${viaApi}`]) {
          result.checks += 1
          if (await titleOf(path, viaApi) !== title) result.stale += 1
        }
        const viaSql = articles[(n + 1) % articles.length]!
        const sqlTitle = `Plain SQL ${n}`
        await titleOf(`/api/articles/${viaSql}`, viaSql)
        await client.query('update articles set title = $1 where id = $2', [sqlTitle, viaSql])
        const started = Date.now()
        while (await titleOf(`/api/articles/${viaSql}`, viaSql) !== sqlTitle) {
          if (Date.now() - started > 5_000) throw new Error('a plain SQL write never reached the cache')
          await new Promise(resolve => setTimeout(resolve, 2))
        }
        result.sqlWrites += 1
        result.sqlLatenciesMs.push(Date.now() - started)
        await new Promise(resolve => setTimeout(resolve, 1_000))
      }
    } finally {
      await client.end()
    }
  })()
  return { stop: async () => { running = false; await loop; return result } }
}

async function bench (database: BenchDatabase, servers: RunningServer[]): Promise<void> {
  const config = readConfig()
  const dataset = generateDataset(config.scale)
  const loaded = await loadDataset(database.url, dataset, config.loader, { analyze: true })
  const fixture = pickFixture(dataset, loaded.ids)
  const env = { BENCH_DATABASE_URL: database.url, BENCH_POOL_SIZE: String(config.poolSize), BENCH_FIXTURE: JSON.stringify(fixture), BENCH_CEILING_PREPARED: '1', BENCH_COUNT_STATEMENTS: '0', BENCH_CPU_PROFILE: '' }
  const plain = await startServer('plugin', { ...env, BENCH_RESPONSE_CACHE: '0' })
  servers.push(plain)
  const cached = await startServer('plugin', { ...env, BENCH_RESPONSE_CACHE: '1' })
  servers.push(cached)
  const reads = scenarios(fixture).filter((scenario): scenario is ReadScenario => scenario.kind === 'read' && MEASURED.has(scenario.name))
  const replay = await startReplay(cached.origin, reads.map(scenario => scenario.path), env)
  servers.push(replay)
  const writer = startWriter(cached.origin, database.url, fixture.update.articles)
  const rows: string[] = []
  try {
    for (const scenario of reads) {
      const totals = { off: 0, on: 0, replay: 0 }
      const sequence = [['off', plain], ['on', cached], ['replay', replay]] as const
      for (let round = 0; round < config.rounds; round += 1) {
        const order = round % 2 === 0 ? sequence : [...sequence].reverse()
        for (const [name, server] of order) {
          const result = await measureRound({ origin: server.origin, connections: config.connections, seconds: config.duration, request: { method: 'GET', path: scenario.path } })
          if (result.non2xx > 0 || result.errors > 0) throw new Error(`${scenario.name} on ${name}: ${result.non2xx} non-2xx, ${result.errors} errors`)
          totals[name] += result.requestsPerSecond
        }
      }
      const [off, on, replayed] = [totals.off, totals.on, totals.replay].map(total => total / config.rounds) as [number, number, number]
      rows.push(`| ${scenario.name} | ${off.toFixed(0)} | ${on.toFixed(0)} | ${replayed.toFixed(0)} | **${(on / off).toFixed(1)}×** | ${(replayed / off).toFixed(1)}× | ${(on / replayed).toFixed(2)} |`)
    }
  } finally {
    const staleness = await writer.stop()
    console.log('\n| scenario | req/s cache off | req/s cache on | req/s replay | **on/off** | replay/off | on/replay |\n| --- | --- | --- | --- | --- | --- | --- |')
    for (const row of rows) console.log(row)
    const latencies = staleness.sqlLatenciesMs.sort((a, b) => a - b)
    console.log(`\nwrites through the API: ${staleness.checks / 2}, reads checked right after each: ${staleness.checks}, stale: ${staleness.stale}`)
    console.log(`writes with plain SQL: ${staleness.sqlWrites}, seen by the cache after ${latencies[0] ?? '-'}–${latencies.at(-1) ?? '-'} ms (median ${latencies[Math.floor(latencies.length / 2)] ?? '-'})`)
    if (staleness.stale > 0) process.exitCode = 1
  }
}

/** The replay server, given the cache-on server's answer to every path (read once, before any write). */
async function startReplay (cached: string, paths: string[], env: Record<string, string>): Promise<RunningServer> {
  const answers: ReplayedAnswer[] = []
  for (const path of paths) {
    const response = await fetch(`${cached}${path}`)
    if (response.status !== 200) throw new Error(`${path} answered ${response.status} before the replay server started`)
    answers.push({ path, body: await response.text() })
  }
  const folder = mkdtempSync(join(tmpdir(), 'fca-replay-'))
  const file = join(folder, 'answers.json')
  writeFileSync(file, JSON.stringify(answers))
  try {
    return await startServer('replay', { ...env, BENCH_REPLAY_FILE: file })
  } finally {
    rmSync(folder, { recursive: true, force: true })
  }
}

async function main (): Promise<void> {
  const servers: RunningServer[] = []
  const database = await createBenchDatabase(readConfig().adminUrl)
  try {
    await bench(database, servers)
  } finally {
    await Promise.allSettled(servers.map(async server => { await server.stop() }))
    await database.drop()
  }
}

await main()
