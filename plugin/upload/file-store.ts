/**
 * Writes of file entries, each in ONE transaction, with statements compiled from the ORM
 * metadata like the content writes (no unit of work): new files with their attachment to an
 * entry, a change of file info, a deletion (whose links to entries go with it: every media
 * link table cascades on `target_id`).
 */
import type { Registry } from '../content-types/registry.js'
import { ValidationError } from '../errors.js'
import type { Database } from '../repository/database.js'
import { WriteSession } from '../repository/write-session.js'
import { IssueList } from '../write-plan/issues.js'
import type { AttachTarget } from './attach-target.js'
import type { FileInfo } from './file-info.js'

/** The stored columns of a new file entry (DECISIONS §6), `size` in kB. */
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
  return await db.transaction(async tx => await work(new WriteSession(tx, db, registry, new IssueList())))
}

/** Inserts the files (and attaches them to `target`); answers their ids in order. */
export async function insertFiles (db: Database, registry: Registry, rows: readonly FileRow[], target: AttachTarget | null): Promise<number[]> {
  return await inTransaction(db, registry, async session => {
    if (target !== null) await lockEntry(session, target)
    const now = new Date()
    const ids: number[] = []
    for (const row of rows) {
      const { table, idColumn, columns, values } = session.rowValues(registry.file.entity, { ...row, createdAt: now, updatedAt: now }, true)
      const [inserted] = await session.select(
        `insert into ${table} (${columns.join(', ')}) values (${values.map(() => '?').join(', ')}) returning ${idColumn} as id`, values)
      ids.push(Number(inserted!.id))
    }
    if (target !== null) await attach(session, target, ids)
    return ids
  })
}

async function lockEntry (session: WriteSession, target: AttachTarget): Promise<void> {
  const id = session.column(target.model.entity, 'id')
  const found = await session.select(`select ${id} from ${session.table(target.model.entity)} where ${id} = ? for update`, [target.id])
  if (found.length === 0) throw ValidationError.at(['refId'], `${target.model.uid} has no entry ${target.id}`)
}

/** A multiple media attribute gets the files appended; a single one has its file replaced. */
async function attach (session: WriteSession, target: AttachTarget, fileIds: readonly number[]): Promise<void> {
  const side = target.attribute.link
  const table = session.table(side.entity)
  const column = (property: string): string => session.column(side.entity, property)
  const otherOrder = side.order === 'ord' ? 'invOrd' : 'ord'
  let next = 1
  if (target.attribute.multiple) {
    const [last] = await session.select(`select max(${column(side.order)}) as last from ${table} where ${column(side.self)} = ?`, [target.id])
    next = Number(last?.last ?? 0) + 1
  } else {
    await session.select(`delete from ${table} where ${column(side.self)} = ?`, [target.id])
  }
  if (fileIds.length === 0) return
  const columns = [side.self, side.other, side.order, otherOrder].map(column)
  const tuples = fileIds.map(() => '(?, ?, ?, 1)')
  const params = fileIds.flatMap((id, index) => [target.id, id, next + index])
  await session.select(`insert into ${table} (${columns.join(', ')}) values ${tuples.join(', ')}`, params)
}

/** Answers false when the file does not exist. */
export async function updateFileInfo (db: Database, registry: Registry, id: number, info: FileInfo): Promise<boolean> {
  return await inTransaction(db, registry, async session => {
    const { table, idColumn, columns, values } = session.rowValues(registry.file.entity, { ...info, updatedAt: new Date() }, false)
    const changed = await session.select(
      `update ${table} set ${columns.map(column => `${column} = ?`).join(', ')} where ${idColumn} = ? returning ${idColumn}`, [...values, id])
    return changed.length > 0
  })
}

/** Answers false when the file does not exist. */
export async function deleteFileRow (db: Database, registry: Registry, id: number): Promise<boolean> {
  return await inTransaction(db, registry, async session => {
    const idColumn = session.column(registry.file.entity, 'id')
    const deleted = await session.select(`delete from ${session.table(registry.file.entity)} where ${idColumn} = ? returning ${idColumn}`, [id])
    return deleted.length > 0
  })
}
