/**
 * The row write of a file whose content is replaced, in ONE transaction: the row locked and
 * its old objects read, every media attribute that links it checked against the new type,
 * then the row updated. Media attributes whose `allowedTypes` accept the new kind cost no
 * statement: only those that would refuse it are asked whether they link the file.
 */
import type { Registry } from '../content-types/registry.js'
import { ValidationError } from '../errors.js'
import type { Database } from '../repository/connection/database.js'
import { IssueList } from '../write-plan/issues.js'
import { WriteSession } from '../repository/write/session.js'
import { columnAssignments } from '../repository/write/data-statement.js'
import { raw, sql } from '../sql/index.js'
import type { MediaAttribute } from '../content-types/model.js'
import { mediaKindOf } from './mime.js'
import type { StoredFile } from './storage.js'
import { storedObjects } from './store-file.js'
import type { FileRow } from './file-store.js'

/** The columns a replace writes: the content's, and the texts the client gave. */
export type ReplacedColumns = Omit<FileRow, 'alternativeText' | 'caption'> & { alternativeText?: string | null, caption?: string | null }

/** Answers the stored objects the row pointed to before, or null when the file does not exist. */
export async function replaceFileRow (db: Database, registry: Registry, id: number, columns: ReplacedColumns): Promise<StoredFile[] | null> {
  return await db.transaction(async tx => {
    const session = new WriteSession({ tx, db, registry, issues: new IssueList() })
    const entity = registry.file.entity
    const col = (property: string): string => session.column(entity, property)
    const [old] = await session.select(sql`select ${raw(`${col('hash')} as hash, ${col('ext')} as ext, ${col('formats')} as formats from ${session.table(entity)} where ${col('id')}`)} = ${id} for update`)
    if (old === undefined) return null
    await refuseDisallowedLinks(session, registry, id, columns)
    const { table, idColumn, columns: names, values } = session.rowValues(entity, { ...columns, updatedAt: new Date() }, { creating: false })
    await session.select(sql`update ${raw(table)} set ${columnAssignments(names, values)} where ${raw(idColumn)} = ${id}`)
    return storedObjects(old as Parameters<typeof storedObjects>[0])
  })
}

/** A 400 when an attribute that links the file does not accept its new kind. */
async function refuseDisallowedLinks (session: WriteSession, registry: Registry, id: number, file: { mime: string, name: string }): Promise<void> {
  const kind = mediaKindOf(file.mime)
  for (const { owner, attribute } of mediaAttributes(registry)) {
    if (attribute.allowedTypes === null || attribute.allowedTypes.includes(kind)) continue
    const { entity, other } = attribute.link
    const linked = await session.select(sql`select 1 as linked from ${raw(`${session.table(entity)} where ${session.column(entity, other)}`)} = ${id} limit 1`)
    if (linked.length > 0) {
      throw ValidationError.at(['files', 0], `${owner}.${attribute.name} links this file and accepts only ${attribute.allowedTypes.join(', ')}; "${file.name}" is ${file.mime} (${kind})`)
    }
  }
}

function* mediaAttributes (registry: Registry): Generator<{ owner: string, attribute: MediaAttribute }> {
  for (const model of [...registry.contentTypes.values(), ...registry.components.values()]) {
    for (const attribute of model.attributes.values()) {
      if (attribute.kind === 'media') yield { owner: model.uid, attribute }
    }
  }
}
