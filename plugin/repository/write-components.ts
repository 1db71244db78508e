/**
 * Writes one component, repeatable component or dynamic zone of a row. The sent list
 * replaces the current one: items with an id must be current rows of this owner and
 * attribute (they are updated in place), items without one are created, current rows not
 * in the list are deleted with everything nested in them, and `ord` follows the list (one
 * sequence across a zone's link tables).
 */
import type { LinkSide } from '../content-types/model.js'
import type { ComponentListWrite, RowPlan } from '../transform/input-plan.js'
import type { Entity, WriteSession } from './write-session.js'

export interface PreparedComponentList {
  apply: (owner: Entity) => void
}

/** How the component writer reaches back to the row writer for each item (rows nest). */
export interface RowWriter<Prepared> {
  prepare: (row: RowPlan) => Promise<Prepared>
  materialize: (prepared: Prepared) => Entity
}

interface CurrentItem {
  component: string
  /** The component row. */
  id: number
  linkId: number
  ord: number
}

export async function prepareComponentList<Prepared> (
  session: WriteSession,
  owner: RowPlan,
  write: ComponentListWrite,
  rows: RowWriter<Prepared>
): Promise<PreparedComponentList | null> {
  const sides = linkSides(write)
  const current = owner.id === null ? [] : await currentItems(session, sides, owner.id)
  const byKey = new Map(current.map(candidate => [itemKey(candidate.component, candidate.id), candidate]))
  const find = (item: RowPlan): CurrentItem | undefined => item.id === null ? undefined : byKey.get(itemKey(item.model.uid, item.id))
  const strangers = write.items.filter(item => item.id !== null && find(item) === undefined)
  for (const item of strangers) {
    session.issues.add([...item.path, 'id'], `is not a ${item.model.uid} component of this entry's ${write.attribute.name}`)
  }
  if (strangers.length > 0) return null

  const prepared: Prepared[] = []
  for (const item of write.items) prepared.push(await rows.prepare(item))
  const keptKeys = new Set(write.items.map(item => item.id === null ? '' : itemKey(item.model.uid, item.id)))
  for (const gone of current.filter(candidate => !keptKeys.has(itemKey(candidate.component, candidate.id)))) {
    session.deleteComponent(gone.component, gone.id)
  }
  return {
    apply (ownerEntity) {
      write.items.forEach((item, index) => {
        const entity = rows.materialize(prepared[index]!)
        const existing = find(item)
        if (existing === undefined) {
          const side = sides.get(item.model.uid)!
          session.em.create(session.entityClass(side.entity), { owner: ownerEntity, target: entity, ord: index + 1, invOrd: 1 })
        } else if (existing.ord !== index + 1) {
          session.em.getReference(session.entityClass(sides.get(existing.component)!.entity), existing.linkId).ord = index + 1
        }
      })
    }
  }
}

/** Component rows are told apart by table and id: two tables of a zone reuse ids. */
function itemKey (component: string, id: number): string {
  return `${component}#${id}`
}

/** Component uid → its link side (one for a component, one per allowed component for a zone). */
function linkSides ({ attribute }: ComponentListWrite): Map<string, LinkSide> {
  return attribute.kind === 'component'
    ? new Map([[attribute.component, attribute.link]])
    : new Map(Object.entries(attribute.links))
}

/** One statement across all link tables of the attribute (a zone has one per component). */
async function currentItems (session: WriteSession, sides: ReadonlyMap<string, LinkSide>, ownerId: number): Promise<CurrentItem[]> {
  const components = [...sides.keys()]
  const sql = components.map((component, index) => {
    const entity = sides.get(component)!.entity
    const column = (property: string): string => session.column(entity, property)
    return `select ${index} as branch, ${column('id')} as id, ${column('target')} as target, ${column('ord')} as ord ` +
      `from ${session.table(entity)} where ${column('owner')} = ?`
  }).join(' union all ')
  const rows = await session.select(sql, components.map(() => ownerId))
  return rows.map(row => ({
    component: components[Number(row.branch)]!,
    id: Number(row.target),
    linkId: Number(row.id),
    ord: Number(row.ord)
  }))
}
