/**
 * Sort terms → ORDER BY items. A path through a to-one relation or a single component
 * becomes a scalar subquery. NULLs go last ascending and first descending, and `id`
 * always ends the list so pages are stable (docs/decisions.md, 'Reads').
 */
import { targetUid } from '../../content-types/model.js'
import type { SortTerm } from '../../query/tree.js'
import { linkedRows } from './linked-rows.js'
import type { RowRef } from './linked-rows.js'
import type { StatementScope } from './scope.js'

function sortValue (scope: StatementScope, row: RowRef, path: string[]): string {
  const [name, ...rest] = path
  if (name === undefined) throw new Error('Empty sort path')
  const attribute = row.model.attributes.get(name)
  if (attribute === undefined || attribute.private) throw new Error(`Sort on unknown attribute ${name}`)
  if (attribute.kind === 'scalar') return scope.column(row.model, row.alias, name)
  if (attribute.kind === 'dynamiczone') throw new Error(`Sort through dynamic zone ${name}`)
  const target = scope.registry.model(targetUid(attribute))
  const linked = linkedRows(scope, attribute.link, row, target)
  const value = sortValue(scope, linked, rest.length === 0 ? ['id'] : rest)
  // Link conditions hold no values: the sort stays text. A to-one side has at most one link
  // row per owner (LinkSide.self), so the subquery needs no order, as in selection.ts.
  return `(select ${value} ${linked.from} where ${linked.where.join(' and ')} limit 1)`
}

export function orderBy (scope: StatementScope, row: RowRef, sort: SortTerm[], tieBreaks: string[] = []): string {
  return ` order by ${orderItems(scope, row, sort, tieBreaks).join(', ')}`
}

/** The items of `orderBy` alone, for an ORDER BY that starts with something else. */
export function orderItems (scope: StatementScope, row: RowRef, sort: SortTerm[], tieBreaks: string[] = []): string[] {
  const items = sort.map(term => `${sortValue(scope, row, term.path)} ${term.direction === 'asc' ? 'asc nulls last' : 'desc nulls first'}`)
  items.push(...tieBreaks, `${scope.column(row.model, row.alias, 'id')} asc`)
  return items
}
