/**
 * Strapi's `filters` and `sort` over a list held in memory (the locales of the `i18n`
 * option, which are no rows to compile SQL for), with the operators and words of the SQL
 * ones (query/filters.ts): `eq eqi ne nei startsWith endsWith contains notContains containsi
 * notContainsi gt gte lt lte null notNull in notIn between`, and `and`/`or`/`not` both over
 * conditions and inside one attribute's operators. Values compare as numbers when both are
 * numbers (ids), else as text.
 */
import { ValidationError } from '../errors.js'
import { isRecord } from '../is-record.js'

export type Item = Readonly<Record<string, string | number | boolean | null>>

type Value = Item[string]

function compare (a: Value, b: unknown): number {
  if (typeof a === 'number' && (typeof b === 'number' || (typeof b === 'string' && /^-?\d+$/.test(b)))) return a - Number(b)
  const left = String(a)
  const right = String(b)
  return left < right ? -1 : left > right ? 1 : 0
}

const text = (value: unknown): string => String(value)
const lower = (value: unknown): string => String(value).toLowerCase()
const list = (operand: unknown, path: string[]): unknown[] => {
  if (!Array.isArray(operand)) throw ValidationError.at(path, `${path.join('.')} must be a list`)
  return operand
}

/** Whether `value` meets one attribute's operators (`{ eq: "en", not: { startsWith: "f" } }`). */
function meets (value: Value, operators: Record<string, unknown>, path: string[]): boolean {
  return Object.entries(operators).every(([operator, operand]) => {
    if (operand === undefined) return true
    const at = [...path, operator]
    if (value === null && !['null', 'notNull', 'not', 'or', 'and', 'ne', 'nei', 'notIn', 'notContains', 'notContainsi'].includes(operator)) return false
    switch (operator) {
      case 'eq': return operand === null ? value === null : compare(value, operand) === 0
      case 'ne': return operand === null ? value !== null : value === null || compare(value, operand) !== 0
      case 'eqi': return lower(value) === lower(operand)
      case 'nei': return value === null || lower(value) !== lower(operand)
      case 'startsWith': return text(value).startsWith(text(operand))
      case 'endsWith': return text(value).endsWith(text(operand))
      case 'contains': return text(value).includes(text(operand))
      case 'notContains': return value === null || !text(value).includes(text(operand))
      case 'containsi': return lower(value).includes(lower(operand))
      case 'notContainsi': return value === null || !lower(value).includes(lower(operand))
      case 'gt': return compare(value, operand) > 0
      case 'gte': return compare(value, operand) >= 0
      case 'lt': return compare(value, operand) < 0
      case 'lte': return compare(value, operand) <= 0
      case 'null': return (value === null) === (operand === true)
      case 'notNull': return (value !== null) === (operand === true)
      case 'in': return list(operand, at).some(item => compare(value!, item) === 0)
      case 'notIn': return value === null || list(operand, at).every(item => compare(value, item) !== 0)
      case 'between': {
        const bounds = list(operand, at)
        if (bounds.length !== 2) throw ValidationError.at(at, `${at.join('.')} must be two values`)
        return compare(value, bounds[0]) >= 0 && compare(value, bounds[1]) <= 0
      }
      // Inside an attribute: each item a value it equals (`and: ["en"]`), `not` its operators negated.
      case 'and': return list(operand, at).every(item => value !== null && compare(value, item) === 0)
      case 'or': return list(operand, at).some(item => value !== null && compare(value, item) === 0)
      case 'not': return !meets(value, isRecord(operand) ? operand : {}, at)
      default: throw ValidationError.at(at, `Invalid operator ${operator}`)
    }
  })
}

/** Whether `item` meets `filters` (an `XFiltersInput`, already checked against its type by GraphQL). */
export function matches (item: Item, filters: unknown, path: string[] = ['filters']): boolean {
  if (!isRecord(filters)) return true
  return Object.entries(filters).every(([key, condition]) => {
    if (condition === undefined || condition === null) return true
    const at = [...path, key]
    switch (key) {
      case 'and': return list(condition, at).every((part, index) => matches(item, part, [...at, String(index)]))
      case 'or': return list(condition, at).some((part, index) => matches(item, part, [...at, String(index)]))
      case 'not': return !matches(item, condition, at)
      default: return meets(key in item ? item[key]! : null, isRecord(condition) ? condition : {}, at)
    }
  })
}

/** `sort: ["code:desc", "name"]` as REST reads it; `sortable` names what may be sorted on. The order is stable, by id last. */
export function sortItems<T extends Item> (items: readonly T[], sort: unknown, sortable: readonly string[]): T[] {
  const terms = (Array.isArray(sort) ? sort : sort === undefined || sort === null ? [] : [sort]).flatMap(term => String(term).split(','))
  const keys = terms.map(term => {
    const [name = '', direction = 'asc'] = term.trim().split(':')
    if (!sortable.includes(name)) throw ValidationError.at(['sort'], `Invalid sort ${JSON.stringify(term)}: one of ${sortable.join(', ')} may be sorted on`)
    if (!['asc', 'desc'].includes(direction.toLowerCase())) throw ValidationError.at(['sort'], `Invalid sort direction ${JSON.stringify(direction)}: asc or desc`)
    return { name, sign: direction.toLowerCase() === 'desc' ? -1 : 1 }
  })
  return [...items].sort((a, b) => {
    for (const { name, sign } of keys) {
      const left = a[name] ?? null
      const right = b[name] ?? null
      if (left === right) continue
      // Nulls last ascending, as PostgreSQL orders them.
      if (left === null) return sign
      if (right === null) return -sign
      const order = compare(left, right)
      if (order !== 0) return sign * order
    }
    return compare(a.id ?? 0, b.id ?? 0)
  })
}
