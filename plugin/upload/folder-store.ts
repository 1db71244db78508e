/**
 * Writes of folders (docs/admin-api.md, 'Media folders'), each ONE transaction that first
 * takes the folders' advisory lock: folder writes queue, so the checks a write makes (the
 * parent exists, no sibling has the name, the destination is not inside what moves) still
 * hold when it writes, and a refusal comes before any insert, so it spends no id.
 * Moving a folder rewrites the `path` of its subtree and the `folderPath` of the files in it.
 */
import { NotFoundError, ValidationError } from '../errors.js'
import type { Database, Row, SqlTransaction } from '../repository/connection/database.js'
import { literal, raw, sql, type Sql } from '../sql/index.js'
import type { BulkMove, BulkSelection, FolderChange, FolderInput } from './folder-input.js'
import { folderJson, underPaths, type FolderNames } from './folder-names.js'
import { ROOT_FOLDER_PATH } from '../repository/schema/folder-entity.js'

/** One key for every process of any app of this plugin on the database. */
const LOCK = raw(`select pg_advisory_xact_lock(hashtextextended(${literal('fastify-content-api media folders')}, 0))`)

type Run = (statement: Sql) => Promise<Row[]>

export interface FolderStore {
  /** Answers the new folder's id. */
  create: (input: FolderInput) => Promise<number>
  /** Renames and/or moves; a 404 when there is no such folder. */
  update: (id: number, change: FolderChange) => Promise<void>
  /** Moves files and folders into a folder (null: the root); answers them as they are after, as JSON texts. */
  move: (move: BulkMove, filesJson: (ids: readonly number[]) => Sql) => Promise<{ files: string, folders: string }>
  /**
   * Deletes the files named, the folders named and everything under them, rows only; answers
   * the files and folders named as they were, and every file deleted (to remove what is stored).
   */
  remove: (selection: BulkSelection, filesJson: (ids: readonly number[]) => Sql) => Promise<{ files: string, folders: string, stored: string }>
}

interface FolderRow { id: number, name: string, path: string, pathId: number, parent: number | null }

export function createFolderStore (db: Database, n: FolderNames): FolderStore {
  const inLock = async <T>(work: (run: Run) => Promise<T>): Promise<T> => await db.transaction(async (tx: SqlTransaction) => {
    const run: Run = async statement => {
      const { text, values } = statement.render()
      return await tx.query(text, values)
    }
    await run(LOCK)
    return await work(run)
  })
  const folderRows = async (run: Run, ids: readonly number[], lock = false): Promise<FolderRow[]> => {
    const rows = await run(sql`select ${raw(`f.${n.id} as id, f.${n.name} as name, f.${n.path} as path, f.${n.pathId} as path_id, f.${n.parent} as parent from ${n.folders} f where f.${n.id}`)} = any(${ids}::int[]) order by array_position(${ids}::int[], ${raw(`f.${n.id}`)})${raw(lock ? ' for update' : '')}`)
    return rows.map(row => ({ id: Number(row.id), name: String(row.name), path: String(row.path), pathId: Number(row.path_id), parent: row.parent === null ? null : Number(row.parent) }))
  }
  const destination = async (run: Run, id: number | null, key: string, message: string): Promise<FolderRow | null> => {
    if (id === null) return null
    const [found] = await folderRows(run, [id])
    if (found === undefined) throw ValidationError.at([key], message)
    return found
  }
  const nameTaken = async (run: Run, name: string, parent: number | null, except: readonly number[]): Promise<boolean> => {
    const rows = await run(sql`select 1 from ${raw(`${n.folders} f where f.${n.name}`)} = ${name} and ${raw(`f.${n.parent}`)} is not distinct from ${parent}::int and not (${raw(`f.${n.id}`)} = any(${except}::int[])) limit 1`)
    return rows.length > 0
  }
  /** The folder (and its subtree, and the files in them) now under `parent`, its path rewritten from the start. */
  const relocate = async (run: Run, folder: FolderRow, parent: FolderRow | null): Promise<void> => {
    const [current] = await folderRows(run, [folder.id])
    const oldPath = current!.path
    const newPath = `${parent === null ? '' : parent.path}/${folder.pathId}`
    const rewrite = (column: string): Sql => sql`${raw(column)} = ${newPath} || substr(${raw(column)}, ${oldPath.length + 1})`
    await run(sql`update ${raw(`${n.folders} f set`)} ${rewrite(n.path)} where ${underPaths(`f.${n.path}`, [oldPath])}`)
    await run(sql`update ${raw(`${n.files} x set`)} ${rewrite(n.fileFolderPath)}, ${raw(`${n.fileUpdatedAt} = now()`)} where ${underPaths(`x.${n.fileFolderPath}`, [oldPath])}`)
    await run(sql`update ${raw(`${n.folders} set ${n.parent}`)} = ${parent?.id ?? null}::int, ${raw(`${n.updatedAt} = now() where ${n.id}`)} = ${folder.id}`)
  }
  const foldersJson = (ids: readonly number[]): Sql =>
    sql`select coalesce(json_agg(${folderJson(n, 'f')} order by array_position(${ids}::int[], ${raw(`f.${n.id}`)})), '[]')::text as data from ${raw(`${n.folders} f where f.${n.id}`)} = any(${ids}::int[])`
  const text = async (run: Run, statement: Sql): Promise<string> => String((await run(statement))[0]?.data ?? '[]')

  return {
    async create (input) {
      return await inLock(async run => {
        const parent = await destination(run, input.parent, 'parent', 'parent folder does not exist')
        if (await nameTaken(run, input.name, input.parent, [])) throw ValidationError.at(['name'], 'A folder with this name already exists')
        const prefix = parent === null ? '' : parent.path
        const [row] = await run(sql`insert into ${raw(`${n.folders} (${n.name}, ${n.pathId}, ${n.path}, ${n.parent}, ${n.createdAt}, ${n.updatedAt})`)} select ${input.name}, next.id, ${prefix} || '/' || next.id, ${input.parent}::int, now(), now() from (select coalesce(max(${raw(n.pathId)}), 0) + 1 as id from ${raw(n.folders)}) next returning ${raw(n.id)} as id`)
        return Number(row!.id)
      })
    },
    async update (id, change) {
      await inLock(async run => {
        const [folder] = await folderRows(run, [id], true)
        if (folder === undefined) throw new NotFoundError('folder not found')
        const parentId = change.parent === undefined ? folder.parent : change.parent
        const parent = await destination(run, parentId, 'parent', 'parent folder does not exist')
        if (parent !== null && (parent.path === folder.path || parent.path.startsWith(`${folder.path}/`))) {
          throw ValidationError.at(['parent'], 'folder cannot be moved inside itself')
        }
        const name = change.name ?? folder.name
        if (await nameTaken(run, name, parentId, [id])) throw ValidationError.at(['name'], 'A folder with this name already exists')
        if (parentId !== folder.parent) await relocate(run, folder, parent)
        await run(sql`update ${raw(`${n.folders} set ${n.name}`)} = ${name}, ${raw(`${n.updatedAt} = now() where ${n.id}`)} = ${id}`)
      })
    },
    async move (move, filesJson) {
      return await inLock(async run => {
        const target = await destination(run, move.destinationFolderId, 'destinationFolderId', 'destination folder does not exist')
        const folders = await folderRows(run, move.folderIds, true)
        const inside = folders.filter(folder => target !== null && (target.path === folder.path || target.path.startsWith(`${folder.path}/`)))
        if (inside.length > 0) {
          throw ValidationError.at(['destinationFolderId'], `folders cannot be moved inside themselves or one of its children: ${inside.map(folder => folder.name).join(', ')}`)
        }
        const moving = folders.map(folder => folder.id)
        const taken = new Set<string>()
        const duplicated = new Set<string>()
        for (const folder of folders) {
          if (taken.has(folder.name) || await nameTaken(run, folder.name, target?.id ?? null, moving)) duplicated.add(folder.name)
          taken.add(folder.name)
        }
        if (duplicated.size > 0) throw ValidationError.at(['folderIds'], `some folders already exists: ${[...duplicated].join(', ')}`)
        for (const folder of folders) await relocate(run, folder, target)
        const files = await run(sql`update ${raw(`${n.files} x set ${n.fileFolder}`)} = ${target?.id ?? null}::int, ${raw(n.fileFolderPath)} = ${target?.path ?? ROOT_FOLDER_PATH}, ${raw(`${n.fileUpdatedAt} = now() where x.${n.fileId}`)} = any(${move.fileIds}::int[]) returning ${raw(`x.${n.fileId}`)} as id`)
        const movedFiles = move.fileIds.filter(id => files.some(row => Number(row.id) === id))
        return { files: await text(run, filesJson(movedFiles)), folders: await text(run, foldersJson(moving)) }
      })
    },
    async remove (selection, filesJson) {
      return await inLock(async run => {
        const folders = await folderRows(run, selection.folderIds, true)
        const paths = folders.map(folder => folder.path)
        const under = paths.length === 0 ? [] : await run(sql`select ${raw(`x.${n.fileId}`)} as id from ${raw(`${n.files} x`)} where ${underPaths(`x.${n.fileFolderPath}`, paths)} for update`)
        const named = await run(sql`select ${raw(`x.${n.fileId}`)} as id from ${raw(`${n.files} x where x.${n.fileId}`)} = any(${selection.fileIds}::int[]) for update`)
        const namedIds = selection.fileIds.filter(id => named.some(row => Number(row.id) === id))
        const allIds = [...new Set([...namedIds, ...under.map(row => Number(row.id))])]
        const answer = {
          files: await text(run, filesJson(namedIds)),
          folders: await text(run, foldersJson(folders.map(folder => folder.id))),
          stored: await text(run, filesJson(allIds))
        }
        if (allIds.length > 0) await run(sql`delete from ${raw(`${n.files} where ${n.fileId}`)} = any(${allIds}::int[])`)
        if (paths.length > 0) await run(sql`delete from ${raw(`${n.folders} f`)} where ${underPaths(`f.${n.path}`, paths)}`)
        return answer
      })
    }
  }
}
