/**
 * A RowPlan (the entry or a component row) in two steps. `prepare` runs every check the row
 * needs (uniqueness, uids, current links, related ids) against the write's facts,
 * recursively, reporting problems to the session and writing nothing. `materialize` then
 * adds the rows to the write's data statement (an insert for a new row, an update of the
 * sent values for an existing one) and queues their links, so one statement sends them all.
 */
import type { RowPlan } from '../../write-plan/plan.js'
import { prepareComponentList, type PreparedComponentList, type RowWriter } from './components.js'
import type { CheckContext, WriteFacts } from './facts.js'
import { prepareLinks, type PreparedLinks } from './links.js'
import type { WriteSession } from './session.js'
import type { RowId } from './sql.js'
import { ClaimedValues, checkUniqueValues, generateUid, type UniqueScope } from './unique.js'

export interface PreparedRow {
  plan: RowPlan
  /** Column values by property name, generated uids included. */
  values: Record<string, unknown>
  links: PreparedLinks[]
  lists: PreparedComponentList[]
}

export class RowWrites implements RowWriter<PreparedRow> {
  readonly #session: WriteSession
  readonly #facts: WriteFacts
  readonly #check: CheckContext
  readonly #unique: UniqueScope

  constructor (session: WriteSession, facts: WriteFacts) {
    this.#session = session
    this.#facts = facts
    this.#check = { session, facts }
    this.#unique = { facts, claimed: new ClaimedValues() }
  }

  prepare (plan: RowPlan): PreparedRow {
    const facts = this.#facts
    const values: Record<string, unknown> = Object.fromEntries(plan.scalars.map(write => [write.attribute.name, write.value]))
    checkUniqueValues(this.#session, plan, this.#unique)
    for (const uid of plan.uids) values[uid.attribute.name] = facts.chosenUid?.(uid) ?? generateUid(plan, uid, this.#unique)
    const links: PreparedLinks[] = []
    for (const write of plan.links) {
      const prepared = prepareLinks(this.#check, plan, write)
      if (prepared !== null) links.push(prepared)
    }
    const lists: PreparedComponentList[] = []
    for (const write of plan.lists) {
      const prepared = prepareComponentList(this.#check, write, this)
      if (prepared !== null) lists.push(prepared)
    }
    return { plan, values, links, lists }
  }

  /** `extra`: values the system sets on the row itself (timestamps, creator fields). */
  /** Answers the row's id (a new row's: drawn by the facts read). */
  materialize (prepared: PreparedRow, extra: Record<string, unknown> = {}): RowId {
    const session = this.#session
    const { plan } = prepared
    const values = { ...prepared.values, ...extra }
    let row: RowId
    if (plan.id === null) {
      row = this.#facts.newId(plan)
      session.data.insert(session.rowValues(plan.model.entity, values, { creating: true }), row)
    } else {
      row = plan.id
      session.data.update(session.rowValues(plan.model.entity, values, { creating: false }), row)
    }
    for (const links of prepared.links) links.apply(row)
    for (const list of prepared.lists) list.apply(row)
    return row
  }
}
