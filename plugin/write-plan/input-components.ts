/**
 * A component, repeatable component or dynamic-zone value of a write body → the new list
 * of component rows. Items with an `id` update that row of the owner; items without one are
 * new rows. Each item's own fields are planned by the caller's `planItem` (a row, again).
 */
import type { ComponentAttribute, ComponentModel, DynamicZoneAttribute } from '../content-types/model.js'
import type { Registry } from '../content-types/registry.js'
import type { IssueList } from './issues.js'
import type { ComponentListWrite, InputPath, RowPlan } from './plan.js'
import { isRecord } from '../is-record.js'
import { parseRowId } from '../content-types/row-ids.js'

export type PlanItem = (model: ComponentModel, fields: Record<string, unknown>, path: InputPath, id: number | null) => RowPlan

export function planComponentList (
  registry: Registry,
  attribute: ComponentAttribute | DynamicZoneAttribute,
  raw: unknown,
  path: InputPath,
  issues: IssueList,
  planItem: PlanItem
): ComponentListWrite | null {
  const values = listValues(attribute, raw, path, issues)
  if (values === null) return null
  const items: RowPlan[] = []
  let valid = checkCount(attribute, values.length, path, issues)
  values.forEach((value, index) => {
    const itemPath = attribute.kind === 'component' && !attribute.repeatable ? path : [...path, index]
    const item = planListItem(registry, attribute, value, itemPath, issues, planItem)
    if (item === null) valid = false
    else items.push(item)
  })
  return valid && idsAreDistinct(items, issues) ? { attribute, items, path } : null
}

/**
 * As in Strapi: `null` clears an optional single component, while a list (repeatable
 * component or zone) is cleared with `[]` only; their null answers Strapi's (yup's) words.
 */
function listValues (attribute: ComponentAttribute | DynamicZoneAttribute, raw: unknown, path: InputPath, issues: IssueList): unknown[] | null {
  if (attribute.kind === 'component' && !attribute.repeatable) {
    if (isRecord(raw)) return [raw]
    if (raw === null && !attribute.required) return []
    issues.add(path, raw === null ? 'must be a `object` type, but the final value was: `null`.' : 'must be an object or null')
    return null
  }
  if (Array.isArray(raw)) return raw
  if (raw === null) {
    issues.add(path, 'must be a `array` type, but the final value was: `null`.')
    return null
  }
  issues.add(path, attribute.kind === 'dynamiczone' ? 'must be a list of components, each naming its __component' : 'must be a list of components')
  return null
}

/** Required means present (Strapi): a required list may be `[]`, unless it also has a min. */
function checkCount (attribute: ComponentAttribute | DynamicZoneAttribute, count: number, path: InputPath, issues: IssueList): boolean {
  // An empty optional list means "none", which min does not forbid.
  if (attribute.min !== undefined && count < attribute.min && (count > 0 || attribute.required)) {
    issues.add(path, `must have at least ${attribute.min} items`)
    return false
  }
  if (attribute.max !== undefined && count > attribute.max) {
    issues.add(path, `must have at most ${attribute.max} items`)
    return false
  }
  return true
}

function planListItem (
  registry: Registry,
  attribute: ComponentAttribute | DynamicZoneAttribute,
  value: unknown,
  path: InputPath,
  issues: IssueList,
  planItem: PlanItem
): RowPlan | null {
  if (!isRecord(value)) {
    issues.add(path, 'must be an object')
    return null
  }
  const { id: rawId, ...fields } = value
  const uid = attribute.kind === 'component' ? attribute.component : zoneComponent(attribute, fields, path, issues)
  const id = rawId === undefined || rawId === null ? null : parseRowId(rawId)
  if (id === null && rawId !== undefined && rawId !== null) issues.add([...path, 'id'], 'must be a positive integer id')
  if (uid === null) return null
  if (attribute.kind === 'dynamiczone') delete fields.__component
  return planItem(registry.components.get(uid)!, fields, path, id)
}

/** A missing and an unknown `__component` are told apart, with Strapi's messages. */
function zoneComponent (attribute: DynamicZoneAttribute, fields: Record<string, unknown>, path: InputPath, issues: IssueList): string | null {
  const uid = fields.__component
  if (typeof uid === 'string' && attribute.components.includes(uid)) return uid
  if (uid === undefined || uid === null) issues.add([...path, '__component'], 'is a required field')
  else issues.add([...path, '__component'], `must be one of the following values: ${attribute.components.join(', ')}`)
  return null
}

function idsAreDistinct (items: RowPlan[], issues: IssueList): boolean {
  const seen = new Set<string>()
  let distinct = true
  for (const item of items) {
    if (item.id === null) continue
    const key = `${item.model.uid}#${item.id}`
    if (seen.has(key)) {
      issues.add([...item.path, 'id'], `repeats the component id ${item.id}`)
      distinct = false
    }
    seen.add(key)
  }
  return distinct
}
