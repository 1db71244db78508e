/**
 * Strapi's database, read only: the session refuses writes (`default_transaction_read_only`)
 * and everything is read in one REPEATABLE READ snapshot, so a site that keeps running
 * during the import still gives one consistent picture. Rows leave PostgreSQL as JSON text
 * and are never parsed here: a bigint above 2^53 or a numeric keeps every digit.
 */
import pg from 'pg'
import type { StrapiColumns } from './import-steps.js'

export interface StrapiSource {
  columns: StrapiColumns
  count: (select: string) => Promise<number>
  /** Streams the rows of `select` as JSON arrays of at most `batchSize` rows. */
  batches: (select: string, batchSize: number, onBatch: (json: string, rows: number) => Promise<void>) => Promise<void>
  rows: (select: string) => Promise<Array<Record<string, unknown>>>
  close: () => Promise<void>
}

export class StrapiSourceError extends Error {
  constructor (message: string) {
    super(message)
    this.name = 'StrapiSourceError'
  }
}

async function readColumns (client: pg.Client): Promise<StrapiColumns> {
  const { rows } = await client.query<{ table_name: string, column_name: string, data_type: string }>(
    'select table_name, column_name, data_type from information_schema.columns where table_schema = current_schema()')
  const columns = new Map<string, Map<string, string>>()
  for (const row of rows) {
    let table = columns.get(row.table_name)
    if (table === undefined) columns.set(row.table_name, table = new Map())
    table.set(row.column_name, row.data_type)
  }
  return columns
}

/** Strapi v4 keeps its schema in `strapi_database_schema`; v5 adds `document_id` to every entry table. */
function checkStrapiV4 (columns: StrapiColumns): void {
  if (!columns.has('strapi_database_schema') || !columns.has('strapi_core_store_settings')) {
    throw new StrapiSourceError('--from: this database has no strapi_database_schema / strapi_core_store_settings: not a Strapi database')
  }
  if (columns.get('files')?.has('document_id') === true) {
    throw new StrapiSourceError('--from: this is a Strapi v5 database (document_id columns); only Strapi v4 is supported')
  }
}

export async function openStrapiSource (url: string): Promise<StrapiSource> {
  const client = new pg.Client({ connectionString: url })
  try {
    await client.connect()
  } catch (error) {
    throw new StrapiSourceError(`--from: cannot connect to the Strapi database: ${(error as Error).message}`)
  }
  let cursors = 0
  try {
    await client.query('set default_transaction_read_only = on')
    await client.query('begin isolation level repeatable read read only')
    const columns = await readColumns(client)
    checkStrapiV4(columns)
    return {
      columns,
      async count (select) {
        const { rows } = await client.query<{ n: string }>(`select count(*) as n from (${select}) q`)
        return Number(rows[0]!.n)
      },
      async batches (select, batchSize, onBatch) {
        const cursor = `strapi_import_${++cursors}`
        await client.query(`declare ${cursor} no scroll cursor for select row_to_json(q)::text as j from (${select}) q`)
        for (;;) {
          const { rows } = await client.query<{ j: string }>(`fetch ${batchSize} from ${cursor}`)
          if (rows.length === 0) break
          await onBatch(`[${rows.map(row => row.j).join(',')}]`, rows.length)
          if (rows.length < batchSize) break
        }
        await client.query(`close ${cursor}`)
      },
      async rows (select) {
        return (await client.query(select)).rows as Array<Record<string, unknown>>
      },
      async close () {
        await client.query('rollback').catch(() => {})
        await client.end()
      }
    }
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
