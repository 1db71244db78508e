/** The results of a run: a markdown table for people, the same as JSON for machines. */
import { mkdir, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import type { BenchConfig } from './config.js'
import type { DatasetSize } from './dataset.js'
import type { Summary } from './measure.js'

export interface ScenarioResult {
  name: string
  title: string
  kind: 'read' | 'write'
  check: { equal: boolean, differences: string[], notes: string[], answerBytes: number }
  /** Statements the plugin sent per request, over a probe of sequential requests. */
  statementsPerRequest: number
  plugin: Summary
  ceiling: Summary
  /** The ceiling's correlated statement, where the ceiling's own is set-based (issue 14). */
  correlatedCeiling: Summary | null
  ormFind: Summary | null
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

export function markdownTable (run: RunResult): string {
  const withOrm = run.scenarios.some(scenario => scenario.ormFind !== null)
  const withStepwise = run.scenarios.some(scenario => scenario.stepwise !== null)
  const withCorrelated = run.scenarios.some(scenario => scenario.correlatedCeiling !== null)
  const header = [
    'scenario', 'answer KB', 'req/s ours', 'req/s ceiling', '**ours/ceiling**', 'p50 ms ours / ceiling', 'p99 ms ours / ceiling',
    'errors/non-2xx ours / ceiling', 'SQL/req ours', 'plugin RSS MB start→end', 'answer check',
    ...(withCorrelated ? ['req/s correlated ceiling', '**ours/correlated**', 'p99 ms correlated'] : []),
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
      scenario.check.equal ? 'equal' : '**MISMATCH**',
      ...(withCorrelated
        ? correlatedCeiling === null
          ? ['n/a', 'n/a', 'n/a']
          : [perSecond(correlatedCeiling.requestsPerSecond), `**${ratio(plugin, correlatedCeiling)}**`, milliseconds(correlatedCeiling.p99)]
        : []),
      ...(withOrm ? [ormFind === null ? 'n/a' : perSecond(ormFind.requestsPerSecond), ormFind === null ? 'n/a' : ratio(ormFind, ceiling)] : []),
      ...(withStepwise ? stepwiseCells(scenario) : [])
    ]
  })
  const line = (cells: string[]): string => `| ${cells.join(' | ')} |`
  const { config, dataset, environment } = run
  return [
    `Scale ${dataset.scale} (${dataset.size.publishedArticles} published + ${dataset.size.draftArticles} draft articles, loaded through the ${dataset.loader === 'api' ? 'REST API' : 'direct SQL loader'} in ${dataset.loadSeconds.toFixed(0)} s); ` +
      `${config.connections} connections, ${config.rounds} × ${config.duration} s per server and scenario (alternating), pool ${config.poolSize}; ` +
      `Node ${environment.node}, ${environment.postgres}, ${environment.cpus} CPUs, load average ${environment.loadAverage.start.toFixed(1)}→${environment.loadAverage.end.toFixed(1)}. Plugin RSS ${megabytes(run.pluginRss.start)}→${megabytes(run.pluginRss.end)} MB over the run.`,
    '',
    line(header),
    line(header.map(() => '---')),
    ...rows.map(line)
  ].join('\n')
}

export async function writeResults (folder: string, run: RunResult): Promise<string> {
  await mkdir(folder, { recursive: true })
  const file = join(folder, `${run.startedAt.replace(/[:.]/g, '-')}.json`)
  await writeFile(file, `${JSON.stringify(run, null, 2)}\n`)
  return file
}
