/**
 * Node CPU per request, server against server: what a read costs the server's
 * process, not how many requests a loaded machine lets it serve. Each server is its own
 * process; around every round of a fixed number of requests (autocannon) the process's
 * utime+stime (`/proc/<pid>/stat`, all its threads) is read, the servers take the rounds in
 * turn (order flipped every round), and the medians are reported with their spread. The
 * PostgreSQL backends of the bench database are read the same way around each round (only one
 * server runs at a time): Node + backend CPU is what bounds a 2-core machine's throughput.
 *
 *   NODE_CPU_SERVERS=plugin,ceiling,cached,replay   which servers (before, before-cached: the
 *                                                   plugin server of the build in NODE_CPU_BEFORE;
 *                                                   ceiling: the correlated statement where a
 *                                                   set-based one exists, ceiling-set: that one)
 *   NODE_CPU_BEFORE=<a dist/ folder>                 another build, to compare before and after
 *   NODE_CPU_SCENARIOS=list-populate-all             read scenarios
 *   NODE_CPU_REQUESTS=3000 NODE_CPU_ROUNDS=7         per round; rounds per server
 *   NODE_CPU_PROFILE=<folder>                        then one profiled round per server, written
 *                                                   there as <server>-<scenario>.cpuprofile
 */
import { fork } from 'node:child_process'
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import autocannon from 'autocannon'
import pg from 'pg'
import { readConfig } from './config.js'
import { createBenchDatabase } from './database.js'
import { generateDataset } from './dataset.js'
import { pickFixture } from './fixture.js'
import { loadDataset } from './load/index.js'
import { hasCorrelatedCeiling } from './scenario-run.js'
import { scenarios } from './scenarios.js'
import type { ReadScenario } from './scenarios.js'
import type { ReadyMessage } from './servers/child.js'

interface Server { name: string, pid: number, origin: string, stop: () => void }

const here = fileURLToPath(new URL('.', import.meta.url))

async function start (name: string, module: string, env: Record<string, string>): Promise<Server> {
  const child = fork(module, [], { env: { ...process.env, ...env }, execArgv: process.execArgv, stdio: ['ignore', 'inherit', 'inherit', 'ipc'] })
  const port = await new Promise<number>((resolve, reject) => {
    child.once('exit', code => { reject(new Error(`${name} exited with ${String(code)}`)) })
    child.on('message', (message: ReadyMessage) => { if (message.type === 'ready') resolve(message.port) })
  })
  return { name, pid: child.pid!, origin: `http://127.0.0.1:${port}`, stop: () => { child.kill('SIGTERM') } }
}

/** utime and stime of the process in clock ticks (1/100 s), and its threads' run time in ns (schedstat: finer). */
function cpuTicks (pid: number): { user: number, system: number, ns: number } {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
  let ns = 0
  for (const task of readdirSync(`/proc/${pid}/task`)) {
    try {
      ns += Number(readFileSync(`/proc/${pid}/task/${task}/schedstat`, 'utf8').split(' ')[0])
    } catch {} // a thread that ended meanwhile
  }
  return { user: Number(fields[11]), system: Number(fields[12]), ns }
}

/**
 * The run time in ns (schedstat) and minor page faults (stat) of each backend connected to
 * database `name` (PostgreSQL on this machine): faults show a backend's heap given back and
 * taken again per statement, which costs system time the instruction counts do not see.
 */
async function backendNs (monitor: pg.Client, name: string): Promise<Map<number, { ns: number, faults: number }>> {
  const { rows } = await monitor.query<{ pid: number }>('select pid from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()', [name])
  const times = new Map<number, { ns: number, faults: number }>()
  for (const { pid } of rows) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
      const faults = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[7])
      times.set(pid, { ns: Number(readFileSync(`/proc/${pid}/schedstat`, 'utf8').split(' ')[0]), faults })
    } catch {} // a backend that ended meanwhile
  }
  return times
}

/** CPU (ns) and minor faults of the backends between two readings; a backend started meanwhile counts from zero. */
function backendDelta (first: Map<number, { ns: number, faults: number }>, last: Map<number, { ns: number, faults: number }>): { ns: number, faults: number } {
  let ns = 0
  let faults = 0
  for (const [pid, time] of last) {
    ns += time.ns - (first.get(pid)?.ns ?? 0)
    faults += time.faults - (first.get(pid)?.faults ?? 0)
  }
  return { ns, faults }
}

async function load (origin: string, path: string, amount: number): Promise<number> {
  const result = await autocannon({ url: `${origin}${path}`, connections: 10, amount, timeout: 30 })
  if (result.non2xx > 0 || result.errors > 0) throw new Error(`${origin}${path}: ${result.non2xx} non-2xx, ${result.errors} errors`)
  return result.requests.total
}

const median = (values: number[]): number => {
  const sorted = [...values].sort((a, b) => a - b)
  const middle = Math.floor(sorted.length / 2)
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2
}

async function main (): Promise<void> {
  const config = readConfig()
  const names = (process.env.NODE_CPU_SERVERS ?? 'plugin,ceiling').split(',')
  const requests = Number(process.env.NODE_CPU_REQUESTS ?? 3000)
  const rounds = Number(process.env.NODE_CPU_ROUNDS ?? 7)
  const wanted = new Set((process.env.NODE_CPU_SCENARIOS ?? 'list-populate-all').split(','))
  const db = await createBenchDatabase(config.adminUrl)
  const url = db.url
  const dataset = generateDataset(config.scale)
  const loaded = await loadDataset(url, dataset, config.loader, { analyze: true })
  const fixture = pickFixture(dataset, loaded.ids)
  const env = { BENCH_DATABASE_URL: url, BENCH_POOL_SIZE: String(config.poolSize), BENCH_FIXTURE: JSON.stringify(fixture), BENCH_CEILING_PREPARED: '1', BENCH_COUNT_STATEMENTS: '0', BENCH_CPU_PROFILE: process.env.NODE_CPU_PROFILE ?? '' }
  const before = process.env.NODE_CPU_BEFORE
  const reads = scenarios(fixture).filter((scenario): scenario is ReadScenario => scenario.kind === 'read' && wanted.has(scenario.name))
  const servers: Server[] = []
  const monitor = new pg.Client({ connectionString: config.adminUrl })
  await monitor.connect()
  const folder = mkdtempSync(join(tmpdir(), 'node-cpu-'))
  try {
    for (const name of names) {
      if (name === 'replay') continue
      const cached = name.endsWith('cached') ? '1' : '0'
      const dist = name.startsWith('before') ? before! : join(here, '..')
      const module = name.startsWith('ceiling') ? join(here, 'servers/ceiling.js') : join(dist, 'benchmarks/servers/plugin.js')
      servers.push(await start(name, module, { ...env, BENCH_RESPONSE_CACHE: cached }))
    }
    if (names.includes('replay')) {
      const source = servers.find(server => !server.name.startsWith('ceiling'))!
      const answers = []
      for (const scenario of reads) answers.push({ path: scenario.path, body: await (await fetch(`${source.origin}${scenario.path}`)).text() })
      const file = join(folder, 'answers.json')
      writeFileSync(file, JSON.stringify(answers))
      servers.push(await start('replay', join(here, 'servers/replay.js'), { ...env, BENCH_REPLAY_FILE: file }))
    }
    for (const scenario of reads) {
      const pathOf = (server: Server): string => !server.name.startsWith('ceiling')
        ? scenario.path
        : `/${server.name === 'ceiling' && hasCorrelatedCeiling(scenario) ? 'ceiling-correlated' : 'ceiling'}/${scenario.name}`
      const sizes = []
      for (const server of servers) {
        const response = await fetch(`${server.origin}${pathOf(server)}`)
        sizes.push(`${server.name} ${(await response.arrayBuffer()).byteLength} B`)
        await load(server.origin, pathOf(server), Math.max(1000, requests / 2))
      }
      const samples = new Map(servers.map(server => [server.name, { user: [] as number[], system: [] as number[], total: [] as number[], backend: [] as number[], faults: [] as number[] }]))
      for (let round = 0; round < rounds; round += 1) {
        for (const server of round % 2 === 0 ? servers : [...servers].reverse()) {
          const firstBackends = await backendNs(monitor, db.name)
          const first = cpuTicks(server.pid)
          const done = await load(server.origin, pathOf(server), requests)
          const last = cpuTicks(server.pid)
          const lastBackends = await backendNs(monitor, db.name)
          const perRequest = (ticks: number): number => ticks * 10_000 / done
          const sample = samples.get(server.name)!
          sample.user.push(perRequest(last.user - first.user))
          sample.system.push(perRequest(last.system - first.system))
          sample.total.push((last.ns - first.ns) / 1000 / done)
          const backends = backendDelta(firstBackends, lastBackends)
          sample.backend.push(backends.ns / 1000 / done)
          sample.faults.push(backends.faults / done)
        }
      }
      console.log(`\n${scenario.name} (${sizes.join(', ')}), ${rounds} rounds of ${requests}, µs of Node CPU per request (threads' schedstat), median (min–max) [user / sys from stat ticks] | PostgreSQL backends' CPU | Node + backends | backends' minor faults`)
      const spread = (values: number[]): string => `${median(values).toFixed(1)} (${Math.min(...values).toFixed(1)}–${Math.max(...values).toFixed(1)})`
      for (const [name, sample] of samples) {
        const both = sample.total.map((node, round) => node + sample.backend[round]!)
        console.log(`| ${name} | ${spread(sample.total)} | ${median(sample.user).toFixed(1)} / ${median(sample.system).toFixed(1)} | ${spread(sample.backend)} | ${spread(both)} | ${median(sample.faults).toFixed(1)} |`)
      }
      // Rounds of two servers taken back to back share the machine's load: their paired
      // differences spread less than either server's rounds.
      const [first, ...others] = [...samples]
      for (const [name, sample] of others) {
        const differences = sample.total.map((node, round) => node - first![1].total[round]!)
        const above = differences.filter(difference => difference > 0).length
        console.log(`paired ${name} − ${first![0]}: median ${median(differences).toFixed(1)} µs, mean ${(differences.reduce((a, b) => a + b, 0) / rounds).toFixed(1)}, ${above}/${rounds} rounds above`)
        const both = (of: typeof sample, round: number): number => of.total[round]! + of.backend[round]!
        const whole = sample.total.map((_, round) => both(sample, round) - both(first![1], round))
        console.log(`paired Node + backends ${name} − ${first![0]}: median ${median(whole).toFixed(1)} µs, ${whole.filter(difference => difference > 0).length}/${rounds} rounds above`)
      }
      if (env.BENCH_CPU_PROFILE === '') continue
      for (const server of servers) {
        await fetch(`${server.origin}/__bench/profile/start`, { method: 'POST' })
        const done = await load(server.origin, pathOf(server), requests)
        const stopped = await fetch(`${server.origin}/__bench/profile/stop?name=${server.name}-${scenario.name}`, { method: 'POST' })
        console.log(`profile of ${done} requests: ${((await stopped.json()) as { file: string }).file}`)
      }
    }
  } finally {
    for (const server of servers) server.stop()
    await monitor.end()
    rmSync(folder, { recursive: true, force: true })
    await new Promise(resolve => setTimeout(resolve, 500))
    await db.drop()
  }
}

await main()
