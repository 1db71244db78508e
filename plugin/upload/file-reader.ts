/**
 * Reads of file entries, each ONE statement whose JSON PostgreSQL builds. Files are
 * answered as bare objects (the media plugin does not use the envelope, as in Strapi): every
 * field flat beside `id`, the way Strapi's upload plugin answers.
 */
import { SCALAR_TYPE_INFO } from '../content-types/attributes.js'
import { defaultFieldNames } from '../content-types/model.js'
import { DOCUMENT_ID } from '../content-types/documents.js'
import type { Registry } from '../content-types/registry.js'
import { compileFields } from '../query/fields.js'
import { compileFilters } from '../query/filters.js'
import { compilePagination } from '../query/pagination.js'
import { compilePopulate } from '../query/populate.js'
import { compileSort } from '../query/sort.js'
import type { Database } from '../repository/connection/database.js'
import { compileFilter } from '../repository/read/filters.js'
import { whereClause } from '../repository/read/linked-rows.js'
import type { RowRef } from '../repository/read/linked-rows.js'
import type { SqlNames } from '../repository/schema/sql-names.js'
import { StatementScope } from '../repository/read/scope.js'
import { aggregate } from '../repository/read/selection.js'
import { orderBy } from '../repository/read/sort.js'
import { jsonObject, raw, sql, type Sql } from '../sql/index.js'

export interface FileReader {
  /** JSON text of one file, or null. */
  one: (id: number) => Promise<string | null>
  /** JSON text of an array of files, in the order of `ids`. */
  many: (ids: readonly number[]) => Promise<string>
  /** The statement `many` runs (its one column `data`), for a transaction to run before it changes the files. */
  manyStatement: (ids: readonly number[]) => Sql
  /** `GET /upload/files`: `fields`, `filters`, `sort`, `pagination` as on content lists. */
  list: (query: Record<string, unknown>) => Promise<string>
  /** The admin's media library: the same query, its page and the total, in ONE statement; `folder`: only the files there. */
  page: (query: Record<string, unknown>, folder?: FolderScope) => Promise<FilePage>
}

/** The files of one folder: by its id (null: the root), or by its path (`/`: the root). */
export type FolderScope = { id: number | null } | { path: string }

export interface FilePage {
  /** JSON text of the array of files. */
  results: string
  pagination: { page: number, pageSize: number, pageCount: number, total: number }
}

export interface FileReaderOptions {
  db: Database
  registry: Registry
  names: SqlNames
  maxPageSize: number
  /** File objects carry `folderPath`, as the admin's media library answers them (the REST API's keep it private). */
  folderPath?: boolean
}

/** The admin's media library pages by 10 unless asked, as Strapi's does. */
function defaultAdminPageSize (maxPageSize: number): number {
  return Math.min(10, maxPageSize)
}

export function createFileReader ({ db, registry, names, maxPageSize, folderPath = false }: FileReaderOptions): FileReader {
  const model = registry.file
  const table = names.table(model.entity)
  const allFields = defaultFieldNames(model)
  const v5 = model.attributes.has(DOCUMENT_ID)

  const start = (): { scope: StatementScope, row: RowRef } => {
    const scope = new StatementScope(registry, names, 'preview')
    return { scope, row: { model, alias: scope.aliases.take('f') } }
  }
  const fileJson = (scope: StatementScope, row: RowRef, fields: readonly string[]): Sql => {
    const pairs: Array<[string, Sql]> = [['id', raw(scope.column(model, row.alias, 'id'))]]
    for (const name of fields) {
      const attribute = model.attributes.get(name)
      if (attribute?.kind === 'scalar') pairs.push([name, raw(SCALAR_TYPE_INFO[attribute.type].toJson(scope.column(model, row.alias, name)))])
    }
    if (folderPath) pairs.push(['folderPath', raw(`${row.alias}.${names.column(model.entity, 'folderPath')}`)])
    // Strapi v5's media plugin says whether `url` is a signed one; files here are served at their plain url.
    if (v5) pairs.push(['isUrlSigned', raw('false')])
    return jsonObject(pairs)
  }
  const dataOf = async (statement: Sql): Promise<string | null> => {
    const { text, values } = statement.render()
    const [result] = await db.query(text, values)
    return result === undefined ? null : result.data as string
  }

  /** The page's files (an aggregate) and their total over the same filters; `defaultPageSize`: without `pagination`. */
  const folderCondition = (alias: string, folder: FolderScope | undefined): Sql[] => {
    if (folder === undefined) return []
    if ('path' in folder) return [sql`${raw(`${alias}.${names.column(model.entity, 'folderPath')}`)} = ${folder.path}`]
    const column = `${alias}.${names.column(model.entity, 'folder')}`
    return [folder.id === null ? raw(`${column} is null`) : sql`${raw(column)} = ${folder.id}`]
  }
  const manyStatement = (ids: readonly number[]): Sql => {
    const { scope, row } = start()
    const idColumn = raw(scope.column(model, row.alias, 'id'))
    const from = raw(`${table} ${row.alias}`)
    const rows = sql`select ${fileJson(scope, row, allFields)} as j from ${from} where ${idColumn} = any(${ids}::int[]) order by array_position(${ids}::int[], ${idColumn})`
    return sql`select ${aggregate(rows)}::text as data`
  }

  const listStatement = (query: Record<string, unknown>, defaultPageSize: number, folder?: FolderScope): { statement: { page: Sql, total: Sql }, limit: number, offset: number } => {
    compilePopulate(registry, model, query.populate, ['populate'])
    const fields = compileFields(model, query.fields, ['fields'])
    const filters = compileFilters(registry, model, query.filters, ['filters'])
    const sort = compileSort(registry, model, query.sort, ['sort'])
    const pagination = compilePagination(query.pagination, ['pagination'], { maxPageSize, defaultPageSize })
    const limit = pagination.mode === 'page' ? pagination.pageSize : pagination.limit
    const offset = pagination.mode === 'page' ? (pagination.page - 1) * pagination.pageSize : pagination.start
    const { scope, row } = start()
    const where = whereClause([...filters === null ? [] : [compileFilter(scope, row, filters)], ...folderCondition(row.alias, folder)])
    const page = sql`select ${fileJson(scope, row, fields)} as j from ${raw(`${table} ${row.alias}`)}${where}${raw(orderBy(scope, row, sort))} limit ${limit} offset ${offset}`
    const counted = start()
    const countWhere = whereClause([...filters === null ? [] : [compileFilter(counted.scope, counted.row, filters)], ...folderCondition(counted.row.alias, folder)])
    const total = sql`(select count(*) from ${raw(`${table} ${counted.row.alias}`)}${countWhere})`
    return { statement: { page: aggregate(page), total }, limit, offset }
  }

  return {
    async one (id) {
      const { scope, row } = start()
      return await dataOf(sql`select ${fileJson(scope, row, allFields)}::text as data from ${raw(`${table} ${row.alias} where ${scope.column(model, row.alias, 'id')}`)} = ${id}`)
    },
    async many (ids) {
      return await dataOf(manyStatement(ids)) ?? '[]'
    },
    manyStatement,
    async list (query) {
      // A bare array has no meta to announce a page: without `pagination`, the largest page.
      const { statement } = listStatement(query, maxPageSize)
      return await dataOf(sql`select ${statement.page}::text as data`) ?? '[]'
    },
    async page (query, folder) {
      const { statement, limit, offset } = listStatement(query, defaultAdminPageSize(maxPageSize), folder)
      const { text, values } = sql`select ${statement.page}::text as data, ${statement.total}::int as total`.render()
      const [row] = await db.query(text, values)
      const total = Number(row?.total ?? 0)
      return { results: String(row?.data ?? '[]'), pagination: { page: Math.floor(offset / limit) + 1, pageSize: limit, pageCount: Math.ceil(total / limit), total } }
    }
  }
}
