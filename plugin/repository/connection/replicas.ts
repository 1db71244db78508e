/**
 * PostgreSQL streaming replicas for reads (docs/production.md, 'Read replicas'): a pool per replica, a health check
 * that follows each one's replay lag, and the choice of a replica for a read. A replica that
 * is down, not answering or lagging beyond `maxLag` is skipped until a check finds it well
 * again; the read then goes to the primary. PostgreSQL's replication is the engine: this
 * only routes.
 */
import pg from 'pg'
import type { Pool } from 'pg'
import { setUpPool } from './pool-setup.js'

export interface ReplicaSettings {
  urls: readonly string[]
  /** Largest replay lag, in ms, at which a replica still answers reads. */
  maxLag: number
  /** How often each replica's health and lag are checked, in ms. */
  checkInterval: number
  poolSize: number
  connectionTimeout: number
  /** Startup options of each session (`-c statement_timeout=…`), as on the primary. */
  sessionOptions: string
}

export interface Replica {
  readonly url: string
  readonly pool: Pool
  healthy: boolean
  /** Replay lag at the last check, in ms; null when the check failed. */
  lag: number | null
  reads: number
}

export interface ReplicaSet {
  /** The next healthy replica (round robin), or null: read from the primary. */
  pick: () => Replica | null
  /** A read failed on `replica` for want of a connection: skip it until a check finds it well. */
  markDown: (replica: Replica) => void
  readonly replicas: readonly Replica[]
  /** Checks every replica now (also done every `checkInterval`). */
  check: () => Promise<void>
  close: () => Promise<void>
}

/**
 * Lag in ms: 0 when the replica has replayed all it received (an idle primary sends nothing,
 * and the last replay time would otherwise grow without anything being behind).
 */
const LAG_SQL = `select case
  when not pg_is_in_recovery() or pg_last_wal_receive_lsn() = pg_last_wal_replay_lsn() then 0
  else coalesce(extract(epoch from now() - pg_last_xact_replay_timestamp()) * 1000, 0)
end::float8 as lag`

export async function openReplicaSet (settings: ReplicaSettings): Promise<ReplicaSet> {
  const replicas: Replica[] = settings.urls.map(url => {
    const pool = new pg.Pool({
      connectionString: url,
      max: settings.poolSize,
      connectionTimeoutMillis: settings.connectionTimeout,
      keepAlive: true,
      application_name: 'fastify-content-api',
      options: settings.sessionOptions
    })
    setUpPool(pool)
    // An idle connection dropped by the server is reported here; the pool already discarded it.
    pool.on('error', () => {})
    return { url, pool, healthy: false, lag: null, reads: 0 }
  })
  const checkOne = async (replica: Replica): Promise<void> => {
    try {
      const { rows } = await replica.pool.query<{ lag: number }>(LAG_SQL)
      replica.lag = Number(rows[0]?.lag ?? 0)
      replica.healthy = replica.lag <= settings.maxLag
    } catch {
      replica.lag = null
      replica.healthy = false
    }
  }
  const check = async (): Promise<void> => { await Promise.all(replicas.map(checkOne)) }
  await check()
  let checking = false
  const timer = setInterval(() => {
    if (checking) return
    checking = true
    void check().finally(() => { checking = false })
  }, settings.checkInterval)
  timer.unref()
  let next = 0
  return {
    replicas,
    pick: () => {
      for (let tried = 0; tried < replicas.length; tried += 1) {
        const replica = replicas[next % replicas.length]!
        next += 1
        if (replica.healthy) return replica
      }
      return null
    },
    markDown: (replica) => { replica.healthy = false },
    check,
    close: async () => {
      clearInterval(timer)
      await Promise.all(replicas.map(async replica => { await replica.pool.end() }))
    }
  }
}
