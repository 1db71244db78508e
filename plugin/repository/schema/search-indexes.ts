/**
 * Indexes for `_q` (see read/search.ts): a search is an OR of `<column> ILIKE '%term%'`
 * over a table's searchable columns, which no B-tree serves. With a pg_trgm GIN index on
 * every column of the OR, PostgreSQL answers it with a BitmapOr of index scans instead of
 * scanning the table (docs/querying.md, "Search"). One column without an index turns the whole OR back into a scan, so `id` and
 * the number columns (searched as text for numeric terms) get expression indexes too.
 *
 * Declared at startup when the extension can be had (already installed, or the user may
 * create it); otherwise searches still answer, by scanning.
 */
import { createHash } from 'node:crypto'
import type { Registry } from '../../content-types/registry.js'
import type { ContentTypeModel } from '../../content-types/model.js'
import { SCALAR_TYPE_INFO } from '../../content-types/attributes.js'
import type { RuntimeOrm } from '../connection/runtime-orm.js'
import { SqlNames } from './sql-names.js'
import { searchedAttributes } from '../read/search.js'
import { identifier } from '../../sql/index.js'

/** Index names start with this, so they are recognisable (and never clash with the ORM's). */
export const SEARCH_INDEX_PREFIX = 'fca_q_'

export interface SearchIndex {
  name: string
  table: string
  /** The indexed expression: a text column, or `<column>::text`. */
  expression: string
}

/** The trigram indexes `_q` needs on one content type's table. */
export function searchIndexes (model: ContentTypeModel, names: SqlNames): SearchIndex[] {
  const table = names.table(model.entity)
  const expressions = [`(${names.column(model.entity, 'id')}::text)`]
  for (const attribute of searchedAttributes(model, true)) {
    const column = names.column(model.entity, attribute.name)
    // Text columns are indexed lowercased: an index on the bare column served equality too,
    // and under a generic plan `slug = any(<array parameter>)` (the write path's uid and unique checks) chose
    // it over the unique btree index, a far slower probe that slowed every create
    // (benchmarks/journal/2026-11-24.md).
    expressions.push(SCALAR_TYPE_INFO[attribute.type].textual ? `(lower(${column}))` : `(${column}::text)`)
  }
  return expressions.map(expression => ({ name: indexName(table, expression), table, expression }))
}

/** Stable and within PostgreSQL's 63 characters, whatever the table and column names. */
function indexName (table: string, expression: string): string {
  const hash = createHash('sha1').update(`${table} ${expression}`).digest('hex').slice(0, 12)
  const readable = `${table}_${expression}`.replaceAll('"', '').replace(/[^A-Za-z0-9_]+/g, '_').replace(/_+/g, '_').slice(0, 40)
  return `${SEARCH_INDEX_PREFIX}${readable}_${hash}`.toLowerCase()
}

/** Runs `sql` on the ORM's connection (outside the compiled-read path, which prepares its statements). */
async function rows (orm: RuntimeOrm, sql: string): Promise<Array<Record<string, unknown>>> {
  const result: unknown = await orm.em.getConnection().execute(sql, [], 'all')
  return result as Array<Record<string, unknown>>
}

/** Whether pg_trgm is installed now, trying to install it when it is not. */
async function trigramsAvailable (orm: RuntimeOrm): Promise<boolean> {
  const installed = async (): Promise<boolean> =>
    (await rows(orm, "select 1 from pg_extension where extname = 'pg_trgm'")).length > 0
  if (await installed()) return true
  try {
    await orm.em.getConnection().execute('create extension if not exists pg_trgm', [], 'run')
  } catch {
    // Not available on this server (or not allowed to this user): search scans instead.
    return false
  }
  return await installed()
}

/**
 * Adds the search indexes to the ORM's metadata, before the ORM brings the tables up to
 * date: the ORM then creates the missing ones with the tables, and knows them, so it never
 * drops them as strangers (it compares such raw indexes by name). Nothing is added on the
 * embedded database, nor when pg_trgm cannot be had.
 */
export async function declareSearchIndexes (orm: RuntimeOrm, registry: Registry, embedded: boolean): Promise<number> {
  if (embedded || !await trigramsAvailable(orm)) return 0
  const metadata = orm.getMetadata()
  const names = new SqlNames(metadata)
  let declared = 0
  for (const model of registry.contentTypes.values()) {
    const meta = metadata.get(model.entity as never)
    for (const index of searchIndexes(model, names)) {
      meta.indexes.push({
        name: index.name,
        expression: `create index ${identifier(index.name)} on ${index.table} using gin (${index.expression} gin_trgm_ops)`
      })
      declared += 1
    }
  }
  return declared
}
