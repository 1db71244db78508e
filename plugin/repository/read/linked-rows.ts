/**
 * The rows linked to a parent row through one link table, seen from one side:
 * `from <link> l join <target> t on t.id = l.<other> where l.<self> = <parent>.id`.
 */
import type { LinkSide, Model } from '../../content-types/model.js'
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
}

export function linkedRows (scope: StatementScope, side: LinkSide, parent: RowRef, target: Model): LinkedRows {
  const link = scope.aliases.take('l')
  const alias = scope.aliases.take('t')
  const { names } = scope
  const linkColumn = (property: string): string => `${link}.${names.column(side.entity, property)}`
  return {
    model: target,
    alias,
    from: `from ${names.table(side.entity)} ${link} join ${names.table(target.entity)} ${alias} ` +
      `on ${scope.column(target, alias, 'id')} = ${linkColumn(side.other)}`,
    where: [
      `${linkColumn(side.self)} = ${scope.column(parent.model, parent.alias, 'id')}`,
      ...scope.visibility(target, alias)
    ],
    order: linkColumn(side.order),
    linkId: linkColumn('id')
  }
}

export function whereClause (conditions: string[]): string {
  return conditions.length === 0 ? '' : ` where ${conditions.join(' and ')}`
}
