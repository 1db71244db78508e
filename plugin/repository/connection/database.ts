/**
 * Opens the database: MikroORM over PostgreSQL (`url`) or embedded PGlite (`dataDir`),
 * with the runtime entities, the tables brought up to date safely, and a raw statement
 * runner for the compiled reads that binds parameters (MikroORM inlines them).
 */
import { mkdir } from 'node:fs/promises'
import { MikroORM } from '@mikro-orm/core'
import { PgliteDriver } from '@mikro-orm/pglite'
import { PostgreSqlDriver } from '@mikro-orm/postgresql'
import type { Registry } from '../../content-types/registry.js'
import type { Pool, PoolClient, QueryConfig } from 'pg'
import { buildEntitySchemas } from '../schema/entities.js'
import type { SystemEntities } from '../schema/entities.js'
import { cancelRunningStatement } from './cancel-query.js'
import { clientQuery } from './client-query.js'
import { setUpPool } from './pool-setup.js'
import { openReplicaSet } from './replicas.js'
import type { ReplicaSettings } from './replicas.js'
import { isConnectionLost, isDatabaseUnavailable } from './unavailable.js'
import { ReadGate } from './read-gate.js'
import { declareSearchIndexes } from '../schema/search-indexes.js'
import type { RuntimeOrm } from './runtime-orm.js'
import { SqlNames } from '../schema/sql-names.js'
import { readIdSequences } from '../schema/id-sequences.js'
import { statementNames, type NameOf } from './statement-names.js'

export interface DatabaseOptions {
  /** PostgreSQL connection string; absent → embedded PGlite. */
  url?: string
  /** Folder of the embedded database; `memory://` keeps it in memory. Default `./.data`. */
  dataDir?: string
  /** Largest number of pooled connections to a PostgreSQL server. Default 10. */
  poolSize?: number
  /** Longest wait, in ms, for a pooled connection (or a new one) before the request answers 503. Default 5,000. */
  connectionTimeout?: number
  /** Longest time, in ms, one API statement may run on the server (`statement_timeout`). Default 15,000. */
  statementTimeout?: number
  /** Streaming replicas of `url` that answer reads (docs/production.md, 'Read replicas'); writes and reads after a write go to the primary. */
  replicas?: string[]
  /** Largest replay lag, in ms, at which a replica still answers reads. Default 2,000. */
  replicaMaxLag?: number
  /** How often each replica's health and lag are checked, in ms. Default 1,000. */
  replicaCheckInterval?: number
  /** How long, in ms, a caller who wrote reads from the primary (its own requests, and any carrying the cookie its write set). Default 5,000. */
  readYourWritesWindow?: number
  /** Called with every SQL statement sent, reads and writes: for tests and benchmarks. */
  onQuery?: (sql: string) => void
}

export type Row = Record<string, unknown>

export interface QueryOptions {
  /**
   * Aborted when the request that needs the answer has gone away. A function is called only
   * when a statement is sent: a read the response cache answers makes no signal (an
   * AbortController and a listener per request are a visible part of a cache hit's CPU).
   */
  signal?: AbortSignal | (() => AbortSignal)
  /** A healthy replica may answer (the read needs no write of its own request or caller). */
  replica?: boolean
  /** The read may build many rows: it waits for one of the few heavy-read slots. */
  heavy?: boolean
}

/** Where the reads that a replica could have answered went. */
export interface ReadRouteStats {
  primary: number
  replicas: Array<{ url: string, healthy: boolean, lag: number | null, reads: number }>
}

export type { RuntimeOrm }

export interface Database {
  orm: RuntimeOrm
  /** The one resolver of table and column names (from the ORM metadata), for reads and writes alike. */
  names: SqlNames
  embedded: boolean
  /** Runs one parameterised statement outside the unit of work; `signal` cancels it on the server. */
  query: (sql: string, params: readonly unknown[], options?: QueryOptions) => Promise<Row[]>
  /**
   * Runs `work` in one transaction on one connection of the pool (PGlite: its one session),
   * outside MikroORM's unit of work: `begin`, the work's statements, `commit` — or
   * `rollback` when the work throws, and the error goes on.
   */
  transaction: <T>(work: (tx: SqlTransaction) => Promise<T>) => Promise<T>
  /**
   * Runs `work` on one connection of the pool with no `begin`/`commit`: each statement is its
   * own implicit transaction. For a write whose only change is ONE data-modifying statement
   * (a create without hooks): that statement is as atomic as a transaction, and the write
   * saves two round trips. Never retried: a write is not safe to run twice.
   */
  autocommit: <T>(work: (tx: SqlTransaction) => Promise<T>) => Promise<T>
  readStats: () => ReadRouteStats
  close: () => Promise<void>
}

/** The statements of one transaction; `$n` placeholders, values bound. */
export interface SqlTransaction {
  query: (sql: string, params: readonly unknown[]) => Promise<Row[]>
  /** false under `autocommit`: each statement is its own transaction. */
  transactional: boolean
}

interface NativeClient {
  query: (...args: never[]) => Promise<{ rows: Row[] }>
}

/** PGlite is one session: writes must not interleave, or one transaction swallows another. */
function serialised (): <T>(work: () => Promise<T>) => Promise<T> {
  let tail: Promise<unknown> = Promise.resolve()
  return async <T>(work: () => Promise<T>): Promise<T> => {
    const run = tail.then(work, work)
    tail = run.catch(() => undefined)
    return await run
  }
}

/** The settings of the plugin's own PostgreSQL sessions, sent as startup options so no statement is spent on them. */
function sessionSettings (options: DatabaseOptions): string {
  const statementTimeout = options.statementTimeout ?? 15_000
  return [
    // Reads are prepared with parameters (limit, offset, filter values); PostgreSQL would
    // otherwise keep planning such a statement afresh on every run whenever its generic
    // plan looks costlier, which for a deep populate costs more than running it.
    'plan_cache_mode=force_generic_plan',
    // JIT compiling a deep populate statement took seconds where running it takes
    // milliseconds (PostgreSQL 15, measured): it never pays off for this workload.
    'jit=off',
    // The default (4) prices an index probe as a disk seek. A populate's subqueries run once
    // per entry, each planned as if run once, so on a link table of a few pages PostgreSQL chose
    // a sequential scan of the whole table per entry over the (owner) index probe. The cost of
    // a cached page (1.1) makes it probe, cheaper for every populate and no worse for the rest
    // (benchmarks/journal/2026-11-25.md, "our heavy populate SQL next to the correlated ceiling's").
    'random_page_cost=1.1',
    `statement_timeout=${statementTimeout}`,
    // A transaction left open by a stalled process must not hold its row locks for long.
    `idle_in_transaction_session_timeout=${Math.max(statementTimeout * 2, 30_000)}`
  ].map(setting => `-c ${setting}`).join(' ')
}

type OrmConfig = Parameters<typeof MikroORM.init>[0]

function ormConfig (registry: Registry, options: DatabaseOptions, systemEntities: SystemEntities | undefined): OrmConfig {
  const embedded = options.url === undefined
  const onQuery = options.onQuery
  return {
    driver: embedded ? PgliteDriver : PostgreSqlDriver,
    entities: buildEntitySchemas(registry, systemEntities),
    ...(embedded ? { dbName: options.dataDir ?? './.data' } : { clientUrl: options.url }),
    discovery: { warnWhenNoEntities: false },
    allowGlobalContext: false,
    ...(onQuery === undefined ? {} : { debug: ['query'], logger: (message: string) => { onQuery(message) } })
  } as OrmConfig
}

/**
 * Creates the database if needed and brings the tables up to date, on connections of their
 * own without the API's statement timeout: an index built on a large table may take minutes.
 */
async function migrateSchema (config: OrmConfig, registry: Registry): Promise<void> {
  const orm = await MikroORM.init({ ...config, driverOptions: { options: '-c jit=off' } } as OrmConfig)
  try {
    await orm.schema.ensureDatabase()
    await declareSearchIndexes(orm, registry, false)
    await orm.schema.update({ safe: true, dropTables: false })
  } finally {
    await orm.close(true)
  }
}

/** `systemEntities`: tables of optional plugin features (permissions, API tokens, idempotency keys). */
export async function openDatabase (registry: Registry, options: DatabaseOptions, systemEntities?: SystemEntities): Promise<Database> {
  const embedded = options.url === undefined
  const dataDir = options.dataDir ?? './.data'
  if (embedded && !dataDir.startsWith('memory:')) await mkdir(dataDir, { recursive: true })
  const config = ormConfig(registry, options, systemEntities)
  if (!embedded) await migrateSchema(config, registry)
  const orm = await MikroORM.init({
    ...config,
    ...(embedded
      ? {}
      : {
          pool: { max: options.poolSize ?? 10 },
          driverOptions: {
            options: sessionSettings(options),
            connectionTimeoutMillis: options.connectionTimeout ?? 5_000,
            keepAlive: true,
            application_name: 'fastify-content-api',
            onPoolCreated: setUpPool
          }
        })
  } as OrmConfig)
  if (embedded) {
    try {
      await orm.schema.ensureDatabase()
      await orm.schema.update({ safe: true, dropTables: false })
    } catch (error) {
      await orm.close(true)
      throw error
    }
  }
  const native = await (orm.em.getConnection() as unknown as { getNativeClient: () => Promise<NativeClient> }).getNativeClient()
  // Only PGlite's one session needs writes queued; on a server each write has its own connection, and no wrapper.
  const exclusive = embedded ? serialised() : null
  const nameOf = statementNames()
  const run = embedded ? embeddedRunner(native) : serverRunner(native as unknown as Pool, nameOf)
  const replicas = embedded || (options.replicas ?? []).length === 0 ? null : await openReplicaSet(replicaSettings(options))
  const onQuery = options.onQuery
  let primaryReads = 0
  const readFromReplica = async (sql: string, params: readonly unknown[], signal: AbortSignal | undefined): Promise<Row[] | null> => {
    const replica = replicas?.pick() ?? null
    if (replica === null) return null
    try {
      const rows = await serverRunner(replica.pool, nameOf)(sql, params, signal)
      replica.reads += 1
      return rows
    } catch (error) {
      // A replica that cannot answer hands the read to the primary; a read cancelled or
      // timed out there would be as slow on the primary, so that one fails as it is.
      if (signal?.aborted === true || !isDatabaseUnavailable(error) || (error as { code?: unknown }).code === '57014') throw error
      replicas?.markDown(replica)
      return null
    }
  }
  // A quarter of the pool at most for heavy reads while ordinary ones run: they always find
  // a connection, and on a small server the heavy ones cannot take every core either. With no
  // ordinary read for a second, all but one connection, so heavy reads alone run at full
  // speed (benchmarks/journal/2026-11-24.md, "Load behaviour").
  const poolSize = options.poolSize ?? 10
  const heavyReads = new ReadGate({
    slots: Math.max(1, Math.floor(poolSize / 4)),
    aloneSlots: Math.max(1, poolSize - 1),
    aloneAfter: 1_000,
    wait: options.connectionTimeout ?? 5_000
  })
  const readReplicaFirst = async (sql: string, params: readonly unknown[], signal: AbortSignal | undefined): Promise<Row[]> => {
    const rows = await readFromReplica(sql, params, signal)
    if (rows !== null) return rows
    primaryReads += 1
    return await run(sql, params, signal)
  }
  // Not async: a read the primary answers hands the runner's promise on (see read/reader.ts).
  const read = (sql: string, params: readonly unknown[], queryOptions: QueryOptions | undefined): Promise<Row[]> => {
    const signal = typeof queryOptions?.signal === 'function' ? queryOptions.signal() : queryOptions?.signal
    if (queryOptions?.replica === true && replicas !== null) return readReplicaFirst(sql, params, signal)
    return run(sql, params, signal)
  }
  const writeNames = statementNames()
  // Read once, unprepared (on a server): the pool's one-off statement, PGlite's runner.
  const idSequences = await readIdSequences(async (sql, params) => embedded
    ? await run(sql, params, undefined)
    : (await (native as unknown as Pool).query(sql, [...params])).rows, orm.getMetadata())
  const transact = embedded ? embeddedTransaction(native, onQuery) : serverTransaction(native as unknown as Pool, onQuery, writeNames)
  const autocommit = embedded ? embeddedAutocommit(native, onQuery) : serverAutocommit(native as unknown as Pool, onQuery, writeNames)
  return {
    orm,
    names: new SqlNames(orm.getMetadata(), idSequences),
    embedded,
    query: (sql, params, queryOptions) => {
      onQuery?.(sql)
      if (embedded) return read(sql, params, queryOptions)
      if (queryOptions?.heavy === true) return heavyReads.run(() => read(sql, params, queryOptions))
      heavyReads.ordinary()
      return read(sql, params, queryOptions)
    },
    transaction: exclusive === null ? transact : async (work) => await exclusive(async () => await transact(work)),
    autocommit: exclusive === null ? autocommit : async (work) => await exclusive(async () => await autocommit(work)),
    readStats: () => ({
      primary: primaryReads,
      replicas: (replicas?.replicas ?? []).map(({ url, healthy, lag, reads }) => ({ url: withoutPassword(url), healthy, lag, reads }))
    }),
    close: async () => {
      await replicas?.close()
      await orm.close(true)
    }
  }
}

function replicaSettings (options: DatabaseOptions): ReplicaSettings {
  return {
    urls: options.replicas ?? [],
    maxLag: options.replicaMaxLag ?? 2_000,
    checkInterval: options.replicaCheckInterval ?? 1_000,
    poolSize: options.poolSize ?? 10,
    connectionTimeout: options.connectionTimeout ?? 5_000,
    sessionOptions: sessionSettings(options)
  }
}

function withoutPassword (url: string): string {
  try {
    const parsed = new URL(url)
    parsed.password = ''
    return parsed.toString()
  } catch {
    return '(unparseable url)'
  }
}

type Transact = <T>(work: (tx: SqlTransaction) => Promise<T>) => Promise<T>

interface EmbeddedTransactions {
  transaction: <T>(work: (tx: { query: (sql: string, params: readonly unknown[]) => Promise<{ rows: Row[] }> }) => Promise<T>) => Promise<T>
}

/** PGlite's own transaction holds its session: its other statements wait until it ends. */
function embeddedTransaction (native: NativeClient, onQuery: ((sql: string) => void) | undefined): Transact {
  const pglite = native as unknown as EmbeddedTransactions
  return async (work) => {
    onQuery?.('begin')
    const result = await pglite.transaction(async tx => await work({
      query: async (sql, params) => {
        onQuery?.(sql)
        return (await tx.query(sql, params)).rows
      },
      transactional: true
    }))
    onQuery?.('commit')
    return result
  }
}

/** PGlite's session, one statement at a time (`exclusive` keeps transactions of other writes out meanwhile). */
function embeddedAutocommit (native: NativeClient, onQuery: ((sql: string) => void) | undefined): Transact {
  const run = embeddedRunner(native)
  return async (work) => await work({
    query: async (sql, params) => {
      onQuery?.(sql)
      return await run(sql, params, undefined)
    },
    transactional: false
  })
}

/** Statements a write sends outside a transaction: prepared like a transaction's (see `serverTransaction`). */
function preparedQuery (client: PoolClient, onQuery: ((sql: string) => void) | undefined, nameOf: NameOf) {
  return async (sql: string, params: readonly unknown[]): Promise<Row[]> => {
    onQuery?.(sql)
    // A write's statements are prepared like the reads (their own cap of names): the same
    // shape of body gives the same text, planned once per connection.
    const prepared = params.length === 0 ? undefined : nameOf(sql)
    // clientQuery, as a read's statement: pg's promise form kept ~4.5 KB per create alive past
    // young collections, ~0.6 KB with it (benchmarks/journal/2026-11-25.md, "where the light read's time went").
    return (await clientQuery(client, { text: prepared?.text ?? sql, values: params as unknown[], name: prepared?.name })).rows
  }
}

/** One connection for the work's statements, no transaction around them. */
function serverAutocommit (pool: Pool, onQuery: ((sql: string) => void) | undefined, nameOf: NameOf): Transact {
  return async (work) => {
    const client: PoolClient = await pool.connect()
    try {
      const result = await work({ query: preparedQuery(client, onQuery, nameOf), transactional: false })
      client.release()
      return result
    } catch (error) {
      // A statement that failed leaves the connection usable, unless the connection itself broke.
      client.release(isConnectionLost(error) ? error as Error : undefined)
      throw error
    }
  }
}

/**
 * A connection checked out of the pool for the whole transaction. When the work fails the
 * transaction is rolled back and the connection goes back to the pool; when even the
 * rollback fails, the connection is broken and is given back with that error, so the pool
 * discards it rather than handing it to the next request.
 */
function serverTransaction (pool: Pool, onQuery: ((sql: string) => void) | undefined, nameOf: NameOf): Transact {
  return async (work) => {
    const client: PoolClient = await pool.connect()
    const query = preparedQuery(client, onQuery, nameOf)
    try {
      await query('begin', [])
      const result = await work({ query, transactional: true })
      await query('commit', [])
      client.release()
      return result
    } catch (error) {
      try {
        await query('rollback', [])
        client.release()
      } catch (broken) {
        client.release(broken instanceof Error ? broken : new Error('rollback failed'))
      }
      throw error
    }
  }
}

type Runner = (sql: string, params: readonly unknown[], signal: AbortSignal | undefined) => Promise<Row[]>

function embeddedRunner (native: NativeClient): Runner {
  // Bound: PGlite's `query` reads its own instance (detached, it fails on `this`).
  const query = (native.query as (sql: string, params: readonly unknown[]) => Promise<{ rows: Row[] }>).bind(native)
  return async (sql, params) => (await query(sql, params)).rows
}

/**
 * On a server, a read whose client went away is cancelled on the server too (PostgreSQL's
 * cancel request, on a connection of its own), so abandoned heavy reads stop costing.
 */
function serverRunner (pool: Pool, nameOf: NameOf): Runner {
  const once = serverRunnerOnce(pool, nameOf)
  // A pooled connection the server ended while it sat idle fails its first use, and the pool
  // drops it then. Right after the server ended many (a restart, killed sessions) several idle
  // ones may still look alive: a read is safe to run again, and each failed try removes one
  // dead connection, so the pool's size plus one tries reach a live or a fresh connection.
  const tries = (pool.options.max ?? 10) + 1
  // Not an async loop: a read that succeeds at once (nearly all) passes on one promise, no more.
  const attempt = (sql: string, params: readonly unknown[], signal: AbortSignal | undefined, tried: number): Promise<Row[]> =>
    once(sql, params, signal).catch((error: unknown) => {
      if (tried >= tries || signal?.aborted === true || !isConnectionLost(error)) throw error
      return attempt(sql, params, signal, tried + 1)
    })
  return (sql, params, signal) => attempt(sql, params, signal, 1)
}

function rowsOf (result: { rows: Row[] }): Row[] {
  return result.rows
}

function serverRunnerOnce (pool: Pool, nameOf: NameOf): Runner {
  return (sql, params, signal) => {
    const prepared = nameOf(sql)
    const config = { text: prepared?.text ?? sql, values: params as unknown[], name: prepared?.name }
    return signal === undefined ? pool.query(config).then(rowsOf) : watchedQuery(pool, config, signal)
  }
}

/** A statement on a checked-out connection, cancelled on the server when `signal` aborts. */
async function watchedQuery (pool: Pool, config: QueryConfig, signal: AbortSignal): Promise<Row[]> {
  const client = await pool.connect()
  let cancelled = false
  const cancel = (): void => {
    cancelled = true
    cancelRunningStatement(client)
  }
  signal.addEventListener('abort', cancel, { once: true })
  try {
    return (await clientQuery(client, config)).rows
  } finally {
    signal.removeEventListener('abort', cancel)
    // A cancelled session is not reused: a cancel request still on its way must not reach
    // the next request's statement on the same connection.
    client.release(cancelled ? new Error('the request that ran this statement went away') : undefined)
  }
}
