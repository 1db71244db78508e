/**
 * `filters` (docs/querying.md, 'filters'): a tree of `$and/$or/$not` and comparisons whose paths run
 * through relations, media and components to a scalar attribute. Operators come from a
 * whitelist and must suit the attribute's type; values are coerced by that type.
 */
import { coerceScalar, SCALAR_TYPE_INFO } from '../content-types/attributes.js'
import { parseBoolean } from '../content-types/coerce.js'
import type { Model, ScalarAttribute } from '../content-types/model.js'
import type { Registry } from '../content-types/registry.js'
import type { AttributePath, ComparisonOperator, Filter, FilterValue } from './tree.js'
import { findAttribute, targetModel } from './fields.js'
import { invalidParameter, invalidValue, isRecord, keyStep, listItems, type KeyPath } from './parse.js'

/** Which attribute types an operator suits, read from the scalar type table. */
type OperatorFit = 'comparable' | 'textual' | 'ordered' | 'any'

const OPERATORS: Readonly<Record<ComparisonOperator, OperatorFit>> = {
  $eq: 'comparable',
  $ne: 'comparable',
  $in: 'comparable',
  $notIn: 'comparable',
  $null: 'any',
  $notNull: 'any',
  $lt: 'ordered',
  $lte: 'ordered',
  $gt: 'ordered',
  $gte: 'ordered',
  $between: 'ordered',
  $eqi: 'textual',
  $nei: 'textual',
  $contains: 'textual',
  $notContains: 'textual',
  $containsi: 'textual',
  $notContainsi: 'textual',
  $startsWith: 'textual',
  $startsWithi: 'textual',
  $endsWith: 'textual',
  $endsWithi: 'textual'
}

function isComparisonOperator (key: string): key is ComparisonOperator {
  return Object.hasOwn(OPERATORS, key)
}

/** The model conditions are written against, and the path that leads to it from the read model. */
interface Scope {
  registry: Registry
  model: Model
  prefix: AttributePath
}

/** `filters` of a read of `model` (top level or inside a populate); absent: null. */
export function compileFilters (registry: Registry, model: Model, raw: unknown, path: KeyPath): Filter | null {
  if (raw === undefined) return null
  if (!isRecord(raw) || listItems(raw) !== null) {
    throw invalidValue(path, 'must be an object, e.g. filters[title][$eq]=value')
  }
  return whereObject({ registry, model, prefix: [] }, raw, path)
}

/** Every key of a condition object must hold: their conjunction. */
function whereObject (scope: Scope, condition: Record<string, unknown>, path: KeyPath): Filter {
  const keys = Object.keys(condition)
  if (keys.length === 0) throw invalidValue(path, 'empty condition')
  return conjunction(keys.map(key => whereEntry(scope, key, condition[key], [...path, keyStep(key)])))
}

function whereEntry (scope: Scope, key: string, value: unknown, path: KeyPath): Filter {
  if (key === '$and' || key === '$or') {
    const filters = requireList(key, value, path).map(([index, item]) => conditionItem(scope, item, [...path, index]))
    return { kind: key === '$and' ? 'and' : 'or', filters }
  }
  if (key === '$not') {
    if (!isRecord(value) || listItems(value) !== null) throw invalidValue(path, 'expected a condition object')
    return { kind: 'not', filter: whereObject(scope, value, path) }
  }
  if (isComparisonOperator(key)) throw invalidParameter(path, key, 'an operator needs an attribute, e.g. filters[title][$eq]=value')
  if (key.startsWith('$')) throw invalidParameter(path, key, 'unknown operator')
  const attribute = findAttribute(scope.model, key, path)
  const attributePath = [...scope.prefix, key]
  switch (attribute.kind) {
    case 'scalar':
      return scalarConditions(attribute, attributePath, value, path)
    case 'dynamiczone':
      throw invalidParameter(path, key, 'dynamic zones cannot be filtered')
    default: {
      const target = { registry: scope.registry, model: targetModel(scope.registry, attribute), prefix: attributePath }
      return linkedConditions(target, value, path)
    }
  }
}

/** An item of `$and`/`$or`: a condition object, or (as in Strapi) a list of them that must all hold. */
function conditionItem (scope: Scope, item: unknown, path: KeyPath): Filter {
  const items = listItems(item)
  if (items !== null) return conjunction(items.map(([index, inner]) => conditionItem(scope, inner, [...path, index])))
  if (!isRecord(item)) throw invalidValue(path, 'expected a condition object')
  return whereObject(scope, item, path)
}

/**
 * Conditions under a relation, media or component: conditions on the target's attributes,
 * or (our choice, as Strapi does for relations) operators and bare values meaning the
 * target's `id`: `filters[author]=3`, `filters[author][$in][0]=3`, `filters[cover][$null]=true`.
 */
function linkedConditions (target: Scope, value: unknown, path: KeyPath): Filter {
  const id = idAttribute(target.model)
  const idPath = [...target.prefix, 'id']
  if (!isRecord(value) || listItems(value) !== null) return scalarConditions(id, idPath, value, path)
  const keys = Object.keys(value)
  if (keys.length === 0) throw invalidValue(path, 'empty condition')
  return conjunction(keys.map(key => {
    const at = [...path, keyStep(key)]
    return isComparisonOperator(key)
      ? comparison(id, idPath, key, value[key], at)
      : whereEntry(target, key, value[key], at)
  }))
}

/** A bare value (`$eq`), a list (`$in`), or an object of operators, `$and/$or/$not` included. */
function scalarConditions (attribute: ScalarAttribute, attributePath: AttributePath, value: unknown, path: KeyPath): Filter {
  if (!isRecord(value) || listItems(value) !== null) {
    return comparison(attribute, attributePath, listItems(value) === null ? '$eq' : '$in', value, path)
  }
  const keys = Object.keys(value)
  if (keys.length === 0) throw invalidValue(path, 'empty condition')
  return conjunction(keys.map(key => {
    const item = value[key]
    const at = [...path, keyStep(key)]
    if (key === '$and' || key === '$or') {
      const filters = requireList(key, item, at).map(([index, entry]) => scalarConditions(attribute, attributePath, entry, [...at, index]))
      return { kind: key === '$and' ? 'and' : 'or', filters }
    }
    if (key === '$not') return { kind: 'not', filter: scalarConditions(attribute, attributePath, item, at) }
    if (isComparisonOperator(key)) return comparison(attribute, attributePath, key, item, at)
    if (key.startsWith('$')) throw invalidParameter(at, key, 'unknown operator')
    throw invalidParameter(at, key, `${attribute.name} is a scalar attribute: expected an operator such as $eq`)
  }))
}

/** Operators whose value is a list; every other one compares with one value. */
const LIST_OPERATORS: ReadonlySet<ComparisonOperator> = new Set(['$in', '$notIn', '$between'])

function comparison (
  attribute: ScalarAttribute, attributePath: AttributePath, requested: ComparisonOperator, raw: unknown, path: KeyPath
): Filter {
  const items = listItems(raw)
  // A list given to `$eq` means membership, as a bare list does.
  const operator = items !== null && requested === '$eq' ? '$in' : requested
  checkOperatorFits(attribute, operator, path)
  if (operator === '$null' || operator === '$notNull') {
    return { kind: 'compare', path: attributePath, operator, value: nullFlag(raw) }
  }
  if (items !== null && !LIST_OPERATORS.has(operator)) {
    // As in Strapi, a list given to a one-value operator holds when any value does, the
    // negative ones included: `$ne[0]=a&$ne[1]=b` is `<> a or <> b`.
    const filters: Filter[] = items.map(([index, item]) =>
      ({ kind: 'compare', path: attributePath, operator, value: coerced(attribute, item, [...path, index]) }))
    return filters.length === 1 ? filters[0]! : { kind: 'or', filters }
  }
  return { kind: 'compare', path: attributePath, operator, value: operatorValue(attribute, operator, raw, items, path) }
}

/**
 * `$null`/`$notNull` take any value, as Strapi casts it: empty and false-like ones
 * (`false`, `f`, `0`) mean false, anything else true.
 */
function nullFlag (raw: unknown): boolean {
  if (typeof raw !== 'string') return raw !== false
  return raw !== '' && parseBoolean(raw) !== false
}

function checkOperatorFits (attribute: ScalarAttribute, operator: ComparisonOperator, path: KeyPath): void {
  const fit = OPERATORS[operator]
  const info = SCALAR_TYPE_INFO[attribute.type]
  const fits = fit === 'any' ||
    (fit === 'comparable' && info.comparable) ||
    (fit === 'textual' && info.textual) ||
    (fit === 'ordered' && info.ordered)
  if (!fits) throw invalidParameter(path, operator, `not supported on ${attribute.name} (${attribute.type})`)
}

function operatorValue (
  attribute: ScalarAttribute, operator: ComparisonOperator, raw: unknown, items: Array<[number, unknown]> | null, path: KeyPath
): FilterValue | FilterValue[] {
  switch (operator) {
    case '$in': case '$notIn':
      return (items ?? [[0, raw]]).map(([index, item]) => coerced(attribute, item, items === null ? path : [...path, index]))
    case '$between':
      if (items?.length !== 2) throw invalidValue(path, 'expects exactly two values: [0] and [1]')
      return items.map(([index, item]) => coerced(attribute, item, [...path, index]))
    default:
      return coerced(attribute, raw, path)
  }
}

function coerced (attribute: ScalarAttribute, raw: unknown, path: KeyPath): FilterValue {
  if (isRecord(raw) || Array.isArray(raw)) throw invalidValue(path, 'expected a value')
  const result = coerceScalar(attribute.type, raw)
  if (!result.ok) throw invalidValue(path, result.problem)
  return result.value
}

function requireList (operator: string, value: unknown, path: KeyPath): Array<[number, unknown]> {
  const items = listItems(value)
  if (items === null) throw invalidValue(path, `${operator} expects a list: ${operator}[0]=..., ${operator}[1]=...`)
  return items
}

function idAttribute (model: Model): ScalarAttribute {
  const id = model.attributes.get('id')
  if (id?.kind !== 'scalar') throw new Error(`model ${model.uid} has no id attribute`)
  return id
}

function conjunction (filters: Filter[]): Filter {
  return filters.length === 1 && filters[0] !== undefined ? filters[0] : { kind: 'and', filters }
}
