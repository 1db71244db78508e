/**
 * A change to a view configuration, from a schema's `config` key or a `PUT .../configuration`
 * body: every key checked against the model (an unknown attribute, a size off the grid, a row
 * wider than the grid, a main field that cannot be shown: a 400 naming it), then laid over
 * the configuration it changes, key by key.
 */
import type { Attribute } from '../../content-types/model.js'
import { ValidationError } from '../../errors.js'
import { isRecord } from '../../is-record.js'
import { GRID_COLUMNS } from './field-sizes.js'
import { isEditable, isListable, isSortable } from './view-configuration.js'
import type { AttributeMetadata, ConfigurableModel, EditField, ViewConfiguration, ViewLayouts, ViewSettings } from './view-configuration.js'

export interface ConfigurationPatch {
  settings?: Partial<ViewSettings>
  metadatas?: Record<string, { edit?: Partial<AttributeMetadata['edit']>, list?: Partial<AttributeMetadata['list']> }>
  layouts?: Partial<ViewLayouts>
}

const MAX_PAGE_SIZE = 100
type Path = Array<string | number>

/** Whether `value` names `id` or an attribute of `model` that passes `test`. */
function names (model: ConfigurableModel, value: unknown, test: (attribute: Attribute) => boolean): boolean {
  if (typeof value !== 'string') return false
  const attribute = model.attributes.get(value)
  return value === 'id' || (attribute !== undefined && test(attribute))
}

const SETTING_CHECKS: Record<keyof ViewSettings, (value: unknown, model: ConfigurableModel) => string | null> = {
  mainField: (value, model) => names(model, value, attribute => attribute.kind === 'scalar' && isSortable(attribute)) ? null : 'must name a scalar attribute that can be shown in a list',
  defaultSortBy: (value, model) => names(model, value, isSortable) ? null : 'must name a sortable attribute',
  defaultSortOrder: value => value === 'ASC' || value === 'DESC' ? null : 'must be ASC or DESC',
  pageSize: value => Number.isInteger(value) && (value as number) >= 1 && (value as number) <= MAX_PAGE_SIZE ? null : `must be an integer from 1 to ${MAX_PAGE_SIZE}`,
  searchable: value => typeof value === 'boolean' ? null : 'must be a boolean',
  filterable: value => typeof value === 'boolean' ? null : 'must be a boolean',
  bulkable: value => typeof value === 'boolean' ? null : 'must be a boolean'
}

const EDIT_KEYS: Record<string, 'string' | 'boolean'> = { label: 'string', description: 'string', placeholder: 'string', visible: 'boolean', editable: 'boolean', mainField: 'string' }
const LIST_KEYS: Record<string, 'string' | 'boolean'> = { label: 'string', searchable: 'boolean', sortable: 'boolean' }

/** Checks `raw` against `model`; every problem in one 400. */
export function checkPatch (model: ConfigurableModel, raw: unknown): ConfigurationPatch {
  const problems = new Problems()
  if (!isRecord(raw)) throw ValidationError.at([], 'The configuration must be an object: { settings, metadatas, layouts }')
  const patch: ConfigurationPatch = {}
  for (const key of Object.keys(raw)) {
    if (!['settings', 'metadatas', 'layouts'].includes(key)) problems.add([key], 'is not part of a configuration (expected settings, metadatas or layouts)')
  }
  if (raw.settings !== undefined) patch.settings = checkSettings(model, raw.settings, problems)
  if (raw.metadatas !== undefined) patch.metadatas = checkMetadatas(model, raw.metadatas, problems)
  if (raw.layouts !== undefined) patch.layouts = checkLayouts(model, raw.layouts, problems)
  problems.throwAny()
  return patch
}

function checkSettings (model: ConfigurableModel, raw: unknown, problems: Problems): Partial<ViewSettings> {
  if (!isRecord(raw)) return problems.add(['settings'], 'must be an object'), {}
  for (const [key, value] of Object.entries(raw)) {
    const check = SETTING_CHECKS[key as keyof ViewSettings] as ((value: unknown, model: ConfigurableModel) => string | null) | undefined
    const problem = check === undefined ? 'is not a setting' : check(value, model)
    if (problem !== null) problems.add(['settings', key], problem)
  }
  return raw as Partial<ViewSettings>
}

function checkMetadatas (model: ConfigurableModel, raw: unknown, problems: Problems): ConfigurationPatch['metadatas'] {
  if (!isRecord(raw)) return problems.add(['metadatas'], 'must be an object keyed by attribute'), {}
  for (const [name, metadata] of Object.entries(raw)) {
    const path = ['metadatas', name]
    if (!model.attributes.has(name)) { problems.add(path, 'is not an attribute'); continue }
    if (!isRecord(metadata)) { problems.add(path, 'must be an object: { edit, list }'); continue }
    for (const [part, value] of Object.entries(metadata)) {
      const keys = part === 'edit' ? EDIT_KEYS : part === 'list' ? LIST_KEYS : null
      if (keys === null) { problems.add([...path, part], 'must be edit or list'); continue }
      if (!isRecord(value)) { problems.add([...path, part], 'must be an object'); continue }
      for (const [key, given] of Object.entries(value)) {
        if (keys[key] === undefined) problems.add([...path, part, key], 'is not a metadata key')
        else if (typeof given !== keys[key]) problems.add([...path, part, key], `must be a ${keys[key]}`)
      }
    }
  }
  return raw as ConfigurationPatch['metadatas']
}

function checkLayouts (model: ConfigurableModel, raw: unknown, problems: Problems): Partial<ViewLayouts> {
  if (!isRecord(raw)) return problems.add(['layouts'], 'must be an object: { list, edit }'), {}
  for (const key of Object.keys(raw)) if (key !== 'list' && key !== 'edit') problems.add(['layouts', key], 'must be list or edit')
  if (raw.list !== undefined) {
    if (!Array.isArray(raw.list)) problems.add(['layouts', 'list'], 'must be a list of attribute names')
    else {
      raw.list.forEach((name, index) => {
        const attribute = typeof name === 'string' ? model.attributes.get(name) : undefined
        if (attribute === undefined || !isListable(attribute)) problems.add(['layouts', 'list', index], 'must name an attribute that can be a list column')
      })
      if (new Set(raw.list).size !== raw.list.length) problems.add(['layouts', 'list'], 'names an attribute twice')
    }
  }
  if (raw.edit !== undefined) checkEditRows(model, raw.edit, problems)
  return raw as Partial<ViewLayouts>
}

function checkEditRows (model: ConfigurableModel, raw: unknown, problems: Problems): void {
  if (!Array.isArray(raw)) return problems.add(['layouts', 'edit'], 'must be a list of rows, each a list of { name, size }')
  const seen = new Set<string>()
  raw.forEach((row, rowIndex) => {
    const path = ['layouts', 'edit', rowIndex]
    if (!Array.isArray(row)) return problems.add(path, 'must be a list of { name, size }')
    let width = 0
    row.forEach((field: unknown, index) => {
      const { name, size } = (isRecord(field) ? field : {}) as Partial<EditField>
      const attribute = typeof name === 'string' ? model.attributes.get(name) : undefined
      if (attribute === undefined || !isEditable(attribute)) problems.add([...path, index, 'name'], 'must name an attribute the edit view shows')
      else if (seen.has(attribute.name)) problems.add([...path, index, 'name'], 'is already in the layout')
      else seen.add(attribute.name)
      if (!Number.isInteger(size) || (size as number) < 1 || (size as number) > GRID_COLUMNS) problems.add([...path, index, 'size'], `must be an integer from 1 to ${GRID_COLUMNS}`)
      else width += size as number
    })
    if (width > GRID_COLUMNS) problems.add(path, `is ${width} columns wide: at most ${GRID_COLUMNS}`)
  })
}

/** `patch` laid over `base`: settings and each attribute's metadata key by key, each layout whole. */
export function applyPatch (base: ViewConfiguration, patch: ConfigurationPatch): ViewConfiguration {
  const metadatas = { ...base.metadatas }
  for (const [name, change] of Object.entries(patch.metadatas ?? {})) {
    const current = metadatas[name]!
    metadatas[name] = { edit: { ...current.edit, ...change.edit }, list: { ...current.list, ...change.list } }
  }
  return {
    settings: { ...base.settings, ...patch.settings },
    metadatas,
    layouts: { list: patch.layouts?.list ?? base.layouts.list, edit: patch.layouts?.edit ?? base.layouts.edit }
  }
}

class Problems {
  readonly #issues: Array<{ path: Path, message: string }> = []
  add (path: Path, message: string): void { this.#issues.push({ path, message }) }
  throwAny (): void {
    if (this.#issues.length === 0) return
    const issues = this.#issues.map(({ path, message }) => ({ path, message: `${path.join('.')} ${message}`, name: 'ValidationError' as const }))
    throw new ValidationError(issues.length === 1 ? issues[0]!.message : `${issues.length} errors occurred`, issues)
  }
}
