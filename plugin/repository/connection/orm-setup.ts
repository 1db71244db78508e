/**
 * MikroORM over PostgreSQL or embedded PGlite: its configuration, the settings of the plugin's
 * sessions, and the tables brought up to date safely before the API's pool opens.
 */
import { mkdir } from 'node:fs/promises'
import { MikroORM } from '@mikro-orm/core'
import { PgliteDriver } from '@mikro-orm/pglite'
import { PostgreSqlDriver } from '@mikro-orm/postgresql'
import type { Registry } from '../../content-types/registry.js'
import { buildEntitySchemas } from '../schema/entities.js'
import type { SystemEntities } from '../schema/entities.js'
import { prepareDocumentIds } from '../schema/document-id-migration.js'
import { declareSearchIndexes } from '../schema/search-indexes.js'
import type { DatabaseOptions } from './database.js'
import { setUpPool } from './pool-setup.js'
import type { RuntimeOrm } from './runtime-orm.js'

/** The settings of the plugin's own PostgreSQL sessions, sent as startup options so no statement is spent on them. */
export function sessionSettings (options: DatabaseOptions): string {
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
 * Creates the database if needed and brings the tables up to date: the search indexes
 * declared, the documentIds of a database made before them given (the function their
 * column's default calls created first), then MikroORM's safe update.
 */
async function updateTables (orm: RuntimeOrm, registry: Registry, embedded: boolean): Promise<void> {
  await orm.schema.ensureDatabase()
  await declareSearchIndexes(orm, registry, embedded)
  await prepareDocumentIds(orm, registry)
  await orm.schema.update({ safe: true, dropTables: false })
}

/** On a server, the tables are brought up to date on connections of their own without the API's statement timeout: an index built on a large table may take minutes. */
async function migrateSchema (config: OrmConfig, registry: Registry): Promise<void> {
  const orm = await MikroORM.init({ ...config, driverOptions: { options: '-c jit=off' } } as OrmConfig)
  try {
    await updateTables(orm, registry, false)
  } finally {
    await orm.close(true)
  }
}

export interface OpenOrmOptions {
  registry: Registry
  options: DatabaseOptions
  /** Tables of optional plugin features (permissions, API tokens, idempotency keys). */
  systemEntities: SystemEntities | undefined
}

/** The ORM the API runs on, its tables up to date; on a server, its pool set up with the API's session settings. */
export async function openOrm ({ registry, options, systemEntities }: OpenOrmOptions): Promise<RuntimeOrm> {
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
      await updateTables(orm, registry, true)
    } catch (error) {
      await orm.close(true)
      throw error
    }
  }
  return orm
}
