/**
 * Writes of file entries, each in ONE transaction, with statements compiled from the ORM
 * metadata like the content writes (no unit of work): new files with their attachment to an
 * entry, a change of file info, a deletion (whose links to entries go with it: every media
 * link table cascades on `target_id`).
 */
import type { Registry } from '../content-types/registry.js'
import { ValidationError } from '../errors.js'
import type { Database } from '../repository/connection/database.js'
import { gatherWriteFacts } from '../repository/write/facts.js'
import { prepareLinks } from '../repository/write/links.js'
import { WriteSession } from '../repository/write/session.js'
import { join, raw, sql, valueList, type Sql } from '../sql/index.js'
import { IssueList } from '../write-plan/issues.js'
import { columnAssignments, type RowValues } from '../repository/write/data-statement.js'
import type { LinkWrite, RowPlan } from '../write-plan/plan.js'
import { FOLDER_ENTITY, ROOT_FOLDER_PATH } from '../repository/schema/folder-entity.js'
import type { AttachTarget } from './attach-target.js'
import { FOLDERS_LOCK } from './folder-names.js'
import type { FileInfo } from './file-info.js'

/** The stored columns of a new file entry (docs/media.md, 'File objects'), `size` in kB. */
export interface FileRow {
  name: string
  alternativeText: string | null
  caption: string | null
  width: number | null
  height: number | null
  formats: Record<string, unknown> | null
  hash: string
  ext: string
  mime: string
  size: number
  url: string
  previewUrl: string | null
  provider: string
  provider_metadata: Record<string, unknown> | null
}

async function inTransaction<T> (db: Database, registry: Registry, work: (session: WriteSession) => Promise<T>): Promise<T> {
  return await db.transaction(async tx => await work(new WriteSession({ tx, db, registry, issues: new IssueList() })))
}

/**
 * The folder columns of files placed in folders (`folders[i]`: the folder of file i, null the
 * root, undefined where it is), read under the folders' lock so the folder is still there at
 * commit; a folder that does not exist is a 400, before anything is written.
 */
async function placements (session: WriteSession, folders: ReadonlyArray<number | null | undefined>): Promise<Array<Record<string, unknown>>> {
  const ids = [...new Set(folders.filter((id): id is number => typeof id === 'number'))]
  const paths = new Map<number, string>()
  if (folders.some(id => id !== undefined)) await session.select(FOLDERS_LOCK)
  if (ids.length > 0) {
    const found = await session.select(sql`select ${raw(`${session.column(FOLDER_ENTITY, 'id')} as id, ${session.column(FOLDER_ENTITY, 'path')} as path from ${session.table(FOLDER_ENTITY)} where ${session.column(FOLDER_ENTITY, 'id')}`)} = any(${ids}::int[])`)
    for (const row of found) paths.set(Number(row.id), String(row.path))
    const missing = ids.find(id => !paths.has(id))
    if (missing !== undefined) throw ValidationError.at(['fileInfo', 'folder'], `Folder ${missing} does not exist`)
  }
  return folders.map(id => id === undefined ? {} : { folder: id, folderPath: id === null ? ROOT_FOLDER_PATH : paths.get(id)! })
}

/** Inserts the files (and attaches them to `target`); answers their ids in order. `folders`: where each goes (absent: the root). */
export async function insertFiles (db: Database, registry: Registry, rows: readonly FileRow[], target: AttachTarget | null, folders: ReadonlyArray<number | null | undefined> = []): Promise<number[]> {
  return await inTransaction(db, registry, async session => {
    const placed = await placements(session, rows.map((_, index) => folders[index]))
    if (target !== null) await lockEntry(session, target)
    const ids = await insertRows(session, rows.map((row, index) => ({ ...row, ...placed[index] })))
    if (target !== null) await attach(session, target, ids)
    return ids
  })
}

/** One INSERT for every file: the sequence numbers the rows in the order of the values. */
async function insertRows (session: WriteSession, rows: ReadonlyArray<FileRow & Record<string, unknown>>): Promise<number[]> {
  if (rows.length === 0) return []
  const now = new Date()
  const all = rows.map(row => session.rowValues(session.registry.file.entity, { ...row, createdAt: now, updatedAt: now }, { creating: true }))
  const { table, idColumn, columns } = all[0]!
  const tuples = all.map(row => sql`(${valueList(row.values)})`)
  const inserted = await session.select(
    sql`insert into ${raw(`${table} (${columns.join(', ')})`)} values ${join(tuples)} returning ${raw(`${idColumn} as id`)}`)
  return inserted.map(row => Number(row.id)).sort((a, b) => a - b)
}

/**
 * Locks the entry the files join for the rest of the transaction by moving its `updatedAt`:
 * every write of an entry moves its row, which is how an update sent without a transaction
 * tells that the facts it read (here, the entry's media links) changed meanwhile
 * (write/data-statement's RowGuard). A lock alone would leave the row as it was.
 */
async function lockEntry (session: WriteSession, target: AttachTarget): Promise<void> {
  const found = await session.select(updateRow(session.rowValues(target.model.entity, { updatedAt: new Date() }, { creating: false }), target.id))
  if (found.length === 0) throw ValidationError.at(['refId'], `${target.model.uid} has no entry ${target.id}`)
}

/**
 * Links the files as an entry write linking them would (repository/write/links.ts): a multiple media
 * attribute gets them connected at its end, a single one has its file replaced; the same
 * facts read, the same position rule, the same link rows in one data statement.
 */
async function attach (session: WriteSession, target: AttachTarget, fileIds: readonly number[]): Promise<void> {
  const path = [target.attribute.name]
  const write: LinkWrite = {
    attribute: target.attribute,
    path,
    operation: target.attribute.multiple
      ? { kind: 'edit', disconnect: [], connect: fileIds.map(id => ({ id, position: null, path })), strict: true }
      : { kind: 'set', ids: [...fileIds] }
  }
  const entry: RowPlan = { model: target.model, id: target.id, path: [], scalars: [], uids: [], links: [write], lists: [] }
  const prepared = prepareLinks({ session, facts: await gatherWriteFacts(session, entry) }, entry, write)
  session.issues.throwIfAny()
  if (session.deletes.mergeable) session.data.add(session.deletes.parts(session))
  else await session.deletes.run(session)
  prepared?.apply(target.id)
  await session.flush()
}

/** The UPDATE of the row `id` to `values`, answering its id (no row: absent). */
function updateRow ({ table, idColumn, columns, values }: RowValues, id: number): Sql {
  return sql`update ${raw(table)} set ${columnAssignments(columns, values)} where ${raw(idColumn)} = ${id} returning ${raw(idColumn)}`
}

/** Answers false when the file does not exist. `info.folder` moves the file only where `folders` says the route places files. */
export async function updateFileInfo (db: Database, registry: Registry, id: number, info: FileInfo, { folders = false }: { folders?: boolean } = {}): Promise<boolean> {
  const { folder, ...fields } = info
  return await inTransaction(db, registry, async session => {
    const [placed] = await placements(session, [folders ? folder : undefined])
    const changed = await session.select(updateRow(session.rowValues(registry.file.entity, { ...fields, ...placed, updatedAt: new Date() }, { creating: false }), id))
    return changed.length > 0
  })
}

/** Answers false when the file does not exist. */
export async function deleteFileRow (db: Database, registry: Registry, id: number): Promise<boolean> {
  return await inTransaction(db, registry, async session => {
    const idColumn = session.column(registry.file.entity, 'id')
    const deleted = await session.select(sql`delete from ${raw(`${session.table(registry.file.entity)} where ${idColumn}`)} = ${id} returning ${raw(idColumn)}`)
    return deleted.length > 0
  })
}
