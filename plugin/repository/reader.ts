/** Runs compiled reads: one statement each, JSON text straight from PostgreSQL. */
import type { ContentTypeModel } from '../content-types/model.js'
import type { EntryQuery, QueryTree } from '../query/tree.js'
import type { Database } from './database.js'
import type { CompiledStatement, ReadCompiler } from './read/compile.js'

export interface ListResult {
  /** JSON text of the entries array. */
  data: string
  total: number | null
}

export interface Reader {
  list: (model: ContentTypeModel, tree: QueryTree) => Promise<ListResult>
  /** JSON text of one entry, or null when it does not exist (or is hidden). */
  entry: (model: ContentTypeModel, id: number, query: EntryQuery) => Promise<string | null>
  /** JSON text of a single type's entry (in `locale` when localized), or null. */
  single: (model: ContentTypeModel, locale: string | null, query: EntryQuery) => Promise<string | null>
}

/**
 * Compiled statements are kept per query object: handlers reuse the objects of repeated
 * query strings, so a repeated read is not compiled again. An entry statement's first
 * parameter is always the id, the one value that changes between reads of one query.
 */
export function createReader (db: Database, compiler: ReadCompiler): Reader {
  const lists = new WeakMap<QueryTree, CompiledStatement>()
  const entries = new WeakMap<EntryQuery, CompiledStatement>()
  const singles = new WeakMap<EntryQuery, CompiledStatement>()
  return {
    async list (model, tree) {
      let statement = lists.get(tree)
      if (statement === undefined) {
        statement = compiler.list(model, tree)
        lists.set(tree, statement)
      }
      const { sql, params } = statement
      const [row] = await db.query(sql, params)
      return { data: row?.data as string, total: (row?.total ?? null) as number | null }
    },
    async entry (model, id, query) {
      let statement = entries.get(query)
      if (statement === undefined) {
        statement = compiler.entry(model, id, query)
        entries.set(query, statement)
      }
      const params = [id, ...statement.params.slice(1)]
      const [row] = await db.query(statement.sql, params)
      return row === undefined ? null : row.data as string
    },
    async single (model, locale, query) {
      let statement = singles.get(query)
      if (statement === undefined) {
        statement = compiler.single(model, locale, query)
        singles.set(query, statement)
      }
      const params = locale === null ? statement.params : [locale, ...statement.params.slice(1)]
      const [row] = await db.query(statement.sql, params)
      return row === undefined ? null : row.data as string
    }
  }
}
