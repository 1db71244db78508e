/**
 * A RowPlan (the entry or a component row) in two steps. `prepare` runs every check the row
 * needs (uniqueness, uids, current links, related ids) against the write's facts,
 * recursively, reporting problems to the session and writing nothing. `materialize` then
 * hands the rows to the unit of work (create, or assign onto a reference for an existing
 * row) and queues their links, so one flush sends them in batches.
 */
import type { RowPlan } from '../transform/input-plan.js'
import { prepareComponentList, type PreparedComponentList, type RowWriter } from './write-components.js'
import type { WriteFacts } from './write-facts.js'
import { prepareLinks, type PreparedLinks } from './write-links.js'
import type { Entity, WriteSession } from './write-session.js'
import { ClaimedValues, checkUniqueValues, generateUid } from './write-unique.js'

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
  readonly #claimed = new ClaimedValues()

  constructor (session: WriteSession, facts: WriteFacts) {
    this.#session = session
    this.#facts = facts
  }

  prepare (plan: RowPlan): PreparedRow {
    const session = this.#session
    const facts = this.#facts
    const values: Record<string, unknown> = Object.fromEntries(plan.scalars.map(write => [write.attribute.name, write.value]))
    checkUniqueValues(session, facts, plan, this.#claimed)
    for (const uid of plan.uids) values[uid.attribute.name] = generateUid(facts, plan, uid, this.#claimed)
    const links: PreparedLinks[] = []
    for (const write of plan.links) {
      const prepared = prepareLinks(session, facts, plan, write)
      if (prepared !== null) links.push(prepared)
    }
    const lists: PreparedComponentList[] = []
    for (const write of plan.lists) {
      const prepared = prepareComponentList(session, facts, write, this)
      if (prepared !== null) lists.push(prepared)
    }
    return { plan, values, links, lists }
  }

  /** `extra`: values the system sets on the row itself (timestamps, creator fields). */
  materialize (prepared: PreparedRow, extra: Record<string, unknown> = {}): Entity {
    const { em } = this.#session
    const { plan } = prepared
    const entityClass = this.#session.entityClass(plan.model.entity)
    const values = { ...prepared.values, ...extra }
    const entity = plan.id === null
      ? em.create(entityClass, values)
      : em.assign(em.getReference(entityClass, plan.id), values)
    for (const links of prepared.links) links.apply(entity)
    for (const list of prepared.lists) list.apply(entity)
    return entity
  }
}
