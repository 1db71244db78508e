/**
 * B-tree indexes for the lists people page through, so a list at 100,000 entries reads a
 * page, not the table (benchmarks/admin.ts measures them):
 *
 * - **The main field, then `id`**, the order of the admin panel's list by default and of its
 *   relation picker (content-types/main-field.ts), carrying the columns the visibility rule
 *   and the locale read. Page 1 stops after its rows; without it, every page sorted the
 *   whole table.
 * - **Which rows are versions** (`published_at`, `document_id`, and `locale` for localized
 *   types) on types with draft & publish: what a list's visibility rule (only published rows,
 *   or each document once) and its total read. Narrow enough that counting the total reads
 *   the index alone instead of every wide row.
 *
 * Raw indexes the ORM compares by name, as the search indexes are; declared on every database
 * (the embedded one too: they are plain B-trees).
 */
import { createHash } from 'node:crypto'
import { identifier } from '../../sql/index.js'
import type { ContentTypeModel, ScalarAttribute } from '../../content-types/model.js'
import { mainFieldOf } from '../../content-types/main-field.js'
import { snakeCase } from '../../content-types/names.js'
import { DOCUMENT_ID } from '../../content-types/documents.js'

export interface ListIndex {
  name: string
  expression: string
}

/** Types whose values fit a B-tree entry whatever is stored (long text does not). */
const BOUNDED_TYPES = new Set<ScalarAttribute['type']>(['string', 'uid', 'email', 'enumeration', 'integer', 'biginteger', 'float', 'decimal', 'date', 'datetime', 'time', 'timestamp', 'boolean'])

/** The list indexes of one content type's table. */
export function listIndexes (model: ContentTypeModel): ListIndex[] {
  const indexes: ListIndex[] = []
  const versions = model.draftAndPublish ? [snakeCase('publishedAt'), snakeCase(DOCUMENT_ID)] : []
  const rules = [...versions, ...model.localized ? ['locale'] : []]
  const main = model.attributes.get(mainFieldOf(model))
  if (main?.kind === 'scalar' && main.name !== 'id' && main.readFrom === undefined && BOUNDED_TYPES.has(main.type)) {
    // The visibility and locale columns carried along: a page, a deep page's skipped rows and
    // a count filtered by the main field (the relation picker's search) read the index alone.
    indexes.push(listIndex(model.table, 's', { columns: [snakeCase(main.name), 'id'], carried: rules }))
  }
  if (model.draftAndPublish) indexes.push(listIndex(model.table, 'v', { columns: rules, carried: [] }))
  return indexes
}

function listIndex (table: string, kind: 's' | 'v', { columns, carried }: { columns: string[], carried: string[] }): ListIndex {
  const hash = createHash('sha1').update(`${table} ${columns.join(' ')} ${carried.join(' ')}`).digest('hex').slice(0, 10)
  const name = `fca_${kind}_${`${table}_${columns[0]!}`.replace(/[^A-Za-z0-9_]+/g, '_').slice(0, 40)}_${hash}`.toLowerCase()
  const include = carried.length > 0 ? ` include (${carried.map(identifier).join(', ')})` : ''
  return { name, expression: `create index ${identifier(name)} on ${identifier(table)} (${columns.map(identifier).join(', ')})${include}` }
}
