/**
 * One scenario end to end: the answer check against the ceiling, the SQL statement probe,
 * a warm-up, then timed rounds that alternate between the servers (the order flips each
 * round, so neither always runs on a warmer machine).
 */
import type { BenchConfig } from './config.js'
import type { CheckResult } from './checks.js'
import { checkCreate, checkDelete, checkRead, checkUpdate, checkV5Twin } from './checks.js'
import type { Fixture } from './fixture.js'
import { call, resetStats, serverStats } from './http.js'
import type { Answer } from './http.js'
import type { Load, RoundResult, Summary } from './measure.js'
import { measureRound, summarise } from './measure.js'
import type { RunningServer } from './processes.js'
import type { ScenarioResult } from './report.js'
import type { Scenario, Target, WriteRequest } from './scenarios.js'
import { readPath } from './scenarios.js'
import { setBasedCeilingReads } from './ceiling/set-reads.js'

export interface Servers {
  /** The timed plugin server. */
  plugin: RunningServer
  /** A second plugin server that counts SQL statements (MikroORM query logging on), never timed. */
  statementProbe: RunningServer
  ceiling: RunningServer
  ormFind: RunningServer | null
  /** The plugin's write statement sequence by hand (BENCH_STEPWISE=1); it counts its own statements. */
  stepwise: RunningServer | null
}

/** Request numbers per scenario and target: every written title stays unique across checks, probes and rounds. */
export class RequestNumbers {
  readonly #next = new Map<string, number>()

  take (scenario: string, target: Target): number {
    const key = `${scenario}:${target}`
    const n = this.#next.get(key) ?? 0
    this.#next.set(key, n + 1)
    return n
  }

  skip (scenario: string, target: Target, count: number): void {
    for (let index = 0; index < count; index++) this.take(scenario, target)
  }
}

/** The scenarios whose ceiling is set-based: their older correlated ceiling is measured too. */
const SET_BASED = new Set(Object.keys(setBasedCeilingReads()))

export function hasCorrelatedCeiling (scenario: Scenario): boolean {
  return scenario.kind === 'read' && scenario.v4Twin === undefined && SET_BASED.has(scenario.name)
}

export function loadFor (scenario: Scenario, target: Target, origin: string, numbers: RequestNumbers, config: BenchConfig, seconds: number): Load {
  if (scenario.kind === 'read') {
    return { origin, connections: config.connections, seconds, request: { method: 'GET', path: readPath(scenario, target) } }
  }
  const next = (): WriteRequest => scenario.request(target, numbers.take(scenario.name, target))
  return { origin, connections: config.connections, seconds, request: { method: scenario.method, next } }
}

async function check (scenario: Scenario, servers: Servers, fixture: Fixture, numbers: RequestNumbers): Promise<CheckResult> {
  if (scenario.kind === 'read') {
    if (scenario.v4Twin !== undefined) return await checkV5Twin(scenario, servers.plugin.origin)
    const ormFind = scenario.ormFind && servers.ormFind !== null ? servers.ormFind.origin : null
    return await checkRead(scenario, servers.plugin.origin, servers.ceiling.origin, { ormFind, correlated: hasCorrelatedCeiling(scenario) })
  }
  const stepwise = scenario.stepwise ? servers.stepwise?.origin ?? null : null
  const next = (target: Target): WriteRequest => scenario.request(target, numbers.take(scenario.name, target))
  if (scenario.name === 'update') return await checkUpdate(servers.plugin.origin, servers.ceiling.origin, stepwise, fixture)
  if (scenario.supply !== undefined) return await checkDelete(servers.plugin.origin, servers.ceiling.origin, scenario.supply.articles, next)
  return await checkCreate(servers.plugin.origin, servers.ceiling.origin, stepwise, next)
}

/** SQL statements `target` (the plugin's probe, or the stepwise ceiling) sends per request, over `count` requests sent one at a time. */
async function statementsPerRequest (scenario: Scenario, target: Target, probe: RunningServer, numbers: RequestNumbers, count: number): Promise<number> {
  await resetStats(probe.origin)
  const send = async (): Promise<Answer> => {
    if (scenario.kind === 'read') return await call(probe.origin, 'GET', scenario.path)
    const request = scenario.request(target, numbers.take(scenario.name, target))
    return await call(probe.origin, scenario.method, request.path, request.body)
  }
  for (let index = 0; index < count; index++) {
    const answer = await send()
    if (answer.status >= 300) throw new Error(`${scenario.name}: probe request answered ${answer.status}: ${JSON.stringify(answer.body).slice(0, 500)}`)
  }
  const { statements } = await serverStats(probe.origin)
  if (statements === null) throw new Error(`the ${probe.name} server does not count statements`)
  return statements / count
}

/**
 * Statements per request over the timed rounds (the counter was reset after the warm-up):
 * the probe sees each article's first update, the rounds mostly later ones, which can send
 * fewer (an update to the category the article already has skips the link statement).
 * Slightly high: requests in flight when a round stops are counted in statements only.
 */
async function statementsInRounds (server: RunningServer, rounds: readonly RoundResult[]): Promise<number> {
  const { statements } = await serverStats(server.origin)
  const requests = rounds.reduce((total, round) => total + round.requests, 0)
  return statements === null || requests === 0 ? 0 : statements / requests
}

export interface ScenarioOptions {
  /**
   * A drafts twin's other server: the plugin on the database without pending drafts, measured
   * as the target `plugin-none` in the same alternating rounds as `servers.plugin`, which
   * serves the copy with them.
   */
  withoutDrafts?: RunningServer
}

/** Each round's drafts/none (the two measured next to each other), and their median. */
export function roundRatios (drafts: readonly RoundResult[], none: readonly RoundResult[]): { perRound: number[], median: number } {
  const perRound = drafts.map((round, index) => round.requestsPerSecond / Math.max(none[index]?.requestsPerSecond ?? 0, 1e-9))
  const sorted = [...perRound].sort((a, b) => a - b)
  const middle = Math.floor(sorted.length / 2)
  const median = sorted.length === 0 ? 0 : sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2
  return { perRound, median }
}

export async function runScenario (
  scenario: Scenario, servers: Servers, fixture: Fixture, numbers: RequestNumbers, config: BenchConfig, options: ScenarioOptions = {}
): Promise<ScenarioResult> {
  const log = (message: string): void => { console.log(`[${scenario.name}] ${message}`) }
  if (scenario.kind === 'write' && scenario.supply !== undefined) {
    const started = Date.now()
    await scenario.supply.articles.fill(fixture, scenario.supply.size)
    log(`${scenario.supply.size} articles to delete inserted in ${((Date.now() - started) / 1000).toFixed(1)} s`)
  }
  const checked = await check(scenario, servers, fixture, numbers)
  for (const note of checked.notes) log(`note: ${note}`)
  if (checked.differences.length > 0) {
    const oracle = scenario.kind === 'read' && scenario.v4Twin !== undefined ? `its v4 twin's (${scenario.v4Twin.name})` : "the ceiling's"
    const report = `an answer differs from ${oracle}:\n  ${checked.differences.join('\n  ')}`
    if (!config.allowMismatch) throw new Error(`[${scenario.name}] ${report}\n(set BENCH_ALLOW_MISMATCH=1 to measure anyway)`)
    log(`MISMATCH: ${report}`)
  } else {
    if (scenario.kind === 'read' && scenario.v4Twin !== undefined) log(`answer check: the same entries as the v4 twin (${scenario.v4Twin.name})`)
    else log(`answer check: the plugin${scenario.kind === 'write' && servers.stepwise !== null ? ', the stepwise ceiling' : ''} and the ceiling agree`)
  }
  const statements = await statementsPerRequest(scenario, 'plugin', servers.statementProbe, numbers, config.probeRequests)
  log(`${statements} SQL statements per request`)
  // The stepwise ceiling only means something if it sends what the plugin sends: its count goes into the table next to the plugin's.
  const stepwise = scenario.kind === 'write' && scenario.stepwise ? servers.stepwise : null
  let stepwiseStatements: number | null = null
  if (stepwise !== null) {
    // Request n updates the same article to the same category whatever the target: the plugin's probe has just moved the
    // first articles, and the stepwise probe, on the same ones, would skip its link statement where the plugin's did not.
    numbers.skip(scenario.name, 'stepwise', config.probeRequests)
    stepwiseStatements = await statementsPerRequest(scenario, 'stepwise', stepwise, numbers, config.probeRequests)
    log(`stepwise ceiling: ${stepwiseStatements} SQL statements per request`)
  }

  const targets: Array<[Target, RunningServer]> = [['plugin', servers.plugin], ['ceiling', servers.ceiling]]
  // A v5 twin: its v4 request on the same plugin server, in the same alternating rounds (v5/v4).
  if (scenario.kind === 'read' && scenario.v4Twin !== undefined) targets.splice(1, 0, ['plugin-v4', servers.plugin])
  // A drafts twin: the same request on the database without pending drafts, next to it in every round.
  if (options.withoutDrafts !== undefined) targets.splice(1, 0, ['plugin-none', options.withoutDrafts])
  if (hasCorrelatedCeiling(scenario)) targets.push(['ceiling-correlated', servers.ceiling])
  if (servers.ormFind !== null && scenario.kind === 'read' && scenario.ormFind) targets.push(['orm-find', servers.ormFind])
  if (stepwise !== null) targets.push(['stepwise', stepwise])
  const rssStart = (await serverStats(servers.plugin.origin)).rss
  for (const [target, server] of targets) await measureRound(loadFor(scenario, target, server.origin, numbers, config, config.warmup))
  const rounds = new Map<Target, RoundResult[]>(targets.map(([target]) => [target, []]))
  if (stepwise !== null) await resetStats(stepwise.origin)
  if (config.cpuProfileDir !== null) await call(servers.plugin.origin, 'POST', '/__bench/profile/start')
  for (let round = 0; round < config.rounds; round++) {
    const order = round % 2 === 0 ? targets : [...targets].reverse()
    for (const [target, server] of order) {
      const result = await measureRound(loadFor(scenario, target, server.origin, numbers, config, config.duration))
      rounds.get(target)!.push(result)
      log(`round ${round + 1} ${target}: ${result.requestsPerSecond.toFixed(0)} req/s, p50 ${result.p50} ms, p99 ${result.p99} ms, errors ${result.errors}, non-2xx ${result.non2xx}`)
    }
  }
  if (config.cpuProfileDir !== null) {
    const { body } = await call(servers.plugin.origin, 'POST', `/__bench/profile/stop?name=${scenario.name}`)
    log(`CPU profile of the plugin server during the rounds: ${JSON.stringify(body)}`)
  }
  const rssEnd = (await serverStats(servers.plugin.origin)).rss
  if (scenario.kind === 'write' && scenario.supply !== undefined && scenario.supply.articles.left === 0) {
    log('WARNING: the articles to delete ran out; the requests after that were 404s (non-2xx); raise BENCH_DELETE_SUPPLY')
  }
  const summary = (target: Target): Summary => summarise(rounds.get(target) ?? [])
  const stepwiseResult = stepwise === null || stepwiseStatements === null ? null : {
    ...summary('stepwise'),
    statementsPerRequest: stepwiseStatements,
    statementsPerRequestInRounds: await statementsInRounds(stepwise, rounds.get('stepwise') ?? [])
  }
  if (stepwiseResult !== null) log(`stepwise ceiling: ${stepwiseResult.statementsPerRequestInRounds.toFixed(2)} SQL statements per request during the rounds`)
  return {
    name: scenario.name,
    title: scenario.title,
    kind: scenario.kind,
    check: { equal: checked.differences.length === 0, ...checked },
    statementsPerRequest: statements,
    plugin: summary('plugin'),
    ceiling: summary('ceiling'),
    correlatedCeiling: rounds.has('ceiling-correlated') ? summary('ceiling-correlated') : null,
    v4Twin: scenario.kind === 'read' && scenario.v4Twin !== undefined ? { name: scenario.v4Twin.name, ...summary('plugin-v4') } : null,
    ormFind: rounds.has('orm-find') ? summary('orm-find') : null,
    stepwise: stepwiseResult,
    pluginRss: { start: rssStart, end: rssEnd },
    ...(options.withoutDrafts === undefined || scenario.kind !== 'read' || scenario.withoutDrafts === undefined
      ? {}
      : { withoutDrafts: { name: scenario.withoutDrafts, ...summary('plugin-none'), ...roundRatios(rounds.get('plugin')!, rounds.get('plugin-none')!) } })
  }
}
