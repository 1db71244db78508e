/**
 * Scalar values as MikroORM hydrates them → the answer's value formats (docs/decisions.md, 'Reads').
 * Kept apart from the plugin's SQL rendering on purpose: this column assembles in JS.
 */
import type { ScalarAttribute } from '../../plugin/content-types/model.js'

export function jsonValue (attribute: ScalarAttribute, value: unknown): unknown {
  if (value === null || value === undefined) return null
  switch (attribute.type) {
    case 'datetime': case 'timestamp':
      return value instanceof Date ? value.toISOString() : new Date(String(value)).toISOString()
    case 'date':
      return value instanceof Date ? value.toISOString().slice(0, 10) : String(value).slice(0, 10)
    case 'time':
      return String(value).slice(0, 8)
    case 'biginteger':
      return String(value)
    case 'decimal': case 'float':
      return Number(value)
    default:
      return value
  }
}
