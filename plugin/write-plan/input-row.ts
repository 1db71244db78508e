/**
 * The fields of one row (the entry, or a component row at any depth) → its RowPlan. A new
 * row gets its defaults, its generated uids and the required checks; an existing row keeps
 * whatever is not sent (partial update).
 */
import type { Attribute, ComponentModel, ContentTypeModel, ScalarAttribute } from '../content-types/model.js'
import { isWritableAttribute } from '../content-types/model.js'
import type { Registry } from '../content-types/registry.js'
import { planComponentList, type ListItem } from './input-components.js'
import type { IssueList } from './issues.js'
import type { ComponentListWrite, InputPath, LinkWrite, RowPlan, ScalarWrite, SentRelation, UidToGenerate } from './plan.js'
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
  /** Where the relations the body sends are noted, in the body's order (EntryWritePlan.sentRelations). */
  relations: SentRelation[]
}

/** One row's fields as sent: the entry's, or a component item's. */
export interface RowInput {
  model: ContentTypeModel | ComponentModel
  fields: Record<string, unknown>
  path: InputPath
  /** The existing row it updates, or null for a new row. */
  id: number | null
}

export function planRow (context: RowContext, { model, fields, path, id }: RowInput): RowPlan {
  const scalars: ScalarWrite[] = []
  const links: LinkWrite[] = []
  const lists: ComponentListWrite[] = []
  const sent = new Set<string>()
  for (const [name, raw] of Object.entries(fields)) {
    if (context.ignored.has(name)) continue
    const attribute = model.attributes.get(name)
    // Any value but null names what it would link, whether it is written, dropped or refused.
    if (attribute?.kind === 'relation' && raw !== null && raw !== undefined) context.relations.push({ attribute, path: [...path, name] })
    if (attribute === undefined || !isWritableAttribute(attribute)) {
      if (context.strict) context.issues.addVerbatim([...path, name], `Invalid key ${name}`)
      continue
    }
    sent.add(name)
    const planned = planAttribute(context, { attribute, raw, path: [...path, name] })
    if (planned?.kind === 'scalar') scalars.push(planned.write)
    else if (planned?.kind === 'link') links.push(planned.write)
    else if (planned?.kind === 'list') lists.push(planned.write)
  }
  const row: RowPlan = { model, id, path, scalars, uids: [], links, lists }
  return id === null ? completeNewRow(context, row, sent) : row
}

/** One attribute's value as sent, and where. */
interface AttributeInput {
  attribute: Attribute
  raw: unknown
  path: InputPath
}

type PlannedAttribute =
  | { kind: 'scalar', write: ScalarWrite }
  | { kind: 'link', write: LinkWrite }
  | { kind: 'list', write: ComponentListWrite }

/** What the value writes; null when it writes nothing (a problem noted, or a value that changes nothing). */
function planAttribute (context: RowContext, { attribute, raw, path }: AttributeInput): PlannedAttribute | null {
  const { issues, registry } = context
  switch (attribute.kind) {
    case 'scalar': {
      if (raw === null && attribute.required) {
        issues.add(path, requiredNullProblem(attribute))
        return null
      }
      const checked = checkScalarValue(attribute, raw)
      if (checked.ok) return { kind: 'scalar', write: { attribute, value: checked.value, path } }
      issues.add(path, checked.problem)
      return null
    }
    case 'relation': case 'media': {
      const link = planLink(context, { attribute, raw, path })
      return link === null ? null : { kind: 'link', write: link }
    }
    case 'component': case 'dynamiczone': {
      const planItem = (item: ListItem, itemIssues: IssueList): RowPlan =>
        planRow({ registry, issues: itemIssues, ignored: NOTHING_IGNORED, strict: context.strict, relations: context.relations }, item)
      const list = planComponentList({ registry, issues, planItem }, { attribute, raw, path })
      return list === null ? null : { kind: 'list', write: list }
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

/** A new row with its defaults, then uids from their (possibly defaulted) target fields; then the required checks. */
function completeNewRow (context: RowContext, row: RowPlan, sent: ReadonlySet<string>): RowPlan {
  const unsent = [...row.model.attributes.values()]
    .filter(attribute => !sent.has(attribute.name) && !attribute.system && context.inherited?.has(attribute.name) !== true)
  const defaults = unsent.flatMap(attribute => attribute.kind === 'scalar' && attribute.default !== undefined ? [defaultValue(row, attribute)] : [])
  const defaulted: RowPlan = { ...row, scalars: [...row.scalars, ...defaults] }
  const uids = unsent.flatMap(attribute => attribute.kind === 'scalar' && attribute.type === 'uid' ? generatedUid(defaulted, attribute) : [])
  const completed: RowPlan = { ...defaulted, uids: [...defaulted.uids, ...uids] }
  for (const attribute of unsent) {
    if (attribute.required && !hasValue(completed, attribute)) context.issues.add([...row.path, attribute.name], 'must be defined.')
  }
  return completed
}

function defaultValue (row: RowPlan, attribute: ScalarAttribute): ScalarWrite {
  const checked = checkScalarValue(attribute, attribute.default)
  if (!checked.ok) {
    // A schema mistake, not bad input: the registry should have refused it.
    throw new Error(`${row.model.source}: the default of "${attribute.name}" ${checked.problem}`)
  }
  return { attribute, value: checked.value, path: [...row.path, attribute.name] }
}

/** The uid to generate from its target field, when the row has none and the field is text. */
function generatedUid (row: RowPlan, attribute: ScalarAttribute): UidToGenerate[] {
  if (attribute.targetField === undefined || row.scalars.some(write => write.attribute === attribute)) return []
  const source = row.scalars.find(write => write.attribute.name === attribute.targetField)?.value
  if (typeof source !== 'string') return []
  const base = slugify(source, Math.max(1, Math.min(attribute.maxLength ?? Infinity, 255) - UID_SUFFIX_ROOM), attribute.uidOptions)
  return base === '' ? [] : [{ attribute, base, path: [...row.path, attribute.name] }]
}

function hasValue (row: RowPlan, attribute: Attribute): boolean {
  return row.scalars.some(write => write.attribute === attribute && write.value !== null) ||
    row.uids.some(uid => uid.attribute === attribute)
}
