/**
 * The list of linked ids after a relation write, in order, from the current list and the
 * operation: pure, so the ordering rules are testable without a database.
 */
import type { ConnectItem, InputPath, LinkOperation } from '../../write-plan/plan.js'

type EditOperation = Extract<LinkOperation, { kind: 'edit' }>

export type LinkOrder =
  | { ok: true, ids: number[] }
  | { ok: false, path: InputPath, problem: string }

/** What the attribute written holds. */
export interface LinkCardinality {
  /** A list (to-many relation, multiple media), rather than one entry. */
  toMany: boolean
}

export function nextLinkOrder (current: readonly number[], operation: LinkOperation, { toMany }: LinkCardinality): LinkOrder {
  if (operation.kind === 'set') return { ok: true, ids: [...operation.ids] }
  const list = current.filter(id => !operation.disconnect.includes(id))
  if (!toMany) return { ok: true, ids: operation.connect.length > 0 ? [operation.connect[0]!.id] : list }
  return connectAll(list, operation)
}

/**
 * The ids `nextLinkOrder` may add to the list: those the existence check must cover. A
 * to-one attribute links only the first item connected.
 */
export function connectableIds (operation: LinkOperation, { toMany }: LinkCardinality): number[] {
  if (operation.kind === 'set') return [...operation.ids]
  const ids = operation.connect.map(item => item.id)
  return toMany ? ids : ids.slice(0, 1)
}

/**
 * Connects items in the given order, except that an item placed relative to another item
 * of the same request waits until that one is connected (as Strapi sorts them).
 */
function connectAll (list: number[], { connect, strict }: Pick<EditOperation, 'connect' | 'strict'>): LinkOrder {
  let pending = [...connect]
  while (pending.length > 0) {
    const waiting: ConnectItem[] = []
    for (const item of pending) {
      const anchor = anchorOf(item)
      const anchorComesLater = anchor !== null && !list.includes(anchor) &&
        pending.some(other => other !== item && other.id === anchor && !list.includes(other.id))
      if (anchorComesLater) waiting.push(item)
      else {
        const problem = connectOne(list, item, { strict })
        if (problem !== null) return { ok: false, path: [...item.path, 'position'], problem }
      }
    }
    if (waiting.length === pending.length) {
      return { ok: false, path: [...waiting[0]!.path, 'position'], problem: 'refers to entries that are placed relative to each other in a cycle' }
    }
    pending = waiting
  }
  return { ok: true, ids: list }
}

function anchorOf ({ position }: ConnectItem): number | null {
  if (position === null) return null
  if ('before' in position) return position.before
  if ('after' in position) return position.after
  return null
}

/**
 * Inserts (or moves) one item in `list`. As in Strapi, connecting an already linked entry
 * moves it to its position, the end when none is given (`connect: [3, 2, 1]` on `[1, 2, 3]`
 * gives `[3, 2, 1]`). An anchor that is not linked is a problem, or, when not `strict`,
 * the item is appended.
 */
function connectOne (list: number[], item: ConnectItem, { strict }: Pick<EditOperation, 'strict'>): string | null {
  const { id, position } = item
  const existing = list.indexOf(id)
  if (existing !== -1) list.splice(existing, 1)
  const anchor = anchorOf(item)
  let index = position !== null && 'start' in position ? 0 : list.length
  if (anchor !== null) {
    const anchorIndex = list.indexOf(anchor)
    if (anchorIndex === -1 && strict) return `refers to ${anchor}, which is not linked`
    if (anchorIndex !== -1) index = position !== null && 'before' in position ? anchorIndex : anchorIndex + 1
  }
  list.splice(index, 0, id)
  return null
}
