/**
 * `npm run bench:soak`: saturate the plugin server with the read scenarios (and the write
 * ones with BENCH_SOAK_WRITES=1), in turn, for BENCH_SOAK_SECONDS (default 60) and sample
 * its RSS after every slice. A single sample
 * swings with the answers in flight (150 KB pages × connections) and with when V8 last
 * gave memory back, so the trend is read from the mean RSS of each full pass over the
 * scenarios: memory is flat when every pass's mean stays within ±10% of the first one.
 * The query and statement caches are bounded, so a steady load must not grow it.
 */
import { mkdir, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { RESULTS_FOLDER, readConfig } from './config.js'
import { generateDataset } from './dataset.js'
import type { BenchDatabase } from './database.js'
import { createBenchDatabase } from './database.js'
import { pickFixture } from './fixture.js'
import { serverStats } from './http.js'
import { loadDataset } from './load/index.js'
import { measureRound } from './measure.js'
import type { Load } from './measure.js'
import type { RunningServer } from './processes.js'
import { startServer } from './processes.js'
import { scenarios } from './scenarios.js'
import type { Scenario } from './scenarios.js'

const SLICE_SECONDS = 5

/**
 * With the writes in the rotation every create adds an article to an author, and
 * `three-levels` populates each author's articles without a limit: its answers (and the
 * memory they hold in flight) grow with the data, which would measure the data, not the
 * server (seen: its req/s fell 112 → 32 and the RSS of its slices rose 325 → 434 MB over
 * 160 s, the RSS of the other slices staying near 322 MB).
 */
const ANSWER_GROWS_WITH_CREATES = new Set(['three-levels'])
const TOLERANCE = 0.1

interface Sample { second: number, rssMb: number, heapAfterGcMb: number, requestsPerSecond: number, scenario: string }

async function soak (database: BenchDatabase, servers: RunningServer[]): Promise<void> {
  const config = readConfig()
  const seconds = Number(process.env.BENCH_SOAK_SECONDS ?? 60)
  const dataset = generateDataset(config.scale)
  const loaded = await loadDataset(database.url, dataset, config.loader, { analyze: true })
  const fixture = pickFixture(dataset, loaded.ids)
  const plugin = await startServer('plugin', {
    BENCH_DATABASE_URL: database.url,
    BENCH_POOL_SIZE: String(config.poolSize),
    BENCH_FIXTURE: JSON.stringify(fixture),
    BENCH_CEILING_PREPARED: '1',
    BENCH_COUNT_STATEMENTS: '0',
    BENCH_CPU_PROFILE: ''
  }, ['--expose-gc'])
  servers.push(plugin)
  const withWrites = process.env.BENCH_SOAK_WRITES === '1'
  const reads = scenarios(fixture).filter(scenario => withWrites
    ? !ANSWER_GROWS_WITH_CREATES.has(scenario.name)
    : scenario.kind === 'read')
  const sent = new Map<string, number>()
  const load = (scenario: Scenario): Load['request'] => {
    if (scenario.kind === 'read') return { method: 'GET', path: scenario.path }
    return {
      method: scenario.method,
      next: () => {
        const n = sent.get(scenario.name) ?? 0
        sent.set(scenario.name, n + 1)
        return scenario.request('plugin', n)
      }
    }
  }
  const slice = async (index: number): Promise<Sample> => {
    const scenario = reads[index % reads.length]!
    const round = await measureRound({ origin: plugin.origin, connections: config.connections, seconds: SLICE_SECONDS, request: load(scenario) })
    const rssMb = (await serverStats(plugin.origin)).rss / 1024 / 1024
    // After the RSS: a forced collection would make V8 give memory back and flatter the RSS.
    const heapAfterGcMb = (await serverStats(plugin.origin, true)).heapUsed / 1024 / 1024
    return { second: (index + 1) * SLICE_SECONDS, rssMb, heapAfterGcMb, requestsPerSecond: round.requestsPerSecond, scenario: scenario.name }
  }
  // One pass over every scenario first fills the caches and the pools: that is warm-up.
  for (let index = 0; index < reads.length; index += 1) await slice(index)
  const samples: Sample[] = []
  for (let index = 0; index < Math.ceil(seconds / SLICE_SECONDS); index += 1) samples.push(await slice(index))
  const passes: number[] = []
  for (let start = 0; start + reads.length <= samples.length; start += reads.length) {
    const pass = samples.slice(start, start + reads.length)
    passes.push(pass.reduce((sum, sample) => sum + sample.rssMb, 0) / pass.length)
  }
  const baseline = passes[0] ?? samples[0]!.rssMb
  const worst = Math.max(...passes.map(mean => Math.abs(mean - baseline) / baseline))
  const flat = worst <= TOLERANCE
  console.log('\n| second | scenario | req/s | RSS MB | heap after GC MB |\n| --- | --- | --- | --- | --- |')
  for (const sample of samples) {
    console.log(`| ${sample.second} | ${sample.scenario} | ${sample.requestsPerSecond.toFixed(0)} | ${sample.rssMb.toFixed(1)} | ${sample.heapAfterGcMb.toFixed(1)} |`)
  }
  const heaps = samples.map(sample => sample.heapAfterGcMb)
  console.log(`\nHeap after a full GC: ${Math.min(...heaps).toFixed(1)}–${Math.max(...heaps).toFixed(1)} MB (what a leak would make grow)`)
  const rss = samples.map(sample => sample.rssMb)
  console.log(`\nRSS ${Math.min(...rss).toFixed(1)}–${Math.max(...rss).toFixed(1)} MB after warm-up; mean per pass ${passes.map(mean => mean.toFixed(1)).join(' → ')} MB;` +
    ` largest drift from the first pass ${(worst * 100).toFixed(1)}% over ${seconds} s: ${flat ? 'flat' : 'NOT flat'} (±${TOLERANCE * 100}%)`)
  await mkdir(RESULTS_FOLDER, { recursive: true })
  const file = join(RESULTS_FOLDER, `soak-${new Date().toISOString().replace(/[:.]/g, '-')}.json`)
  await writeFile(file, `${JSON.stringify({ scale: config.scale, seconds, connections: config.connections, samples, passMeans: passes, worstDrift: worst, flat }, null, 2)}\n`)
  console.log(`results: ${file}`)
  if (!flat) process.exitCode = 1
}

async function main (): Promise<void> {
  const servers: RunningServer[] = []
  const database = await createBenchDatabase(readConfig().adminUrl)
  try {
    await soak(database, servers)
  } finally {
    await Promise.allSettled(servers.map(async server => { await server.stop() }))
    await database.drop()
  }
}

await main()
