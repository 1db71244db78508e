/**
 * Writes one component, repeatable component or dynamic zone of a row. The sent list
 * replaces the current one: items with an id must be current rows of this owner and
 * attribute (they are updated in place), items without one are created, current rows not
 * in the list are deleted with everything nested in them, and `ord` follows the list (one
 * sequence across a zone's link tables).
 */
import type { LinkSide } from '../../content-types/model.js'
import type { ComponentListWrite, RowPlan } from '../../write-plan/plan.js'
import type { CheckContext, CurrentItem } from './facts.js'
import type { RowId } from './sql.js'

export interface PreparedComponentList {
  apply: (owner: RowId) => void
}

/** How the component writer reaches back to the row writer for each item (rows nest). */
export interface RowWriter<Prepared> {
  prepare: (row: RowPlan) => Prepared
  materialize: (prepared: Prepared) => RowId
}

export function prepareComponentList<Prepared> (
  { session, facts }: CheckContext, write: ComponentListWrite, rows: RowWriter<Prepared>
): PreparedComponentList | null {
  const sides = linkSides(write)
  const current = facts.currentItems(write)
  const byKey = new Map(current.map(candidate => [itemKey(candidate.component, candidate.id), candidate]))
  const find = (item: RowPlan): CurrentItem | undefined => item.id === null ? undefined : byKey.get(itemKey(item.model.uid, item.id))
  const strangers = write.items.filter(item => item.id !== null && find(item) === undefined)
  for (const item of strangers) {
    session.issues.add([...item.path, 'id'], `is not a ${item.model.uid} component of this entry's ${write.attribute.name}`)
  }
  if (strangers.length > 0) return null

  const prepared: Prepared[] = []
  for (const item of write.items) prepared.push(rows.prepare(item))
  const keptKeys = new Set(write.items.map(item => item.id === null ? '' : itemKey(item.model.uid, item.id)))
  // A single component's owner has one link: the old one must be gone before a new one goes in.
  const single = write.attribute.kind === 'component' && !write.attribute.repeatable
  const replaced = single && write.items.some(item => item.id === null)
  for (const gone of current.filter(candidate => !keptKeys.has(itemKey(candidate.component, candidate.id)))) {
    session.deletes.rows(gone.component, [gone.id], { beforeInserts: replaced })
  }
  return {
    apply (owner) {
      write.items.forEach((item, index) => {
        const row = rows.materialize(prepared[index]!)
        const existing = find(item)
        if (existing === undefined) session.linkRows.insert(sides.get(item.model.uid)!, { self: owner, other: row, position: index + 1, otherPosition: 1 })
        else if (existing.ord !== index + 1) session.linkRows.renumber(sides.get(existing.component)!, existing.linkId, index + 1)
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
