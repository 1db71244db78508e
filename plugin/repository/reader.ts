/** Runs compiled reads: one statement each, JSON text straight from PostgreSQL. */
import type { ContentTypeModel } from '../content-types/model.js'
import type { EntryQuery, QueryTree } from '../query/tree.js'
import type { Database, QueryOptions } from './database.js'
import type { CompiledStatement, ReadCompiler } from './read/compile.js'

export interface ListResult {
  /** JSON text of the entries array. */
  data: string
  total: number | null
}

export interface Reader {
  list: (model: ContentTypeModel, tree: QueryTree, options?: QueryOptions) => Promise<ListResult>
  /** JSON text of one entry, or null when it does not exist (or is hidden). */
  entry: (model: ContentTypeModel, id: number, query: EntryQuery, options?: QueryOptions) => Promise<string | null>
  /** JSON text of a single type's entry (in `locale` when localized), or null. */
  single: (model: ContentTypeModel, locale: string | null, query: EntryQuery, options?: QueryOptions) => Promise<string | null>
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
 * query strings, so a repeated read is not compiled again. The first parameter of an entry
 * statement (the id) and of a localized single type's (the locale) is the one value that
 * changes between reads of one query.
 */
export function createReader (db: Database, compiler: ReadCompiler): Reader {
  const lists = statementCache<QueryTree>()
  const entries = statementCache<EntryQuery>()
  const singles = statementCache<EntryQuery>()
  const firstRow = async (sql: string, params: readonly unknown[], options?: QueryOptions): Promise<string | null> => {
    const [row] = await db.query(sql, params, options)
    return row === undefined ? null : row.data as string
  }
  return {
    async list (model, tree, options) {
      const { sql, params } = lists(tree, () => compiler.list(model, tree))
      const [row] = await db.query(sql, params, options)
      return { data: row?.data as string, total: (row?.total ?? null) as number | null }
    },
    async entry (model, id, query, options) {
      const { sql, params } = entries(query, () => compiler.entry(model, id, query))
      return await firstRow(sql, [id, ...params.slice(1)], options)
    },
    async single (model, locale, query, options) {
      const { sql, params } = singles(query, () => compiler.single(model, locale, query))
      return await firstRow(sql, locale === null ? params : [locale, ...params.slice(1)], options)
    }
  }
}
