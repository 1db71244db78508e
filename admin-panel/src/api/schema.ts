// The shapes of GET /content-manager/init and of a type's configuration (docs/admin-api.md).

export interface Attribute {
  type: string
  required?: boolean
  private?: boolean
  unique?: boolean
  enum?: string[]
  multiple?: boolean
  allowedTypes?: string[]
  relation?: string
  target?: string
  component?: string
  repeatable?: boolean
  components?: string[]
  targetField?: string
  min?: number
  max?: number
  minLength?: number
  maxLength?: number
  default?: unknown
  pluginOptions?: { i18n?: { localized?: boolean } }
}

export interface ContentTypeSchema {
  uid: string
  isDisplayed: boolean
  apiID: string
  kind: 'collectionType' | 'singleType'
  info: { displayName: string, singularName: string, pluralName: string, description?: string }
  options?: { draftAndPublish?: boolean }
  pluginOptions?: { i18n?: { localized?: boolean } }
  attributes: Record<string, Attribute>
}

export interface ComponentSchema {
  uid: string
  category: string
  apiID: string
  info: { displayName: string, icon?: string | null }
  attributes: Record<string, Attribute>
}

export interface ContentManagerInit {
  contentTypes: ContentTypeSchema[]
  components: ComponentSchema[]
}

export interface FieldMetadata {
  edit?: { label?: string, description?: string, placeholder?: string, visible?: boolean, editable?: boolean, mainField?: string }
  list?: { label?: string, searchable?: boolean, sortable?: boolean }
}

export interface Configuration {
  uid: string
  settings: { mainField: string, defaultSortBy: string, defaultSortOrder: 'ASC' | 'DESC', pageSize: number, searchable: boolean, bulkable: boolean }
  metadatas: Record<string, FieldMetadata>
  layouts: { list: string[], edit: Array<Array<{ name: string, size: number }>> }
}

export interface ConfigurationAnswer {
  data: { contentType: Configuration, components: Record<string, Configuration> }
}

export interface Locale { id: number, name: string, code: string, isDefault: boolean }

/** Attributes the server manages: never sent back in a write body. */
export const MANAGED_FIELDS = ['id', 'createdAt', 'updatedAt', 'publishedAt', 'createdBy', 'updatedBy', 'localizations', 'locale'] as const

export function isLocalized (type: ContentTypeSchema): boolean {
  return type.pluginOptions?.i18n?.localized === true
}

export function hasDraftAndPublish (type: ContentTypeSchema): boolean {
  return type.options?.draftAndPublish === true
}

/** The react-admin resource of a type: the same path as the content manager's routes, so URLs read like Strapi's. */
export function resourceOf (type: Pick<ContentTypeSchema, 'uid' | 'kind'>): string {
  return `content-manager/${type.kind === 'singleType' ? 'single-types' : 'collection-types'}/${type.uid}`
}

/** The "Configure the view" screen of a content type, where Strapi has it. */
export function configurationPath (type: Pick<ContentTypeSchema, 'uid' | 'kind'>): string {
  return `/${resourceOf(type)}/configurations/edit`
}

/** The "Configure the view" screen of a component, where Strapi has it. */
export function componentConfigurationPath (uid: string): string {
  return `/content-manager/components/${uid}/configurations/edit`
}

export function uidOfResource (resource: string): string {
  return resource.slice(resource.lastIndexOf('/') + 1)
}
