/** Runs compiled reads: one statement each, JSON text straight from PostgreSQL. */
import type { ContentTypeModel } from '../content-types/model.js'
import type { EntryQuery, QueryTree } from '../query/tree.js'
import type { Database } from './database.js'
import type { ReadCompiler } from './read/compile.js'

export interface ListResult {
  /** JSON text of the entries array. */
  data: string
  total: number | null
}

export interface Reader {
  list: (model: ContentTypeModel, tree: QueryTree) => Promise<ListResult>
  /** JSON text of one entry, or null when it does not exist (or is hidden). */
  entry: (model: ContentTypeModel, id: number, query: EntryQuery) => Promise<string | null>
}

export function createReader (db: Database, compiler: ReadCompiler): Reader {
  return {
    async list (model, tree) {
      const { sql, params } = compiler.list(model, tree)
      const [row] = await db.query(sql, params)
      return { data: row?.data as string, total: (row?.total ?? null) as number | null }
    },
    async entry (model, id, query) {
      const { sql, params } = compiler.entry(model, id, query)
      const [row] = await db.query(sql, params)
      return row === undefined ? null : row.data as string
    }
  }
}
