/**
 * The third column: the same QueryTree answered through MikroORM `em.find` instead of one
 * compiled statement. The plugin's runtime entities declare link entities only (no
 * relation properties), so populate hints cannot be used: each populated attribute is one
 * `em.find` of its link rows and one of its targets, assembled in JS, level by level.
 * Filters, sort and count inside populate and top-level filters are not implemented: the
 * scenarios that use them have no em.find column.
 */
import type { EntityManager, FindOptions } from '@mikro-orm/core'
import { QueryOrder } from '@mikro-orm/core'
import type {
  ComponentAttribute, DynamicZoneAttribute, LinkSide, MediaAttribute, Model, RelationAttribute
} from '../../plugin/content-types/model.js'
import type { Registry } from '../../plugin/content-types/registry.js'
import type {
  ComponentPopulate, DynamicZonePopulate, EntryQuery, PublicationState, QueryTree, RelationPopulate, Selection
} from '../../plugin/query/tree.js'
import { listMeta } from '../../plugin/transform/envelope.js'
import { jsonValue } from './values.js'

type Row = Record<string, unknown> & { id: number }
type JsonObject = Record<string, unknown>

export class UnsupportedQuery extends Error {}

export interface FindContext {
  em: EntityManager
  registry: Registry
  publicationState: PublicationState
}

interface Link { owner: number, target: number, order: number, linkId: number }

function visible (context: FindContext, model: Model): JsonObject {
  return context.publicationState === 'live' && model.kind === 'contentType' && model.draftAndPublish ? { publishedAt: { $ne: null } } : {}
}

/** `em.find` by entity name: the runtime EntitySchemas have no classes to type it with. */
async function find (context: FindContext, entity: string, where: JsonObject, options: FindOptions<object> = {}): Promise<Row[]> {
  return await context.em.find(entity as never, where as never, options as never) as unknown as Row[]
}

async function rowsById (context: FindContext, model: Model, ids: number[]): Promise<Row[]> {
  if (ids.length === 0) return []
  return await find(context, model.entity, { id: { $in: [...new Set(ids)] }, ...visible(context, model) })
}

async function linksOf (context: FindContext, side: LinkSide, owners: number[]): Promise<Link[]> {
  if (owners.length === 0) return []
  const rows = await find(context, side.entity, { [side.self]: { $in: owners } })
  const idOf = (reference: unknown): number => (reference as { id: number }).id
  return rows.map(row => ({ owner: idOf(row[side.self]), target: idOf(row[side.other]), order: row[side.order] as number, linkId: row.id as number }))
}

function groupByOwner<T> (items: Array<{ owner: number, value: T }>): Map<number, T[]> {
  const groups = new Map<number, T[]>()
  for (const { owner, value } of items) {
    const group = groups.get(owner) ?? []
    group.push(value)
    groups.set(owner, group)
  }
  return groups
}

async function relationValues (context: FindContext, owners: number[], attribute: RelationAttribute | MediaAttribute, populate: RelationPopulate): Promise<Map<number, unknown>> {
  if (populate.filters !== null || populate.sort.length > 0 || populate.count) throw new UnsupportedQuery('filters, sort and count inside populate')
  const target = context.registry.model(attribute.target)
  const links = (await linksOf(context, attribute.link, owners)).sort((a, b) => a.order - b.order || a.target - b.target)
  const rows = await rowsById(context, target, links.map(link => link.target))
  const attributes = await attributesOf(context, target, rows, populate)
  const entries = groupByOwner(links.filter(link => attributes.has(link.target))
    .map(link => ({ owner: link.owner, value: { id: link.target, attributes: attributes.get(link.target) } })))
  const toMany = attribute.kind === 'relation' ? attribute.toMany : attribute.multiple
  return new Map(owners.map(owner => [owner, { data: toMany ? entries.get(owner) ?? [] : entries.get(owner)?.[0] ?? null }]))
}

async function componentValues (context: FindContext, owners: number[], attribute: ComponentAttribute, populate: ComponentPopulate): Promise<Map<number, unknown>> {
  const component = context.registry.model(attribute.component)
  const links = (await linksOf(context, attribute.link, owners)).sort((a, b) => a.order - b.order || a.linkId - b.linkId)
  const attributes = await attributesOf(context, component, await rowsById(context, component, links.map(link => link.target)), populate)
  const items = groupByOwner(links.map(link => ({ owner: link.owner, value: { id: link.target, ...attributes.get(link.target) } })))
  return new Map(owners.map(owner => [owner, attribute.repeatable ? items.get(owner) ?? [] : items.get(owner)?.[0] ?? null]))
}

async function zoneValues (context: FindContext, owners: number[], attribute: DynamicZoneAttribute, populate: DynamicZonePopulate): Promise<Map<number, unknown>> {
  const items: Array<{ owner: number, value: { order: number, linkId: number, item: JsonObject } }> = []
  for (const uid of attribute.components) {
    const selection = populate.components[uid]
    const side = attribute.links[uid]
    if (selection === undefined || side === undefined) continue
    const component = context.registry.model(uid)
    const links = await linksOf(context, side, owners)
    const attributes = await attributesOf(context, component, await rowsById(context, component, links.map(link => link.target)), selection)
    for (const link of links) {
      items.push({ owner: link.owner, value: { order: link.order, linkId: link.linkId, item: { id: link.target, __component: uid, ...attributes.get(link.target) } } })
    }
  }
  const grouped = groupByOwner(items)
  return new Map(owners.map(owner => [owner, (grouped.get(owner) ?? [])
    .sort((a, b) => a.order - b.order || a.linkId - b.linkId).map(entry => entry.item)]))
}

/** The `attributes` of every row: its selected scalars, then each populated attribute. */
async function attributesOf (context: FindContext, model: Model, rows: Row[], selection: Selection): Promise<Map<number, JsonObject>> {
  const result = new Map<number, JsonObject>()
  for (const row of rows) {
    const scalars: JsonObject = {}
    for (const name of selection.fields) {
      const attribute = model.attributes.get(name)
      if (attribute?.kind === 'scalar' && !attribute.private) scalars[name] = jsonValue(attribute, row[name])
    }
    result.set(row.id, scalars)
  }
  const owners = rows.map(row => row.id)
  for (const [name, populate] of Object.entries(selection.populate)) {
    const attribute = model.attributes.get(name)
    let values: Map<number, unknown>
    if ((attribute?.kind === 'relation' || attribute?.kind === 'media') && populate.kind === 'relation') {
      values = await relationValues(context, owners, attribute, populate)
    } else if (attribute?.kind === 'component' && populate.kind === 'component') {
      values = await componentValues(context, owners, attribute, populate)
    } else if (attribute?.kind === 'dynamiczone' && populate.kind === 'dynamiczone') {
      values = await zoneValues(context, owners, attribute, populate)
    } else {
      continue
    }
    for (const owner of owners) result.get(owner)![name] = values.get(owner)
  }
  return result
}

export async function findList (context: FindContext, model: Model, tree: QueryTree): Promise<string> {
  if (tree.filters !== null) throw new UnsupportedQuery('top-level filters')
  const orderBy = tree.sort.map(term => {
    if (term.path.length !== 1) throw new UnsupportedQuery('sort through relations')
    return { [term.path[0]!]: term.direction === 'asc' ? QueryOrder.ASC_NULLS_LAST : QueryOrder.DESC_NULLS_FIRST }
  })
  const { pagination } = tree
  const limit = pagination.mode === 'page' ? pagination.pageSize : pagination.limit
  const offset = pagination.mode === 'page' ? (pagination.page - 1) * pagination.pageSize : pagination.start
  const where = visible(context, model)
  const rows = await find(context, model.entity, where, { orderBy: [...orderBy, { id: QueryOrder.ASC }], limit, offset })
  const total = pagination.withCount ? await context.em.count(model.entity as never, where as never) : null
  const attributes = await attributesOf(context, model, rows, tree)
  const data = rows.map(row => ({ id: row.id, attributes: attributes.get(row.id), meta: {} }))
  return JSON.stringify({ data, meta: listMeta(pagination, total) })
}

export async function findEntry (context: FindContext, model: Model, id: number, query: EntryQuery): Promise<string | null> {
  const [row] = await rowsById(context, model, [id])
  if (row === undefined) return null
  const attributes = await attributesOf(context, model, [row], query)
  return JSON.stringify({ data: { id: row.id, attributes: attributes.get(row.id), meta: {} }, meta: {} })
}
