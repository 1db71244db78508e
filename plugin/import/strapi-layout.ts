/**
 * Where Strapi v4 (4.26) keeps a model's data: pure naming functions, no database access.
 * Given a registry model, they name the Strapi tables and columns its entries, relations,
 * components, zones, media and localizations live in, following the rules of Strapi's
 * `@strapi/database` metadata as observed in test/fixtures/strapi-import (see LAYOUT.md there).
 * The importer reads Strapi's database with these names; Strapi's own description of its
 * tables (`strapi_database_schema`) can be checked against them before reading.
 */
import type { ContentTypeModel, ComponentModel, RelationAttribute } from '../content-types/model.js'
import type { Registry } from '../content-types/registry.js'

/** Strapi's column and table rule is lodash's `snakeCase`: words split at case changes and digits. */
export function strapiSnakeCase (name: string): string {
  const words = name.match(/[A-Z]+(?![a-z])|[A-Z]?[a-z]+|[0-9]+/g) ?? []
  return words.map(word => word.toLowerCase()).join('_')
}

/** Tables of the plugins Strapi's content can point at, keyed by uid. */
export const STRAPI_PLUGIN_TABLES: Readonly<Record<string, { table: string, singularName: string }>> = {
  'plugin::users-permissions.user': { table: 'up_users', singularName: 'user' },
  'plugin::users-permissions.role': { table: 'up_roles', singularName: 'role' },
  'plugin::upload.file': { table: 'files', singularName: 'file' },
  'plugin::i18n.locale': { table: 'i18n_locale', singularName: 'locale' },
  'admin::user': { table: 'admin_users', singularName: 'user' }
}

/** What Strapi names a model by: its table and its singular name (a component's file name). */
export interface StrapiModelName {
  uid: string
  table: string
  singularName: string
}

export function strapiModelName (model: ContentTypeModel | ComponentModel): StrapiModelName {
  if (model.kind === 'contentType') return { uid: model.uid, table: model.table, singularName: model.singularName }
  return { uid: model.uid, table: model.table, singularName: model.uid.slice(model.uid.indexOf('.') + 1) }
}

/** The relation kinds, as declared on the owning side. */
export type StrapiRelationKind = 'oneToOne' | 'oneToMany' | 'manyToOne' | 'manyToMany'

/** A `*_links` join table as Strapi creates it for the owning side of one relation attribute. */
export interface StrapiJoinTable {
  table: string
  /** `<owner singular>_id`. */
  ownerColumn: string
  /** `<target singular>_id`, or `inv_<target singular>_id` when both are the same. */
  targetColumn: string
  /** Orders the targets of one owner (`<target singular>_order`); only when the owner holds many. */
  orderColumn: string | null
  /** Orders the owners of one target (`<owner singular>_order`); only for a two-way relation whose target holds many. */
  inverseOrderColumn: string | null
}

const TO_MANY: ReadonlySet<StrapiRelationKind> = new Set(['oneToMany', 'manyToMany'])
const MANY_TO: ReadonlySet<StrapiRelationKind> = new Set(['manyToOne', 'manyToMany'])

/** Strapi's `createJoinTable`: the link table of `owner.attribute`. */
export function strapiJoinTable (options: {
  owner: StrapiModelName
  attribute: string
  target: StrapiModelName
  relation: StrapiRelationKind
  /** The target declares the mirror attribute (mappedBy). */
  twoWay: boolean
}): StrapiJoinTable {
  const { owner, attribute, target, relation, twoWay } = options
  const ownerColumn = `${strapiSnakeCase(owner.singularName)}_id`
  let targetColumn = `${strapiSnakeCase(target.singularName)}_id`
  if (targetColumn === ownerColumn) targetColumn = `inv_${targetColumn}`
  const orderColumn = `${strapiSnakeCase(target.singularName)}_order`
  let inverseOrderColumn = `${strapiSnakeCase(owner.singularName)}_order`
  if (relation === 'manyToMany' && inverseOrderColumn === orderColumn) inverseOrderColumn = `inv_${inverseOrderColumn}`
  return {
    table: `${owner.table}_${strapiSnakeCase(attribute)}_links`,
    ownerColumn,
    targetColumn,
    orderColumn: TO_MANY.has(relation) ? orderColumn : null,
    inverseOrderColumn: twoWay && MANY_TO.has(relation) ? inverseOrderColumn : null
  }
}

/** One relation attribute seen from its own model: which rows are mine, which are linked, in what order. */
export interface StrapiRelationSide {
  table: string
  /** Holds the id of the entry that has the attribute. */
  selfColumn: string
  /** Holds the id of the linked entry. */
  otherColumn: string
  /** Orders the linked entries of one entry, or null (to-one, or Strapi keeps no order). */
  orderColumn: string | null
  /** Orders the entries linking to one linked entry (the other side's list), or null. */
  otherOrderColumn: string | null
}

/** The `*_components` morph table of an entry type or of a component that nests others. */
export interface StrapiComponentsTable {
  table: string
  entityColumn: 'entity_id'
  componentColumn: 'component_id'
  typeColumn: 'component_type'
  fieldColumn: 'field'
  orderColumn: 'order'
}

/** Media live in one morph table for every model: rows of `related_type` = the model's uid and `field` = the attribute. */
export const STRAPI_FILE_MORPHS = {
  table: 'files_related_morphs',
  fileColumn: 'file_id',
  relatedIdColumn: 'related_id',
  relatedTypeColumn: 'related_type',
  fieldColumn: 'field',
  orderColumn: 'order'
} as const

export interface StrapiModelLayout {
  uid: string
  table: string
  /** Every scalar attribute (system ones included) → its column in `table`. */
  columns: Map<string, string>
  /** Creator columns: plain FKs to `admin_users.id`, present on every content type, absent on components. */
  creatorColumns: { createdBy: 'created_by_id', updatedBy: 'updated_by_id' } | null
  /** Relation attributes, owning and mappedBy alike. */
  relations: Map<string, StrapiRelationSide>
  /** The morph table of this model's components and zones, or null when it has none. */
  components: StrapiComponentsTable | null
  /** Media attributes → the morph rows they are stored as. */
  media: Map<string, { relatedType: string, field: string }>
  /** Localized types: the self-relation linking an entry to its other locales (stored both ways). */
  localizations: StrapiRelationSide | null
}

/** Resolves a uid to what Strapi names it by (content types, components, plugin models). */
export type StrapiNameResolver = (uid: string) => StrapiModelName

function owningSide (join: StrapiJoinTable): StrapiRelationSide {
  return { table: join.table, selfColumn: join.ownerColumn, otherColumn: join.targetColumn, orderColumn: join.orderColumn, otherOrderColumn: join.inverseOrderColumn }
}

function mirroredSide (join: StrapiJoinTable): StrapiRelationSide {
  return { table: join.table, selfColumn: join.targetColumn, otherColumn: join.ownerColumn, orderColumn: join.inverseOrderColumn, otherOrderColumn: join.orderColumn }
}

/** The relation attribute's table and columns, from its own side. */
export function strapiRelationSide (model: StrapiModelName, attribute: RelationAttribute, resolve: StrapiNameResolver, mirror?: RelationAttribute): StrapiRelationSide {
  const target = resolve(attribute.target)
  if (attribute.owning) {
    return owningSide(strapiJoinTable({ owner: model, attribute: attribute.name, target, relation: attribute.relation, twoWay: attribute.inverse !== undefined }))
  }
  if (attribute.inverse === undefined || mirror === undefined) {
    throw new Error(`${model.uid}.${attribute.name}: a mappedBy relation needs the owning attribute ${attribute.target}.${attribute.inverse ?? '?'}`)
  }
  return mirroredSide(strapiJoinTable({ owner: target, attribute: attribute.inverse, target: model, relation: mirror.relation, twoWay: true }))
}

/**
 * Everything of one model's Strapi layout. `mirrorOf` returns the owning attribute of a
 * mappedBy relation (the registry's target model holds it).
 */
export function strapiModelLayout (model: ContentTypeModel | ComponentModel, options: {
  resolve: StrapiNameResolver
  mirrorOf: (attribute: RelationAttribute) => RelationAttribute | undefined
}): StrapiModelLayout {
  const name = strapiModelName(model)
  const columns = new Map<string, string>()
  const relations = new Map<string, StrapiRelationSide>()
  const media = new Map<string, { relatedType: string, field: string }>()
  let hasComponents = false
  for (const attribute of model.attributes.values()) {
    switch (attribute.kind) {
      case 'scalar':
        columns.set(attribute.name, strapiSnakeCase(attribute.name))
        break
      case 'relation':
        if (attribute.system) break
        relations.set(attribute.name, strapiRelationSide(name, attribute, options.resolve, attribute.owning ? undefined : options.mirrorOf(attribute)))
        break
      case 'media':
        media.set(attribute.name, { relatedType: model.uid, field: attribute.name })
        break
      case 'component':
      case 'dynamiczone':
        hasComponents = true
        break
    }
  }
  const contentType = model.kind === 'contentType'
  return {
    uid: model.uid,
    table: model.table,
    columns,
    creatorColumns: contentType ? { createdBy: 'created_by_id', updatedBy: 'updated_by_id' } : null,
    relations,
    components: hasComponents
      ? { table: `${model.table}_components`, entityColumn: 'entity_id', componentColumn: 'component_id', typeColumn: 'component_type', fieldColumn: 'field', orderColumn: 'order' }
      : null,
    media,
    localizations: contentType && model.localized
      ? owningSide(strapiJoinTable({ owner: name, attribute: 'localizations', target: name, relation: 'oneToMany', twoWay: false }))
      : null
  }
}

/** The layout of every content type and component of a registry, by uid. */
export function strapiLayouts (registry: Pick<Registry, 'contentTypes' | 'components'>): Map<string, StrapiModelLayout> {
  const resolve: StrapiNameResolver = uid => {
    const model = registry.contentTypes.get(uid) ?? registry.components.get(uid)
    if (model !== undefined) return strapiModelName(model)
    const plugin = STRAPI_PLUGIN_TABLES[uid]
    if (plugin === undefined) throw new Error(`No Strapi table is known for ${uid}`)
    return { uid, ...plugin }
  }
  const mirrorOf = (attribute: RelationAttribute): RelationAttribute | undefined => {
    const mirror = attribute.inverse === undefined ? undefined : registry.contentTypes.get(attribute.target)?.attributes.get(attribute.inverse)
    return mirror?.kind === 'relation' ? mirror : undefined
  }
  const layouts = new Map<string, StrapiModelLayout>()
  for (const model of [...registry.contentTypes.values(), ...registry.components.values()]) {
    layouts.set(model.uid, strapiModelLayout(model, { resolve, mirrorOf }))
  }
  return layouts
}
