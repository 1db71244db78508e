/**
 * Writes one relation or media attribute of a row as link rows (model.ts `LinkSide`): from
 * the current links (write/facts), computes the new ordered list, checks that added ids
 * exist, and schedules the removals. `apply` then queues the new links and renumbers the
 * kept ones (write/link-rows); a to-one link that changes target is rewritten in place.
 *
 * Orders: the side being written gets 1..n in list order. A link created from one side is
 * appended at the end of the other side's list when that side is a list of a two-way
 * relation (APPENDED_POSITION: no read of that list needed); otherwise the other order is 1.
 * When the other side is to-one (a related entry belongs to a single owner), linking an
 * entry first unlinks it from its previous owner.
 */
import { mediaKindOf } from '../../content-types/media-kind.js'
import { isToMany } from '../../content-types/model.js'
import type { MediaAttribute, RelationAttribute } from '../../content-types/model.js'
import type { LinkWrite, RowPlan } from '../../write-plan/plan.js'
import type { CheckContext } from './facts.js'
import { APPENDED_POSITION } from './link-rows.js'
import { nextLinkOrder } from './link-order.js'
import type { RowId } from './sql.js'

export interface PreparedLinks {
  apply: (owner: RowId) => void
}

type LinkAttribute = RelationAttribute | MediaAttribute

export function prepareLinks (check: CheckContext, row: RowPlan, write: LinkWrite): PreparedLinks | null {
  const { session, facts } = check
  const { attribute, path } = write
  const side = attribute.link
  const current = facts.currentLinks(write)
  const currentByOther = new Map(current.map(link => [link.other, link]))
  const order = nextLinkOrder([...currentByOther.keys()], write.operation, { toMany: isToMany(attribute) })
  if (!order.ok) {
    session.issues.add(order.path, order.problem)
    return null
  }
  const ids = order.ids
  if (attribute.required && ids.length === 0) {
    session.issues.add(path, 'must be defined.')
    return null
  }
  const kept = new Set(ids)
  const added = ids.filter(id => !currentByOther.has(id))
  if (!checkAdded(check, write, added)) return null

  const removed = current.filter(link => !kept.has(link.other))
  // A to-one link that changes target is rewritten in place: one statement, not a delete and an insert.
  const retargeted = !isToMany(attribute) && removed.length === 1 && added.length === 1 ? removed[0]! : null
  if (retargeted === null && removed.length > 0) session.deletes.links(side.entity, removed.map(link => link.id))
  if (added.length > 0 && attribute.kind === 'relation' && !attribute.otherToMany) session.deletes.release(side, added, row.id)

  const otherPosition = appendsToOtherList(attribute) ? APPENDED_POSITION : 1
  return {
    apply (owner) {
      ids.forEach((id, index) => {
        const existing = currentByOther.get(id)
        if (existing !== undefined) {
          if (existing.order !== index + 1) session.linkRows.renumber(side, existing.id, index + 1)
        } else if (retargeted !== null) {
          session.linkRows.retarget(side, { linkId: retargeted.id, other: id, position: index + 1, otherPosition })
        } else {
          session.linkRows.insert(side, { self: owner, other: id, position: index + 1, otherPosition })
        }
      })
    }
  }
}

/** A new link joins the end of a list on the other side when that side is a list of a two-way relation. */
export function appendsToOtherList (attribute: LinkAttribute): boolean {
  return attribute.kind === 'relation' && attribute.inverse !== undefined && attribute.otherToMany
}

/** Every id `write` adds exists (media: and is an allowed kind of file); false after reporting. */
function checkAdded ({ session, facts }: CheckContext, { attribute, path }: LinkWrite, added: readonly number[]): boolean {
  const missing = added.filter(id => facts.referenced(attribute.target, id) === undefined)
  if (missing.length > 0) {
    session.issues.add(path, `has ${missing.length} relation(s) of type ${attribute.target} that do not exist (${missing.join(', ')})`)
    return false
  }
  if (attribute.kind === 'media' && attribute.allowedTypes !== null && facts.kindsChecked !== true) {
    const allowed = attribute.allowedTypes
    const refused = added.filter(id => !allowed.includes(mediaKindOf(facts.referenced(attribute.target, id)?.mime ?? '')))
    if (refused.length > 0) {
      session.issues.add(path, `accepts only ${allowed.join(', ')}; file(s) ${refused.join(', ')} are not`)
      return false
    }
  }
  return true
}
