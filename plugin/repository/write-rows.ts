/**
 * A RowPlan (the entry or a component row) in two steps. `prepareRow` does every read the
 * row needs (uniqueness, uids, current links, related ids), recursively, reporting problems
 * to the session and writing nothing. `materializeRow` then hands the rows and links to the
 * unit of work (create, or assign onto a reference for an existing row), so one flush sends
 * them in batches.
 */
import type { RowPlan } from '../transform/input-plan.js'
import { prepareComponentList, type PreparedComponentList, type RowWriter } from './write-components.js'
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
  readonly #claimed = new ClaimedValues()

  constructor (session: WriteSession) {
    this.#session = session
  }

  async prepare (plan: RowPlan): Promise<PreparedRow> {
    const session = this.#session
    const values: Record<string, unknown> = Object.fromEntries(plan.scalars.map(write => [write.attribute.name, write.value]))
    await checkUniqueValues(session, plan, this.#claimed)
    for (const uid of plan.uids) values[uid.attribute.name] = await generateUid(session, plan, uid, this.#claimed)
    const links: PreparedLinks[] = []
    for (const write of plan.links) {
      const prepared = await prepareLinks(session, plan, write)
      if (prepared !== null) links.push(prepared)
    }
    const lists: PreparedComponentList[] = []
    for (const write of plan.lists) {
      const prepared = await prepareComponentList(session, plan, write, this)
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
