/**
 * QueryTree → ONE parameterised statement. The answer's entries come back as JSON text
 * built by PostgreSQL, with the total in the same statement when it is asked for.
 */
import type { ContentTypeModel, ReadableModel } from '../../content-types/model.js'
import type { Registry } from '../../content-types/registry.js'
import type { CreatorField, CreatorSelection, DocumentQuery, EntryQuery, QueryTree } from '../../query/tree.js'
import { DOCUMENT_ID } from '../../content-types/documents.js'
import { join, numberedFirst, raw, sql, type Sql } from '../../sql/index.js'
import { compileFilter } from './filters.js'
import { whereClause } from './linked-rows.js'
import type { RowRef } from './linked-rows.js'
import { TableNamesRecorder } from '../schema/sql-names.js'
import type { SqlNames } from '../schema/sql-names.js'
import { StatementScope } from './scope.js'
import { aggregate, entryJson } from './selection.js'
import { EMPTY_JSON_ARRAY, ENVELOPE_SHAPE, creatorObject } from './entry-shape.js'
import type { EntryShape, JsonPair } from './entry-shape.js'
import { ADMIN_USER_ENTITY } from '../schema/admin-entity.js'
import { orderBy, orderItems } from './sort.js'
import { PagePopulate } from './page-populate.js'
import type { PageLevel } from './page-populate.js'
import { searchCondition } from './search.js'

export interface CompiledStatement {
  sql: string
  params: unknown[]
  /** Where in `params` the one value that changes between reads of the query stands: an entry's id, a localized single type's locale. */
  keyAt?: number
  /** Every table the statement reads (unquoted): what a cached answer of it depends on. */
  tables?: readonly string[]
}

export interface ReadCompiler {
  list: (model: ReadableModel, tree: QueryTree) => CompiledStatement
  entry: (model: ReadableModel, id: number, query: EntryQuery) => CompiledStatement
  /** A document's entry by its documentId (the key value), in the query's locale on localized types. */
  document: (model: ContentTypeModel, documentId: string, query: DocumentQuery) => CompiledStatement
  /** A single type's entry (in `locale` when localized: then the first parameter). */
  single: (model: ContentTypeModel, locale: string | null, query: EntryQuery) => CompiledStatement
  /**
   * The entry's JSON (column `data`) over the row a write's statement just wrote: the same
   * answer as `entry` reads; null when the row alone cannot give it (populated attributes,
   * the other localizations in `meta`), as the statement's other parts see the tables as
   * they were before it.
   */
  entryOverRow: (model: ReadableModel, query: EntryQuery) => OverRow | null
  /** `entry`, with the entry's row locked until its transaction ends: a delete answers the entry it deletes. */
  lockedEntry: (model: ReadableModel, id: number, query: EntryQuery) => CompiledStatement
}

/**
 * The SELECT of column `data` over `source`, a CTE of a write's statement yielding the
 * written row with its table's columns: a fragment that nests in that statement and is
 * rendered with it, its values numbered among the statement's.
 */
export type OverRow = (source: string) => Sql

/** Marks the key value (CompiledStatement.keyAt) among the values, wherever the text puts it. */
class KeyValue {
  readonly value: unknown
  constructor (value: unknown) {
    this.value = value
  }
}

/** `shape`: how the entries are written (the content routes' envelope by default). */
export function readCompiler (registry: Registry, names: SqlNames, shape: EntryShape = ENVELOPE_SHAPE): ReadCompiler {
  const compile = (publicationState: QueryTree['publicationState'], build: (scope: StatementScope) => Sql): CompiledStatement => {
    const tablesRead = new TableNamesRecorder(names)
    const { text, values } = build(new StatementScope(registry, tablesRead, publicationState, shape)).render()
    const keyAt = values.findIndex(value => value instanceof KeyValue)
    if (keyAt >= 0) values[keyAt] = (values[keyAt] as KeyValue).value
    return { sql: text, params: values, ...(keyAt >= 0 ? { keyAt } : {}), tables: [...tablesRead.tables] }
  }
  return {
    list: (model, tree) => compile(tree.publicationState, scope => compileList(scope, model, tree)),
    entry: (model, id, query) => compile(query.publicationState, scope => compileEntry(scope, model, id, query)),
    document: (model, documentId, query) => compile(query.publicationState, scope => compileDocument(scope, model, documentId, query)),
    single: (model, locale, query) => compile(query.publicationState, scope => compileSingle(scope, model, locale, query)),
    entryOverRow: (model, query) => answerableByRow(model, query)
      ? source => compileEntryOverRow(new StatementScope(registry, new TableNamesRecorder(names), query.publicationState, shape), model, query, source)
      : null,
    lockedEntry: (model, id, query) => compile(query.publicationState, scope => compileEntry(scope, model, id, query, true))
  }
}

function topLevelRow (scope: StatementScope, model: ReadableModel): RowRef & { table: string } {
  return { model, alias: scope.aliases.take('t'), table: scope.names.table(model.entity) }
}

/**
 * Columns of the result: `data` (JSON text of the entries) and `total` (or null).
 * The page is cut first and the JSON built only for its rows, so deep offsets do not
 * build the JSON of the rows they skip. How the total is counted depends on the filters
 * (both measured): without them a separate count is cheapest, since the page can stop
 * after `limit` rows of an index; with them every row is filtered anyway, and a window
 * count over the page query filters once instead of twice (a `_q` search counts as a
 * filter). An empty page (past the end) has no row to carry the window count: only then
 * does the separate count run.
 */
function compileList (scope: StatementScope, model: ReadableModel, tree: QueryTree): Sql {
  const conditions = (row: RowRef): Sql => {
    const all: Array<string | Sql> = scope.visibility(model, row.alias)
    if (typeof tree.locale === 'string') all.push(sql`${raw(scope.column(model, row.alias, 'locale'))} = ${tree.locale}`)
    if (tree.filters !== null) all.push(compileFilter(scope, row, tree.filters))
    if (tree.search !== undefined) all.push(searchCondition(scope, row, tree.search))
    if (tree.admin?.createdBy !== undefined) all.push(sql`${raw(scope.column(model, row.alias, 'createdBy'))} = ${tree.admin.createdBy}`)
    return whereClause(all)
  }
  const separateCount = (): Sql => {
    const counted = topLevelRow(scope, model)
    return sql`(select count(*) from ${raw(`${counted.table} ${counted.alias}`)}${conditions(counted)})`
  }
  const { pagination } = tree
  const windowCount = pagination.withCount && (tree.filters !== null || tree.search !== undefined)
  const limit = pagination.mode === 'page' ? pagination.pageSize : pagination.limit
  const offset = pagination.mode === 'page' ? (pagination.page - 1) * pagination.pageSize : pagination.start
  // Numbered first, as the page is what every list runs; a count beside it comes first in the text.
  const pageQuery: PageQuery = { conditions, sort: tree.sort, windowCount, limit, offset }
  const page = numberedFirst(keyedPage(tree.sort) || windowCount ? deferredPage(scope, model, pageQuery) : widePage(scope, model, pageQuery))
  const row: RowRef = { model, alias: scope.aliases.take('p') }
  const creators = model.kind === 'contentType' && ((tree.creatorFields === true && model.populateCreatorFields) || tree.admin !== undefined)
    ? creatorPairs(scope, row, tree.creatorSelection ?? {})
    : []
  if (Object.keys(tree.populate).length > 0) return pageStatement(scope, { row, page, tree, creators, windowCount, separateCount })
  const entry = entryJson(scope, row, tree, { availableLocales: true }, { extra: creators })
  if (windowCount) {
    const total = sql`coalesce(max(${raw(`${row.alias}.${TOTAL_COLUMN}`)}), ${separateCount()})::int as total`
    return sql`select coalesce(json_agg(${entry}), ${EMPTY_JSON_ARRAY})::text as data, ${total} from (${page}) ${raw(row.alias)}`
  }
  const total = pagination.withCount ? sql`${separateCount()}::int` : raw('null::int')
  const entries = sql`select ${entry} as j from (${page}) ${raw(row.alias)}`
  return sql`select ${aggregate(entries)}::text as data, ${total} as total`
}

interface PageQuery {
  conditions: (row: RowRef) => Sql
  sort: QueryTree['sort']
  windowCount: boolean
  limit: number
  offset: number
}

/** Whether a page is ordered by more than the id: then only its keys are sorted (deferredPage). */
function keyedPage (sort: QueryTree['sort']): boolean {
  return sort.some(term => term.path.length !== 1 || term.path[0] !== 'id')
}

/** The page's total beside each of its rows, when the count rides on the page query. */
function windowTotal (query: PageQuery): string {
  return query.windowCount ? `, count(*) over () as ${TOTAL_COLUMN}` : ''
}

/** The page's rows, whole, straight from the table: for an order by id alone, which the primary key gives as it reads. */
function widePage (scope: StatementScope, model: ReadableModel, query: PageQuery): Sql {
  const row = topLevelRow(scope, model)
  const selected = raw(`select ${row.alias}.*${windowTotal(query)} from ${row.table} ${row.alias}`)
  return sql`${selected}${query.conditions(row)}${raw(orderBy(scope, row, query.sort))} limit ${query.limit} offset ${query.offset}`
}

/**
 * The page's ids sorted (and counted) first, then its rows read by id: a sort or a window
 * count over whole rows carried every wide row of the table through it (a deep page of
 * 100,000 articles sorted 130 MB on disk; a counted search kept every match in memory), where
 * the ids and sort keys are a few bytes each, and only the page's rows are read whole.
 */
function deferredPage (scope: StatementScope, model: ReadableModel, query: PageQuery): Sql {
  const keys = topLevelRow(scope, model)
  const keyId = scope.column(model, keys.alias, 'id')
  const sorted = sql`${raw(`select ${keyId} as "id"${windowTotal(query)} from ${keys.table} ${keys.alias}`)}${query.conditions(keys)}${raw(orderBy(scope, keys, query.sort))} limit ${query.limit} offset ${query.offset}`
  const page = scope.aliases.take('k')
  const row = topLevelRow(scope, model)
  const total = query.windowCount ? `, ${page}.${TOTAL_COLUMN}` : ''
  return sql`${raw(`select ${row.alias}.*${total} from (`)}${sorted}${raw(`) ${page} join ${row.table} ${row.alias} on ${scope.column(model, row.alias, 'id')} = ${page}."id"${orderBy(scope, row, query.sort)}`)}`
}

interface PageParts {
  row: RowRef
  page: Sql
  tree: QueryTree
  creators: JsonPair[]
  windowCount: boolean
  separateCount: () => Sql
}

/**
 * A page with populated attributes: the page is a CTE that the populated attributes read set-wise
 * where that pays (./page-populate.ts) join back to; the entries keep the page's order through
 * the same ORDER BY items.
 */
function pageStatement (scope: StatementScope, options: PageParts): Sql {
  const { row, page, tree, creators, windowCount, separateCount } = options
  const populate = new PagePopulate(scope)
  const level: PageLevel = { row, owners: `select ${scope.column(row.model, row.alias, 'id')} from ${row.alias}`, joins: [], nested: false }
  const entry = entryJson(scope, row, tree, { availableLocales: true }, { extra: creators, populator: populate.populator(level) })
  const order = orderItems(scope, row, tree.sort).join(', ')
  const total = windowCount
    ? sql`coalesce(max(${raw(`${row.alias}.${TOTAL_COLUMN}`)}), ${separateCount()})::int`
    : tree.pagination.withCount ? sql`${separateCount()}::int` : raw('null::int')
  const ctes = join([sql`${raw(row.alias)} as (${page})`, ...populate.ctes()])
  const from = raw(`from ${row.alias}${level.joins.join('')}`)
  return sql`with ${ctes} select coalesce(json_agg(${entry} order by ${raw(order)}), ${EMPTY_JSON_ARRAY})::text as data, ${total} as total ${from}`
}

/** Attribute names start with a letter, so no column of a content table can be called this. */
const TOTAL_COLUMN = '"__total"'

const CREATOR_DEFAULT_FIELDS: CreatorField[] = ['firstname', 'lastname']

/** Each creator as `{ id, firstname, lastname }` (or the names selected) or null, from the admin users table. */
function creatorPairs (scope: StatementScope, row: RowRef, selection: CreatorSelection): JsonPair[] {
  const { names } = scope
  const admin = scope.aliases.take('a')
  const column = (property: string): string => `${admin}.${names.column(ADMIN_USER_ENTITY, property)}`
  return (['createdBy', 'updatedBy'] as const).map(property => {
    const fields = (selection[property] ?? CREATOR_DEFAULT_FIELDS).map((name): JsonPair => [name, raw(column(name))])
    const from = raw(`from ${names.table(ADMIN_USER_ENTITY)} ${admin} where ${column('id')} = ${scope.column(row.model, row.alias, property)}`)
    return [property, sql`(select ${creatorObject(column('id'), fields)} ${from})`]
  })
}

/** Column `data`: the entry's JSON text, or no row. `locked`: the row stays locked until the transaction ends. */
function compileEntry (scope: StatementScope, model: ReadableModel, id: number, query: EntryQuery, locked = false): Sql {
  const row = topLevelRow(scope, model)
  const conditions = [sql`${raw(scope.column(model, row.alias, 'id'))} = ${new KeyValue(id)}`, ...scope.visibility(model, row.alias)]
  const lock = raw(locked ? ` for update of ${row.alias}` : '')
  const extra = query.admin !== undefined && model.kind === 'contentType' ? creatorPairs(scope, row, {}) : []
  return sql`select ${entryJson(scope, row, query, topOf(query), { extra })}::text as data from ${raw(`${row.table} ${row.alias}`)}${whereClause(conditions)}${lock}`
}

/** Whether the entry's answer reads nothing but its own row. */
function answerableByRow (model: ReadableModel, query: EntryQuery): boolean {
  // The admin's creator fields are read from the admin users' table.
  if (Object.keys(query.populate).length > 0 || query.admin !== undefined) return false
  return !(model.kind === 'contentType' && model.localized && topOf(query).availableLocales)
}

/** Column `data`: the entry's JSON text over the written row `source`, or no row. */
function compileEntryOverRow (scope: StatementScope, model: ReadableModel, query: EntryQuery, source: string): Sql {
  const row: RowRef = { model, alias: scope.aliases.take('t') }
  return sql`select ${entryJson(scope, row, query, topOf(query))}::text as data from ${raw(`${source} ${row.alias}`)}${whereClause(scope.visibility(model, row.alias))}`
}

/**
 * Column `data`: the entry of document `documentId` (in the query's locale), or no row.
 * One row per locale of a document today; should there be more, the first one.
 */
function compileDocument (scope: StatementScope, model: ContentTypeModel, documentId: string, query: DocumentQuery): Sql {
  const row = topLevelRow(scope, model)
  const conditions = [sql`${raw(scope.column(model, row.alias, DOCUMENT_ID))} = ${new KeyValue(documentId)}`, ...scope.visibility(model, row.alias)]
  if (model.localized && query.locale !== null) conditions.push(sql`${raw(scope.column(model, row.alias, 'locale'))} = ${query.locale}`)
  const order = raw(` order by ${scope.column(model, row.alias, 'id')} limit 1`)
  return sql`select ${entryJson(scope, row, query, topOf(query))}::text as data from ${raw(`${row.table} ${row.alias}`)}${whereClause(conditions)}${order}`
}

/** Column `data`: the single type's entry, or no row. Should a race have left two, the first one. */
function compileSingle (scope: StatementScope, model: ContentTypeModel, locale: string | null, query: EntryQuery): Sql {
  const row = topLevelRow(scope, model)
  const conditions = [...(locale === null ? [] : [sql`${raw(scope.column(model, row.alias, 'locale'))} = ${new KeyValue(locale)}`]), ...scope.visibility(model, row.alias)]
  const order = raw(` order by ${scope.column(model, row.alias, 'id')} limit 1`)
  return sql`select ${entryJson(scope, row, query, topOf(query))}::text as data from ${raw(`${row.table} ${row.alias}`)}${whereClause(conditions)}${order}`
}

function topOf (query: EntryQuery): { availableLocales: boolean } {
  return { availableLocales: query.availableLocales !== false }
}
