/**
 * The rows linked to a parent row through one link table, seen from one side:
 * `from <link> l join <target> t on t.id = l.<other> where l.<self> = <parent>.id`,
 * or linked to a whole set of owners at once (`l.<self> = any(…)`, issue 14).
 */
import type { LinkSide, Model } from '../../content-types/model.js'
import { EMPTY_SQL, join, raw, sql, type Sql } from '../../sql/index.js'
import type { StatementScope } from './scope.js'

export interface RowRef {
  model: Model
  alias: string
}

export interface LinkedRows extends RowRef {
  /** `from … join …` clause. */
  from: string
  /** Conditions tying the rows to the parent (and hiding drafts). */
  where: string[]
  /** The link order column, as seen from the parent. */
  order: string
  /** The link row id: the last tie-break of zone items. */
  linkId: string
  /** The link column holding the owner's id. */
  owner: string
}

export function linkedRows (scope: StatementScope, side: LinkSide, parent: RowRef, target: Model): LinkedRows {
  return linkedTo(scope, side, target, owner => `${owner} = ${scope.column(parent.model, parent.alias, 'id')}`)
}

/** The rows linked to every owner whose id `owners` (a subquery of one id column) returns. */
export function linkedRowsOf (scope: StatementScope, side: LinkSide, owners: string, target: Model): LinkedRows {
  // `= any(array(…))` makes the owners one array parameter of an index scan on the link
  // table's owner column, planned like a literal list (measured against `in (select …)`).
  return linkedTo(scope, side, target, owner => `${owner} = any(array(${owners}))`)
}

function linkedTo (scope: StatementScope, side: LinkSide, target: Model, ownedBy: (owner: string) => string): LinkedRows {
  const link = scope.aliases.take('l')
  const alias = scope.aliases.take('t')
  const { names } = scope
  const linkColumn = (property: string): string => `${link}.${names.column(side.entity, property)}`
  return {
    model: target,
    alias,
    from: `from ${names.table(side.entity)} ${link} join ${names.table(target.entity)} ${alias} ` +
      `on ${scope.column(target, alias, 'id')} = ${linkColumn(side.other)}`,
    where: [ownedBy(linkColumn(side.self)), ...scope.visibility(target, alias)],
    order: linkColumn(side.order),
    linkId: linkColumn('id'),
    owner: linkColumn(side.self)
  }
}

/** ` where a and b …`, or nothing; a string is SQL text the compiler wrote (no values in it). */
export function whereClause (conditions: ReadonlyArray<string | Sql>): Sql {
  if (conditions.length === 0) return EMPTY_SQL
  return sql` where ${join(conditions.map(condition => typeof condition === 'string' ? raw(condition) : condition), ' and ')}`
}
