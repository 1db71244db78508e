/**
 * The input types of the mutations, as Strapi v4's GraphQL plugin names and shapes them:
 * `ArticleInput` (every attribute a write body may send, all optional: a create's required
 * ones are the write plan's to check, with REST's messages), `ComponentSharedSeoInput` (with
 * its `id`), relations and media as `ID` or `[ID]`, and a dynamic zone's items as the scalar
 * `ArticleBlocksDynamicZoneInput`, each item naming its component by `__typename`.
 *
 * What a mutation receives is turned into the REST body the write plan reads
 * (write-plan/input.ts): ids as numbers, a zone item's `__typename` as its `__component`.
 */
import { GraphQLID, GraphQLInputObjectType, GraphQLList, GraphQLNonNull, GraphQLScalarType, valueFromASTUntyped } from 'graphql'
import type { GraphQLEnumType, GraphQLInputFieldConfigMap, GraphQLInputType, ValueNode } from 'graphql'
import type { Attribute, ComponentModel, DynamicZoneAttribute, Model, ScalarAttribute } from '../content-types/model.js'
import { isToMany, isWritableAttribute } from '../content-types/model.js'
import type { Registry } from '../content-types/registry.js'
import { isRecord } from '../is-record.js'
import { dynamicZoneName, typeName } from './names.js'
import { ATTRIBUTE_SCALARS } from './scalars.js'

/** Strapi's name of a model's input type: `ArticleInput`, `ComponentSharedSeoInput`. */
export const inputName = (model: Model): string => `${typeName(model)}Input`

/** Attributes a write body may send, but not through GraphQL: the locale is the mutation's `locale` argument. */
const NOT_INPUT = new Set(['id', 'locale', 'localizations', 'createdAt', 'updatedAt', 'createdBy', 'updatedBy'])

/** The attributes of `model`'s input, in Strapi's order: its own, then the system ones (`publishedAt`). */
function inputAttributes (model: Model): Attribute[] {
  // A plugin type's own relations (a user's `role`) are written by its own code (auth/user-edits.ts), and are in Strapi's input.
  const ownRelation = (attribute: Attribute): boolean => model.kind === 'plugin' && attribute.kind === 'relation'
  const writable = [...model.attributes.values()].filter(attribute => (isWritableAttribute(attribute) || ownRelation(attribute)) && !NOT_INPUT.has(attribute.name))
  return [...writable.filter(attribute => !attribute.system), ...writable.filter(attribute => attribute.system)]
}

export interface InputBuilderOptions {
  registry: Registry
  /** The enumeration's enum type the answers use (`ENUM_ARTICLE_STATUS`), or null when it is served as a String. */
  enumOf: (model: Model, attribute: ScalarAttribute) => GraphQLEnumType | null
}

/** Builds each input type once, by name. */
export class InputBuilder {
  readonly #options: InputBuilderOptions
  readonly #inputs = new Map<string, GraphQLInputObjectType>()
  readonly #zones = new Map<string, GraphQLScalarType>()

  constructor (options: InputBuilderOptions) {
    this.#options = options
  }

  /** `XInput` of a content type or a component. */
  input (model: Model): GraphQLInputObjectType {
    const name = inputName(model)
    let input = this.#inputs.get(name)
    if (input === undefined) {
      input = new GraphQLInputObjectType({ name, fields: () => this.#fields(model) })
      this.#inputs.set(name, input)
    }
    return input
  }

  #fields (model: Model): GraphQLInputFieldConfigMap {
    const fields: GraphQLInputFieldConfigMap = model.kind === 'component' ? { id: { type: GraphQLID } } : {}
    for (const attribute of inputAttributes(model)) fields[attribute.name] = { type: this.#fieldType(model, attribute) }
    return fields
  }

  #fieldType (model: Model, attribute: Attribute): GraphQLInputType {
    const { registry } = this.#options
    switch (attribute.kind) {
      case 'scalar': return this.#options.enumOf(model, attribute) ?? ATTRIBUTE_SCALARS[attribute.type]
      case 'relation':
      case 'media': return isToMany(attribute) ? new GraphQLList(GraphQLID) : GraphQLID
      case 'component': {
        const component = this.input(registry.model(attribute.component))
        return attribute.repeatable ? new GraphQLList(component) : component
      }
      case 'dynamiczone': return new GraphQLList(new GraphQLNonNull(this.#zone(model, attribute)))
    }
  }

  /** `ArticleBlocksDynamicZoneInput`: an item with its `__typename`, made the REST item with its `__component`. */
  #zone (model: Model, attribute: DynamicZoneAttribute): GraphQLScalarType {
    const name = `${dynamicZoneName(model, attribute.name)}Input`
    let zone = this.#zones.get(name)
    if (zone === undefined) {
      const members = new Map(attribute.components.map(uid => [typeName(this.#options.registry.model(uid)), uid]))
      const parseValue = (value: unknown): unknown => {
        if (!isRecord(value)) throw new TypeError(`${name} must be an object naming its component by __typename`)
        const { __typename: member, ...rest } = value
        const uid = typeof member === 'string' ? members.get(member) : undefined
        if (uid === undefined) throw new TypeError(`${name}: __typename must be one of ${[...members.keys()].join(', ')}`)
        return { __component: uid, ...rest }
      }
      zone = new GraphQLScalarType({
        name,
        serialize: value => value,
        parseValue,
        parseLiteral: (node: ValueNode, variables?: Record<string, unknown> | null) => parseValue(valueFromASTUntyped(node, variables))
      })
      this.#zones.set(name, zone)
    }
    return zone
  }
}

/**
 * A mutation's `data`, coerced by graphql-js, as the REST body's `data`: relation, media and
 * component ids (GraphQL's `ID` is a string) as numbers where they are digits, so the write
 * plan judges them as it judges REST's.
 */
export function restData (registry: Registry, model: Model, data: Record<string, unknown>): Record<string, unknown> {
  const body: Record<string, unknown> = {}
  for (const [name, value] of Object.entries(data)) {
    const attribute = model.attributes.get(name)
    body[name] = attribute === undefined ? value : restValue(registry, attribute, value)
  }
  if (model.kind === 'component' && 'id' in data) body.id = numericId(data.id)
  return body
}

function restValue (registry: Registry, attribute: Attribute, value: unknown): unknown {
  if (value === null || value === undefined) return value
  switch (attribute.kind) {
    case 'relation':
    case 'media': return Array.isArray(value) ? value.map(numericId) : numericId(value)
    case 'component': {
      const component = registry.model(attribute.component) as ComponentModel
      const item = (entry: unknown): unknown => isRecord(entry) ? restData(registry, component, entry) : entry
      return Array.isArray(value) ? value.map(item) : item(value)
    }
    default: return value
  }
}

function numericId (value: unknown): unknown {
  return typeof value === 'string' && /^\d{1,15}$/.test(value) ? Number(value) : value
}
