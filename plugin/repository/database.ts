/**
 * Opens the database: MikroORM over PostgreSQL (`url`) or embedded PGlite (`dataDir`),
 * with the runtime entities, the tables brought up to date safely, and a raw statement
 * runner for the compiled reads that binds parameters (MikroORM inlines them).
 */
import { createHash } from 'node:crypto'
import { mkdir } from 'node:fs/promises'
import { MikroORM } from '@mikro-orm/core'
import type { EntityManager, EntitySchema } from '@mikro-orm/core'
import { PgliteDriver } from '@mikro-orm/pglite'
import { PostgreSqlDriver } from '@mikro-orm/postgresql'
import type { Registry } from '../content-types/registry.js'
import { buildEntitySchemas } from './entities.js'
import { declareSearchIndexes } from './search-indexes.js'

export interface DatabaseOptions {
  /** PostgreSQL connection string; absent → embedded PGlite. */
  url?: string
  /** Folder of the embedded database; `memory://` keeps it in memory. Default `./.data`. */
  dataDir?: string
  /** Largest number of pooled connections to a PostgreSQL server. */
  poolSize?: number
  /** Called with every SQL statement sent, reads and writes: for tests and benchmarks. */
  onQuery?: (sql: string) => void
}

export type Row = Record<string, unknown>

/** The ORM of either driver: which one is decided at runtime by the options. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type RuntimeOrm = MikroORM<any, any, any>

export interface Database {
  orm: RuntimeOrm
  embedded: boolean
  /** Runs one parameterised statement outside the unit of work. */
  query: (sql: string, params: readonly unknown[]) => Promise<Row[]>
  /** Runs `work` in one transaction on a fresh EntityManager fork. */
  transaction: <T>(work: (em: EntityManager) => Promise<T>) => Promise<T>
  close: () => Promise<void>
}

interface NativeClient {
  query: (...args: never[]) => Promise<{ rows: Row[] }>
}

/**
 * Named prepared statements for the compiled reads on a PostgreSQL server: a deep
 * populate statement costs PostgreSQL far more to plan than to run, and a named one is
 * planned once per connection. The names are capped, because every distinct query shape
 * a client sends would otherwise stay prepared on every pooled connection.
 */
const MAX_PREPARED_STATEMENTS = 256

function statementNames (): (sql: string) => string | undefined {
  const names = new Map<string, string>()
  return (sql) => {
    let name = names.get(sql)
    if (name === undefined && names.size < MAX_PREPARED_STATEMENTS) {
      name = `fca_${createHash('sha1').update(sql).digest('hex').slice(0, 24)}`
      names.set(sql, name)
    }
    return name
  }
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

/** `systemEntities`: tables of optional plugin features (users and permissions). */
export async function openDatabase (registry: Registry, options: DatabaseOptions, systemEntities: EntitySchema[] = []): Promise<Database> {
  const embedded = options.url === undefined
  const dataDir = options.dataDir ?? './.data'
  if (embedded && !dataDir.startsWith('memory:')) await mkdir(dataDir, { recursive: true })
  const onQuery = options.onQuery
  const orm = await MikroORM.init({
    driver: embedded ? PgliteDriver : PostgreSqlDriver,
    entities: buildEntitySchemas(registry, systemEntities),
    ...(embedded ? { dbName: dataDir } : { clientUrl: options.url }),
    ...(options.poolSize !== undefined && !embedded ? { pool: { max: options.poolSize } } : {}),
    // Reads are prepared with parameters (limit, offset, filter values); PostgreSQL would
    // otherwise keep planning such a statement afresh on every run whenever its generic
    // plan looks costlier, which for a deep populate costs more than running it.
    ...(embedded ? {} : { driverOptions: { options: '-c plan_cache_mode=force_generic_plan' } }),
    discovery: { warnWhenNoEntities: false },
    allowGlobalContext: false,
    ...(onQuery === undefined ? {} : { debug: ['query'], logger: (message: string) => { onQuery(message) } })
  } as Parameters<typeof MikroORM.init>[0])
  try {
    await orm.schema.ensureDatabase()
    await declareSearchIndexes(orm, registry, embedded)
    await orm.schema.update({ safe: true, dropTables: false })
  } catch (error) {
    await orm.close(true)
    throw error
  }
  const native = await (orm.em.getConnection() as unknown as { getNativeClient: () => Promise<NativeClient> }).getNativeClient()
  const exclusive = embedded ? serialised() : async <T>(work: () => Promise<T>) => await work()
  const nameOf = statementNames()
  const query = async (sql: string, params: readonly unknown[]): Promise<Row[]> => {
    onQuery?.(sql)
    const result = embedded
      ? await (native.query as (sql: string, params: readonly unknown[]) => Promise<{ rows: Row[] }>)(sql, params)
      : await (native.query as (config: { text: string, values: readonly unknown[], name?: string }) => Promise<{ rows: Row[] }>)(
          { text: sql, values: params, name: nameOf(sql) })
    return result.rows
  }
  return {
    orm,
    embedded,
    query,
    transaction: async (work) => await exclusive(async () => await orm.em.fork().transactional(work)),
    close: async () => { await orm.close(true) }
  }
}
