/**
 * A root field's selection → the QueryTree the REST parser would build for the same read,
 * and the shape that turns the read's JSON into the field's answer (./answer-shape.ts).
 * Scalar fields become `fields`; relations, media, components and zones become `populate`
 * with their own filters, sort and window of items; fragments and `@skip`/`@include` are
 * resolved (./collect.ts). Aliases of one field share one populated value when their
 * arguments are the same, and get one each (a slot: `tags`, `tags:2`) when they differ.
 * Nothing here reads the database: the tree goes through access pruning, the populate budget
 * and the read compiler as a REST read does, one statement per root field.
 */
import { GraphQLEnumType, GraphQLID, getArgumentValues, getNamedType, isNonNullType } from 'graphql'
import type { FieldNode, GraphQLField, GraphQLObjectType, GraphQLOutputType } from 'graphql'
import type { Attribute, ComponentModel, DynamicZoneAttribute, Model, ReadableModel } from '../content-types/model.js'
import { isToMany } from '../content-types/model.js'
import type { Registry } from '../content-types/registry.js'
import type {
  EntryQuery, Filter, ItemWindow, Populate, PublicationState, QueryTree, Selection, SortTerm, ZoneComponentSelection
} from '../query/tree.js'
import { executionOnly, fixedTypeName, listOf, nullable, objectShape, populated, property, required, serialized } from './answer-shape.js'
import type { Shape, ShapedField } from './answer-shape.js'
import { compileGraphqlFilters, compileGraphqlLocale, compileGraphqlSort, listWindow } from './arguments.js'
import type { ListLimits, ListWindow } from './arguments.js'
import { collectFields } from './collect.js'
import type { Document } from './collect.js'
import { metaShape } from './list-meta.js'
import type { ListSource } from './list-meta.js'
export type { ListSource } from './list-meta.js'
import { entityName, entityResponseCollectionName, entityResponseName, relationResponseCollectionName, typeName } from './names.js'
import { TYPE_NAME } from './schema.js'
import { LONG_SCALAR, TIME_SCALAR } from './scalars.js'
import type { EntityModel } from './schema.js'

export interface SelectionContext extends Document {
  registry: Registry
  limits: ListLimits
}

export interface CompiledList {
  tree: QueryTree
  /** The entries asked for, as the tree's pagination has them, and whether `limit: -1` asked. */
  window: ListWindow
  answer: (source: ListSource) => unknown
}

export interface CompiledEntry {
  query: EntryQuery
  /** The entry's JSON, parsed, or null. */
  answer: (entry: unknown) => unknown
}

/** `articles(filters, pagination, sort, publicationState, locale)`. */
export function compileList (context: SelectionContext, model: ReadableModel, fields: readonly FieldNode[], args: Record<string, unknown>): CompiledList {
  const row = new RowSelection(model)
  const window = listWindow(args.pagination, context.limits)
  let counted = false
  const shaped: ShapedField[] = []
  const type = objectType(context, entityResponseCollectionName(model))
  for (const [key, nodes] of collectFields(context, type, fields)) {
    const name = nodes[0]!.name.value
    if (name === TYPENAME_FIELD) shaped.push([key, fixedTypeName(type.name)])
    else if (name === 'data') {
      const entity = entityShape(context, row, model, nodes)
      shaped.push([key, source => (source as ListSource).entries.map(entity)])
    } else if (name === 'meta') {
      const meta = metaShape(context, nodes, () => { counted = true })
      shaped.push([key, meta])
    }
  }
  const tree: QueryTree = {
    ...row.selection(),
    filters: compileGraphqlFilters(context.registry, model, args.filters),
    sort: compileGraphqlSort(context.registry, model, args.sort),
    pagination: { mode: 'offset', start: window.start, limit: window.limit, withCount: counted },
    publicationState: publicationStateOf(args)
  }
  if (model.kind === 'contentType' && model.localized) tree.locale = compileGraphqlLocale(context.registry, args.locale)
  return { tree, window, answer: objectShape(shaped) }
}

/** `article(id)` and a single type's `homepage(publicationState, locale)`: `{ data: entry | null }`. */
export function compileEntry (context: SelectionContext, model: EntityModel, fields: readonly FieldNode[], args: Record<string, unknown>): CompiledEntry {
  const row = new RowSelection(model)
  const answer = responseShape(context, row, model, fields, false)
  return { query: { ...row.selection(), publicationState: publicationStateOf(args), availableLocales: false }, answer }
}

function publicationStateOf (args: Record<string, unknown>): PublicationState {
  return args.publicationState === 'preview' ? 'preview' : 'live'
}

/** `XEntityResponse { data }` (one entry or null) or `XRelationResponseCollection { data }` (a list). */
function responseShape (context: SelectionContext, row: RowSelection, model: EntityModel, fields: readonly FieldNode[], many: boolean): Shape {
  const type = objectType(context, many ? relationResponseCollectionName(model) : entityResponseName(model))
  const shaped: ShapedField[] = []
  for (const [key, nodes] of collectFields(context, type, fields)) {
    if (nodes[0]!.name.value === TYPENAME_FIELD) shaped.push([key, fixedTypeName(type.name)])
    if (nodes[0]!.name.value !== 'data') continue
    const entity = entityShape(context, row, model, nodes)
    shaped.push([key, many ? listOf(entity) : nullable(entity)])
  }
  return objectShape(shaped)
}

/** `XEntity { id attributes }`: both read from the one flat entry. */
function entityShape (context: SelectionContext, row: RowSelection, model: EntityModel, fields: readonly FieldNode[]): Shape {
  const shaped: ShapedField[] = []
  const entity = objectType(context, entityName(model))
  for (const [key, nodes] of collectFields(context, entity, fields)) {
    const name = nodes[0]!.name.value
    if (name === TYPENAME_FIELD) shaped.push([key, fixedTypeName(entity.name)])
    else if (name === 'id') shaped.push([key, serializedId])
    else if (name === 'attributes') {
      const type = objectType(context, typeName(model))
      shaped.push([key, attributesShape(context, row, type, collectFields(context, type, nodes))])
    }
  }
  return objectShape(shaped)
}

/** The fields of an `X` or `ComponentX` object, from the collected selection of it. */
function attributesShape (context: SelectionContext, row: RowSelection, type: GraphQLObjectType, collected: Map<string, FieldNode[]>): Shape {
  const shaped: ShapedField[] = []
  for (const [key, nodes] of collected) {
    const name = nodes[0]!.name.value
    if (name === TYPENAME_FIELD) {
      shaped.push([key, fixedTypeName(type.name)])
      continue
    }
    if (name === 'id') {
      shaped.push([key, required(serializedId)])
      continue
    }
    const attribute = row.model.attributes.get(name)
    const field = type.getFields()[name]
    // A file's `related` has no attribute and answers null (./generic-morph.ts); nothing else passes validation without one.
    if (attribute === undefined && field !== undefined) shaped.push([key, () => null])
    if (attribute === undefined || field === undefined) continue
    const shape = attributeShape(context, row, attribute, field, nodes)
    shaped.push([key, isNonNullType(field.type) ? required(shape) : shape])
  }
  return objectShape(shaped)
}

function attributeShape (context: SelectionContext, row: RowSelection, attribute: Attribute, field: GraphQLField<unknown, unknown>, nodes: FieldNode[]): Shape {
  const args = getArgumentValues(field, nodes[0]!, context.variables)
  switch (attribute.kind) {
    case 'scalar':
      row.fields.add(attribute.name)
      return leafShape(attribute.name, field.type)
    case 'relation':
    case 'media': {
      const target = context.registry.model(attribute.target) as EntityModel
      const many = isToMany(attribute)
      const { key, slot } = row.slot(attribute.name, args, () => ({
        kind: 'relation', attribute: attribute.name, row: new RowSelection(target), ...itemArgs(context, target, args, many), publicationState: publicationOf(target, args)
      }))
      return populated(key, responseShape(context, slot.row, target, nodes, many))
    }
    case 'component': {
      const component = context.registry.model(attribute.component) as ComponentModel
      const { key, slot } = row.slot(attribute.name, args, () => ({
        kind: 'component', attribute: attribute.name, row: new RowSelection(component), ...itemArgs(context, component, args, attribute.repeatable)
      }))
      const type = objectType(context, typeName(component))
      const item = attributesShape(context, slot.row, type, collectFields(context, type, nodes))
      return populated(key, attribute.repeatable ? listOf(item) : nullable(item))
    }
    case 'dynamiczone':
      return zoneShape(context, row, attribute, nodes)
  }
}

/**
 * A zone's items, each shaped as its component's type and told its type name for the
 * union. Every component of the zone is read, selected or not: GraphQL lists every item,
 * an item of a type no fragment names as `{}` (or its `__typename`).
 */
function zoneShape (context: SelectionContext, row: RowSelection, attribute: DynamicZoneAttribute, nodes: FieldNode[]): Shape {
  const { key, slot } = row.slot(attribute.name, {}, () => ({
    kind: 'zone', attribute: attribute.name, members: new Map(attribute.components.map(uid => [uid, new RowSelection(context.registry.model(uid))]))
  }))
  const members = new Map<string, { name: string, shape: Shape }>()
  for (const [uid, member] of slot.members) {
    const type = objectType(context, typeName(member.model))
    members.set(uid, { name: type.name, shape: attributesShape(context, member, type, collectFields(context, type, nodes)) })
  }
  return populated(key, listOf(source => {
    const item = source as Record<string, unknown>
    const member = members.get(item.__component as string)
    if (member === undefined) return executionOnly({ [TYPE_NAME]: 'Error' })
    const shaped = member.shape(item) as Record<string | symbol, unknown>
    shaped[TYPE_NAME] = member.name
    return shaped
  }))
}

const TYPENAME_FIELD = '__typename'

/** Ids are numbers in the database and strings in GraphQL answers. */
const serializedId = serialized(property('id'), value => GraphQLID.serialize(value))

/**
 * A scalar attribute's value as its GraphQL type serializes it. PostgreSQL writes most as
 * the answer has them (./scalars.ts); a Long, a Time and an enum value change. Their
 * serializers take an already serialized value unchanged (the enum's by ./schema.ts), so
 * graphql-js may serialize again what the shape did.
 */
function leafShape (name: string, type: GraphQLOutputType): Shape {
  const leaf = getNamedType(type)
  const raw = property(name)
  if (leaf === LONG_SCALAR || leaf === TIME_SCALAR || leaf instanceof GraphQLEnumType) return serialized(raw, value => leaf.serialize(value))
  return raw
}

/** The filters, sort and window of a to-many value; a to-one value takes none. */
function itemArgs (context: SelectionContext, model: Model, args: Record<string, unknown>, many: boolean): { filters: Filter | null, sort: SortTerm[], window?: ItemWindow } {
  if (!many) return { filters: null, sort: [] }
  const { start, limit } = listWindow(args.pagination, context.limits)
  return {
    filters: compileGraphqlFilters(context.registry, model, args.filters),
    sort: compileGraphqlSort(context.registry, model, args.sort),
    window: { start, limit }
  }
}

/**
 * A to-many relation to a type with drafts takes its own `publicationState` (default LIVE,
 * whatever the root's), as Strapi's does. A to-one relation takes none: it follows the
 * root's, so a draft stays hidden in a live read (Strapi shows it there: docs/graphql.md).
 */
function publicationOf (target: Model, args: Record<string, unknown>): PublicationState | undefined {
  return target.kind === 'contentType' && target.draftAndPublish && args.publicationState !== undefined ? publicationStateOf(args) : undefined
}

type Slot =
  | { kind: 'relation', attribute: string, row: RowSelection, filters: Filter | null, sort: SortTerm[], window?: ItemWindow, publicationState?: PublicationState }
  | { kind: 'component', attribute: string, row: RowSelection, filters: Filter | null, sort: SortTerm[], window?: ItemWindow }
  | { kind: 'zone', attribute: string, members: Map<string, RowSelection> }

/** What one row of a model is asked for, gathered from every field that reads it. */
class RowSelection {
  readonly model: Model
  readonly fields = new Set<string>()
  readonly #slots = new Map<string, Slot>()
  /** Slot keys by attribute and arguments. */
  readonly #byArguments = new Map<string, string>()

  constructor (model: Model) {
    this.model = model
  }

  /** The slot of `attribute` read with `args`: the same one for the same arguments, a new one (`name:2`, …) for others. */
  slot<S extends Slot> (attribute: string, args: Record<string, unknown>, make: () => S): { key: string, slot: S } {
    const signature = `${attribute}|${JSON.stringify(args)}`
    let key = this.#byArguments.get(signature)
    if (key === undefined) {
      key = attribute
      for (let n = 2; this.#slots.has(key); n++) key = `${attribute}:${n}`
      this.#byArguments.set(signature, key)
      this.#slots.set(key, make())
    }
    return { key, slot: this.#slots.get(key) as S }
  }

  selection (): Selection {
    const populate: Record<string, Populate> = {}
    for (const [key, slot] of this.#slots) populate[key] = { ...populateOf(slot), ...(key === slot.attribute ? {} : { attribute: slot.attribute }) }
    return { fields: [...this.model.attributes.keys()].filter(name => this.fields.has(name)), populate }
  }
}

function populateOf (slot: Slot): Populate {
  switch (slot.kind) {
    case 'relation':
      return {
        kind: 'relation',
        ...slot.row.selection(),
        filters: slot.filters,
        sort: slot.sort,
        count: false,
        ...(slot.window === undefined ? {} : { window: slot.window }),
        ...(slot.publicationState === undefined ? {} : { publicationState: slot.publicationState })
      }
    case 'component':
      return { kind: 'component', ...slot.row.selection(), filters: slot.filters, sort: slot.sort, ...(slot.window === undefined ? {} : { window: slot.window }) }
    case 'zone': {
      const components: Record<string, ZoneComponentSelection> = {}
      for (const [uid, member] of slot.members) components[uid] = member.selection()
      return { kind: 'dynamiczone', components }
    }
  }
}

function objectType (context: Document, name: string): GraphQLObjectType {
  return context.schema.getType(name) as GraphQLObjectType
}
