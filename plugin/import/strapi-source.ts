/**
 * Strapi's database as the importer reads it: PostgreSQL tables named and typed as Strapi
 * (v4 or v5) makes them on PostgreSQL, queried with the SELECTs of import-steps.ts. For a site on
 * PostgreSQL that is its own database, read only: the session refuses writes
 * (`default_transaction_read_only`) and everything is read in one REPEATABLE READ snapshot,
 * so a site that keeps running during the import still gives one consistent picture. (A
 * site on MySQL or SQLite is first copied into such tables: source-mirror.ts.) Rows leave
 * PostgreSQL as JSON text and are never parsed here: a bigint above 2^53 or a numeric keeps
 * every digit.
 */
import pg from 'pg'
import { StrapiSourceError } from '../errors.js'
import type { StrapiColumns } from './import-steps.js'
import { unreachable } from './source-location.js'
import type { SourceLocation } from './source-location.js'

export interface StrapiSource {
  version: StrapiVersion
  columns: StrapiColumns
  /** PostgreSQL's estimate of the rows of `select` (planned, not run): a progress bar's length. */
  estimate: (select: string) => Promise<number>
  /** Streams the rows of `select` as JSON arrays of at most `batchSize` rows. */
  batches: (select: string, batchSize: number, onBatch: (json: string, rows: number) => Promise<void>) => Promise<void>
  rows: (select: string) => Promise<Array<Record<string, unknown>>>
  close: () => Promise<void>
}

/** One PostgreSQL session inside an open transaction (cursors need one): a pg client, or PGlite. */
export interface PgSession {
  query: (sql: string, params?: readonly unknown[]) => Promise<Array<Record<string, unknown>>>
}

/** Strapi's columns, table → column → `information_schema` data type, in the session's first schema. */
export async function readColumns (session: PgSession): Promise<StrapiColumns> {
  const rows = await session.query('select table_name, column_name, data_type from information_schema.columns where table_schema = current_schema()')
  const columns = new Map<string, Map<string, string>>()
  for (const row of rows) {
    const name = String(row.table_name)
    let table = columns.get(name)
    if (table === undefined) columns.set(name, table = new Map())
    table.set(String(row.column_name), String(row.data_type))
  }
  return columns
}

/** The Strapi major versions the importer reads. */
export type StrapiVersion = 'v4' | 'v5'

/**
 * Which Strapi made the database, from its tables alone: both keep their schema in
 * `strapi_database_schema`; v4 links media through `files_related_morphs`, v5 through
 * `files_related_mph` and gives every entry table (files included) a `document_id`.
 * Anything else is refused before a row is read: the importer knows no other layout.
 */
export function strapiVersion (columns: StrapiColumns): StrapiVersion {
  if (!columns.has('strapi_database_schema') || !columns.has('strapi_core_store_settings')) {
    throw new StrapiSourceError('--from: this database has no strapi_database_schema / strapi_core_store_settings: not a Strapi database')
  }
  const documentIds = columns.get('files')?.has('document_id') === true
  if (documentIds && columns.has('files_related_mph')) return 'v5'
  if (!documentIds && columns.has('files_related_morphs')) return 'v4'
  throw new StrapiSourceError('--from: an unknown Strapi version: neither Strapi v4\'s tables (files_related_morphs) nor Strapi v5\'s (files_related_mph, files.document_id)')
}

/**
 * The source over a session whose first schema holds Strapi's tables; `close` ends the
 * session. `version`: decided already (a partial copy of a MySQL or SQLite site cannot tell).
 */
export function sessionSource (session: PgSession, columns: StrapiColumns, close: () => Promise<void>, version: StrapiVersion = strapiVersion(columns)): StrapiSource {
  let cursors = 0
  return {
    version,
    columns,
    async estimate (select) {
      const [row] = await session.query(`explain (format json) ${select}`)
      const plan = row!['QUERY PLAN']
      const parsed = (typeof plan === 'string' ? JSON.parse(plan) : plan) as Array<{ Plan: { 'Plan Rows': number } }>
      return Math.round(parsed[0]!.Plan['Plan Rows'])
    },
    async batches (select, batchSize, onBatch) {
      const cursor = `strapi_import_${++cursors}`
      await session.query(`declare ${cursor} no scroll cursor for select row_to_json(q)::text as j from (${select}) q`)
      for (;;) {
        const rows = await session.query(`fetch ${batchSize} from ${cursor}`)
        if (rows.length === 0) break
        await onBatch(`[${rows.map(row => row.j as string).join(',')}]`, rows.length)
        if (rows.length < batchSize) break
      }
      await session.query(`close ${cursor}`)
    },
    async rows (select) {
      return await session.query(select)
    },
    close
  }
}

export async function openPostgresSource (location: Extract<SourceLocation, { engine: 'postgres' }>): Promise<StrapiSource> {
  const client = new pg.Client({ connectionString: location.url })
  try {
    await client.connect()
  } catch (error) {
    throw unreachable(location, error)
  }
  const session: PgSession = { query: async (sql, params) => (await client.query(sql, params === undefined ? undefined : [...params])).rows }
  try {
    await client.query('set default_transaction_read_only = on')
    await client.query('begin isolation level repeatable read read only')
    const columns = await readColumns(session)
    strapiVersion(columns)
    return sessionSource(session, columns, async () => {
      await client.query('rollback').catch(() => {})
      await client.end()
    })
  } catch (error) {
    await client.end().catch(() => {})
    throw error
  }
}

/** The locales of Strapi's i18n plugin, its default first (for `i18n.locales`), or null without i18n. */
export async function strapiLocales (source: Pick<StrapiSource, 'rows' | 'columns'>): Promise<string[] | null> {
  if (!source.columns.has('i18n_locale')) return null
  const codes = (await source.rows('select code from i18n_locale order by id')).map(row => String(row.code))
  if (codes.length === 0) return null
  const [setting] = await source.rows("select value from strapi_core_store_settings where key = 'plugin_i18n_default_locale'")
  let defaultLocale: unknown = null
  try { defaultLocale = setting === undefined ? null : JSON.parse(String(setting.value)) } catch { /* no usable default: the first locale is */ }
  return typeof defaultLocale === 'string' && codes.includes(defaultLocale) ? [defaultLocale, ...codes.filter(code => code !== defaultLocale)] : codes
}
