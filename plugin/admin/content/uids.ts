/**
 * The content manager's uid helpers (`POST /content-manager/uid/generate` and
 * `check-availability`): a slug from the target field, made unique among the stored entries
 * with `-1`, `-2`… as the write path makes them, each read in ONE statement.
 */
import type { ContentTypeModel, ScalarAttribute } from '../../content-types/model.js'
import type { Registry } from '../../content-types/registry.js'
import { ValidationError } from '../../errors.js'
import { isRecord } from '../../is-record.js'
import type { Database } from '../../repository/connection/database.js'
import { raw, runSql, sql } from '../../sql/index.js'
import { slugify } from '../../write-plan/input-uid.js'

export interface UidField {
  model: ContentTypeModel
  attribute: ScalarAttribute
}

/** `{ contentTypeUID, field }` of a body: a content type and one of its uid attributes, else a 400. */
export function uidField (registry: Registry, body: unknown): UidField {
  const { contentTypeUID, field } = isRecord(body) ? body : {}
  const model = typeof contentTypeUID === 'string' ? registry.contentTypes.get(contentTypeUID) : undefined
  if (model === undefined) throw ValidationError.at(['contentTypeUID'], 'contentTypeUID must be the uid of a content type')
  const attribute = typeof field === 'string' ? model.attributes.get(field) : undefined
  if (attribute?.kind !== 'scalar' || attribute.type !== 'uid') throw ValidationError.at(['field'], `field must be a uid attribute of ${model.uid}`)
  return { model, attribute }
}

/** The slug of the target field's value in `data` (else of the type's name), the first variant no entry holds. */
export async function generateUid (db: Database, { model, attribute }: UidField, data: unknown): Promise<string> {
  const source = attribute.targetField !== undefined && isRecord(data) ? data[attribute.targetField] : undefined
  const text = typeof source === 'string' && source.trim() !== '' ? source : model.singularName
  const base = slugify(text, undefined, attribute.uidOptions ?? {}) || model.singularName
  return await firstFree(db, { model, attribute }, base)
}

export async function checkAvailability (db: Database, field: UidField, value: unknown): Promise<{ isAvailable: boolean, suggestion: string | null }> {
  if (typeof value !== 'string' || value === '') throw ValidationError.at(['value'], 'value must be a non-empty string')
  const free = await firstFree(db, field, value)
  return free === value ? { isAvailable: true, suggestion: null } : { isAvailable: false, suggestion: free }
}

async function firstFree (db: Database, { model, attribute }: UidField, base: string): Promise<string> {
  const column = raw(db.names.column(model.entity, attribute.name))
  const escaped = base.replace(/[\\%_]/g, character => `\\${character}`)
  const rows = await runSql(db, sql`select ${column} as value from ${raw(db.names.table(model.entity))} where ${column} = ${base} or ${column} like ${`${escaped}-%`}`)
  const taken = new Set(rows.map(row => String(row.value)))
  for (let suffix = 0; ; suffix++) {
    const candidate = suffix === 0 ? base : `${base}-${suffix}`
    if (!taken.has(candidate)) return candidate
  }
}
