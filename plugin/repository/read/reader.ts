/** Runs compiled reads: one statement each, JSON text straight from PostgreSQL. */
import type { ContentTypeModel, ReadableModel } from '../../content-types/model.js'
import type { DocumentQuery, EntryQuery, QueryTree } from '../../query/tree.js'
import type { Database, QueryOptions, Row } from '../connection/database.js'
import type { ResponseCache } from '../cache/response-cache.js'
import type { CompiledStatement, OverRow, ReadCompiler } from './compile.js'
import type { Sql } from '../../sql/index.js'

export interface ListResult {
  /** JSON text of the entries array. */
  data: string
  total: number | null
}

/**
 * The written entry's answer, compiled by the read compiler with the route's selection,
 * for the write's statements to build instead of a read after the write (saving it). A
 * description only: the write returns the answer it built (repository/write/entry-writes.ts
 * `WrittenEntry`).
 */
export interface EntryAnswer {
  /** The SELECT of column `data` over the row written, a CTE of the data statement, nested in it; null when the row alone cannot answer. */
  overRow: OverRow | null
  /** The read of the entry `id` (column `data`) that locks its row: a delete's lock answers the entry it deletes. */
  locked: (id: number) => CompiledStatement
}

export interface Reader {
  list: (model: ReadableModel, tree: QueryTree, options?: QueryOptions) => Promise<ListResult>
  /** JSON text of one entry, or null when it does not exist (or is hidden). */
  entry: (model: ReadableModel, id: number, query: EntryQuery, options?: QueryOptions) => Promise<string | null>
  /** JSON text of a document's entry (in the query's locale), or null when there is none (or it is hidden). */
  document: (model: ContentTypeModel, documentId: string, query: DocumentQuery, options?: QueryOptions) => Promise<string | null>
  /** JSON text of a single type's entry (in `locale` when localized), or null. */
  single: (model: ContentTypeModel, locale: string | null, query: EntryQuery, options?: QueryOptions) => Promise<string | null>
  /** What a write needs to answer entry reads of `query` from its own statements. */
  answer: (model: ReadableModel, query: EntryQuery) => EntryAnswer
}

/**
 * A read the populate budget estimates to build more rows than this is heavy: it waits for a
 * heavy-read slot (a quarter of the pool while ordinary reads run; see connection/read-routing.ts). A list
 * of 25 with `populate=*` on the example model is about 5,600, a three-level populate about
 * 7,600: gated; a list with a relation or two, or one entry with its relations, stays far
 * below. Gating at this size keeps light reads fast beside a burst of `populate=*` without
 * slowing the heavy ones (the load mix, benchmarks/journal/2026-11-24.md, "Load behaviour").
 */
export const HEAVY_READ_ROWS = 2_000

/** Compiled answers kept per entry query (one per CTE name) for writes answering it from their data statement. */
const OVER_ROW_SHAPES = 64

function withWeight (options: QueryOptions | undefined, query: { estimatedRows?: number }): QueryOptions {
  return { ...options, heavy: (query.estimatedRows ?? 0) > HEAVY_READ_ROWS }
}

/**
 * A read of one entry by its key that populates nothing (estimated 0 rows) is bounded and
 * cheap: it has no client-gone watch (a checked-out connection and two listeners), since
 * there is nothing long to cancel (benchmarks/journal/2026-11-25.md, "the light entry read's Node CPU").
 * Any populate keeps the watch: a to-many relation may hold any number of rows.
 */
function keyedWeight (options: QueryOptions | undefined, query: { estimatedRows?: number }): QueryOptions {
  if (query.estimatedRows !== 0) return withWeight(options, query)
  return { replica: options?.replica, heavy: false }
}

/** An entry read's answer: the JSON text of its one row, or null when there is none. */
function firstData (rows: Row[]): string | null {
  const [row] = rows
  return row === undefined ? null : row.data as string
}

/** The statements compiled for the query objects of one kind of read, compiled on first use. */
function statementCache<Query extends object> (): (query: Query, compile: () => CompiledStatement) => CompiledStatement {
  const statements = new WeakMap<Query, CompiledStatement>()
  return (query, compile) => {
    let statement = statements.get(query)
    if (statement === undefined) {
      statement = compile()
      statements.set(query, statement)
    }
    return statement
  }
}

/**
 * Compiled statements are kept per query object: handlers reuse the objects of repeated
 * query strings, so a repeated read is not compiled again. The key value of an entry
 * statement (the id) and of a localized single type's (the locale) is the one value that
 * changes between reads of one query (CompiledStatement.keyAt).
 */
export function createReader (db: Database, compiler: ReadCompiler, cache: ResponseCache | null = null): Reader {
  const lists = statementCache<QueryTree>()
  const entries = statementCache<EntryQuery>()
  const singles = statementCache<EntryQuery>()
  const documents = statementCache<DocumentQuery>()
  const locked = statementCache<EntryQuery>()
  const overRows = new WeakMap<EntryQuery, { over: OverRow | null, by: Map<string, Sql> }>()
  /**
   * Compiled once per query and CTE name (writes of one shape repeat them), and flattened:
   * nested in every such write's statement, it is walked in one short level when that renders.
   */
  const overRow = (model: ReadableModel, query: EntryQuery): OverRow | null => {
    let known = overRows.get(query)
    if (known === undefined) overRows.set(query, known = { over: compiler.entryOverRow(model, query), by: new Map() })
    const { over, by } = known
    if (over === null) return null
    return source => {
      let answer = by.get(source)
      if (answer === undefined) {
        // Bodies of many shapes name many CTEs: start again rather than grow without end.
        if (by.size >= OVER_ROW_SHAPES) by.clear()
        by.set(source, answer = over(source).flat())
      }
      return answer
    }
  }
  // A light read's Node time is mostly layers: each layer that only passes the
  // statement's promise on returns it, rather than awaiting it in a promise of its own.
  const run = cache === null
    ? (statement: CompiledStatement, params: readonly unknown[], options?: QueryOptions): Promise<Row[]> => db.query(statement.sql, params, options)
    : cachedRunner(db, cache)
  /** The statement's values with `key` in its key's place (CompiledStatement.keyAt). */
  const keyed = (statement: CompiledStatement, key: unknown): unknown[] =>
    statement.keyAt === undefined ? statement.params : statement.params.with(statement.keyAt, key)
  const firstRow = (statement: CompiledStatement, params: readonly unknown[], options?: QueryOptions): Promise<string | null> =>
    run(statement, params, options).then(firstData)
  return {
    async list (model, tree, options) {
      const statement = lists(tree, () => compiler.list(model, tree))
      const [row] = await run(statement, statement.params, withWeight(options, tree))
      return { data: row?.data as string, total: (row?.total ?? null) as number | null }
    },
    entry (model, id, query, options) {
      const statement = entries(query, () => compiler.entry(model, id, query))
      return firstRow(statement, keyed(statement, id), keyedWeight(options, query))
    },
    answer (model, query) {
      return {
        overRow: overRow(model, query),
        locked: id => {
          const statement = locked(query, () => compiler.lockedEntry(model, id, query))
          return { sql: statement.sql, params: keyed(statement, id) }
        }
      }
    },
    document (model, documentId, query, options) {
      const statement = documents(query, () => compiler.document(model, documentId, query))
      return firstRow(statement, keyed(statement, documentId), keyedWeight(options, query))
    },
    single (model, locale, query, options) {
      const statement = singles(query, () => compiler.single(model, locale, query))
      return firstRow(statement, keyed(statement, locale), keyedWeight(options, query))
    }
  }
}

/**
 * Reads through the response cache, keyed by statement and values. A missed read goes to
 * the primary: a replica's answer may predate a change the cache has already been told of.
 */
function cachedRunner (db: Database, cache: ResponseCache): (statement: CompiledStatement, params: readonly unknown[], options?: QueryOptions) => Promise<Row[]> {
  const ids = new WeakMap<CompiledStatement, number>()
  let nextId = 0
  return async (statement, params, options) => {
    let id = ids.get(statement)
    if (id === undefined) ids.set(statement, id = nextId++)
    const key = `${id}|${JSON.stringify(params)}`
    const cached = cache.get(key)
    if (cached !== undefined) return cached
    const epoch = cache.epoch
    const rows = await db.query(statement.sql, params, { ...options, replica: false })
    cache.set(key, rows, statement.tables ?? [], epoch)
    return rows
  }
}
