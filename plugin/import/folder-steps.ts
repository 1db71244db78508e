/**
 * Strapi's media folders in an import (docs/from-strapi.md): the `upload_folders` rows, ids
 * and `pathId`s kept, with the parent Strapi keeps in a link table written as the folder's
 * `parent_id`, and each file's folder, also a link table in Strapi, as the file's `folder_id`
 * (its `folder_path` is a column of Strapi's files, copied as it is). Strapi v4 names both link
 * tables itself (`upload_folders_parent_links`, `files_folder_links`); v5's are read from its
 * description of its tables. The plans put the folders step before the files step, so a
 * file's folder is there when the file arrives. Plain data for the plans' `rowsStep`.
 */
import type { MetadataStorage } from '@mikro-orm/core'
import { identifier as id } from '../sql/index.js'
import { FOLDER_ENTITY, FOLDER_TABLE } from '../repository/schema/folder-entity.js'
import { strapiSnakeCase, type StrapiRelationSide } from './strapi-layout.js'
import type { StrapiV5Description } from './strapi-v5-layout.js'

type Link = Pick<StrapiRelationSide, 'table' | 'selfColumn' | 'otherColumn'>

/** Where Strapi keeps a folder's parent and a file's folder: `self` is the folder or file, `other` its parent or folder. */
export interface StrapiFolderLinks {
  parent: Link | null
  fileFolder: Link | null
}

/** Strapi v4's own names, when its database has the tables. */
export function strapiV4FolderLinks (columns: ReadonlyMap<string, unknown>): StrapiFolderLinks {
  return {
    parent: columns.has('upload_folders_parent_links') ? { table: 'upload_folders_parent_links', selfColumn: 'folder_id', otherColumn: 'inv_folder_id' } : null,
    fileFolder: columns.has('files_folder_links') ? { table: 'files_folder_links', selfColumn: 'file_id', otherColumn: 'folder_id' } : null
  }
}

/** Strapi v5's, as its `strapi_database_schema` names them (`upload_folders_parent_lnk`, `files_folder_lnk` unless shortened). */
export function strapiV5FolderLinks (description: StrapiV5Description): StrapiFolderLinks {
  if (!description.has(FOLDER_TABLE)) return { parent: null, fileFolder: null }
  return {
    parent: description.linkTable({ ownerTable: FOLDER_TABLE, attribute: 'parent', targetTable: FOLDER_TABLE }),
    fileFolder: description.linkTable({ ownerTable: 'files', attribute: 'folder', targetTable: FOLDER_TABLE })
  }
}

/** The other side of `s`'s one link (a to-one relation: the first link, should Strapi hold more). */
function linked (link: Link | null): string {
  if (link === null) return 'null::int'
  return `(select l.${id(link.otherColumn)} from ${id(link.table)} l where l.${id(link.selfColumn)} = s.id order by l.id limit 1)`
}

function column (metadata: MetadataStorage, entity: string, property: string): string {
  const found = metadata.get(entity as never).properties[property as never]?.fieldNames?.[0]
  if (found === undefined) throw new Error(`No column for ${entity}.${property}`)
  return found
}

/** What the plans' `rowsStep` takes to copy the folders. */
export function folderRows (metadata: MetadataStorage, links: StrapiFolderLinks, documentIds: 'made' | 'kept') {
  return {
    label: 'media folders',
    entity: FOLDER_ENTITY,
    strapiTable: FOLDER_TABLE,
    strapiColumn: strapiSnakeCase,
    documentIds,
    extra: { [column(metadata, FOLDER_ENTITY, 'parent')]: linked(links.parent) }
  }
}

/** The files step's `extra`: each file's folder, from Strapi's link table (none: at the root). */
export function fileFolderColumn (metadata: MetadataStorage, fileEntity: string, links: StrapiFolderLinks): Record<string, string> {
  return { [column(metadata, fileEntity, 'folder')]: linked(links.fileFolder) }
}
