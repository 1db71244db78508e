/**
 * The quoted tables and columns of folders and of the files' folder columns, from the ORM
 * metadata (repository/schema/folder-entity.ts), and the JSON of a folder as Strapi's upload
 * plugin answers it, which PostgreSQL builds.
 */
import { SCALAR_TYPE_INFO } from '../content-types/attributes.js'
import type { Registry } from '../content-types/registry.js'
import { FOLDER_ENTITY } from '../repository/schema/folder-entity.js'
import type { SqlNames } from '../repository/schema/sql-names.js'
import { jsonObject, raw, sql, type Sql } from '../sql/index.js'

export interface FolderNames {
  folders: string
  id: string
  name: string
  pathId: string
  path: string
  parent: string
  createdAt: string
  updatedAt: string
  files: string
  fileId: string
  fileFolder: string
  fileFolderPath: string
  fileUpdatedAt: string
}

export function folderNames (names: SqlNames, registry: Registry): FolderNames {
  const folder = (property: string): string => names.column(FOLDER_ENTITY, property)
  const file = (property: string): string => names.column(registry.file.entity, property)
  return {
    folders: names.table(FOLDER_ENTITY),
    id: folder('id'),
    name: folder('name'),
    pathId: folder('pathId'),
    path: folder('path'),
    parent: folder('parent'),
    createdAt: folder('createdAt'),
    updatedAt: folder('updatedAt'),
    files: names.table(registry.file.entity),
    fileId: file('id'),
    fileFolder: file('folder'),
    fileFolderPath: file('folderPath'),
    fileUpdatedAt: file('updatedAt')
  }
}

/** `{ id, name, pathId, path, createdAt, updatedAt }` of the folder row `alias`, as key/value pairs. */
export function folderPairs (n: FolderNames, alias: string): Array<[string, Sql]> {
  const at = (column: string): string => `${alias}.${column}`
  return [
    ['id', raw(at(n.id))],
    ['name', raw(at(n.name))],
    ['pathId', raw(at(n.pathId))],
    ['path', raw(at(n.path))],
    ['createdAt', raw(SCALAR_TYPE_INFO.datetime.toJson(at(n.createdAt)))],
    ['updatedAt', raw(SCALAR_TYPE_INFO.datetime.toJson(at(n.updatedAt)))]
  ]
}

export function folderJson (n: FolderNames, alias: string): Sql {
  return jsonObject(folderPairs(n, alias))
}

/**
 * Whether the text `column` is `paths`' own value or lies under one of them: a `path` of a
 * folder or its subfolders, a `folderPath` of the files in them. Compared by prefix with
 * `left`, not LIKE, so no character of a path is a pattern.
 */
export function underPaths (column: string, paths: readonly string[]): Sql {
  return sql`exists (select 1 from unnest(${paths}::text[]) as p(path) where ${raw(`${column} = p.path or left(${column}, length(p.path) + 1) = p.path || '/'`)})`
}
