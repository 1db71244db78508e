/**
 * Filters → one SQL boolean expression. A path through a relation, media or component
 * becomes an EXISTS over its link table, so filters never multiply rows.
 */
import { SCALAR_TYPE_INFO } from '../../content-types/attributes.js'
import type { Model } from '../../content-types/model.js'
import { targetUid } from '../../content-types/model.js'
import type { ComparisonOperator, Filter, FilterValue } from '../../query/tree.js'
import { linkedRows, whereClause } from './linked-rows.js'
import type { RowRef } from './linked-rows.js'
import type { StatementScope } from './scope.js'

export function compileFilter (scope: StatementScope, row: RowRef, filter: Filter): string {
  switch (filter.kind) {
    case 'and':
      return filter.filters.length === 0 ? 'true' : `(${filter.filters.map(inner => compileFilter(scope, row, inner)).join(' and ')})`
    case 'or':
      return filter.filters.length === 0 ? 'false' : `(${filter.filters.map(inner => compileFilter(scope, row, inner)).join(' or ')})`
    case 'not':
      return `not coalesce(${compileFilter(scope, row, filter.filter)}, false)`
    case 'compare':
      return comparePath(scope, row, filter.path, filter.operator, filter.value)
  }
}

function comparePath (
  scope: StatementScope, row: RowRef, path: string[], operator: ComparisonOperator, value: FilterValue | FilterValue[]
): string {
  const [name, ...rest] = path
  if (name === undefined) throw new Error('Empty filter path')
  const attribute = row.model.attributes.get(name)
  if (attribute === undefined || attribute.private) throw new Error(`Filter on unknown attribute ${name}`)
  if (attribute.kind === 'scalar') {
    return compare(scope.column(row.model, row.alias, name), textual(row.model, name), operator, value, scope)
  }
  if (attribute.kind === 'dynamiczone') throw new Error(`Filter through dynamic zone ${name}`)
  const target = scope.registry.model(targetUid(attribute))
  const linked = linkedRows(scope, attribute.link, row, target)
  const innerPath = rest.length === 0 ? ['id'] : rest
  if ((operator === '$null' || operator === '$notNull') && innerPath.length === 1 && innerPath[0] === 'id') {
    // A linked row's id is never null: `filters[parent][$null]=true` asks for no linked row,
    // as Strapi's left join finds it.
    const linkedExists = `exists (select 1 ${linked.from}${whereClause(linked.where)})`
    return (operator === '$notNull') === (value !== false) ? linkedExists : `not ${linkedExists}`
  }
  const inner = comparePath(scope, linked, innerPath, operator, value)
  return `exists (select 1 ${linked.from}${whereClause([...linked.where, inner])})`
}

function textual (model: Model, name: string): boolean {
  const attribute = model.attributes.get(name)
  return attribute?.kind === 'scalar' && SCALAR_TYPE_INFO[attribute.type].textual
}

/** `value` as a LIKE pattern matching it literally between `prefix` and `suffix`. */
export function likePattern (value: FilterValue | FilterValue[], prefix: string, suffix: string): string {
  const escaped = String(value).replace(/[\\%_]/g, character => `\\${character}`)
  return `${prefix}${escaped}${suffix}`
}

function asArray (value: FilterValue | FilterValue[]): FilterValue[] {
  return Array.isArray(value) ? value : [value]
}

function compare (
  column: string, isText: boolean, operator: ComparisonOperator, value: FilterValue | FilterValue[], scope: StatementScope
): string {
  const text = isText ? column : `${column}::text`
  const param = (inner: unknown): string => scope.params.add(inner)
  const like = (keyword: 'like' | 'ilike', prefix: string, suffix: string): string =>
    `${text} ${keyword} ${param(likePattern(value, prefix, suffix))}`
  const notLike = (keyword: 'like' | 'ilike', prefix: string, suffix: string): string =>
    `(${column} is null or ${text} not ${keyword} ${param(likePattern(value, prefix, suffix))})`
  switch (operator) {
    case '$eq': return value === null ? `${column} is null` : `${column} = ${param(value)}`
    case '$ne': return value === null ? `${column} is not null` : `${column} is distinct from ${param(value)}`
    case '$eqi': return `lower(${text}) = lower(${param(String(value))})`
    case '$nei': return `lower(${text}) is distinct from lower(${param(String(value))})`
    case '$lt': return `${column} < ${param(value)}`
    case '$lte': return `${column} <= ${param(value)}`
    case '$gt': return `${column} > ${param(value)}`
    case '$gte': return `${column} >= ${param(value)}`
    case '$in': {
      const values = asArray(value)
      return values.length === 0 ? 'false' : `${column} = any(${param(values)})`
    }
    case '$notIn': {
      const values = asArray(value)
      return values.length === 0 ? 'true' : `(${column} is null or ${column} <> all(${param(values)}))`
    }
    case '$contains': return like('like', '%', '%')
    case '$notContains': return notLike('like', '%', '%')
    case '$containsi': return like('ilike', '%', '%')
    case '$notContainsi': return notLike('ilike', '%', '%')
    case '$startsWith': return like('like', '', '%')
    case '$startsWithi': return like('ilike', '', '%')
    case '$endsWith': return like('like', '%', '')
    case '$endsWithi': return like('ilike', '%', '')
    case '$null': return value === false ? `${column} is not null` : `${column} is null`
    case '$notNull': return value === false ? `${column} is null` : `${column} is not null`
    case '$between': {
      const [low, high] = asArray(value)
      return `${column} between ${param(low)} and ${param(high)}`
    }
  }
}
