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
import { copyBenchDatabase, createBenchDatabase, withClient } from './database.js'
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
import { DRAFTS_SUFFIX, scenarios } from './scenarios.js'
import { DeleteSupply } from './delete-supply.js'
import type { Fixture } from './fixture.js'
import { addPendingDrafts } from './pending-drafts.js'
import type { ReadScenario, V5Setup } from './scenarios.js'

const running: RunningServer[] = []
let database: BenchDatabase | null = null
/** Copies of `database` (the drafts twins'), dropped with it. */
const extraDatabases: BenchDatabase[] = []

async function cleanUp (): Promise<void> {
  await Promise.allSettled(running.splice(0).map(async server => { await server.stop() }))
  for (const extra of extraDatabases.splice(0)) {
    await extra.drop().catch((error: unknown) => { console.error(`warning: could not drop database ${extra.name}:`, error) })
  }
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
  servers: Servers
  fixture: Fixture
  numbers: RequestNumbers
  config: BenchConfig
  /** The servers' environment, whose database the drafts servers replace. */
  env: Record<string, string>
  /** The copy of the run's database that gets the pending drafts. */
  drafts: BenchDatabase
}

/**
 * The drafts twins: half the articles of the copy given a pending draft, by a plugin server
 * of its own, then each twin measured on the copy's timed plugin server against the same
 * request on the run's (no drafts), in the same alternating rounds: the machine's drift
 * moves both alike, and each round's ratio is of two measurements side by side.
 */
async function runDraftsTwins (twins: readonly ReadScenario[], { servers, fixture, numbers, config, env, drafts }: DraftsPass): Promise<ScenarioResult[]> {
  const draftsEnv = { ...env, BENCH_DATABASE_URL: drafts.url }
  const plugin = await start('plugin', { ...draftsEnv, BENCH_COUNT_STATEMENTS: '0', BENCH_CPU_PROFILE: config.cpuProfileDir ?? '' })
  const statementProbe = await start('plugin', { ...draftsEnv, BENCH_COUNT_STATEMENTS: '1', BENCH_CPU_PROFILE: '' })
  try {
    const started = Date.now()
    const count = await addPendingDrafts({ origin: statementProbe.origin, prefix: V5_PREFIX, databaseUrl: drafts.url, singleArticleId: fixture.singleArticleId })
    await analyzeTables(drafts.url)
    console.log(`pending drafts: ${count} published articles of ${drafts.name} given one in ${((Date.now() - started) / 1000).toFixed(1)} s`)
    const measured: ScenarioResult[] = []
    for (const twin of twins) {
      measured.push(await runScenario(twin, { ...servers, plugin, statementProbe }, fixture, numbers, config, { withoutDrafts: servers.plugin }))
    }
    return measured
  } finally {
    for (const server of [plugin, statementProbe]) {
      running.splice(running.indexOf(server), 1)
      await server.stop()
    }
  }
}

/** Whether the chosen scenarios include drafts twins (decided by name: their database is copied before any server starts). */
function wantsDraftsTwins (config: BenchConfig): boolean {
  return config.scenarios.length === 0 || config.scenarios.some(name => name.endsWith(DRAFTS_SUFFIX))
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
  // The drafts twins' database: a copy made now, while no server holds a connection to the run's.
  const drafts = wantsDraftsTwins(config) ? await copyBenchDatabase(config.adminUrl, database, 'drafts') : null
  if (drafts !== null) {
    extraDatabases.push(drafts)
    console.log(`database ${drafts.name}: a copy, for the drafts twins`)
  }
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
  if (draftsTwins.length > 0 && drafts !== null) results.push(...await runDraftsTwins(draftsTwins, { servers, fixture, numbers, config, env, drafts }))
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
