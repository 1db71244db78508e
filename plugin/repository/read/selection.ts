/**
 * A Selection (fields + populate) of one row → the JSON pairs of its answer: scalars
 * rendered by type, populated relations/media/components/zones by a `Populator`: correlated
 * subqueries by default, a page's set-wise reads from ./page-populate.ts.
 * Private and password attributes are skipped here whatever the tree says.
 */
import { isToMany } from '../../content-types/model.js'
import { SCALAR_TYPE_INFO } from '../../content-types/attributes.js'
import type {
  ComponentAttribute, DynamicZoneAttribute, MediaAttribute, Model, RelationAttribute
} from '../../content-types/model.js'
import { populatedAttribute } from '../../query/tree.js'
import type { ComponentPopulate, DynamicZonePopulate, ItemWindow, RelationPopulate, Selection, ZoneComponentSelection } from '../../query/tree.js'
import { EMPTY_SQL, join, raw, sql, type Sql } from '../../sql/index.js'
import {
  EMPTY_JSON_ARRAY, availableLocaleObject, componentObject, entryMeta, zoneItemObject
} from './entry-shape.js'
import type { JsonPair } from './entry-shape.js'
import { compileFilter } from './filters.js'
import { linkedRows, whereClause } from './linked-rows.js'
import type { LinkedRows, RowRef } from './linked-rows.js'
import type { StatementScope } from './scope.js'
import { orderBy } from './sort.js'

/** How a populated attribute's value is read: each kind's SQL expression, given the row it belongs to. */
export interface Populator {
  relation: (row: RowRef, attribute: RelationAttribute | MediaAttribute, populate: RelationPopulate) => Sql
  component: (row: RowRef, attribute: ComponentAttribute, populate: ComponentPopulate) => Sql
  zone: (row: RowRef, attribute: DynamicZoneAttribute, populate: DynamicZonePopulate) => Sql
}

const NULL_JSON = raw('null::json')

/** One correlated subquery per row and populated attribute: one entry's populates, and a page's leaf ones. */
export function correlated (scope: StatementScope): Populator {
  return {
    relation: (row, attribute, populate) => relationJson(scope, row, attribute, populate),
    component: (row, attribute, populate) => componentJson(scope, row, attribute, populate),
    zone: (row, attribute, populate) => zoneJson(scope, row, attribute, populate)
  }
}

export function selectionPairs (scope: StatementScope, row: RowRef, selection: Selection, populator = correlated(scope)): JsonPair[] {
  const pairs: JsonPair[] = []
  for (const name of selection.fields) {
    const attribute = row.model.attributes.get(name)
    if (attribute?.kind !== 'scalar' || attribute.private || name === 'id') continue
    if (scope.draftVersion(row.model, name)) {
      pairs.push([name, NULL_JSON])
      continue
    }
    pairs.push([name, raw(SCALAR_TYPE_INFO[attribute.type].toJson(scope.column(row.model, row.alias, name)))])
  }
  for (const [name, populate] of Object.entries(selection.populate)) {
    const attribute = row.model.attributes.get(populatedAttribute(name, populate))
    if (attribute === undefined || attribute.private) continue
    if ((attribute.kind === 'relation' || attribute.kind === 'media') && populate.kind === 'relation') {
      pairs.push([name, populator.relation(row, attribute, populate)])
    } else if (attribute.kind === 'component' && populate.kind === 'component') {
      pairs.push([name, populator.component(row, attribute, populate)])
    } else if (attribute.kind === 'dynamiczone' && populate.kind === 'dynamiczone') {
      pairs.push([name, populator.zone(row, attribute, populate)])
    }
  }
  return pairs
}

/** `top`: a top-level entry, with its `meta` (and in it the available locales, unless told not to); null when populated. */
export function entryJson (
  scope: StatementScope, row: RowRef, selection: Selection, top: { availableLocales: boolean } | null,
  options: { extra?: JsonPair[], populator?: Populator } = {}
): Sql {
  const meta = top === null ? null : entryMeta(top.availableLocales ? availableLocalesJson(scope, row) : null)
  const pairs = [...selectionPairs(scope, row, selection, options.populator), ...(options.extra ?? [])]
  return scope.shape.entry(scope.column(row.model, row.alias, 'id'), pairs, meta)
}

/** The entry's other localizations, by locale, drafts hidden as in any relation; null on other types. */
function availableLocalesJson (scope: StatementScope, row: RowRef): Sql | null {
  const { model } = row
  const localizations = model.attributes.get('localizations')
  if (model.kind !== 'contentType' || !model.localized || localizations?.kind !== 'relation') return null
  const linked = linkedRows(scope, localizations.link, row, model)
  const column = (name: string): string => scope.column(model, linked.alias, name)
  const item = availableLocaleObject(column('id'), column('locale'), model.draftAndPublish ? SCALAR_TYPE_INFO.datetime.toJson(column('publishedAt')) : null)
  return aggregate(sql`select ${item} as j ${raw(linked.from)}${whereClause(linked.where)} order by ${raw(column('locale'))}`)
}

function relationJson (scope: StatementScope, parent: RowRef, attribute: RelationAttribute | MediaAttribute, populate: RelationPopulate): Sql {
  const target = scope.registry.model(attribute.target)
  const linked = linkedRows(scope, attribute.link, parent, target, populate.publicationState)
  const conditions = populate.filters === null ? linked.where : [...linked.where, compileFilter(scope, linked, populate.filters)]
  const toMany = isToMany(attribute)
  if (populate.count) {
    return scope.shape.count(sql`(select count(*) ${raw(linked.from)}${whereClause(conditions)})`)
  }
  const entry = entryJson(scope, linked, populate, null)
  if (!toMany) return scope.shape.relation(sql`(select ${entry} ${raw(linked.from)}${whereClause(conditions)}${SINGLE_ROW})`)
  // Links appended without a position share the largest one and keep insertion order (link id).
  const order = raw(orderBy(scope, linked, populate.sort, populate.sort.length === 0 ? [`${linked.order} asc`, `${linked.linkId} asc`] : []))
  return scope.shape.relation(aggregate(sql`select ${entry} as j ${raw(linked.from)}${whereClause(conditions)}${order}${windowClause(populate.window)}`))
}

/** ` limit … offset …` of a window of items, or nothing. */
function windowClause (window: ItemWindow | undefined): Sql {
  return window === undefined ? EMPTY_SQL : sql` limit ${window.limit} offset ${window.start}`
}

/**
 * Ends the read of a to-one value: its link column is unique (LinkSide.self), so there is at
 * most one row and nothing to order.
 * An ORDER BY there cost a sort per row and made PostgreSQL plan a hash join over the whole
 * target table for each (benchmarks/journal/2026-11-25.md, "our heavy populate SQL");
 * `limit 1` keeps the plan fast-start (it stops at the row instead of looking for a second).
 */
const SINGLE_ROW = raw(' limit 1')

function componentJson (scope: StatementScope, parent: RowRef, attribute: ComponentAttribute, populate: ComponentPopulate): Sql {
  const linked = linkedRows(scope, attribute.link, parent, scope.registry.model(attribute.component))
  const item = componentObject(scope.column(linked.model, linked.alias, 'id'), selectionPairs(scope, linked, populate))
  const conditions = populate.filters === null ? linked.where : [...linked.where, compileFilter(scope, linked, populate.filters)]
  const from = sql`${raw(linked.from)}${whereClause(conditions)}`
  if (!attribute.repeatable) return sql`(select ${item} ${from}${SINGLE_ROW})`
  const sort = populate.sort ?? []
  const order = raw(sort.length === 0 ? ` order by ${linked.order}, ${linked.linkId}` : orderBy(scope, linked, sort, [`${linked.order} asc`, `${linked.linkId} asc`]))
  return aggregate(sql`select ${item} as j ${from}${order}${windowClause(populate.window)}`)
}

function zoneJson (scope: StatementScope, parent: RowRef, attribute: DynamicZoneAttribute, populate: DynamicZonePopulate): Sql {
  const branches: Sql[] = []
  for (const uid of attribute.components) {
    const selection = populate.components[uid]
    if (selection !== undefined) branches.push(zoneBranch(scope, parent, attribute, uid, selection))
  }
  if (branches.length === 0) return EMPTY_JSON_ARRAY
  return sql`(select coalesce(json_agg(z.j order by z.o, z.k), ${EMPTY_JSON_ARRAY}) from (${join(branches, ' union all ')}) z)`
}

/** One component's items of a zone as rows of (position `o`, tie-break `k`, JSON `j`). */
function zoneBranch (
  scope: StatementScope, parent: RowRef, attribute: DynamicZoneAttribute, uid: string, selection: ZoneComponentSelection
): Sql {
  const component: Model = scope.registry.model(uid)
  const rows = (): { linked: LinkedRows, where: Sql } => {
    const linked = linkedRows(scope, attribute.links[uid]!, parent, component)
    const filters = selection.filters ?? null
    return { linked, where: whereClause(filters === null ? linked.where : [...linked.where, compileFilter(scope, linked, filters)]) }
  }
  const items = rows()
  const item = zoneItemObject(scope.column(component, items.linked.alias, 'id'), uid, selectionPairs(scope, items.linked, selection))
  const sort = selection.sort ?? []
  if (sort.length === 0) {
    return sql`select ${raw(`${items.linked.order} as o, ${items.linked.linkId} as k`)}, ${item} as j ${raw(items.linked.from)}${items.where}`
  }
  // Sorted items take, in their new order, the positions this component's items hold.
  const slots = rows()
  const sortedOrder = raw(orderBy(scope, items.linked, sort, [`${items.linked.order} asc`]).trim())
  const sorted = sql`select ${item} as j, row_number() over (${sortedOrder}) as n ${raw(items.linked.from)}${items.where}`
  const slotColumns = raw(`${slots.linked.order} as o, ${slots.linked.linkId} as k, row_number() over (order by ${slots.linked.order}, ${slots.linked.linkId}) as n ${slots.linked.from}`)
  const positions = sql`select ${slotColumns}${slots.where}`
  return sql`select p.o, p.k, s.j from (${sorted}) s join (${positions}) p on p.n = s.n`
}

/** An ordered subquery of `j` values → a JSON array ('[]' when empty). */
export function aggregate (orderedRows: Sql): Sql {
  return sql`(select coalesce(json_agg(x.j), ${EMPTY_JSON_ARRAY}) from (${orderedRows}) x)`
}
