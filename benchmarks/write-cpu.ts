/**
 * Node CPU per write, plugin against ceiling, in ONE process: the bench's create
 * (and update) bodies sent with `app.inject` to the plugin's app and to the ceiling's routes
 * alternately, one request at a time, each app with a pool of one connection, and
 * `process.cpuUsage()` read around every request. The load of a shared machine hits both
 * sides alike, so the medians compare where one bench run's req/s cannot.
 *
 *   node dist/benchmarks/write-cpu.js                     # CPU per create and update, both sides
 *   WRITE_CPU_PROFILE=<file> node dist/benchmarks/write-cpu.js
 *       # then a CPU profile (100 µs sampling) of the plugin's creates only
 *   WRITE_CPU_STAGES=1 node dist/benchmarks/write-cpu.js
 *       # CPU between checkpoints: Fastify's hooks (added here on both apps) and any
 *       # `globalThis.writeCpuMark?.(name)` calls placed in a scratch build of the plugin
 *
 * WRITE_CPU_N requests per side and kind (default 1000), WRITE_CPU_WARMUP (default 300),
 * WRITE_CPU_KINDS (default `create,update`). WRITE_CPU_OTHER=<a build's dist/plugin/index.js>
 * WRITE_CPU_BACKEND=1 also reads PostgreSQL's CPU per side (`/proc/<pid>/schedstat` of the
 * backends each side opened, same machine only), summed over the measured requests.
 * WRITE_CPU_OTHER=<a build's dist/plugin/index.js>
 * adds that build of the plugin as a third side, `other`, in the same rotation: an A/B of two
 * builds (a change, an ablation) against each other and the ceiling. A scale-100 database is created (SQL loader,
 * analyzed) and dropped at the end.
 */
import Fastify from 'fastify'
import type { FastifyInstance } from 'fastify'
import { readFile, writeFile } from 'node:fs/promises'
import { loadavg } from 'node:os'
import { pathToFileURL } from 'node:url'
import { Session } from 'node:inspector/promises'
import pg from 'pg'
import contentApi from '../plugin/index.js'
import { createStatement, updateStatement } from './ceiling/writes.js'
import type { CreateInput, UpdateInput } from './ceiling/writes.js'
import { EXAMPLE_SCHEMAS } from './config.js'
import { generateDataset } from './dataset.js'
import { createBenchDatabase } from './database.js'
import { pickFixture } from './fixture.js'
import type { Fixture } from './fixture.js'
import { loadDataset } from './load/index.js'
import { createBody, updateBody, updatedArticle } from './scenarios.js'

type Kind = 'create' | 'update'
type Side = 'plugin' | 'ceiling' | 'other'

/** CPU between consecutive checkpoints of one request, by `from→to`. */
class Stages {
  #last = 'start'
  #at = process.cpuUsage()
  #current: Record<string, number> = {}
  readonly totals: Record<string, number[]> = {}

  begin (): void {
    this.#current = {}
    this.#last = 'start'
    this.#at = process.cpuUsage()
  }

  mark (name: string): void {
    const spent = process.cpuUsage(this.#at)
    const key = `${this.#last}→${name}`
    this.#current[key] = (this.#current[key] ?? 0) + spent.user + spent.system
    this.#last = name
    this.#at = process.cpuUsage()
  }

  end (label: string): void {
    this.mark('end')
    for (const [key, value] of Object.entries(this.#current)) (this.totals[`${label} ${key}`] ??= []).push(value)
  }
}

let stages: Stages | null = null

function withCheckpoints (app: FastifyInstance): void {
  for (const hook of ['onRequest', 'preValidation', 'preHandler', 'onSend', 'onResponse'] as const) {
    app.addHook(hook, (_request: unknown, _reply: unknown, ...rest: unknown[]) => {
      stages?.mark(hook)
      const done = rest[rest.length - 1] as (error: null, payload?: unknown) => void
      if (hook === 'onSend') done(null, rest[0])
      else done(null)
    })
  }
}

async function pluginApp (url: string, plugin: typeof contentApi = contentApi): Promise<FastifyInstance> {
  const app = Fastify({ logger: false })
  if (stages !== null) withCheckpoints(app)
  await app.register(plugin, { schemas: EXAMPLE_SCHEMAS, database: { url, poolSize: 1 } })
  await app.ready()
  return app
}

/** The ceiling's write routes as in servers/ceiling.ts, prepared statements, one connection. */
async function ceilingApp (url: string): Promise<FastifyInstance> {
  const pool = new pg.Pool({ connectionString: url, max: 1 })
  // The database is dropped (its sessions ended) at the end: an idle connection's error then is expected.
  pool.on('error', () => {})
  const app = Fastify({ logger: false })
  if (stages !== null) withCheckpoints(app)
  app.addHook('onClose', async () => { await pool.end() })
  const run = async (name: string, query: { sql: string, params: unknown[] }): Promise<string | undefined> => {
    stages?.mark('sql built')
    // pool.query's steps one by one, so that the send is told from the connection's checkout.
    const client = await pool.connect()
    stages?.mark('connected')
    try {
      const sent = client.query<{ body: string }>({ name, text: query.sql, values: query.params })
      stages?.mark('sql sent')
      const rows = (await sent).rows
      stages?.mark('rows received')
      return rows[0]?.body
    } finally {
      client.release()
    }
  }
  app.post('/ceiling/create', async (request, reply) =>
    await reply.type('application/json; charset=utf-8').send(await run('create', createStatement((request.body as { data: CreateInput }).data))))
  app.put('/ceiling/update/:id', async (request, reply) => {
    const id = Number((request.params as { id: string }).id)
    return await reply.type('application/json; charset=utf-8').send(await run('update', updateStatement(id, (request.body as { data: UpdateInput }).data)))
  })
  await app.ready()
  return app
}

interface Sent { method: 'POST' | 'PUT', url: string, payload: string }

function request (fixture: Fixture, side: Side, kind: Kind, n: number): Sent {
  if (kind === 'create') {
    return { method: 'POST', url: side === 'ceiling' ? '/ceiling/create' : '/api/articles', payload: JSON.stringify({ data: createBody(fixture, side === 'ceiling' ? 'ceiling' : 'plugin', n) }) }
  }
  const id = updatedArticle(fixture, n)
  return { method: 'PUT', url: side === 'ceiling' ? `/ceiling/update/${id}` : `/api/articles/${id}`, payload: JSON.stringify({ data: updateBody(fixture, n) }) }
}

/** µs of this process's CPU (user + system) for one request. */
async function timed (app: FastifyInstance, sent: Sent, stagesOf?: string): Promise<number> {
  const before = process.cpuUsage()
  if (stagesOf !== undefined) stages?.begin()
  const response = await app.inject({ ...sent, headers: { 'content-type': 'application/json' } })
  if (stagesOf !== undefined) stages?.end(stagesOf)
  const spent = process.cpuUsage(before)
  if (response.statusCode !== 200) throw new Error(`${sent.method} ${sent.url}: ${response.statusCode} ${response.body.slice(0, 300)}`)
  return spent.user + spent.system
}

function median (values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.floor(sorted.length / 2)] ?? NaN
}

function quartiles (values: number[]): string {
  const sorted = [...values].sort((a, b) => a - b)
  const at = (q: number): number => sorted[Math.floor(q * (sorted.length - 1))] ?? NaN
  return `${at(0.25).toFixed(0)}–${at(0.75).toFixed(0)}`
}

/** The PostgreSQL backends of the bench database, told apart by the side that opened them. */
class Backends {
  readonly #adminUrl: string
  readonly #database: string
  readonly #owners = new Map<number, Side | null>()

  constructor (adminUrl: string, database: string) {
    this.#adminUrl = adminUrl
    this.#database = database
  }

  /** The backends not yet claimed are `side`'s (null: nobody's, opened before the sides). */
  async claim (side: Side | null): Promise<void> {
    for (const pid of await this.#pids()) {
      if (!this.#owners.has(pid)) this.#owners.set(pid, side)
    }
  }

  /** CPU time so far (ns, from `/proc/<pid>/schedstat`) of each side's backends. */
  async cpu (): Promise<Map<Side, number>> {
    const used = new Map<Side, number>()
    for (const [pid, side] of this.#owners) {
      if (side === null) continue
      const stat = await readFile(`/proc/${pid}/schedstat`, 'utf8').catch(() => null)
      if (stat !== null) used.set(side, (used.get(side) ?? 0) + Number(stat.split(' ')[0]))
    }
    return used
  }

  async #pids (): Promise<number[]> {
    const client = new pg.Client({ connectionString: this.#adminUrl })
    await client.connect()
    try {
      const { rows } = await client.query<{ pid: number }>('select pid from pg_stat_activity where datname = $1', [this.#database])
      return rows.map(row => row.pid)
    } finally {
      await client.end()
    }
  }
}

async function main (): Promise<void> {
  const n = Number(process.env.WRITE_CPU_N ?? 1000)
  const warmup = Number(process.env.WRITE_CPU_WARMUP ?? 300)
  const kinds = (process.env.WRITE_CPU_KINDS ?? 'create,update').split(',') as Kind[]
  const profileFile = process.env.WRITE_CPU_PROFILE
  if (process.env.WRITE_CPU_STAGES === '1') {
    stages = new Stages()
    ;(globalThis as { writeCpuMark?: (name: string) => void }).writeCpuMark = (name) => { stages?.mark(name) }
  }
  const adminUrl = process.env.DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/postgres'
  const database = await createBenchDatabase(adminUrl, process.env.WRITE_CPU_DATABASE_PREFIX ?? 'fca_write_cpu')
  const apps: FastifyInstance[] = []
  try {
    const dataset = generateDataset(100)
    const loaded = await loadDataset(database.url, dataset, 'sql', { analyze: true })
    const fixture = pickFixture(dataset, loaded.ids)
    let counter = 0
    const next = (): number => counter++
    const backends = process.env.WRITE_CPU_BACKEND === '1' ? new Backends(adminUrl, new URL(database.url).pathname.slice(1)) : null
    const sides: Partial<Record<Side, FastifyInstance>> = {}
    // Each side is created and sends one request before the next: the backends new since then are its own.
    const open = async (side: Side, app: FastifyInstance): Promise<void> => {
      sides[side] = app
      apps.push(app)
      await timed(app, request(fixture, side, kinds[0]!, next()))
      await backends?.claim(side)
    }
    await backends?.claim(null)
    await open('plugin', await pluginApp(database.url))
    await open('ceiling', await ceilingApp(database.url))
    const otherBuild = process.env.WRITE_CPU_OTHER
    if (otherBuild !== undefined) await open('other', await pluginApp(database.url, (await import(pathToFileURL(otherBuild).href) as { default: typeof contentApi }).default))
    const rotation = Object.keys(sides) as Side[]
    const appOf = (side: Side): FastifyInstance => sides[side]!
    for (const kind of kinds) {
      for (let i = 0; i < warmup; i++) {
        for (const side of rotation) await timed(appOf(side), request(fixture, side, kind, next()))
      }
    }
    const load = loadavg()[0]!.toFixed(1)
    if (profileFile !== undefined) {
      const session = new Session()
      session.connect()
      await session.post('Profiler.enable')
      await session.post('Profiler.setSamplingInterval', { interval: 100 })
      await session.post('Profiler.start')
      for (let i = 0; i < n; i++) await timed(appOf('plugin'), request(fixture, 'plugin', 'create', next()))
      const { profile } = await session.post('Profiler.stop')
      session.disconnect()
      await writeFile(profileFile, JSON.stringify(profile))
      console.log(`profile of ${n} plugin creates: ${profileFile} (load ${load} → ${loadavg()[0]!.toFixed(1)})`)
      return
    }
    const spent: Record<string, number[]> = {}
    const backendBefore = await backends?.cpu()
    for (let i = 0; i < n; i++) {
      for (const kind of kinds) {
        // The order turns every request, so no side always runs right after the same other one.
        const order = [...rotation.slice(i % rotation.length), ...rotation.slice(0, i % rotation.length)]
        if (Math.floor(i / rotation.length) % 2 === 1) order.reverse()
        for (const side of order) (spent[`${kind} ${side}`] ??= []).push(await timed(appOf(side), request(fixture, side, kind, next()), `${kind} ${side}`))
      }
    }
    const backendAfter = await backends?.cpu()
    console.log(`${n} requests per side and kind, load ${load} → ${loadavg()[0]!.toFixed(1)}; µs of Node CPU per request: median (quartiles)`)
    if (backendBefore !== undefined && backendAfter !== undefined) {
      for (const side of rotation) {
        const used = (backendAfter.get(side) ?? 0) - (backendBefore.get(side) ?? 0)
        console.log(`backend ${side.padEnd(8)} ${(used / 1000 / (n * kinds.length)).toFixed(0).padStart(6)} µs of PostgreSQL CPU per request (mean, ${kinds.join(' + ')})`)
      }
    }
    for (const [key, values] of Object.entries(spent)) console.log(`${key.padEnd(16)} ${median(values).toFixed(0).padStart(6)} (${quartiles(values)})`)
    for (const kind of kinds) {
      // Requests of one round are neighbours in time: their differences cancel most of the load's swings.
      const ours = spent[`${kind} plugin`]
      const others = spent[`${kind} other`]
      if (ours === undefined || others === undefined) continue
      const differences = others.map((value, index) => value - ours[index]!)
      console.log(`${kind} other − plugin, paired by round: median ${median(differences).toFixed(0)} (${quartiles(differences)})`)
    }
    if (stages !== null) {
      console.log('µs of Node CPU between checkpoints: mean, median (quartiles), share of requests that passed it')
      for (const [key, values] of Object.entries(stages.totals)) {
        const mean = values.reduce((sum, value) => sum + value, 0) / values.length
        console.log(`${key.padEnd(48)} ${mean.toFixed(0).padStart(6)} ${median(values).toFixed(0).padStart(6)} (${quartiles(values)}) ${(values.length / n).toFixed(2)}`)
      }
    }
  } finally {
    for (const app of apps) await app.close()
    await database.drop()
  }
}

main().catch((error: unknown) => {
  console.error(error)
  process.exitCode = 1
})
