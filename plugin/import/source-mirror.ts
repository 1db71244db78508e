/**
 * A Strapi site on MySQL/MariaDB or SQLite, seen as the same site on PostgreSQL: its tables
 * are copied raw into a staging session (staging-session.ts) with the column types Strapi
 * gives them on PostgreSQL, then the importer's SELECTs run there unchanged, so one code path
 * does the mapping whatever the engine. What differs by engine is settled here, once, by
 * PostgreSQL's own casts from the engine's text:
 *
 * - types: Strapi's description of its tables (`strapi_database_schema`) says what each
 *   column is (a MySQL `tinyint(1)` or a SQLite `boolean` holding 0/1 is a boolean, a MariaDB
 *   `longtext` is JSON, a SQLite `float` is a decimal); columns it does not describe are typed
 *   by the engine's catalog;
 * - booleans as 0/1, JSON as text, bigints and decimals as digits: cast from their text,
 *   every digit kept;
 * - datetimes: without a zone on both engines (Strapi writes UTC), and on SQLite as epoch
 *   milliseconds, turned into the UTC timestamp they count;
 * - order: rows are copied in no particular order, and the SELECTs order by ids and the
 *   `_order` columns, never by text, so no engine's collation decides an order.
 */
import { StrapiSourceError } from '../errors.js'
import { identifier as id } from '../sql/index.js'
import { copyText } from './copy-text.js'
import type { EngineReader, EngineTable, EngineValue } from './engine-reader.js'
import type { ImportProgress } from './progress-events.js'
import { failureReason } from './source-location.js'
import type { StagingSession } from './staging-session.js'
import { readColumns, strapiVersion, sessionSource } from './strapi-source.js'
import type { StrapiSource, StrapiVersion } from './strapi-source.js'

/** One column as `strapi_database_schema` describes it: a knex column type (`increments`, `bigInteger`, `jsonb`, …). */
export interface StrapiColumnDescription {
  name: string
  type: string
}

interface StrapiTableDescription {
  name: string
  columns: StrapiColumnDescription[]
  foreignKeys?: Array<{ columns?: string[] }>
}

const SCHEMA_TABLE = 'strapi_database_schema'

/** Rows per COPY: large, as each one is a statement (about 10 MB of text for Strapi's widest tables). */
const COPY_BATCH = 20_000

/** The PostgreSQL type of Strapi's knex column types, as Strapi creates them on PostgreSQL (integers widened: MySQL's are unsigned). */
const STRAPI_TYPES: Readonly<Record<string, string>> = {
  increments: 'bigint',
  bigIncrements: 'bigint',
  integer: 'bigint',
  bigInteger: 'bigint',
  tinyint: 'bigint',
  smallint: 'bigint',
  mediumint: 'bigint',
  float: 'double precision',
  double: 'double precision',
  decimal: 'numeric',
  boolean: 'boolean',
  date: 'date',
  time: 'time',
  datetime: 'timestamp(6) without time zone',
  timestamp: 'timestamp(6) without time zone',
  json: 'jsonb',
  jsonb: 'jsonb',
  string: 'text',
  text: 'text',
  uuid: 'text',
  enum: 'text',
  enu: 'text'
}

/** The PostgreSQL type of a column the description leaves out, from the engine's catalog type. */
function engineType (type: string): string {
  if (/int/.test(type)) return 'bigint'
  if (/^(decimal|numeric)/.test(type)) return 'numeric'
  if (/^(float|double|real)/.test(type)) return 'double precision'
  if (/^bool/.test(type)) return 'boolean'
  if (/^(datetime|timestamp)/.test(type)) return 'timestamp(6) without time zone'
  if (type === 'date') return 'date'
  if (/^time/.test(type)) return 'time'
  if (/^json/.test(type)) return 'jsonb'
  return 'text'
}

/** The staging column type: Strapi's description first, the engine's catalog otherwise. */
export function stagingType (described: StrapiColumnDescription | undefined, engine: string): string {
  return (described === undefined ? undefined : STRAPI_TYPES[described.type]) ?? engineType(engine)
}

const EPOCH_MS = /^-?\d+(\.\d+)?$/

/** The engine's text as PostgreSQL reads it for `type`: SQLite's epoch milliseconds become the UTC time they count. */
export function stagingText (type: string, value: EngineValue): EngineValue {
  if (value === null || !EPOCH_MS.test(value)) return value
  if (type.startsWith('timestamp')) return new Date(Number(value)).toISOString()
  if (type === 'date') return new Date(Number(value)).toISOString().slice(0, 10)
  return value
}

function describedTables (schema: unknown): Map<string, StrapiTableDescription> {
  const tables = (schema as { tables?: unknown } | null)?.tables
  return new Map(Array.isArray(tables) ? (tables as StrapiTableDescription[]).map(table => [table.name, table]) : [])
}

interface StagedTable {
  name: string
  columns: Array<{ name: string, type: string }>
}

function stagedTable (table: EngineTable, described: StrapiTableDescription | undefined): StagedTable {
  const strapi = new Map((described?.columns ?? []).map(column => [column.name, column]))
  return { name: table.name, columns: table.columns.map(column => ({ name: column.name, type: stagingType(strapi.get(column.name), column.type) })) }
}

export interface MirrorOptions {
  /** Opened once the reader's catalog shows a Strapi v4 or v5 database, so a wrong `--from` costs no session. */
  openSession: () => Promise<StagingSession>
  /** Copy only these tables (and Strapi's description of them); all by default. */
  tables?: readonly string[]
  batchSize?: number
  onProgress?: (event: ImportProgress) => void
}

/** Copies the reader's tables into the session and answers the importer's SELECTs from there. */
export async function mirrorSource (reader: EngineReader, options: MirrorOptions): Promise<StrapiSource> {
  const tables = await reader.tables()
  // Refused before anything is copied: the catalog alone tells.
  const version = strapiVersion(new Map(tables.map(table => [table.name, new Map(table.columns.map(column => [column.name, column.type]))])))
  const session = await options.openSession()
  try {
    return await copyInto(session, reader, tables, { ...options, version })
  } catch (error) {
    await session.close()
    throw error
  }
}

async function copyInto (session: StagingSession, reader: EngineReader, tables: EngineTable[], options: MirrorOptions & { version: StrapiVersion }): Promise<StrapiSource> {
  const batchSize = options.batchSize ?? COPY_BATCH
  const wanted = tables.filter(table => table.name !== SCHEMA_TABLE && (options.tables === undefined || options.tables.includes(table.name)))
  const schemaTable = tables.find(table => table.name === SCHEMA_TABLE)!
  const label = `copy of Strapi's ${reader.engine} tables into ${session.where}`

  const copy = async (table: StagedTable, onRows: (rows: number) => void): Promise<void> => {
    // Unlogged: the copy is thrown away with its transaction, so writing it to the WAL as well would only cost time.
    await session.query(`create unlogged table ${id(table.name)} (${table.columns.map(column => `${id(column.name)} ${column.type}`).join(', ')})`)
    const columns = table.columns.map(column => column.name)
    // One COPY in flight while the next batch is read: the engine, Node and PostgreSQL work at once.
    let copying: Promise<void> = Promise.resolve()
    try {
      await reader.rows(table.name, columns, batchSize, async (rows) => {
        const text = copyText(rows.map(row => row.map((value, index) => stagingText(table.columns[index]!.type, value))))
        await copying
        copying = session.copyRows({ table: table.name, columns, text }).then(() => { onRows(rows.length) })
        // Its failure is thrown where it is awaited (the next batch, or the end); not unhandled meanwhile.
        copying.catch(() => {})
      })
      await copying
    } catch (error) {
      if (error instanceof StrapiSourceError) throw error
      throw new StrapiSourceError(`--from: ${reader.engine} table ${table.name} could not be copied into ${session.where}: ${failureReason(error)}`)
    }
  }

  // Strapi's description first: it types every other table.
  await copy(stagedTable(schemaTable, undefined), () => {})
  const [latest] = await session.query(`select ${id('schema')}::text as schema from ${id(SCHEMA_TABLE)} order by id desc limit 1`)
  let described = new Map<string, StrapiTableDescription>()
  try { described = describedTables(latest === undefined ? null : JSON.parse(String(latest.schema))) } catch { /* no usable description: the catalog types every column */ }

  const staged = wanted.map(table => stagedTable(table, described.get(table.name)))
  const total = await reader.count(staged.map(table => table.name))
  options.onProgress?.({ kind: 'start', label, total })
  let done = 0
  for (const table of staged) {
    await copy(table, (rows) => {
      done += rows
      options.onProgress?.({ kind: 'rows', label, done, total })
    })
    // The ids and the foreign-key columns, so lookups such as a user's role stay indexed. Strapi's
    // other indexes (orders, unique pairs) serve none of the importer's SELECTs, which join whole
    // tables by hash: building them cost more than a third of the copy.
    const names = new Set(table.columns.map(column => column.name))
    const keys = (described.get(table.name)?.foreignKeys ?? []).map(key => key.columns ?? [])
    const indexes = new Map([['id'], ...keys]
      .filter(columns => columns.length > 0 && columns.every(column => names.has(column)))
      .map(columns => [columns.join(','), columns]))
    for (const columns of indexes.values()) await session.query(`create index on ${id(table.name)} (${columns.map(column => id(column)).join(', ')})`)
    await session.query(`analyze ${id(table.name)}`)
  }
  options.onProgress?.({ kind: 'end', label })
  return sessionSource(session, await readColumns(session), async () => { await session.close() }, options.version)
}
