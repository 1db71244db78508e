/**
 * `npm run bench`: a fresh database, the dataset at BENCH_SCALE, the plugin server and the
 * hand-written-SQL ceiling (optionally MikroORM em.find and the stepwise ceiling too) in
 * their own processes, every scenario checked against the ceiling and then measured. Prints
 * a markdown table and writes the same as JSON to benchmarks/results/. Servers are stopped
 * and the database is dropped at the end, on failure and on Ctrl-C too.
 */
import { appendFile } from 'node:fs/promises'
import { cpus, loadavg } from 'node:os'
import type { BenchConfig } from './config.js'
import { RESULTS_FOLDER, V5_PREFIX, readConfig } from './config.js'
import { datasetSize, generateDataset } from './dataset.js'
import type { BenchDatabase } from './database.js'
import { createBenchDatabase, withClient } from './database.js'
import { pickFixture } from './fixture.js'
import { call, serverStats } from './http.js'
import { analyzeTables, loadDataset } from './load/index.js'
import { LOAD_MIX, runLoadMix } from './load-mix.js'
import type { RunningServer } from './processes.js'
import { startServer } from './processes.js'
import type { RunResult, ScenarioResult } from './report.js'
import { markdownTable, writeResults } from './report.js'
import type { Servers } from './scenario-run.js'
import { RequestNumbers, runScenario } from './scenario-run.js'
import { scenarios } from './scenarios.js'
import { DeleteSupply } from './delete-supply.js'
import type { Fixture } from './fixture.js'
import { addPendingDrafts } from './pending-drafts.js'
import type { ReadScenario, Scenario, V5Setup } from './scenarios.js'

const running: RunningServer[] = []
let database: BenchDatabase | null = null

async function cleanUp (): Promise<void> {
  await Promise.allSettled(running.splice(0).map(async server => { await server.stop() }))
  if (database !== null) {
    const { name } = database
    await database.drop().catch((error: unknown) => { console.error(`warning: could not drop database ${name}:`, error) })
    database = null
  }
}

async function start (name: RunningServer['name'], env: Record<string, string>): Promise<RunningServer> {
  const server = await startServer(name, env)
  running.push(server)
  const role = env.BENCH_COUNT_STATEMENTS === '1' ? ' (statement probe, not timed)' : ''
  console.log(`${name} server${role}: pid ${server.pid} on ${server.origin}`)
  return server
}

/** The v5 twins' setup: the single-entry article's documentId, asked of the (untimed) statement probe's v5 mount. */
async function v5Setup (probe: RunningServer, articleId: number): Promise<V5Setup> {
  const path = `${V5_PREFIX}/articles?filters[id][$eq]=${articleId}&fields[0]=id`
  const { status, body } = await call(probe.origin, 'GET', path)
  const data = body !== null && typeof body === 'object' && !Array.isArray(body) ? body.data : null
  const entry = Array.isArray(data) ? data[0] : null
  const documentId = entry !== null && typeof entry === 'object' && !Array.isArray(entry) ? entry.documentId : undefined
  if (status !== 200 || typeof documentId !== 'string') throw new Error(`GET ${path} answered ${status} with no documentId: ${JSON.stringify(body).slice(0, 300)}`)
  return { prefix: V5_PREFIX, singleArticleDocumentId: documentId }
}

interface DraftsPass {
  all: readonly Scenario[]
  /** The results so far: a twin's read without drafts, when it was measured already, is taken from them. */
  results: readonly ScenarioResult[]
  servers: Servers
  fixture: Fixture
  numbers: RequestNumbers
  config: BenchConfig
  databaseUrl: string
}

/**
 * The drafts twins: each read measured without drafts (unless it was just now), half the
 * articles given a pending draft, then each measured again, the same rounds, the same server.
 */
async function runDraftsTwins (twins: readonly ReadScenario[], { all, results, servers, fixture, numbers, config, databaseUrl }: DraftsPass): Promise<ScenarioResult[]> {
  const without = new Map<string, ScenarioResult>()
  for (const twin of twins) {
    const name = twin.withoutDrafts!
    const measured = results.find(result => result.name === name)
    const base = all.find((scenario): scenario is ReadScenario => scenario.kind === 'read' && scenario.name === name)
    if (base === undefined) throw new Error(`${twin.name}: no scenario ${name} to measure it against`)
    without.set(name, measured ?? await runScenario(base, servers, fixture, numbers, config))
  }
  const started = Date.now()
  const count = await addPendingDrafts({ origin: servers.statementProbe.origin, prefix: V5_PREFIX, databaseUrl, singleArticleId: fixture.singleArticleId })
  await analyzeTables(databaseUrl)
  console.log(`pending drafts: ${count} published articles given one in ${((Date.now() - started) / 1000).toFixed(1)} s`)
  const measured: ScenarioResult[] = []
  for (const twin of twins) {
    const result = await runScenario(twin, servers, fixture, numbers, config)
    measured.push({ ...result, withoutDrafts: { name: twin.withoutDrafts!, ...without.get(twin.withoutDrafts!)!.plugin } })
  }
  return measured
}

async function benchmark (config: BenchConfig): Promise<RunResult> {
  const startedAt = new Date().toISOString()
  const loadAtStart = loadavg()[0] ?? 0
  const dataset = generateDataset(config.scale)
  const size = datasetSize(config.scale)
  database = await createBenchDatabase(config.adminUrl)
  console.log(`database ${database.name}; loading scale ${config.scale} through the ${config.loader === 'api' ? 'REST API' : 'direct SQL loader'}…`)
  const loaded = await loadDataset(database.url, dataset, config.loader, { analyze: !config.cold })
  console.log(`loaded ${dataset.articles.length} articles and the rest in ${loaded.seconds.toFixed(1)} s`)
  const postgres = await withClient(database.url, async client => (await client.query<{ v: string }>("select split_part(version(), ' on ', 1) as v")).rows[0]?.v ?? 'PostgreSQL')

  const fixture = pickFixture(dataset, loaded.ids)
  console.log(`filter-heavy: title contains "${fixture.filter.titleContains}", ${fixture.filter.expectedMatches} matching entries`)
  const env = {
    BENCH_DATABASE_URL: database.url,
    BENCH_POOL_SIZE: String(config.poolSize),
    BENCH_FIXTURE: JSON.stringify(fixture),
    BENCH_CEILING_PREPARED: config.ceilingPrepared ? '1' : '0'
  }
  const servers: Servers = {
    plugin: await start('plugin', { ...env, BENCH_COUNT_STATEMENTS: '0', BENCH_CPU_PROFILE: config.cpuProfileDir ?? '' }),
    statementProbe: await start('plugin', { ...env, BENCH_COUNT_STATEMENTS: '1', BENCH_CPU_PROFILE: '' }),
    ceiling: await start('ceiling', env),
    ormFind: config.ormFind ? await start('orm-find', env) : null,
    stepwise: config.stepwise ? await start('stepwise', env) : null
  }
  const rssStart = (await serverStats(servers.plugin.origin)).rss
  const deletes = { supply: new DeleteSupply(database.url), supplySize: config.deleteSupply }
  const v5 = await v5Setup(servers.statementProbe, fixture.singleArticleId)
  const chosen = scenarios(fixture, deletes, v5).filter(scenario => config.scenarios.length === 0 || config.scenarios.includes(scenario.name))
  const withLoadMix = config.loadConnections > 0 && (config.scenarios.length === 0 || config.scenarios.includes(LOAD_MIX))
  if (chosen.length === 0 && !withLoadMix) throw new Error(`BENCH_SCENARIOS matches no scenario (${config.scenarios.join(', ')})`)
  const numbers = new RequestNumbers()
  let cold: ScenarioResult[] | null = null
  if (config.cold) {
    // A freshly written database: no planner statistics yet. One round per server, reads only.
    console.log('cold pass: before ANALYZE')
    cold = []
    for (const scenario of chosen) if (scenario.kind === 'read' && scenario.withoutDrafts === undefined) cold.push(await runScenario(scenario, servers, fixture, numbers, { ...config, rounds: 1 }))
    // Statistics change: PostgreSQL re-plans the statements the servers prepared before.
    await analyzeTables(database.url)
    console.log('ANALYZE done; the measured run follows')
  }
  const results: ScenarioResult[] = []
  for (const scenario of chosen) if (scenario.kind === 'read' && scenario.withoutDrafts === undefined) results.push(await runScenario(scenario, servers, fixture, numbers, config))
  // Before the writes: they add articles, which would make the heavy answers larger.
  const reads = scenarios(fixture).filter((scenario): scenario is ReadScenario => scenario.kind === 'read')
  const loadMix = withLoadMix ? await runLoadMix(reads, servers, config, config.loadConnections) : null
  // After every other read: the pending drafts stay in the table.
  const draftsTwins = chosen.filter((scenario): scenario is ReadScenario => scenario.kind === 'read' && scenario.withoutDrafts !== undefined)
  if (draftsTwins.length > 0) {
    const all = scenarios(fixture, deletes, v5)
    results.push(...await runDraftsTwins(draftsTwins, { all, results, servers, fixture, numbers, config, databaseUrl: database.url }))
  }
  for (const scenario of chosen) if (scenario.kind === 'write') results.push(await runScenario(scenario, servers, fixture, numbers, config))
  const rssEnd = (await serverStats(servers.plugin.origin)).rss
  return {
    startedAt,
    finishedAt: new Date().toISOString(),
    environment: {
      node: process.version,
      postgres,
      cpus: cpus().length,
      platform: `${process.platform} ${process.arch}`,
      loadAverage: { start: loadAtStart, end: loadavg()[0] ?? 0 }
    },
    config,
    dataset: { scale: config.scale, size, loader: loaded.loader, loadSeconds: loaded.seconds },
    pluginRss: { start: rssStart, end: rssEnd },
    scenarios: results,
    cold,
    loadMix
  }
}

async function main (): Promise<void> {
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      console.error(`${signal}: stopping the servers and dropping the database`)
      cleanUp().finally(() => process.exit(130))
    })
  }
  const config = readConfig()
  try {
    const run = await benchmark(config)
    const table = markdownTable(run)
    console.log(`\n${table}\n`)
    // On GitHub Actions the table also lands on the run's summary page.
    const summary = process.env.GITHUB_STEP_SUMMARY
    if (summary !== undefined && summary !== '') await appendFile(summary, `## Benchmarks\n\n${table}\n`)
    console.log(`results: ${await writeResults(RESULTS_FOLDER, run)}`)
  } finally {
    await cleanUp()
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error)
  process.exitCode = 1
})
