/**
 * A component, repeatable component or dynamic-zone value of a write body → the new list
 * of component rows. Items with an `id` update that row of the owner; items without one are
 * new rows. Each item's own fields are planned by the caller's `planItem` (a row, again).
 */
import type { ComponentAttribute, ComponentModel, DynamicZoneAttribute } from '../content-types/model.js'
import type { Registry } from '../content-types/registry.js'
import { IssueList } from './issues.js'
import type { ComponentListWrite, InputPath, RowPlan } from './plan.js'
import { isRecord } from '../is-record.js'
import { parseRowId } from '../content-types/row-ids.js'

/** One item of a list, its `id` and `__component` taken out. */
export interface ListItem {
  model: ComponentModel
  fields: Record<string, unknown>
  path: InputPath
  /** The current row it updates, or null for a new one. */
  id: number | null
}

/** What planning a list needs: where its problems go, and how each item's own fields are planned (their problems going to `issues`). */
export interface ListContext {
  registry: Registry
  issues: IssueList
  planItem: (item: ListItem, issues: IssueList) => RowPlan
}

type ListAttribute = ComponentAttribute | DynamicZoneAttribute

/** A component, repeatable component or zone value as sent, and where. */
export interface ListInput {
  attribute: ListAttribute
  raw: unknown
  path: InputPath
}

export function planComponentList (context: ListContext, { attribute, raw, path }: ListInput): ComponentListWrite | null {
  const { issues } = context
  const values = listValues({ attribute, raw, path }, issues)
  if (values === null) {
    // Refused for its shape, a component's value still sends the relations in it
    // (EntryWritePlan.sentRelations): its items are planned for them alone, their own problems untold.
    const untold = { ...context, issues: new IssueList() }
    for (const item of misshapenItems({ attribute, raw, path })) planListItem(untold, item)
    return null
  }
  const items: RowPlan[] = []
  let valid = checkCount({ attribute, path }, values.length, issues)
  values.forEach((value, index) => {
    const itemPath = attribute.kind === 'component' && !attribute.repeatable ? path : [...path, index]
    const item = planListItem(context, { attribute, raw: value, path: itemPath })
    if (item === null) valid = false
    else items.push(item)
  })
  return valid && idsAreDistinct(items, issues) ? { attribute, items, path } : null
}

/**
 * As in Strapi: `null` clears an optional single component, while a list (repeatable
 * component or zone) is cleared with `[]` only; their null answers Strapi's (yup's) words.
 */
function listValues ({ attribute, raw, path }: ListInput, issues: IssueList): unknown[] | null {
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

/** The items of a component value sent in the other shape: a list for a single component, an object for a repeatable one. */
function misshapenItems ({ attribute, raw, path }: ListInput): ListInput[] {
  if (attribute.kind !== 'component' || raw === null) return []
  const values = Array.isArray(raw) ? raw : [raw]
  return values.map((value, index) => ({ attribute, raw: value, path: attribute.repeatable ? [...path, index] : path }))
}

/** Required means present (Strapi): a required list may be `[]`, unless it also has a min. */
function checkCount ({ attribute, path }: Omit<ListInput, 'raw'>, count: number, issues: IssueList): boolean {
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

/** One item of a list as sent (`raw`), at its path. */
function planListItem ({ registry, issues, planItem }: ListContext, { attribute, raw, path }: ListInput): RowPlan | null {
  if (!isRecord(raw)) {
    issues.add(path, 'must be an object')
    return null
  }
  const { id: rawId, ...fields } = raw
  const uid = attribute.kind === 'component' ? attribute.component : zoneComponent({ attribute, raw: fields.__component, path }, issues)
  const id = rawId === undefined || rawId === null ? null : parseRowId(rawId)
  if (id === null && rawId !== undefined && rawId !== null) issues.add([...path, 'id'], 'must be a positive integer id')
  if (uid === null) return null
  if (attribute.kind === 'dynamiczone') delete fields.__component
  return planItem({ model: registry.components.get(uid)!, fields, path, id }, issues)
}

/** A zone item's `__component` as sent (`raw`): a missing and an unknown one are told apart, with Strapi's messages. */
function zoneComponent ({ attribute, raw: uid, path }: { attribute: DynamicZoneAttribute, raw: unknown, path: InputPath }, issues: IssueList): string | null {
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
