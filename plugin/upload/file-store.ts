/**
 * Writes of file entries through the EntityManager, each in ONE transaction: new files
 * with their attachment to an entry, a change of file info, a deletion (whose links to
 * entries go with it: every media link table cascades on `target_id`).
 */
import { LockMode } from '@mikro-orm/core'
import type { EntityClass, EntityManager } from '@mikro-orm/core'
import type { Registry } from '../content-types/registry.js'
import { ValidationError } from '../errors.js'
import type { Database } from '../repository/database.js'
import type { AttachTarget } from './attach-target.js'
import type { FileInfo } from './file-info.js'

type Entity = Record<string, unknown>

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

function entityClass (em: EntityManager, entity: string): EntityClass<Entity> {
  return em.getMetadata().getByClassName<Entity>(entity).class as EntityClass<Entity>
}

/** Inserts the files (and attaches them to `target`); answers their ids in order. */
export async function insertFiles (db: Database, registry: Registry, rows: readonly FileRow[], target: AttachTarget | null): Promise<number[]> {
  return await db.transaction(async em => {
    const fileClass = entityClass(em, registry.file.entity)
    if (target !== null) await lockEntry(em, target)
    const now = new Date()
    const files = rows.map(row => em.create(fileClass, { ...row, createdAt: now, updatedAt: now }))
    await em.flush()
    const ids = files.map(file => Number(file.id))
    if (target !== null) await attach(em, registry, target, ids)
    return ids
  })
}

async function lockEntry (em: EntityManager, target: AttachTarget): Promise<void> {
  const found = await em.findOne(entityClass(em, target.model.entity), { id: target.id }, {
    fields: ['id'] as never[], lockMode: LockMode.PESSIMISTIC_WRITE
  })
  if (found === null) throw ValidationError.at(['refId'], `${target.model.uid} has no entry ${target.id}`)
}

/** A multiple media attribute gets the files appended; a single one has its file replaced. */
async function attach (em: EntityManager, registry: Registry, target: AttachTarget, fileIds: readonly number[]): Promise<void> {
  const side = target.attribute.link
  const linkClass = entityClass(em, side.entity)
  const otherOrder = side.order === 'ord' ? 'invOrd' : 'ord'
  let next = 1
  if (target.attribute.multiple) {
    const [last] = await em.find(linkClass, { [side.self]: target.id }, { orderBy: { [side.order]: 'desc' }, limit: 1 })
    next = Number(last?.[side.order] ?? 0) + 1
  } else {
    await em.nativeDelete(linkClass, { [side.self]: target.id })
  }
  const owner = em.getReference(entityClass(em, target.model.entity), target.id)
  const fileClass = entityClass(em, registry.file.entity)
  for (const id of fileIds) {
    em.create(linkClass, { [side.self]: owner, [side.other]: em.getReference(fileClass, id), [side.order]: next, [otherOrder]: 1 })
    next += 1
  }
  await em.flush()
}

/** Answers false when the file does not exist. */
export async function updateFileInfo (db: Database, registry: Registry, id: number, info: FileInfo): Promise<boolean> {
  return await db.transaction(async em => {
    const changed = await em.nativeUpdate(entityClass(em, registry.file.entity), { id }, { ...info, updatedAt: new Date() })
    return changed > 0
  })
}

/** Answers false when the file does not exist. */
export async function deleteFileRow (db: Database, registry: Registry, id: number): Promise<boolean> {
  return await db.transaction(async em => await em.nativeDelete(entityClass(em, registry.file.entity), { id }) > 0)
}
