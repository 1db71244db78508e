/** The results of a run: a markdown table for people, the same as JSON for machines. */
import { mkdir, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import type { BenchConfig } from './config.js'
import type { DatasetSize } from './dataset.js'
import type { RoundResult, Summary } from './measure.js'
import type { LoadMixResult } from './load-mix.js'

export interface ScenarioResult {
  name: string
  title: string
  kind: 'read' | 'write'
  check: { equal: boolean, differences: string[], notes: string[], answerBytes: number }
  /** Statements the plugin sent per request, over a probe of sequential requests. */
  statementsPerRequest: number
  plugin: Summary
  ceiling: Summary
  /** The ceiling's correlated statement, where the ceiling's own is set-based. */
  correlatedCeiling: Summary | null
  ormFind: Summary | null
  /** A v5 twin: its v4 twin's request on the same plugin server, measured in the same alternating rounds. */
  v4Twin: (Summary & { name: string }) | null
  /**
   * A drafts twin: the same read on the database without pending drafts, measured in the same
   * alternating rounds; `perRound` each round's drafts/none, `median` theirs.
   */
  withoutDrafts?: Summary & { name: string, perRound: number[], median: number }
  /**
   * The stepwise ceiling (write scenarios, BENCH_STEPWISE=1), with the statements it sent per
   * request over the probe (compare with the plugin's) and over the timed rounds.
   */
  stepwise: (Summary & { statementsPerRequest: number, statementsPerRequestInRounds: number }) | null
  /** Plugin server RSS in bytes before the warm-up and after the last round. */
  pluginRss: { start: number, end: number }
}

export interface RunResult {
  startedAt: string
  finishedAt: string
  /** `loadAverage`: the machine's 1-minute load average when the run started and ended (other work skews results). */
  environment: { node: string, postgres: string, cpus: number, platform: string, loadAverage: { start: number, end: number } }
  config: BenchConfig
  dataset: { scale: number, size: DatasetSize, loader: 'api' | 'sql', loadSeconds: number }
  /** Plugin server RSS in bytes when it was ready and at the end of the run. */
  pluginRss: { start: number, end: number }
  scenarios: ScenarioResult[]
  /** The read scenarios measured before ANALYZE (BENCH_COLD), one round each; null when skipped. */
  cold: ScenarioResult[] | null
  /** The load-behaviour pass (BENCH_LOAD_CONNECTIONS), null when skipped. */
  loadMix: LoadMixResult | null
}

const megabytes = (bytes: number): string => (bytes / 1_048_576).toFixed(0)
const perSecond = (value: number): string => value >= 100 ? value.toFixed(0) : value.toFixed(1)
const milliseconds = (value: number): string => value >= 10 ? value.toFixed(0) : value.toFixed(1)
const failures = (summary: Summary): string => `${summary.errors}/${summary.non2xx}`

function ratio (ours: Summary, theirs: Summary): string {
  const value = theirs.requestsPerSecond === 0 ? 0 : ours.requestsPerSecond / theirs.requestsPerSecond
  return value.toFixed(value < 0.1 ? 3 : 2)
}

const statementCount = (value: number): string => value.toFixed(value % 1 === 0 ? 0 : 1)

/** The stepwise columns: its req/s, where it stands between the ceiling and the plugin, its latencies and statement count. */
function stepwiseCells (scenario: ScenarioResult): string[] {
  const { stepwise } = scenario
  if (stepwise === null) return ['n/a', 'n/a', 'n/a', 'n/a', 'n/a']
  return [
    perSecond(stepwise.requestsPerSecond),
    ratio(stepwise, scenario.ceiling),
    ratio(scenario.plugin, stepwise),
    `${milliseconds(stepwise.p50)} / ${milliseconds(stepwise.p99)}`,
    statementCount(stepwise.statementsPerRequest)
  ]
}

/** A drafts twin's req/s without the drafts, the median of its rounds' drafts/none, and each round's. */
function draftsCells ({ withoutDrafts }: ScenarioResult): string[] {
  if (withoutDrafts === undefined) return ['n/a', 'n/a', 'n/a']
  return [perSecond(withoutDrafts.requestsPerSecond), `**${withoutDrafts.median.toFixed(2)}**`, withoutDrafts.perRound.map(value => value.toFixed(2)).join(', ')]
}

export function markdownTable (run: RunResult): string {
  const withOrm = run.scenarios.some(scenario => scenario.ormFind !== null)
  const withStepwise = run.scenarios.some(scenario => scenario.stepwise !== null)
  const withCorrelated = run.scenarios.some(scenario => scenario.correlatedCeiling !== null)
  const withTwins = run.scenarios.some(scenario => scenario.v4Twin !== null)
  const withDrafts = run.scenarios.some(scenario => scenario.withoutDrafts !== undefined)
  const header = [
    'scenario', 'answer KB', 'req/s ours', 'req/s ceiling', '**ours/ceiling**', 'p50 ms ours / ceiling', 'p99 ms ours / ceiling',
    'errors/non-2xx ours / ceiling', 'SQL/req ours', 'plugin RSS MB start→end', 'answer check',
    ...(withCorrelated ? ['req/s correlated ceiling', '**ours/correlated**', 'p99 ms correlated'] : []),
    ...(withTwins ? ['req/s v4 twin', '**twin/v4** (v5 or GraphQL over REST v4)'] : []),
    ...(withDrafts ? ['req/s without drafts', '**drafts/none** (median of rounds)', 'drafts/none per round'] : []),
    ...(withOrm ? ['req/s em.find', 'em.find/ceiling'] : []),
    ...(withStepwise ? ['req/s stepwise', 'stepwise/ceiling', 'ours/stepwise', 'p50 / p99 ms stepwise', 'SQL/req stepwise'] : [])
  ]
  const rows = run.scenarios.map(scenario => {
    const { plugin, ceiling, ormFind, correlatedCeiling } = scenario
    return [
      scenario.name,
      (scenario.check.answerBytes / 1024).toFixed(1),
      perSecond(plugin.requestsPerSecond),
      perSecond(ceiling.requestsPerSecond),
      `**${ratio(plugin, ceiling)}**`,
      `${milliseconds(plugin.p50)} / ${milliseconds(ceiling.p50)}`,
      `${milliseconds(plugin.p99)} / ${milliseconds(ceiling.p99)}`,
      `${failures(plugin)} / ${failures(ceiling)}`,
      statementCount(scenario.statementsPerRequest),
      `${megabytes(scenario.pluginRss.start)}→${megabytes(scenario.pluginRss.end)}`,
      scenario.check.equal ? scenario.v4Twin !== null ? 'same ids as v4' : 'equal' : '**MISMATCH**',
      ...(withCorrelated
        ? correlatedCeiling === null
          ? ['n/a', 'n/a', 'n/a']
          : [perSecond(correlatedCeiling.requestsPerSecond), `**${ratio(plugin, correlatedCeiling)}**`, milliseconds(correlatedCeiling.p99)]
        : []),
      ...(withTwins ? scenario.v4Twin === null ? ['n/a', 'n/a'] : [perSecond(scenario.v4Twin.requestsPerSecond), `**${ratio(plugin, scenario.v4Twin)}**`] : []),
      ...(withDrafts ? draftsCells(scenario) : []),
      ...(withOrm ? [ormFind === null ? 'n/a' : perSecond(ormFind.requestsPerSecond), ormFind === null ? 'n/a' : ratio(ormFind, ceiling)] : []),
      ...(withStepwise ? stepwiseCells(scenario) : [])
    ]
  })
  const { config, dataset, environment } = run
  return [
    `Scale ${dataset.scale} (${dataset.size.publishedArticles} published + ${dataset.size.draftArticles} draft articles, loaded through the ${dataset.loader === 'api' ? 'REST API' : 'direct SQL loader'} in ${dataset.loadSeconds.toFixed(0)} s); ` +
      `${config.connections} connections, ${config.rounds} × ${config.duration} s per server and scenario (alternating), pool ${config.poolSize}; ` +
      `Node ${environment.node}, ${environment.postgres}, ${environment.cpus} CPUs, load average ${environment.loadAverage.start.toFixed(1)}→${environment.loadAverage.end.toFixed(1)}. Plugin RSS ${megabytes(run.pluginRss.start)}→${megabytes(run.pluginRss.end)} MB over the run.`,
    '',
    line(header),
    line(header.map(() => '---')),
    ...rows.map(line),
    ...coldTable(run),
    ...loadMixTables(run)
  ].join('\n')
}

const line = (cells: string[]): string => `| ${cells.join(' | ')} |`

/** Cold (before ANALYZE) beside analyzed, per read scenario. */
function coldTable (run: RunResult): string[] {
  if (run.cold === null) return []
  const header = ['scenario', 'req/s ours cold → analyzed', 'req/s ceiling cold → analyzed', '**ours/ceiling cold**', '**ours/ceiling analyzed**', 'p99 ms ours cold / analyzed']
  const rows = run.cold.map(cold => {
    const analyzed = run.scenarios.find(scenario => scenario.name === cold.name)
    if (analyzed === undefined) return [cold.name, 'n/a', 'n/a', ratio(cold.plugin, cold.ceiling), 'n/a', 'n/a']
    return [
      cold.name,
      `${perSecond(cold.plugin.requestsPerSecond)} → ${perSecond(analyzed.plugin.requestsPerSecond)}`,
      `${perSecond(cold.ceiling.requestsPerSecond)} → ${perSecond(analyzed.ceiling.requestsPerSecond)}`,
      `**${ratio(cold.plugin, cold.ceiling)}**`,
      `**${ratio(analyzed.plugin, analyzed.ceiling)}**`,
      `${milliseconds(cold.plugin.p99)} / ${milliseconds(analyzed.plugin.p99)}`
    ]
  })
  return ['', 'Cold: the same reads before ANALYZE (no planner statistics), one round per server:', '', line(header), line(header.map(() => '---')), ...rows.map(line)]
}

function loadMixTables (run: RunResult): string[] {
  const mix = run.loadMix
  if (mix === null) return []
  const latency = (round: RoundResult): string => `${milliseconds(round.p50)} / ${milliseconds(round.p99)}`
  const heavyHeader = ['scenario', 'req/s ours / ceiling', 'p50 / p99 ms ours', 'p50 / p99 ms ceiling', '**p99 ours/ceiling**', 'errors/non-2xx ours']
  const heavyRows = mix.heavy.map(({ name, plugin, ceiling }) => [
    name, `${perSecond(plugin.requestsPerSecond)} / ${perSecond(ceiling.requestsPerSecond)}`, latency(plugin), latency(ceiling),
    ceiling.requests === 0 ? 'n/a' : `**${(plugin.p99 / ceiling.p99).toFixed(2)}**`, `${plugin.errors}/${plugin.non2xx}`
  ])
  const { light } = mix
  const lightHeader = ['', `${light.name} req/s ours / ceiling`, `${light.name} p50 / p99 ms ours`, `${light.name} p50 / p99 ms ceiling`, `${light.burst} p99 ms ours / ceiling`, 'errors/non-2xx ours']
  const lightRows = [
    ['alone', `${perSecond(light.alone.plugin.requestsPerSecond)} / ${perSecond(light.alone.ceiling.requestsPerSecond)}`, latency(light.alone.plugin), latency(light.alone.ceiling), 'n/a', `${light.alone.plugin.errors}/${light.alone.plugin.non2xx}`],
    [`beside ${mix.connections} connections of ${light.burst}`, `${perSecond(light.mixed.plugin.requestsPerSecond)} / ${perSecond(light.mixed.ceiling.requestsPerSecond)}`,
      latency(light.mixed.plugin), latency(light.mixed.ceiling), `${milliseconds(light.burstInMix.plugin.p99)} / ${milliseconds(light.burstInMix.ceiling.p99)}`,
      `${light.mixed.plugin.errors + light.burstInMix.plugin.errors}/${light.mixed.plugin.non2xx + light.burstInMix.plugin.non2xx}`]
  ]
  return [
    '', `Heavy reads at ${mix.connections} connections, one round per server:`, '', line(heavyHeader), line(heavyHeader.map(() => '---')), ...heavyRows.map(line),
    '', `Light reads (${light.connections} connections) alone and beside a burst of heavy ones:`, '', line(lightHeader), line(lightHeader.map(() => '---')), ...lightRows.map(line)
  ]
}

export async function writeResults (folder: string, run: RunResult): Promise<string> {
  await mkdir(folder, { recursive: true })
  const file = join(folder, `${run.startedAt.replace(/[:.]/g, '-')}.json`)
  await writeFile(file, `${JSON.stringify(run, null, 2)}\n`)
  return file
}
