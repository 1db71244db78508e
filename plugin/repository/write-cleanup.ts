/**
 * Finds the component rows nested under some rows, at any depth. Deleting a row cascades
 * its link rows (FK), but the component rows those links pointed at would be left behind,
 * so whoever deletes an entry or a component row deletes this tree too.
 */
import type { Model } from '../content-types/model.js'
import type { WriteSession } from './write-session.js'
import { chunks, IDS_PER_STATEMENT, placeholders } from './write-sql.js'

interface Branch {
  component: string
  linkEntity: string
}

/** Component rows under `ids` of `model` (not those rows themselves), by component uid. */
export async function componentTree (session: WriteSession, model: Model, ids: readonly number[]): Promise<Map<string, Set<number>>> {
  const found = new Map<string, Set<number>>()
  let level = new Map<string, number[]>([[model.uid, [...ids]]])
  while (level.size > 0) {
    const next = new Map<string, number[]>()
    for (const [uid, ownerIds] of level) {
      for (const [component, childIds] of await childrenOf(session, session.registry.model(uid), ownerIds)) {
        next.set(component, [...(next.get(component) ?? []), ...childIds])
        const all = found.get(component) ?? new Set<number>()
        for (const id of childIds) all.add(id)
        found.set(component, all)
      }
    }
    level = next
  }
  return found
}

/** One statement for all component and zone link tables of `model` (per few thousand owners). */
async function childrenOf (session: WriteSession, model: Model, ownerIds: readonly number[]): Promise<Map<string, number[]>> {
  const branches = componentBranches(model)
  const children = new Map<string, number[]>()
  if (branches.length === 0) return children
  // Every branch binds the owner ids again.
  for (const slice of chunks(ownerIds, Math.max(1, Math.floor(IDS_PER_STATEMENT / branches.length)))) {
    const sql = branches.map(({ linkEntity }, index) =>
      `select ${index} as branch, ${session.column(linkEntity, 'target')} as id from ${session.table(linkEntity)} ` +
      `where ${session.column(linkEntity, 'owner')} in (${placeholders(slice.length)})`
    ).join(' union all ')
    for (const row of await session.select(sql, branches.flatMap(() => slice))) {
      const { component } = branches[Number(row.branch)]!
      const ids = children.get(component) ?? []
      ids.push(Number(row.id))
      children.set(component, ids)
    }
  }
  return children
}

function componentBranches (model: Model): Branch[] {
  const branches: Branch[] = []
  for (const attribute of model.attributes.values()) {
    if (attribute.kind === 'component') branches.push({ component: attribute.component, linkEntity: attribute.link.entity })
    if (attribute.kind === 'dynamiczone') {
      for (const [component, link] of Object.entries(attribute.links)) branches.push({ component, linkEntity: link.entity })
    }
  }
  return branches
}
