/**
 * The GraphQL schema of a registry, name for name and shape for shape as Strapi v4's GraphQL
 * plugin (4.26) builds it for the same content types (docs/graphql.md, 'The schema'). Only
 * the types a query can reach are built, plus the shared ones; every object type is given a
 * role (`TypeRole`) that tells the selection compiler (./selection.ts) what its fields mean.
 * Private and password attributes are never in it, neither in answers nor in filters.
 *
 * Every field of a built object type reads its value under its response key: the root
 * resolver has already shaped the whole answer by response keys (./answer-shape.ts), so
 * aliases of one field with different arguments each find their own value.
 */
import {
  GraphQLBoolean, GraphQLEnumType, GraphQLID, GraphQLInputObjectType, GraphQLInt, GraphQLList, GraphQLNonNull, GraphQLObjectType,
  GraphQLSchema, GraphQLString, GraphQLUnionType
} from 'graphql'
import type {
  GraphQLFieldConfig, GraphQLFieldConfigArgumentMap, GraphQLFieldConfigMap, GraphQLFieldResolver, GraphQLInputFieldConfigMap,
  GraphQLInputType, GraphQLOutputType, GraphQLScalarType
} from 'graphql'
import type {
  Attribute, ComponentModel, ContentTypeModel, DynamicZoneAttribute, Model, PluginModel, ReadableModel, ScalarAttribute
} from '../content-types/model.js'
import { isToMany } from '../content-types/model.js'
import type { Registry } from '../content-types/registry.js'
import { ForbiddenError } from '../errors.js'
import { isPrivate } from '../query/fields.js'
import { FORBIDDEN } from './answer-shape.js'
import { fileMutations } from './file-mutations.js'
import { RELATED_FIELD, genericMorph, relatedField } from './generic-morph.js'
import { i18nLocaleFields } from './i18n-locales.js'
import { InputBuilder } from './inputs.js'
import type { ListLimits } from './arguments.js'
import type { LocaleSettings } from '../i18n/locale-settings.js'
import { mutationFields } from './mutation-fields.js'
import type { PluginFields } from './users-permissions.js'
import type { MutationResolver, MutationRole } from './mutation-fields.js'
import { ATTRIBUTE_SCALARS, CUSTOM_SCALARS, FILTERED_SCALARS, LOCALE_CODE_SCALAR } from './scalars.js'
import {
  dynamicZoneName, entityName, entityResponseCollectionName, entityResponseName, enumName, enumValueName, filtersInputName,
  findOneQueryName, findQueryName, relationResponseCollectionName, typeName
} from './names.js'

/** The models whose entries are served as `XEntity`: content types, Strapi's plugin types (users, roles) and media. */
export type EntityModel = Exclude<Model, ComponentModel>

/** What each object and union type of the schema is, for the selection compiler. */
export type TypeRole =
  | { kind: 'collection', model: EntityModel }
  | { kind: 'response', model: EntityModel }
  | { kind: 'relations', model: EntityModel }
  | { kind: 'entity', model: EntityModel }
  | { kind: 'attributes', model: EntityModel }
  | { kind: 'component', model: ComponentModel }
  | { kind: 'zone', attribute: DynamicZoneAttribute, members: ReadonlyMap<string, ComponentModel> }
  | { kind: 'meta' }
  | { kind: 'pagination' }
  | { kind: 'error' }

/** What a root field reads. */
export type RootRole =
  | { kind: 'find', model: ReadableModel }
  | { kind: 'findOne', model: ReadableModel }
  | { kind: 'single', model: ContentTypeModel }

export interface ContentSchema {
  schema: GraphQLSchema
  /** By type name. */
  roles: ReadonlyMap<string, TypeRole>
  /** By root field name. */
  roots: ReadonlyMap<string, RootRole>
  /** By mutation field name. */
  mutations: ReadonlyMap<string, MutationRole>
}

/** Answers a root field: the root role and graphql-js's resolver arguments. */
export type RootResolver = (role: RootRole) => GraphQLFieldResolver<unknown, unknown>

/**
 * Every generated field's value, shaped beforehand under its response key; a relation the
 * caller may not `find` is Strapi's FORBIDDEN error at its path (./answer-shape.ts).
 */
export const byResponseKey: GraphQLFieldResolver<Record<string, unknown>, unknown> = (source, _args, _context, info) => {
  const value = source[info.path.key]
  if (value === FORBIDDEN) throw new ForbiddenError('Forbidden access')
  return value
}

/** Strapi's names of the shared types. */
export const PAGINATION_TYPE = 'Pagination'
export const META_TYPE = 'ResponseCollectionMeta'
export const ERROR_TYPE = 'Error'

export interface SchemaOptions {
  registry: Registry
  resolveRoot: RootResolver
  resolveMutation: MutationResolver
  /** Root fields of Strapi's plugins (users-permissions), after the content types' own. */
  plugins?: PluginFields
  /** Plugin types served with Strapi's `x(id)` and `xs(filters, pagination, sort)` queries, before the content types' (users, roles). */
  served?: readonly PluginModel[]
  /** The media library is served (uploads are on): `uploadFile(s)`, the file mutations (./file-mutations.ts). */
  files?: boolean
  /** The i18n plugin's `i18NLocale(s)`, after those and before the content types', when locales are configured (./i18n-locales.ts). */
  locales?: { settings: LocaleSettings, limits: ListLimits }
}

export function buildContentSchema ({ registry, resolveRoot, resolveMutation, plugins, served = [], locales, files = false }: SchemaOptions): ContentSchema {
  const builder = new SchemaBuilder(registry, served)
  const fields: GraphQLFieldConfigMap<unknown, unknown> = {}
  const roots = new Map<string, RootRole>()
  const add = (name: string, role: RootRole, config: Omit<GraphQLFieldConfig<unknown, unknown>, 'resolve'>): void => {
    roots.set(name, role)
    fields[name] = { ...config, resolve: resolveRoot(role) }
  }
  // The media library's queries come first, as in Strapi, then the plugins' types.
  for (const model of [...(files ? [registry.file] : []), ...served]) {
    add(findOneQueryName(model), { kind: 'findOne', model }, { type: builder.response(model), args: { id: { type: GraphQLID } } })
    add(findQueryName(model), { kind: 'find', model }, { type: builder.collection(model), args: builder.listArgs(model) })
  }
  if (locales !== undefined) {
    Object.assign(fields, i18nLocaleFields({
      ...locales,
      metaType: builder.metaType,
      paginationArg: builder.paginationArg,
      scalarFilter: scalar => builder.scalarFilter(scalar)
    }))
    builder.morphExtras = () => [attributesOf(fields.i18NLocale!.type as GraphQLObjectType)]
  }
  for (const model of registry.contentTypes.values()) {
    const localeArg: GraphQLFieldConfigArgumentMap = model.localized ? { locale: { type: LOCALE_CODE_SCALAR } } : {}
    if (model.single) {
      add(findOneQueryName(model), { kind: 'single', model }, {
        type: builder.response(model),
        args: { ...builder.publicationStateArg(model), ...localeArg }
      })
      continue
    }
    add(findOneQueryName(model), { kind: 'findOne', model }, { type: builder.response(model), args: { id: { type: GraphQLID }, ...localeArg } })
    add(findQueryName(model), { kind: 'find', model }, { type: builder.collection(model), args: { ...builder.listArgs(model), ...localeArg } })
  }
  Object.assign(fields, plugins?.query)
  const inputs = new InputBuilder({ registry, enumOf: (model, attribute) => builder.enumType(model, attribute) })
  const media = files ? fileMutations(registry.file) : { entries: [], operations: [] }
  const mutations = mutationFields({
    registry, inputs, response: model => builder.response(model), resolve: resolveMutation, first: media.entries, plugins: [...media.operations, ...plugins?.mutation ?? []]
  })
  const schema = new GraphQLSchema({
    query: new GraphQLObjectType({ name: 'Query', fields }),
    mutation: new GraphQLObjectType({ name: 'Mutation', fields: mutations.fields }),
    // Always there, as in Strapi, whether or not a query reaches them.
    types: [...CUSTOM_SCALARS, builder.errorType, builder.paginationType, builder.metaType, builder.publicationState, builder.paginationArg]
  })
  return { schema, roles: builder.roles, roots, mutations: mutations.roles }
}

/** Builds each type once, by name, when something first refers to it. */
class SchemaBuilder {
  readonly roles = new Map<string, TypeRole>()
  readonly #registry: Registry
  readonly #objects = new Map<string, GraphQLObjectType>()
  readonly #inputs = new Map<string, GraphQLInputObjectType>()
  readonly #enums = new Map<string, GraphQLEnumType | null>()
  readonly #unions = new Map<string, GraphQLUnionType>()
  readonly #scalarFilters = new Map<string, GraphQLInputObjectType>()

  readonly errorType = new GraphQLObjectType({
    name: ERROR_TYPE,
    fields: { code: { type: new GraphQLNonNull(GraphQLString), resolve: byResponseKey }, message: { type: GraphQLString, resolve: byResponseKey } }
  })

  readonly paginationType = new GraphQLObjectType({
    name: PAGINATION_TYPE,
    fields: Object.fromEntries(['total', 'page', 'pageSize', 'pageCount'].map(name => [name, { type: new GraphQLNonNull(GraphQLInt), resolve: byResponseKey }]))
  })

  readonly metaType = new GraphQLObjectType({
    name: META_TYPE,
    fields: { pagination: { type: new GraphQLNonNull(this.paginationType), resolve: byResponseKey } }
  })

  readonly publicationState = new GraphQLEnumType({ name: 'PublicationState', values: { LIVE: { value: 'live' }, PREVIEW: { value: 'preview' } } })

  readonly paginationArg = new GraphQLInputObjectType({
    name: 'PaginationArg',
    fields: { page: { type: GraphQLInt }, pageSize: { type: GraphQLInt }, start: { type: GraphQLInt }, limit: { type: GraphQLInt } }
  })

  /** Types of `GenericMorph` that are not a model's own (`I18NLocale`), told once the plugins' fields are built. */
  morphExtras: () => GraphQLObjectType[] = () => []

  readonly genericMorph = genericMorph(() => this.#morphMembers(), value => (value as Record<symbol, string>)[TYPE_NAME])

  /** The plugin types served with queries of their own (users, roles), members of `GenericMorph`. */
  readonly #morphPlugins: readonly PluginModel[]

  constructor (registry: Registry, morphPlugins: readonly PluginModel[]) {
    this.#registry = registry
    this.#morphPlugins = morphPlugins
    this.roles.set(ERROR_TYPE, { kind: 'error' })
    this.roles.set(PAGINATION_TYPE, { kind: 'pagination' })
    this.roles.set(META_TYPE, { kind: 'meta' })
    for (const scalar of FILTERED_SCALARS) this.scalarFilter(scalar)
  }

  /** `XEntityResponseCollection { data: [XEntity!]!, meta: ResponseCollectionMeta! }`. */
  collection (model: EntityModel): GraphQLObjectType {
    return this.#object(entityResponseCollectionName(model), { kind: 'collection', model }, () => ({
      data: { type: nonNullList(this.entity(model)) },
      meta: { type: new GraphQLNonNull(this.metaType) }
    }))
  }

  /** `XEntityResponse { data: XEntity }`. */
  response (model: EntityModel): GraphQLObjectType {
    return this.#object(entityResponseName(model), { kind: 'response', model }, () => ({ data: { type: this.entity(model) } }))
  }

  /** `XRelationResponseCollection { data: [XEntity!]! }`. */
  relations (model: EntityModel): GraphQLObjectType {
    return this.#object(relationResponseCollectionName(model), { kind: 'relations', model }, () => ({ data: { type: nonNullList(this.entity(model)) } }))
  }

  entity (model: EntityModel): GraphQLObjectType {
    return this.#object(entityName(model), { kind: 'entity', model }, () => ({
      id: { type: GraphQLID },
      attributes: { type: this.#attributes(model) }
    }))
  }

  /** The args of a list of `model`'s entries, as Strapi gives them by the kind of model. */
  listArgs (model: Model): GraphQLFieldConfigArgumentMap {
    if (model.kind === 'contentType' && model.single) return this.publicationStateArg(model)
    return {
      filters: { type: this.filtersInput(model) },
      pagination: { type: this.paginationArg, defaultValue: {} },
      sort: { type: new GraphQLList(GraphQLString), defaultValue: [] },
      ...this.publicationStateArg(model)
    }
  }

  /** `publicationState: PublicationState = LIVE` on types with drafts. */
  publicationStateArg (model: Model): GraphQLFieldConfigArgumentMap {
    return model.kind === 'contentType' && model.draftAndPublish ? { publicationState: { type: this.publicationState, defaultValue: 'live' } } : {}
  }

  /** `XFiltersInput`: every filterable attribute, and `and`/`or`/`not`. */
  filtersInput (model: Model): GraphQLInputObjectType {
    const name = filtersInputName(model)
    let input = this.#inputs.get(name)
    if (input === undefined) {
      input = new GraphQLInputObjectType({ name, fields: () => this.#filterFields(model, input!) })
      this.#inputs.set(name, input)
    }
    return input
  }

  #filterFields (model: Model, self: GraphQLInputObjectType): GraphQLInputFieldConfigMap {
    const fields: GraphQLInputFieldConfigMap = {}
    for (const attribute of strapiOrder(model)) {
      // Strapi filters neither media nor dynamic zones, and a component's items by no id.
      if (attribute.kind === 'media' || attribute.kind === 'dynamiczone' || (model.kind === 'component' && attribute.name === 'id')) continue
      if (attribute.kind === 'scalar') {
        fields[attribute.name] = { type: this.scalarFilter(ATTRIBUTE_SCALARS[attribute.type], attribute.name === 'id') }
      } else if (attribute.kind === 'relation') {
        fields[attribute.name] = { type: this.filtersInput(this.#registry.model(attribute.target)) }
      } else {
        fields[attribute.name] = { type: this.filtersInput(this.#registry.model(attribute.component)) }
      }
    }
    fields.and = { type: new GraphQLList(self) }
    fields.or = { type: new GraphQLList(self) }
    fields.not = { type: self }
    return fields
  }

  /** `StringFilterInput` and its kin: every operator, with the operand's own scalar. */
  scalarFilter (scalar: GraphQLScalarType, id = false): GraphQLInputObjectType {
    const operand = id ? GraphQLID : scalar
    const name = `${operand.name}FilterInput`
    let input = this.#scalarFilters.get(name)
    if (input === undefined) {
      input = new GraphQLInputObjectType({ name, fields: () => scalarOperatorFields(operand, input!) })
      this.#scalarFilters.set(name, input)
    }
    return input
  }

  /** `X`: the attributes of an entry, in Strapi's order. */
  #attributes (model: EntityModel): GraphQLObjectType {
    return this.#object(typeName(model), { kind: 'attributes', model }, () => this.#attributeFields(model))
  }

  component (model: ComponentModel): GraphQLObjectType {
    return this.#object(typeName(model), { kind: 'component', model }, () => ({
      id: { type: new GraphQLNonNull(GraphQLID) },
      ...this.#attributeFields(model)
    }))
  }

  #attributeFields (model: Model): GraphQLFieldConfigMap<unknown, unknown> {
    const fields: GraphQLFieldConfigMap<unknown, unknown> = {}
    for (const attribute of strapiOrder(model)) {
      if (attribute.name === 'id') continue
      // A file's polymorphic `related` comes after its own attributes, as in Strapi.
      if (model.kind === 'file' && attribute.system && fields[RELATED_FIELD] === undefined) fields[RELATED_FIELD] = relatedField(this.genericMorph)
      const field = this.#attributeField(model, attribute)
      if (field !== null) fields[attribute.name] = field
    }
    return fields
  }

  #attributeField (model: Model, attribute: Attribute): Omit<GraphQLFieldConfig<unknown, unknown>, 'resolve'> | null {
    const required = <T extends GraphQLOutputType>(type: T): GraphQLOutputType => attribute.required ? new GraphQLNonNull(type) : type
    switch (attribute.kind) {
      case 'scalar':
        return { type: required(this.enumType(model, attribute) ?? ATTRIBUTE_SCALARS[attribute.type]) }
      case 'relation':
      case 'media': {
        const target = this.#registry.model(attribute.target) as EntityModel
        return isToMany(attribute)
          ? { type: this.relations(target), args: this.listArgs(target) }
          : { type: this.response(target) }
      }
      case 'component': {
        const component = this.component(this.#registry.model(attribute.component) as ComponentModel)
        if (!attribute.repeatable) return { type: required(component) }
        return { type: required(new GraphQLList(component)), args: this.listArgs(this.#registry.model(attribute.component)) }
      }
      case 'dynamiczone':
        return { type: required(new GraphQLList(this.#zone(model, attribute))) }
    }
  }

  /** `ENUM_X_FIELD`, or null when a value cannot be a GraphQL name (the attribute is then a String). */
  enumType (model: Model, attribute: ScalarAttribute): GraphQLEnumType | null {
    if (attribute.type !== 'enumeration' || attribute.enum === undefined) return null
    const name = enumName(model, attribute.name)
    if (!this.#enums.has(name)) {
      const values: Record<string, { value: string }> = {}
      let usable = true
      for (const value of attribute.enum) {
        const valueName = enumValueName(value)
        if (valueName === null || values[valueName] !== undefined) usable = false
        else values[valueName] = { value }
      }
      this.#enums.set(name, usable ? new ServedEnumType({ name, values }) : null)
    }
    return this.#enums.get(name)!
  }

  /** `XFieldDynamicZone`: its components, and Strapi's `Error` for an item of an unknown one. */
  #zone (model: Model, attribute: DynamicZoneAttribute): GraphQLUnionType {
    const name = dynamicZoneName(model, attribute.name)
    let union = this.#unions.get(name)
    if (union === undefined) {
      const members = new Map<string, ComponentModel>()
      for (const uid of attribute.components) {
        const component = this.#registry.model(uid) as ComponentModel
        members.set(typeName(component), component)
      }
      union = new GraphQLUnionType({
        name,
        types: () => [...[...members.values()].map(component => this.component(component)), this.errorType],
        resolveType: (value) => (value as Record<symbol, string>)[TYPE_NAME]
      })
      this.#unions.set(name, union)
      this.roles.set(name, { kind: 'zone', attribute, members })
    }
    return union
  }

  /** In Strapi's order: components, the media library's file, the plugins' served types, then the content types. */
  #morphMembers (): GraphQLObjectType[] {
    const registry = this.#registry
    return [
      ...[...registry.components.values()].map(component => this.component(component)),
      this.#attributes(registry.file),
      ...this.#morphPlugins.map(model => this.#attributes(model)),
      ...this.morphExtras(),
      ...[...registry.contentTypes.values()].map(model => this.#attributes(model))
    ]
  }

  #object (name: string, role: TypeRole, fields: () => GraphQLFieldConfigMap<unknown, unknown>): GraphQLObjectType {
    let type = this.#objects.get(name)
    if (type === undefined) {
      type = new GraphQLObjectType({ name, fields: () => withResolvers(fields()) })
      this.#objects.set(name, type)
      this.roles.set(name, role)
    }
    return type
  }
}

/**
 * An enum whose serializer also takes a value already serialized (a name): answers are shaped
 * whole beforehand (./answer-shape.ts), and graphql-js serializes them once more. A name
 * cannot be another value's raw value: names/enumValueName maps every name to itself, and
 * two values with one name make the attribute a String.
 */
class ServedEnumType extends GraphQLEnumType {
  override serialize (value: unknown): string | null | undefined {
    return typeof value === 'string' && this.getValue(value) !== undefined ? value : super.serialize(value)
  }
}

/** `XEntityResponse` → `X`: the attributes type of an entry response. */
function attributesOf (response: GraphQLObjectType): GraphQLObjectType {
  const entity = response.getFields().data!.type as GraphQLObjectType
  return entity.getFields().attributes!.type as GraphQLObjectType
}

/** Where a shaped zone item keeps its type's name for the union's `resolveType`. */
export const TYPE_NAME = Symbol('graphql type name')

function withResolvers (fields: GraphQLFieldConfigMap<unknown, unknown>): GraphQLFieldConfigMap<unknown, unknown> {
  return Object.fromEntries(Object.entries(fields).map(([name, field]) => [name, { ...field, resolve: byResponseKey as GraphQLFieldResolver<unknown, unknown> }]))
}

function nonNullList (type: GraphQLObjectType): GraphQLOutputType {
  return new GraphQLNonNull(new GraphQLList(new GraphQLNonNull(type)))
}

/** Strapi's filter operators, each a field of every `<Scalar>FilterInput`. */
export const FILTER_OPERATORS = [
  'and', 'or', 'not', 'eq', 'eqi', 'ne', 'nei', 'startsWith', 'endsWith', 'contains', 'notContains', 'containsi', 'notContainsi',
  'gt', 'gte', 'lt', 'lte', 'null', 'notNull', 'in', 'notIn', 'between'
] as const

function scalarOperatorFields (operand: GraphQLScalarType, self: GraphQLInputObjectType): GraphQLInputFieldConfigMap {
  const fields: GraphQLInputFieldConfigMap = {}
  for (const operator of FILTER_OPERATORS) {
    let type: GraphQLInputType = operand
    if (operator === 'not') type = self
    else if (operator === 'null' || operator === 'notNull') type = GraphQLBoolean
    else if (['and', 'or', 'in', 'notIn', 'between'].includes(operator)) type = new GraphQLList(operand)
    fields[operator] = { type }
  }
  return fields
}

const SYSTEM_ORDER = ['createdAt', 'updatedAt', 'publishedAt', 'localizations', 'locale']

/**
 * The attributes a client may see, in the order Strapi lists them: `id`, the schema's own,
 * then the timestamps, `publishedAt`, `localizations` and `locale`.
 */
export function strapiOrder (model: Model): Attribute[] {
  const visible = [...model.attributes.values()].filter(attribute => !isPrivate(attribute))
  const system = (attribute: Attribute): number => SYSTEM_ORDER.indexOf(attribute.name)
  const own = visible.filter(attribute => !attribute.system || system(attribute) < 0)
  const last = visible.filter(attribute => attribute.system && system(attribute) >= 0).sort((a, b) => system(a) - system(b))
  return [...own, ...last]
}
