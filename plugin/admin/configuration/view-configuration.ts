/**
 * The content manager's view configuration of a content type or component (docs/admin-api.md,
 * 'Configuration'): its list settings, each attribute's labels and flags, and the list and
 * edit layouts. The defaults follow Strapi v4's rules from the schema alone.
 */
import type { Attribute, ComponentModel, ContentTypeModel } from '../../content-types/model.js'
import type { Registry } from '../../content-types/registry.js'
import { defaultMainField } from '../../content-types/main-field.js'
import { GRID_COLUMNS, fieldSize } from './field-sizes.js'

export interface ViewSettings {
  mainField: string
  defaultSortBy: string
  defaultSortOrder: 'ASC' | 'DESC'
  pageSize: number
  searchable: boolean
  filterable: boolean
  bulkable: boolean
}

export interface EditMetadata {
  label: string
  description: string
  placeholder: string
  visible: boolean
  editable: boolean
  mainField?: string
}

export interface ListMetadata {
  label: string
  searchable: boolean
  sortable: boolean
}

export interface AttributeMetadata {
  edit: EditMetadata
  list: ListMetadata
}

export interface EditField {
  name: string
  size: number
}

export interface ViewLayouts {
  list: string[]
  edit: EditField[][]
}

export interface ViewConfiguration {
  settings: ViewSettings
  metadatas: Record<string, AttributeMetadata>
  layouts: ViewLayouts
}

export type ConfigurableModel = ContentTypeModel | ComponentModel

const DEFAULT_LIST_LENGTH = 4
const DEFAULT_PAGE_SIZE = 10

/** Kept out of the edit view: the server writes them. */
const SERVER_WRITTEN: ReadonlySet<string> = new Set(['id', 'createdAt', 'updatedAt', 'publishedAt', 'createdBy', 'updatedBy', 'locale', 'localizations', 'documentId'])

const UNSORTABLE_TYPES: ReadonlySet<string> = new Set(['json', 'array', 'blocks', 'password', 'richtext', 'media', 'component', 'dynamiczone'])

/** Strapi's default main field: the first string attribute, else the id. */

/** Attributes a list column or a sort may name: scalars (not the unsortable kinds) and to-one relations. */
export function isSortable (attribute: Attribute): boolean {
  if (attribute.kind === 'relation') return !attribute.toMany
  return attribute.kind === 'scalar' && !attribute.private && !UNSORTABLE_TYPES.has(attribute.type)
}

/** Attributes `_q` searches: the string-like scalars. */
export function isSearchable (attribute: Attribute): boolean {
  return attribute.kind === 'scalar' && !attribute.private && ['string', 'text', 'richtext', 'email', 'uid', 'enumeration'].includes(attribute.type)
}

/** Whether the edit view shows the attribute: not what the server writes. */
export function isEditable (attribute: Attribute): boolean {
  return !SERVER_WRITTEN.has(attribute.name) && !attribute.system
}

/** May be a list column: sortable scalars and relations (shown by main field, or counted), not components, zones, media. */
export function isListable (attribute: Attribute): boolean {
  if (attribute.kind === 'relation') return attribute.name !== 'localizations'
  return attribute.kind === 'scalar' && !attribute.private && !UNSORTABLE_TYPES.has(attribute.type)
}

export interface DefaultsContext {
  registry: Registry
  /** The main field of a relation's target. */
  mainFieldOf: (uid: string) => string
}

export function defaultConfiguration (model: ConfigurableModel, context: DefaultsContext): ViewConfiguration {
  const mainField = defaultMainField(model)
  const metadatas: Record<string, AttributeMetadata> = {}
  for (const attribute of model.attributes.values()) metadatas[attribute.name] = defaultMetadata(attribute, context)
  return {
    settings: {
      mainField,
      defaultSortBy: mainField,
      defaultSortOrder: 'ASC',
      pageSize: DEFAULT_PAGE_SIZE,
      searchable: true,
      filterable: true,
      bulkable: true
    },
    metadatas,
    layouts: { list: defaultListLayout(model), edit: packRows(defaultEditFields(model)) }
  }
}

function defaultMetadata (attribute: Attribute, context: DefaultsContext): AttributeMetadata {
  const editable = isEditable(attribute)
  const edit: EditMetadata = { label: attribute.name, description: '', placeholder: '', visible: editable, editable }
  if (attribute.kind === 'relation') edit.mainField = context.mainFieldOf(attribute.target)
  return { edit, list: { label: attribute.name, searchable: isSearchable(attribute) || attribute.name === 'id', sortable: isSortable(attribute) } }
}

function defaultListLayout (model: ConfigurableModel): string[] {
  const columns: string[] = []
  for (const attribute of model.attributes.values()) {
    if (columns.length === DEFAULT_LIST_LENGTH) break
    if (attribute.kind === 'scalar' && isListable(attribute) && (attribute.name === 'id' || !attribute.system)) columns.push(attribute.name)
  }
  return columns
}

function defaultEditFields (model: ConfigurableModel): EditField[] {
  return [...model.attributes.values()].filter(isEditable).map(attribute => ({ name: attribute.name, size: fieldSize(attribute).default }))
}

/** Fields in order, a new row whenever the next one would not fit in the 12 columns. */
export function packRows (fields: readonly EditField[]): EditField[][] {
  const rows: EditField[][] = []
  let row: EditField[] = []
  let width = 0
  for (const field of fields) {
    if (width + field.size > GRID_COLUMNS && row.length > 0) {
      rows.push(row)
      row = []
      width = 0
    }
    row.push(field)
    width += field.size
  }
  if (row.length > 0) rows.push(row)
  return rows
}
