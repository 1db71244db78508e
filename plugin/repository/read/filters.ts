/**
 * Filters → one SQL boolean expression. A path through a relation, media or component
 * becomes an EXISTS over its link table, so filters never multiply rows.
 */
import { SCALAR_TYPE_INFO } from '../../content-types/attributes.js'
import type { Model } from '../../content-types/model.js'
import { targetUid } from '../../content-types/model.js'
import type { ComparisonOperator, Filter, FilterValue } from '../../query/tree.js'
import { join, raw, sql, type Sql } from '../../sql/index.js'
import { linkedRows, whereClause } from './linked-rows.js'
import type { RowRef } from './linked-rows.js'
import type { StatementScope } from './scope.js'

export function compileFilter (scope: StatementScope, row: RowRef, filter: Filter): Sql {
  switch (filter.kind) {
    case 'and':
      return filter.filters.length === 0 ? raw('true') : sql`(${join(filter.filters.map(inner => compileFilter(scope, row, inner)), ' and ')})`
    case 'or':
      return filter.filters.length === 0 ? raw('false') : sql`(${join(filter.filters.map(inner => compileFilter(scope, row, inner)), ' or ')})`
    case 'not':
      return sql`not coalesce(${compileFilter(scope, row, filter.filter)}, false)`
    case 'compare':
      return comparePath(scope, row, filter.path, filter.operator, filter.value)
  }
}

function comparePath (
  scope: StatementScope, row: RowRef, path: string[], operator: ComparisonOperator, value: FilterValue | FilterValue[]
): Sql {
  const [name, ...rest] = path
  if (name === undefined) throw new Error('Empty filter path')
  const attribute = row.model.attributes.get(name)
  if (attribute === undefined || attribute.private) throw new Error(`Filter on unknown attribute ${name}`)
  if (attribute.kind === 'scalar') {
    return compare(scope.column(row.model, row.alias, name), textual(row.model, name), operator, value)
  }
  if (attribute.kind === 'dynamiczone') throw new Error(`Filter through dynamic zone ${name}`)
  const target = scope.registry.model(targetUid(attribute))
  const linked = linkedRows(scope, attribute.link, row, target)
  const innerPath = rest.length === 0 ? ['id'] : rest
  if ((operator === '$null' || operator === '$notNull') && innerPath.length === 1 && innerPath[0] === 'id') {
    // A linked row's id is never null: `filters[parent][$null]=true` asks for no linked row,
    // as Strapi's left join finds it.
    const linkedExists = sql`exists (select 1 ${raw(linked.from)}${whereClause(linked.where)})`
    return (operator === '$notNull') === (value !== false) ? linkedExists : sql`not ${linkedExists}`
  }
  const inner = comparePath(scope, linked, innerPath, operator, value)
  return sql`exists (select 1 ${raw(linked.from)}${whereClause([...linked.where, inner])})`
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
  columnName: string, isText: boolean, operator: ComparisonOperator, value: FilterValue | FilterValue[]
): Sql {
  const column = raw(columnName)
  const text = isText ? column : raw(`${columnName}::text`)
  const like = (keyword: 'like' | 'ilike', prefix: string, suffix: string): Sql =>
    sql`${text} ${raw(keyword)} ${likePattern(value, prefix, suffix)}`
  const notLike = (keyword: 'like' | 'ilike', prefix: string, suffix: string): Sql =>
    sql`(${column} is null or ${text} not ${raw(keyword)} ${likePattern(value, prefix, suffix)})`
  switch (operator) {
    case '$eq': return value === null ? sql`${column} is null` : sql`${column} = ${value}`
    case '$ne': return value === null ? sql`${column} is not null` : sql`${column} is distinct from ${value}`
    case '$eqi': return sql`lower(${text}) = lower(${String(value)})`
    case '$nei': return sql`lower(${text}) is distinct from lower(${String(value)})`
    case '$lt': return sql`${column} < ${value}`
    case '$lte': return sql`${column} <= ${value}`
    case '$gt': return sql`${column} > ${value}`
    case '$gte': return sql`${column} >= ${value}`
    case '$in': {
      const values = asArray(value)
      return values.length === 0 ? raw('false') : sql`${column} = any(${values})`
    }
    case '$notIn': {
      const values = asArray(value)
      return values.length === 0 ? raw('true') : sql`(${column} is null or ${column} <> all(${values}))`
    }
    case '$contains': return like('like', '%', '%')
    case '$notContains': return notLike('like', '%', '%')
    case '$containsi': return like('ilike', '%', '%')
    case '$notContainsi': return notLike('ilike', '%', '%')
    case '$startsWith': return like('like', '', '%')
    case '$startsWithi': return like('ilike', '', '%')
    case '$endsWith': return like('like', '%', '')
    case '$endsWithi': return like('ilike', '%', '')
    case '$null': return value === false ? sql`${column} is not null` : sql`${column} is null`
    case '$notNull': return value === false ? sql`${column} is null` : sql`${column} is not null`
    case '$between': {
      const [low, high] = asArray(value)
      return sql`${column} between ${low} and ${high}`
    }
  }
}
