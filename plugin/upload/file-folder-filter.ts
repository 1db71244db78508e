/**
 * The folder the admin's media library lists files of. Strapi's admin names it in its
 * `filters` (`$and: [{ folderPath: { $eq: '/1' } }]`, or `{ folder: { id: 3 } }`, or
 * `{ folder: { id: { $null: true } } }` for the root) or as `folder=3`; the file model keeps
 * both private, so they are taken out of the filters here and become a FolderScope.
 */
import { ValidationError } from '../errors.js'
import { isRecord } from '../is-record.js'
import type { FolderScope } from './file-reader.js'
import { folderId } from './folder-input.js'

type Path = Array<string | number>

export interface SplitFilters {
  /** What is left for the REST compiler; undefined when nothing is. */
  filters: unknown
  folder: FolderScope | undefined
}

export function splitFolderFilter (query: Record<string, unknown>): SplitFilters {
  let folder: FolderScope | undefined
  const take = (scope: FolderScope, path: Path): void => {
    if (folder !== undefined) throw ValidationError.at(path, 'Name the folder once')
    folder = scope
  }
  if (query.folder !== undefined) take({ id: query.folder === '' || query.folder === 'null' ? null : folderId(query.folder, ['folder']) }, ['folder'])
  const rest = (value: unknown, path: Path): unknown => {
    if (!isRecord(value)) return value
    const kept: Record<string, unknown> = {}
    for (const [key, condition] of Object.entries(value)) {
      if (key === 'folderPath') take({ path: pathCondition(condition, [...path, key]) }, [...path, key])
      else if (key === 'folder') take({ id: folderCondition(condition, [...path, key]) }, [...path, key])
      else if (key === '$and') kept[key] = (Array.isArray(condition) ? condition : isRecord(condition) ? Object.values(condition) : [condition]).map((item, index) => rest(item, [...path, key, index])).filter(item => !isRecord(item) || Object.keys(item).length > 0)
      else kept[key] = condition
    }
    return kept
  }
  const filters = query.filters === undefined ? undefined : rest(query.filters, ['filters'])
  const empty = isRecord(filters) && (Object.keys(filters).length === 0 || (Object.keys(filters).length === 1 && Array.isArray(filters.$and) && filters.$and.length === 0))
  return { filters: empty ? undefined : filters, folder }
}

function pathCondition (condition: unknown, path: Path): string {
  const value = isRecord(condition) && Object.keys(condition).length === 1 && '$eq' in condition ? condition.$eq : condition
  if (typeof value !== 'string' || !/^\/(\d+(\/\d+)*)?$/.test(value)) throw ValidationError.at(path, 'folderPath takes $eq and a folder path such as / or /1/4')
  return value
}

function folderCondition (condition: unknown, path: Path): number | null {
  const id = isRecord(condition) && 'id' in condition ? condition.id : condition
  if (id === null || (isRecord(id) && (id.$null === true || id.$null === 'true'))) return null
  const value = isRecord(id) && Object.keys(id).length === 1 && '$eq' in id ? id.$eq : id
  return folderId(value, [...path, 'id'])
}
