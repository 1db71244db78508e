/**
 * The validated, normalised content model that every other module reads. Built once at
 * startup by the registry from the Strapi schemas; nothing here knows about HTTP or SQL.
 */
import type { MediaKind, RelationType, ScalarType } from './definition.js'

/**
 * Which side of a link entity an attribute reads from. Columns come from ORM metadata.
 * Every relation the schemas declare has a link table (`owner`/`target`/`ord`/`invOrd`);
 * the one exception is the users-permissions user's role, a foreign-key column of the
 * user row: there the user row is its own link (`id` → `role`), read only, never written.
 */
export interface LinkSide {
  /** MikroORM entity name of the link table. */
  entity: string
  /**
   * The link property pointing at the model that holds the attribute. On a to-one side (a
   * to-one relation or media, a single component) this column is unique (the registry's
   * unique owner/target index), so a row links at most one row: reads need no order to pick it.
   */
  self: 'owner' | 'target' | 'id'
  /** The link property pointing at the linked row. */
  other: 'owner' | 'target' | 'role'
  /** The link property ordering the linked rows as seen from this side. */
  order: 'ord' | 'invOrd' | 'id'
}

interface AttributeBase {
  name: string
  required: boolean
  private: boolean
  /** Declared by the system (id, timestamps), not by the user's schema. */
  system: boolean
  /**
   * Localized types: one value for all localizations of an entry (`pluginOptions.i18n.localized:
   * false`): the same scalar value and the same links in each, a copy of the same component rows.
   */
  sharedAcrossLocales?: boolean
}

export interface ScalarAttribute extends AttributeBase {
  kind: 'scalar'
  type: ScalarType
  unique: boolean
  /** Whether a client may send it in a write body. */
  writable: boolean
  default?: unknown
  min?: number | string
  max?: number | string
  minLength?: number
  maxLength?: number
  regex?: string
  enum?: string[]
  targetField?: string
  /** A uid's `options`: how the slug generated from `targetField` is joined and cased. */
  uidOptions?: { separator?: string, lowercase?: boolean }
  /**
   * Read from the column of this other attribute instead of a column of its own: stored
   * nowhere, never written (a v5 `publishedAt` of a type without draftAndPublish reads `updatedAt`).
   */
  readFrom?: string
}

export interface RelationAttribute extends AttributeBase {
  kind: 'relation'
  relation: RelationType
  /** uid of the related content type. */
  target: string
  /** This side holds many related entries. */
  toMany: boolean
  /** A related entry may be linked from many entries of this side's model. */
  otherToMany: boolean
  /** The attribute on the target that mirrors this one, for two-way relations. */
  inverse?: string
  /** This side declared the link table (inversedBy or one-way), as opposed to mappedBy. */
  owning: boolean
  link: LinkSide
}

export interface MediaAttribute extends AttributeBase {
  kind: 'media'
  multiple: boolean
  allowedTypes: MediaKind[] | null
  /** Always the upload plugin's file model. */
  target: string
  link: LinkSide
}

export interface ComponentAttribute extends AttributeBase {
  kind: 'component'
  component: string
  repeatable: boolean
  min?: number
  max?: number
  link: LinkSide
}

export interface DynamicZoneAttribute extends AttributeBase {
  kind: 'dynamiczone'
  components: string[]
  min?: number
  max?: number
  /** One link table per allowed component; `ord` is shared so items keep one order across them. */
  links: Record<string, LinkSide>
}

export type Attribute =
  | ScalarAttribute
  | RelationAttribute
  | MediaAttribute
  | ComponentAttribute
  | DynamicZoneAttribute

export type PopulatableAttribute = Exclude<Attribute, ScalarAttribute>

interface ModelBase {
  uid: string
  /** MikroORM entity name. */
  entity: string
  /** Database table (the schema's collectionName). */
  table: string
  /** File the schema came from, or `inline:<uid>`, for error messages. */
  source: string
  attributes: ReadonlyMap<string, Attribute>
}

export interface ContentTypeModel extends ModelBase {
  kind: 'contentType'
  singularName: string
  pluralName: string
  displayName: string
  /** A singleType: one entry (per locale), served at `/<singularName>` (GET, PUT, DELETE). */
  single: boolean
  draftAndPublish: boolean
  populateCreatorFields: boolean
  localized: boolean
  /** The schema's `info.description`. */
  description?: string
  /** The schema's `config` (the admin panel's view settings, docs/admin-api.md), as written: checked where it is used. */
  adminConfig?: unknown
}

export interface ComponentModel extends ModelBase {
  kind: 'component'
  category: string
  displayName: string
  /** The schema's `info.icon` and `info.description`. */
  icon?: string
  description?: string
  /** The schema's `config` (the admin panel's view settings), as written. */
  adminConfig?: unknown
}

/** The upload plugin's file entries, target of every media attribute. */
export interface FileModel extends ModelBase {
  kind: 'file'
}

/**
 * A content type of a Strapi plugin that schemas may point at (the users-permissions user
 * and role, the admin user): a relation target only, never served on routes of its own.
 */
export interface PluginModel extends ModelBase {
  kind: 'plugin'
  displayName: string
  /** Its name in schema `$id`s and generated types (`UsersPermissionsUser`). */
  schemaName: string
}

export type Model = ContentTypeModel | ComponentModel | FileModel | PluginModel

/** A model read at the top of a route: a content type, a plugin type with routes of its own (the users), or the media library's files. */
export type ReadableModel = ContentTypeModel | PluginModel | FileModel

export const FILE_UID = 'plugin::upload.file'

/** What a write body may send: writable scalars, and every relation, media, component and zone but the system ones (`localizations`). */
export function isWritableAttribute (attribute: Attribute): boolean {
  return attribute.kind === 'scalar' ? attribute.writable : !attribute.system
}

/** Required attributes a create must send: not those the server fills (a default, a uid generated from its target field). */
export function isRequiredOnCreate (attribute: Attribute): boolean {
  if (!attribute.required) return false
  return attribute.kind !== 'scalar' || (attribute.default === undefined && !(attribute.type === 'uid' && attribute.targetField !== undefined))
}

/** Whether a relation or media field holds a list (to-many, multiple) rather than one entry. */
export function isToMany (attribute: RelationAttribute | MediaAttribute): boolean {
  return attribute.kind === 'media' ? attribute.multiple : attribute.toMany
}

/** The uid of the model a relation, media or single-component attribute links to. */
export function targetUid (attribute: RelationAttribute | MediaAttribute | ComponentAttribute): string {
  return attribute.kind === 'component' ? attribute.component : attribute.target
}

/** Names of the attributes a localized type shares across its localization group (`localized: false`). */
export function sharedAttributeNames (model: ContentTypeModel): ReadonlySet<string> {
  const names = new Set<string>()
  for (const attribute of model.attributes.values()) {
    if (attribute.sharedAcrossLocales === true) names.add(attribute.name)
  }
  return names
}

/** Scalars a read returns when `fields` is absent (docs/querying.md, 'fields'): never private ones. */
export function defaultFieldNames (model: Model): string[] {
  const names: string[] = []
  for (const attribute of model.attributes.values()) {
    if (attribute.kind === 'scalar' && !attribute.private && attribute.name !== 'id') names.push(attribute.name)
  }
  return names
}

/** A link table joining rows of two models: relations, media, components, zone items. */
export interface LinkTable {
  entity: string
  table: string
  /** uid of the model whose attribute declared the link. */
  owner: string
  /** uid of the linked model. */
  target: string
  /** An owner row links at most one target row (a to-one owning side). */
  uniqueOwner: boolean
  /** A target row is linked from at most one owner row (components, exclusive relations). */
  uniqueTarget: boolean
}
