/**
 * The benchmark's settings, read once from the environment, and the paths it needs. Paths
 * are resolved from the repository root, so they are the same whether this file runs as
 * `benchmarks/config.ts` (tsx) or as `dist/benchmarks/config.js` (`npm run bench`).
 */
import { existsSync, readFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'

export interface BenchConfig {
  /** Dataset size: 1 ≈ a handful of entries per type, 100 ≈ 600 published articles. */
  scale: number
  /** Seconds per measured round. */
  duration: number
  /** Measured rounds per server and scenario; the servers alternate round by round. */
  rounds: number
  /** Seconds of unmeasured load per server before the rounds of a scenario. */
  warmup: number
  connections: number
  /** Requests sent one by one to count SQL statements per request. */
  probeRequests: number
  /** Largest pool of database connections, the same for every server. */
  poolSize: number
  /** `api`: the dataset is written through the plugin's REST API; `sql`: direct INSERTs. */
  loader: 'api' | 'sql'
  /** Only these scenarios (all when empty). */
  scenarios: string[]
  /** Also measure MikroORM `em.find` (third column). */
  ormFind: boolean
  /** Also measure the stepwise ceiling on the write scenarios: the plugin's statement sequence, hand-written. */
  stepwise: boolean
  /** The ceiling runs its statements as named prepared statements. */
  ceilingPrepared: boolean
  /** Go on (and mark the scenario) when the plugin's answer differs from the ceiling's. */
  allowMismatch: boolean
  /** Folder for CPU profiles of the plugin server, one per scenario (its timed rounds only), or null. */
  cpuProfileDir: string | null
  /** Measure the read scenarios once before ANALYZE (no planner statistics yet), beside the analyzed run. */
  cold: boolean
  /** Connections of the load-behaviour pass (heavy populates alone, and a burst beside light reads); 0 leaves it out. */
  loadConnections: number
  /** A server of PostgreSQL to create the benchmark database on (any database of it). */
  adminUrl: string
  /** Articles inserted for the delete scenario to delete. */
  deleteSupply: number
}

function positiveNumber (name: string, fallback: number): number {
  const raw = process.env[name]
  if (raw === undefined || raw === '') return fallback
  const value = Number(raw)
  if (!Number.isFinite(value) || value <= 0) throw new Error(`${name} must be a positive number, got "${raw}"`)
  return value
}

function flag (name: string, fallback: boolean): boolean {
  const raw = process.env[name]
  if (raw === undefined || raw === '') return fallback
  if (['1', 'true', 'yes'].includes(raw)) return true
  if (['0', 'false', 'no'].includes(raw)) return false
  throw new Error(`${name} must be 1 or 0, got "${raw}"`)
}

function loader (): 'api' | 'sql' {
  const raw = process.env.BENCH_LOADER ?? 'api'
  if (raw !== 'api' && raw !== 'sql') throw new Error(`BENCH_LOADER must be api or sql, got "${raw}"`)
  return raw
}

/**
 * Deletes per second the supply is sized for, per server: above what this machine's ceiling
 * reaches (~3,200/s). The plugin and the ceiling take turns drawing from one supply, so it holds
 * both servers' rounds (sized for both together at 5,000/s, it ran out once deletes got faster:
 * 3,262 of the plugin's deletes in results/2026-11-25T03-42-31-626Z.json were 404s).
 */
const DELETES_PER_SECOND = 5000

/** The servers that delete from the supply in the `delete` scenario: the plugin and the ceiling. */
const DELETING_SERVERS = 2

export function readConfig (): BenchConfig {
  const profile = process.env.BENCH_CPU_PROFILE
  const duration = positiveNumber('BENCH_DURATION', 5)
  const rounds = Math.round(positiveNumber('BENCH_ROUNDS', 2))
  const warmup = positiveNumber('BENCH_WARMUP', 1)
  return {
    scale: positiveNumber('BENCH_SCALE', 100),
    duration,
    rounds,
    warmup,
    connections: Math.round(positiveNumber('BENCH_CONNECTIONS', 10)),
    probeRequests: Math.round(positiveNumber('BENCH_PROBE', 20)),
    poolSize: Math.round(positiveNumber('BENCH_POOL_SIZE', 10)),
    loader: loader(),
    scenarios: (process.env.BENCH_SCENARIOS ?? '').split(',').map(name => name.trim()).filter(name => name !== ''),
    ormFind: flag('BENCH_ORM_FIND', false),
    stepwise: flag('BENCH_STEPWISE', false),
    ceilingPrepared: flag('BENCH_CEILING_PREPARED', true),
    allowMismatch: flag('BENCH_ALLOW_MISMATCH', false),
    cpuProfileDir: profile === undefined || profile === '' ? null : profile,
    cold: flag('BENCH_COLD', true),
    loadConnections: process.env.BENCH_LOAD_CONNECTIONS === '0' ? 0 : Math.round(positiveNumber('BENCH_LOAD_CONNECTIONS', 32)),
    adminUrl: process.env.BENCH_DATABASE_URL ?? process.env.DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/postgres',
    deleteSupply: Math.round(positiveNumber('BENCH_DELETE_SUPPLY', Math.ceil((warmup + rounds * duration) * DELETES_PER_SECOND * DELETING_SERVERS) + 1000))
  }
}

function findRepositoryRoot (): string {
  let folder = dirname(fileURLToPath(import.meta.url))
  for (;;) {
    const manifest = join(folder, 'package.json')
    if (existsSync(manifest) && (JSON.parse(readFileSync(manifest, 'utf8')) as { name?: string }).name === 'fastify-content-api') {
      return folder
    }
    const parent = dirname(folder)
    if (parent === folder) throw new Error('benchmarks: cannot find the repository root (package.json of fastify-content-api)')
    folder = parent
  }
}

export const REPOSITORY_ROOT = findRepositoryRoot()
/** The build does not copy JSON schemas to dist/: always read them from the sources. */
export const EXAMPLE_SCHEMAS = join(REPOSITORY_ROOT, 'example', 'content')
export const RESULTS_FOLDER = join(REPOSITORY_ROOT, 'benchmarks', 'results')

/** Where the plugin servers also serve the content in Strapi v5's format (`alsoServe`), for the v5 twins of the reads. */
export const V5_PREFIX = '/api/v5'
