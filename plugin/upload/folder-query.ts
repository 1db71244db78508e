/**
 * The query of the admin's folder list (`GET /upload/folders`): the `filters`, `sort` and `_q`
 * the media library sends (folders of a parent, by id, by name), rebuilt as SQL from a short
 * whitelist of fields and operators. Anything else is a 400 naming its key.
 */
import { ValidationError } from '../errors.js'
import { isRecord } from '../is-record.js'
import { join, raw, sql, type Sql } from '../sql/index.js'
import { folderId } from './folder-input.js'
import type { FolderNames } from './folder-names.js'

type Path = Array<string | number>

const SORTABLE = ['id', 'name', 'pathId', 'path', 'createdAt', 'updatedAt'] as const
type Sortable = typeof SORTABLE[number]

export interface FolderListQuery {
  where: Sql[]
  orderBy: string
}

/** `alias`: the folder row the conditions and the order speak of. */
export function compileFolderQuery (query: Record<string, unknown>, n: FolderNames, alias: string): FolderListQuery {
  const where: Sql[] = []
  if (query.filters !== undefined) where.push(filterOf(query.filters, ['filters'], n, alias))
  if (typeof query._q === 'string' && query._q !== '') where.push(sql`${raw(`${alias}.${n.name}`)} ilike ${`%${likeEscaped(query._q)}%`}`)
  return { where, orderBy: orderOf(query.sort, n, alias) }
}

function likeEscaped (text: string): string {
  return text.replace(/[\\%_]/g, character => `\\${character}`)
}

/** qs gives `$and[0]` as an array, or as an object keyed by index past its array limit. */
function items (value: unknown, path: Path): unknown[] {
  if (Array.isArray(value)) return value
  if (isRecord(value)) return Object.values(value)
  throw ValidationError.at(path, `${path.join('.')} must be a list of filters`)
}

function filterOf (value: unknown, path: Path, n: FolderNames, alias: string): Sql {
  if (!isRecord(value)) throw ValidationError.at(path, 'filters must be an object')
  const parts: Sql[] = []
  for (const [key, condition] of Object.entries(value)) {
    const at = [...path, key]
    if (key === '$and' || key === '$or') {
      const inner = items(condition, at).map((item, index) => filterOf(item, [...at, index], n, alias))
      if (inner.length > 0) parts.push(sql`(${join(inner, key === '$and' ? ' and ' : ' or ')})`)
    } else if (key === 'id') parts.push(idCondition(`${alias}.${n.id}`, condition, at))
    else if (key === 'parent') {
      // `parent: { id: … }`, or `parent: { $null: true }` for the root's folders.
      const inner = isRecord(condition) && 'id' in condition ? condition.id : condition
      parts.push(idCondition(`${alias}.${n.parent}`, inner, isRecord(condition) && 'id' in condition ? [...at, 'id'] : at))
    } else if (key === 'name' || key === 'path') parts.push(textCondition(`${alias}.${key === 'name' ? n.name : n.path}`, condition, at))
    else throw ValidationError.at(at, `Invalid key ${key}: folders are filtered by id, name, path and parent`)
  }
  return parts.length === 0 ? raw('true') : sql`(${join(parts, ' and ')})`
}

function operators (condition: unknown): Array<[string, unknown]> {
  return isRecord(condition) ? Object.entries(condition) : [['$eq', condition]]
}

function flag (value: unknown, path: Path): boolean {
  if (value === true || value === 'true') return true
  if (value === false || value === 'false') return false
  throw ValidationError.at(path, `${path.join('.')} must be true or false`)
}

function idCondition (column: string, condition: unknown, path: Path): Sql {
  const parts = operators(condition).map(([operator, value]): Sql => {
    const at = [...path, operator]
    switch (operator) {
      case '$eq': return value === null ? raw(`${column} is null`) : sql`${raw(column)} = ${folderId(value, at)}`
      case '$ne': return value === null ? raw(`${column} is not null`) : sql`${raw(column)} is distinct from ${folderId(value, at)}`
      case '$in': return sql`${raw(column)} = any(${items(value, at).map((item, index) => folderId(item, [...at, index]))}::int[])`
      case '$notIn': return sql`not (${raw(column)} = any(${items(value, at).map((item, index) => folderId(item, [...at, index]))}::int[]))`
      case '$null': return raw(`${column} is ${flag(value, at) ? '' : 'not '}null`)
      case '$notNull': return raw(`${column} is ${flag(value, at) ? 'not ' : ''}null`)
      default: throw ValidationError.at(at, `Invalid operator ${operator}: ids take $eq, $ne, $in, $notIn, $null, $notNull`)
    }
  })
  return parts.length === 0 ? raw('true') : sql`(${join(parts, ' and ')})`
}

function textCondition (column: string, condition: unknown, path: Path): Sql {
  const parts = operators(condition).map(([operator, value]): Sql => {
    const at = [...path, operator]
    if (typeof value !== 'string') throw ValidationError.at(at, `${at.join('.')} must be text`)
    switch (operator) {
      case '$eq': return sql`${raw(column)} = ${value}`
      case '$ne': return sql`${raw(column)} <> ${value}`
      case '$containsi': return sql`${raw(column)} ilike ${`%${likeEscaped(value)}%`}`
      case '$startsWith': return sql`left(${raw(column)}, ${value.length}) = ${value}`
      default: throw ValidationError.at(at, `Invalid operator ${operator}: names and paths take $eq, $ne, $containsi, $startsWith`)
    }
  })
  return parts.length === 0 ? raw('true') : sql`(${join(parts, ' and ')})`
}

/** `sort=name:asc`, a list of them, or a comma-separated one; ids break ties so pages are stable. */
function orderOf (sort: unknown, n: FolderNames, alias: string): string {
  if (sort === undefined) return `${alias}.${n.id}`
  const entries = (Array.isArray(sort) ? sort : isRecord(sort) ? Object.values(sort) : [sort]).flatMap(item => typeof item === 'string' ? item.split(',') : [item])
  const columns = entries.map((entry, index) => {
    const match = typeof entry === 'string' ? /^\s*([A-Za-z]+)(?::(asc|desc))?\s*$/i.exec(entry) : null
    const field = match?.[1] as Sortable | undefined
    if (match === null || field === undefined || !SORTABLE.includes(field)) {
      throw ValidationError.at(['sort', index], `Invalid sort ${String(entry)}: folders sort by ${SORTABLE.join(', ')}, with :asc or :desc`)
    }
    return `${alias}.${n[field]} ${match[2]?.toLowerCase() === 'desc' ? 'desc' : 'asc'}`
  })
  return [...columns, `${alias}.${n.id}`].join(', ')
}
