/**
 * Load behaviour: the heavy populates at many connections, and light reads
 * while a burst of heavy ones runs. Each part is one round per server (the plugin, then the
 * ceiling), so the light reads' p99 under the burst can be set beside their p99 alone.
 */
import type { BenchConfig } from './config.js'
import type { Load, RoundResult } from './measure.js'
import { measureRound } from './measure.js'
import type { RunningServer } from './processes.js'
import type { ReadScenario, Target } from './scenarios.js'
import { readPath } from './scenarios.js'

/** Its name in BENCH_SCENARIOS (it runs by default, after the scenarios). */
export const LOAD_MIX = 'load-mix'

/** The read scenarios whose answers are built from many populated rows. */
export const HEAVY_SCENARIOS = ['list-populate-all', 'three-levels', 'zone-on', 'entry-deep']
/** The light read of the mix, and the heavy one bursting beside it. */
const LIGHT = 'entry'
const BURST = 'list-populate-all'
/** Connections of the light reads (a few clients browsing) during the burst. */
const LIGHT_CONNECTIONS = 4

export interface PerServer<T> { plugin: T, ceiling: T }

export interface LoadMixResult {
  connections: number
  /** Each heavy scenario alone at `connections`. */
  heavy: Array<{ name: string } & PerServer<RoundResult>>
  /** The light read alone, then beside a burst of `BURST` at `connections`. */
  light: { name: string, burst: string, connections: number, alone: PerServer<RoundResult>, mixed: PerServer<RoundResult>, burstInMix: PerServer<RoundResult> }
}

type Servers = Record<'plugin' | 'ceiling', RunningServer>

function load (scenario: ReadScenario, target: Target, server: RunningServer, connections: number, seconds: number): Load {
  return { origin: server.origin, connections, seconds, request: { method: 'GET', path: readPath(scenario, target) } }
}

export async function runLoadMix (scenarios: ReadScenario[], servers: Servers, config: BenchConfig, connections: number): Promise<LoadMixResult> {
  const named = (name: string): ReadScenario => {
    const scenario = scenarios.find(candidate => candidate.name === name)
    if (scenario === undefined) throw new Error(`load mix: no scenario ${name}`)
    return scenario
  }
  const log = (message: string): void => { console.log(`[load mix] ${message}`) }
  const both = async (measure: (target: 'plugin' | 'ceiling') => Promise<RoundResult>): Promise<PerServer<RoundResult>> =>
    ({ plugin: await measure('plugin'), ceiling: await measure('ceiling') })
  const heavy: LoadMixResult['heavy'] = []
  for (const name of HEAVY_SCENARIOS) {
    const scenario = named(name)
    const result = await both(async target => await measureRound(load(scenario, target, servers[target], connections, config.duration)))
    log(`${name} at ${connections} connections: p99 ${result.plugin.p99} ms ours, ${result.ceiling.p99} ms ceiling`)
    heavy.push({ name, ...result })
  }
  const light = named(LIGHT)
  const burst = named(BURST)
  const alone = await both(async target => await measureRound(load(light, target, servers[target], LIGHT_CONNECTIONS, config.duration)))
  const mixed = async (target: 'plugin' | 'ceiling'): Promise<[RoundResult, RoundResult]> => await Promise.all([
    measureRound(load(light, target, servers[target], LIGHT_CONNECTIONS, config.duration)),
    measureRound(load(burst, target, servers[target], connections, config.duration))
  ])
  const [pluginLight, pluginBurst] = await mixed('plugin')
  const [ceilingLight, ceilingBurst] = await mixed('ceiling')
  const result = {
    name: LIGHT,
    burst: BURST,
    connections: LIGHT_CONNECTIONS,
    alone,
    mixed: { plugin: pluginLight, ceiling: ceilingLight },
    burstInMix: { plugin: pluginBurst, ceiling: ceilingBurst }
  }
  log(`${LIGHT} p99 alone ${alone.plugin.p99} ms ours / ${alone.ceiling.p99} ms ceiling; beside ${connections} connections of ${BURST}: ${result.mixed.plugin.p99} / ${result.mixed.ceiling.p99} ms`)
  return { connections, heavy, light: result }
}
