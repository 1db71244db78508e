/**
 * The Strapi v4 schema.json format, as users write it. Only what we read is typed;
 * everything else in a file (admin UI settings, comments) is ignored.
 */

export type ScalarType =
  | 'string' | 'text' | 'richtext' | 'enumeration' | 'email' | 'password' | 'uid'
  | 'date' | 'time' | 'datetime' | 'timestamp'
  | 'integer' | 'biginteger' | 'float' | 'decimal'
  | 'boolean' | 'json' | 'array' | 'blocks'

export type RelationType = 'oneToOne' | 'oneToMany' | 'manyToOne' | 'manyToMany'

/** Polymorphic relations: Strapi's own plugins use them; the content API does not serve them. */
export type MorphRelationType = 'morphToOne' | 'morphToMany' | 'morphOne' | 'morphMany'

export type MediaKind = 'images' | 'videos' | 'audios' | 'files'

export interface AttributeSchemaCommon {
  type: string
  required?: boolean
  private?: boolean
  unique?: boolean
  /** false: a write body may not set it (dropped, or a 400 under the `strict` option). */
  writable?: boolean
  configurable?: boolean
  pluginOptions?: Record<string, unknown>
}

export interface ScalarAttributeSchema extends AttributeSchemaCommon {
  type: ScalarType
  default?: unknown
  min?: number | string
  max?: number | string
  minLength?: number
  maxLength?: number
  regex?: string
  enum?: string[]
  targetField?: string
  /** uid options (`separator`, `lowercase`); a custom field's widget options (any JSON). */
  options?: unknown
}

/** A field of a Strapi plugin (`customField: "plugin::color-picker.color"`), stored as its underlying type. */
export interface CustomFieldAttributeSchema extends AttributeSchemaCommon {
  type: 'customField'
  customField: string
  options?: unknown
}

export interface RelationAttributeSchema extends AttributeSchemaCommon {
  type: 'relation'
  relation: RelationType | MorphRelationType
  target: string
  inversedBy?: string
  mappedBy?: string
}

export interface MediaAttributeSchema extends AttributeSchemaCommon {
  type: 'media'
  multiple?: boolean
  allowedTypes?: MediaKind[]
}

export interface ComponentAttributeSchema extends AttributeSchemaCommon {
  type: 'component'
  component: string
  repeatable?: boolean
  min?: number
  max?: number
}

export interface DynamicZoneAttributeSchema extends AttributeSchemaCommon {
  type: 'dynamiczone'
  components: string[]
  min?: number
  max?: number
}

export type AttributeSchema =
  | ScalarAttributeSchema
  | RelationAttributeSchema
  | MediaAttributeSchema
  | ComponentAttributeSchema
  | DynamicZoneAttributeSchema
  | CustomFieldAttributeSchema

export interface ContentTypeSchema {
  kind?: 'collectionType' | 'singleType'
  collectionName?: string
  info: {
    singularName: string
    pluralName: string
    displayName?: string
    description?: string
  }
  options?: {
    draftAndPublish?: boolean
    populateCreatorFields?: boolean
  }
  pluginOptions?: {
    i18n?: { localized?: boolean }
    [plugin: string]: unknown
  }
  attributes: Record<string, AttributeSchema>
  /** The admin panel's view settings (`{ settings, metadatas, layouts }`, docs/admin-api.md); not Strapi's. */
  config?: unknown
}

export interface ComponentSchema {
  collectionName?: string
  info?: { displayName?: string, icon?: string, description?: string }
  options?: Record<string, unknown>
  attributes: Record<string, AttributeSchema>
  /** The admin panel's view settings, as on content types. */
  config?: unknown
}

/** A schema as loaded, with where it came from so errors can name the file. */
export interface SourcedSchema<S> {
  uid: string
  source: string
  schema: S
}
