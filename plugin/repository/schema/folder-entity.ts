/**
 * The media library's folders (Strapi's `plugin::upload.folder`, docs/media.md, 'Folders'):
 * their own table, beside the content model rather than in it, as admin users are. A folder
 * row holds its parent (the row is its own link, as a user's role is) and its `path`, the
 * `pathId`s from the root down (`/1/4`), which is what a file's `folderPath` repeats so a
 * whole subtree is found by a prefix. Files point at their folder with `folder_id`.
 */
import { EntitySchema } from '@mikro-orm/core'
import { documentIdProperty } from './document-ids.js'

export const FOLDER_ENTITY = 'UploadFolder'
export const FOLDER_TABLE = 'upload_folders'
/** Strapi's `folderPath` of a file in no folder: the root. */
export const ROOT_FOLDER_PATH = '/'

type PropertyMap = Record<string, Record<string, unknown>>

const timestamp = (fieldName: string): Record<string, unknown> =>
  ({ type: 'datetime', columnType: 'timestamptz(3)', fieldName, onCreate: () => new Date() })

export function folderEntity (): EntitySchema {
  const schema: EntitySchema = new EntitySchema({
    name: FOLDER_ENTITY,
    tableName: FOLDER_TABLE,
    properties: {
      id: { type: 'integer', primary: true, autoincrement: true },
      documentId: documentIdProperty(FOLDER_TABLE),
      name: { type: 'string', columnType: 'varchar(255)' },
      // Strapi numbers folders apart from their ids (pathId): a path keeps its meaning
      // whatever ids an import or a sequence hands out.
      pathId: { type: 'integer', fieldName: 'path_id', unique: true },
      path: { type: 'string', columnType: 'text', unique: true },
      // A parent's deletion takes its subtree: a folder never outlives the folder its path names.
      parent: { kind: 'm:1', entity: () => schema, nullable: true, deleteRule: 'cascade', fieldName: 'parent_id', index: true },
      createdAt: timestamp('created_at'),
      updatedAt: timestamp('updated_at')
    } as never
  })
  return schema
}

/**
 * The file table's folder columns. A folder's deletion leaves its files at the root rather
 * than pointing nowhere; the routes delete or move a folder's files themselves first.
 * `folder_path` comes with its default, so the rows of a database made before folders are
 * at the root as the column is added.
 */
export function fileFolderProperties (folder: () => EntitySchema): PropertyMap {
  return {
    folder: { kind: 'm:1', entity: folder, nullable: true, deleteRule: 'set null', fieldName: 'folder_id', index: true },
    folderPath: { type: 'string', columnType: 'text', fieldName: 'folder_path', default: ROOT_FOLDER_PATH }
  }
}
