/**
 * Uniqueness inside the write transaction: a SELECT per unique value sent (the database's
 * unique index still has the last word, see write-errors), and the numeric suffix that makes
 * a generated uid unique.
 */
import type { ColumnValue, RowPlan, UidToGenerate } from '../transform/input-plan.js'
import type { WriteSession } from './write-session.js'

export const UNIQUE_MESSAGE = 'This attribute must be unique'

/** Values this write already gives to unique columns, so two rows of one body cannot share one. */
export class ClaimedValues {
  readonly #claimed = new Set<string>()

  /** False when the value was already claimed by another row of this write. */
  claim (entity: string, attribute: string, value: ColumnValue): boolean {
    const key = JSON.stringify([entity, attribute, value instanceof Date ? value.getTime() : value])
    if (this.#claimed.has(key)) return false
    this.#claimed.add(key)
    return true
  }
}

export async function checkUniqueValues (session: WriteSession, row: RowPlan, claimed: ClaimedValues): Promise<void> {
  const entity = row.model.entity
  for (const { attribute, value, path } of row.scalars) {
    // JSON columns are left to the index: an object in a filter means a JSON path query.
    if (!attribute.unique || value === null || attribute.type === 'json' || attribute.type === 'array') continue
    const others = row.id === null ? {} : { id: { $ne: row.id } }
    const clash = !claimed.claim(entity, attribute.name, value) ||
      await session.em.count(session.entityClass(entity), { [attribute.name]: value, ...others }) > 0
    if (clash) session.issues.addVerbatim(path, UNIQUE_MESSAGE)
  }
}

/** `base`, or `base-1`, `base-2` … : the first one no row (nor this write) uses yet. */
export async function generateUid (session: WriteSession, row: RowPlan, uid: UidToGenerate, claimed: ClaimedValues): Promise<string> {
  const entity = row.model.entity
  const column = session.column(entity, uid.attribute.name)
  // The slug holds only [a-z0-9-], so it needs no escaping inside LIKE.
  const rows = await session.select(
    `select ${column} as value from ${session.table(entity)} where ${column} = ? or ${column} like ?`,
    [uid.base, `${uid.base}-%`])
  const taken = new Set(rows.map(found => String(found.value)))
  for (let suffix = 0; ; suffix++) {
    const candidate = suffix === 0 ? uid.base : `${uid.base}-${suffix}`
    if (!taken.has(candidate) && claimed.claim(entity, uid.attribute.name, candidate)) return candidate
  }
}
