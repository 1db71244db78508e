// The "Configure the view" screen's state, as plain data: read from a type's configuration,
// turned back into the PUT's { settings, metadatas, layouts }, and the server's refusals
// mapped back to the inputs that caused them. Which attribute may be what (a column, the
// sort, the title) follows the server's rules (plugin/admin/configuration), from the schema
// the panel has; a unit test checks the two agree. It imports types only, so the server's
// tests can load it as it is.
import type { Attribute, Configuration, ContentTypeSchema } from '../api/schema.js'

export const GRID_COLUMNS = 12

/** Types a list cannot sort by or show as a column (the server's too). */
const UNSORTABLE_TYPES: ReadonlySet<string> = new Set(['json', 'array', 'blocks', 'password', 'richtext', 'media', 'component', 'dynamiczone'])
const TO_ONE: ReadonlySet<string> = new Set(['oneToOne', 'manyToOne', 'morphToOne'])

function isSortableScalar (attribute: Attribute): boolean {
  return attribute.type !== 'relation' && attribute.private !== true && !UNSORTABLE_TYPES.has(attribute.type)
}

/** May sort the list: a sortable scalar or a to-one relation (sorted by its target's main field). */
export function isSortable (attribute: Attribute): boolean {
  return attribute.type === 'relation' ? TO_ONE.has(attribute.relation ?? '') : isSortableScalar(attribute)
}

/** May be a list column: a sortable scalar or any relation (a to-one shows its target's main field, a to-many a count). */
export function isListable (name: string, attribute: Attribute): boolean {
  return attribute.type === 'relation' ? name !== 'localizations' : isSortableScalar(attribute)
}

/** May be the entry's title: a scalar a list can show. */
export function isTitle (attribute: Attribute): boolean {
  return isSortableScalar(attribute)
}

export interface ColumnDraft { name: string, label: string, sortable: boolean }
export interface FieldDraft { name: string, size: number, label: string, description: string }
export interface ViewDraft {
  settings: Configuration['settings']
  columns: ColumnDraft[]
  fields: FieldDraft[]
}

/** The attributes of `type` the configuration knows (not the creator fields), in schema order, that pass `test`. */
export function attributeNames (type: ContentTypeSchema, configuration: Configuration, test: (name: string, attribute: Attribute) => boolean): string[] {
  return Object.entries(type.attributes).filter(([name, attribute]) => configuration.metadatas[name] !== undefined && test(name, attribute)).map(([name]) => name)
}

export function draftOf (configuration: Configuration): ViewDraft {
  const meta = configuration.metadatas
  return {
    settings: { ...configuration.settings },
    columns: configuration.layouts.list.map(name => ({ name, label: meta[name]?.list?.label ?? name, sortable: meta[name]?.list?.sortable !== false })),
    fields: configuration.layouts.edit.flat().map(({ name, size }) => ({ name, size, label: meta[name]?.edit?.label ?? name, description: meta[name]?.edit?.description ?? '' }))
  }
}

/** Fields in order, a new row whenever the next one would not fit in the 12 columns (as the server's defaults). */
export function packRows (fields: ReadonlyArray<{ name: string, size: number }>): Array<Array<{ name: string, size: number }>> {
  const rows: Array<Array<{ name: string, size: number }>> = []
  let row: Array<{ name: string, size: number }> = []
  let width = 0
  for (const { name, size } of fields) {
    if (row.length > 0 && width + size > GRID_COLUMNS) {
      rows.push(row)
      row = []
      width = 0
    }
    row.push({ name, size })
    width += size
  }
  if (row.length > 0) rows.push(row)
  return rows
}

export interface ConfigurationBody {
  settings: Configuration['settings']
  metadatas: Record<string, { edit?: { label: string, description: string }, list?: { label: string, sortable: boolean } }>
  layouts: Configuration['layouts']
}

/** The PUT body of `draft`: every part, so what the screen shows is what is stored. */
export function bodyOf (draft: ViewDraft): ConfigurationBody {
  const metadatas: ConfigurationBody['metadatas'] = {}
  for (const { name, label, sortable } of draft.columns) metadatas[name] = { list: { label, sortable } }
  for (const { name, label, description } of draft.fields) metadatas[name] = { ...metadatas[name], edit: { label, description } }
  return { settings: draft.settings, metadatas, layouts: { list: draft.columns.map(column => column.name), edit: packRows(draft.fields) } }
}

/**
 * The input a server issue belongs to, by the screen's own keys ('settings.pageSize',
 * 'columns.title.label', 'fields.title.size'), from the path it names in `body`; null when
 * no input holds it (it is then shown above the form).
 */
export function inputKeyOf (path: ReadonlyArray<string | number>, body: ConfigurationBody): string | null {
  const [part, ...rest] = path
  if (part === 'settings' && typeof rest[0] === 'string') return `settings.${rest[0]}`
  if (part === 'layouts' && rest[0] === 'list' && typeof rest[1] === 'number') {
    const name = body.layouts.list[rest[1]]
    return name === undefined ? null : `columns.${name}`
  }
  if (part === 'layouts' && rest[0] === 'edit' && typeof rest[1] === 'number' && typeof rest[2] === 'number') {
    const name = body.layouts.edit[rest[1]]?.[rest[2]]?.name
    return name === undefined ? null : `fields.${name}.${rest[3] === 'size' ? 'size' : 'name'}`
  }
  if (part === 'metadatas' && typeof rest[0] === 'string') {
    const key = rest[2]
    return rest[1] === 'list' ? `columns.${rest[0]}${key === 'label' ? '.label' : ''}` : `fields.${rest[0]}${key === 'label' || key === 'description' ? `.${key}` : ''}`
  }
  return null
}

/** `items` with the one at `index` moved by `by` (-1 up, +1 down); the same list when it cannot move. */
export function moved<T> (items: readonly T[], index: number, by: -1 | 1): T[] {
  const target = index + by
  if (target < 0 || target >= items.length) return [...items]
  const copy = [...items]
  ;[copy[index], copy[target]] = [copy[target]!, copy[index]!]
  return copy
}
