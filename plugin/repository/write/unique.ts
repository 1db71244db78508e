/**
 * Uniqueness inside the write transaction, from the values the write's fact statement found
 * taken (the database's unique index still has the last word, see write/errors), and the
 * numeric suffix that makes a generated uid unique.
 */
import type { ColumnValue, RowPlan, UidToGenerate } from '../../write-plan/plan.js'
import { needsUniqueCheck } from './facts.js'
import type { WriteFacts } from './facts.js'
import type { WriteSession } from './session.js'

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

/** What uniqueness is judged against: the values the facts read found taken, and those this write's rows claimed. */
export interface UniqueScope {
  facts: WriteFacts
  claimed: ClaimedValues
}

export function checkUniqueValues (session: WriteSession, row: RowPlan, { facts, claimed }: UniqueScope): void {
  for (const write of row.scalars) {
    if (!needsUniqueCheck(write)) continue
    const clash = !claimed.claim(row.model.entity, write.attribute.name, write.value) || facts.isTaken(write)
    if (clash) session.issues.addVerbatim(write.path, UNIQUE_MESSAGE)
  }
}

/** `base`, or `base-1`, `base-2` … : the first one no row (nor this write) uses yet. */
export function generateUid (row: RowPlan, uid: UidToGenerate, { facts, claimed }: UniqueScope): string {
  const entity = row.model.entity
  const taken = facts.takenUids(uid)
  for (let suffix = 0; ; suffix++) {
    const candidate = suffix === 0 ? uid.base : `${uid.base}-${suffix}`
    if (!taken.has(candidate) && claimed.claim(entity, uid.attribute.name, candidate)) return candidate
  }
}
