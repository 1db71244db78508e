/**
 * The fields of one row (the entry, or a component row at any depth) → its RowPlan. A new
 * row gets its defaults, its generated uids and the required checks; an existing row keeps
 * whatever is not sent (partial update).
 */
import type { Attribute, ComponentModel, ContentTypeModel, ScalarAttribute } from '../content-types/model.js'
import { isWritableAttribute } from '../content-types/model.js'
import type { Registry } from '../content-types/registry.js'
import { planComponentList } from './input-components.js'
import type { IssueList } from './issues.js'
import type { InputPath, RowPlan } from './plan.js'
import { planLink } from './input-relation.js'
import { checkScalarValue, SCALAR_TYPE_INFO } from '../content-types/attributes.js'
import { slugify } from './input-uid.js'

export interface RowContext {
  registry: Registry
  issues: IssueList
  /** Keys accepted and dropped (what a client read and sends back, such as `createdAt`). */
  ignored: ReadonlySet<string>
  /** Unknown and read-only attributes are 400s; otherwise they are dropped, as Strapi does. */
  strict: boolean
  /** A new row's attributes that come from elsewhere when unsent (a localization's shared ones): no default, not required. */
  inherited?: ReadonlySet<string>
}

export function planRow (
  context: RowContext,
  model: ContentTypeModel | ComponentModel,
  fields: Record<string, unknown>,
  path: InputPath,
  id: number | null
): RowPlan {
  const row: RowPlan = { model, id, path, scalars: [], uids: [], links: [], lists: [] }
  const sent = new Set<string>()
  for (const [name, raw] of Object.entries(fields)) {
    if (context.ignored.has(name)) continue
    const attribute = model.attributes.get(name)
    if (attribute === undefined || !isWritableAttribute(attribute)) {
      if (context.strict) context.issues.addVerbatim([...path, name], `Invalid key ${name}`)
      continue
    }
    sent.add(name)
    planAttribute(context, row, attribute, raw, [...path, name])
  }
  if (id === null) completeNewRow(context, row, sent)
  return row
}

function planAttribute (context: RowContext, row: RowPlan, attribute: Attribute, raw: unknown, path: InputPath): void {
  const { issues, registry } = context
  switch (attribute.kind) {
    case 'scalar': {
      if (raw === null && attribute.required) {
        issues.add(path, requiredNullProblem(attribute))
        return
      }
      const checked = checkScalarValue(attribute, raw)
      if (checked.ok) row.scalars.push({ attribute, value: checked.value, path })
      else issues.add(path, checked.problem)
      return
    }
    case 'relation': case 'media': {
      const link = planLink(attribute, raw, path, issues, context.strict)
      if (link !== null) row.links.push(link)
      return
    }
    case 'component': case 'dynamiczone': {
      const planItem = (model: ComponentModel, itemFields: Record<string, unknown>, itemPath: InputPath, itemId: number | null): RowPlan =>
        planRow({ registry: context.registry, issues: context.issues, ignored: NOTHING_IGNORED, strict: context.strict }, model, itemFields, itemPath, itemId)
      const list = planComponentList(registry, attribute, raw, path, issues, planItem)
      if (list !== null) row.lists.push(list)
    }
  }
}

/**
 * Strapi's (yup's) words for a required attribute sent as null, for the types whose wording
 * is known; "must be defined." (what it says of a missing one) otherwise.
 */
function requiredNullProblem (attribute: ScalarAttribute): string {
  return SCALAR_TYPE_INFO[attribute.type].textual ? 'must be a `string` type, but the final value was: `null`.' : 'must be defined.'
}

/** Room kept under the length limit for the `-N` that makes a generated uid unique. */
const UID_SUFFIX_ROOM = 8

const NOTHING_IGNORED: ReadonlySet<string> = new Set()

/** Defaults, then uids from their (possibly defaulted) target fields, then required checks. */
function completeNewRow (context: RowContext, row: RowPlan, sent: ReadonlySet<string>): void {
  const unsent = [...row.model.attributes.values()]
    .filter(attribute => !sent.has(attribute.name) && !attribute.system && context.inherited?.has(attribute.name) !== true)
  for (const attribute of unsent) {
    if (attribute.kind === 'scalar' && attribute.default !== undefined) applyDefault(row, attribute)
  }
  for (const attribute of unsent) {
    if (attribute.kind === 'scalar' && attribute.type === 'uid') planGeneratedUid(row, attribute)
  }
  for (const attribute of unsent) {
    if (attribute.required && !hasValue(row, attribute)) context.issues.add([...row.path, attribute.name], 'must be defined.')
  }
}

function applyDefault (row: RowPlan, attribute: ScalarAttribute): void {
  const checked = checkScalarValue(attribute, attribute.default)
  if (!checked.ok) {
    // A schema mistake, not bad input: the registry should have refused it.
    throw new Error(`${row.model.source}: the default of "${attribute.name}" ${checked.problem}`)
  }
  row.scalars.push({ attribute, value: checked.value, path: [...row.path, attribute.name] })
}

function planGeneratedUid (row: RowPlan, attribute: ScalarAttribute): void {
  if (attribute.targetField === undefined || row.scalars.some(write => write.attribute === attribute)) return
  const source = row.scalars.find(write => write.attribute.name === attribute.targetField)?.value
  if (typeof source !== 'string') return
  const base = slugify(source, Math.max(1, Math.min(attribute.maxLength ?? Infinity, 255) - UID_SUFFIX_ROOM), attribute.uidOptions)
  if (base !== '') row.uids.push({ attribute, base, path: [...row.path, attribute.name] })
}

function hasValue (row: RowPlan, attribute: Attribute): boolean {
  return row.scalars.some(write => write.attribute === attribute && write.value !== null) ||
    row.uids.some(uid => uid.attribute === attribute)
}
