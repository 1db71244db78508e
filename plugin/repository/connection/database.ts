/**
 * Opens the database: MikroORM over PostgreSQL (`url`) or embedded PGlite (`dataDir`),
 * with the runtime entities, the tables brought up to date safely, and a raw statement
 * runner for the compiled reads that binds parameters (MikroORM inlines them). This file
 * assembles the parts: the ORM and its tables (`orm-setup.ts`), the statement runners
 * (`statement-runners.ts`), where reads go (`read-routing.ts`) and the writes' sessions
 * (`transactions.ts`).
 */
import type { Pool } from 'pg'
import type { Registry } from '../../content-types/registry.js'
import type { SystemEntities } from '../schema/entities.js'
import { readIdSequences } from '../schema/id-sequences.js'
import { SqlNames } from '../schema/sql-names.js'
import { openOrm } from './orm-setup.js'
import { openReadRouting } from './read-routing.js'
import type { RuntimeOrm } from './runtime-orm.js'
import { statementNames } from './statement-names.js'
import { embeddedRunner, serverRunner } from './statement-runners.js'
import type { NativeClient } from './statement-runners.js'
import { writeSessions } from './transactions.js'

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

/** `systemEntities`: tables of optional plugin features (permissions, API tokens, idempotency keys). */
export async function openDatabase (registry: Registry, options: DatabaseOptions, systemEntities?: SystemEntities): Promise<Database> {
  const embedded = options.url === undefined
  const orm = await openOrm({ registry, options, systemEntities })
  const native = await (orm.em.getConnection() as unknown as { getNativeClient: () => Promise<NativeClient> }).getNativeClient()
  const nameOf = statementNames()
  const run = embedded ? embeddedRunner(native) : serverRunner(native as unknown as Pool, nameOf)
  const reads = await openReadRouting({ options, embedded, run, nameOf })
  const writeNames = statementNames()
  // Read once, unprepared (on a server): the pool's one-off statement, PGlite's runner.
  const idSequences = await readIdSequences(async (sql, params) => embedded
    ? await run(sql, params, undefined)
    : (await (native as unknown as Pool).query(sql, [...params])).rows, orm.getMetadata())
  const writes = writeSessions({ native, embedded, onQuery: options.onQuery, nameOf: writeNames })
  return {
    orm,
    names: new SqlNames(orm.getMetadata(), idSequences),
    embedded,
    query: reads.query,
    transaction: writes.transaction,
    autocommit: writes.autocommit,
    readStats: reads.readStats,
    close: async () => {
      await reads.closeReplicas()
      await orm.close(true)
    }
  }
}
