/**
 * The rows linked to a parent row through one link table, seen from one side:
 * `from <link> l join <target> t on t.id = l.<other> where l.<self> = <parent>.id`,
 * or linked to a whole set of owners at once (`l.<self> = any(…)`) for set-wise populate.
 */
import type { ContentTypeModel, LinkSide, Model } from '../../content-types/model.js'
import { draftOwnsSide, mayHaveDrafts } from '../../content-types/pending-drafts.js'
import { EMPTY_SQL, join, raw, sql, type Sql } from '../../sql/index.js'
import type { PublicationState } from '../../query/tree.js'
import { documentRowsJoin, mainRowId } from './document-versions.js'
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
  /** `name as materialized (…)`: the owners' link rows that `from` reads, to declare before it; null when `from` reads the link table. */
  linkRows: string | null
}

/** `state`: the drafts shown, when not the statement's (StatementScope.visibility). */
export function linkedRows (scope: StatementScope, side: LinkSide, parent: RowRef, target: Model, state?: PublicationState): LinkedRows {
  const id = readsMainRowLinks(scope, parent.model, side) ? mainRowId(scope, parent.model as ContentTypeModel, parent.alias) : scope.column(parent.model, parent.alias, 'id')
  return linkedTo(scope, side, target, owner => `${owner} = ${id}`, null, state)
}

/**
 * Whether the links of `side` of a row of `model` are its document's main row's
 * (content-types/pending-drafts.ts): in a `draft` read, where the row may be a draft.
 * Set-wise reads leave such links to the correlated read, which finds the main row.
 */
export function readsMainRowLinks (scope: StatementScope, model: Model, side: LinkSide): boolean {
  return scope.publicationState === 'draft' && mayHaveDrafts(model) && !draftOwnsSide(model, side)
}

/**
 * The rows linked to every owner whose id `owners` (a subquery of one id column) returns.
 * `linkRowsFirst`: the owners' link rows are read first, as a CTE of their own that the
 * targets are joined to (`linkRows`), for targets filtered with values: under the generic
 * plan PostgreSQL prices such a filter at a fixed small share of the target table (a
 * `$containsi` at 0.5 %), so it starts from the targets and probes the link table once per
 * matching target, where most targets match and one scan of the owners' link rows and a hash
 * join is cheaper (benchmarks/journal/2026-11-25.md). Unfiltered, the planner already starts from the link
 * rows and the extra CTE only costs.
 */
export function linkedRowsOf (scope: StatementScope, side: LinkSide, owners: string, target: Model, linkRowsFirst = false, state?: PublicationState): LinkedRows {
  // `= any(array(…))` makes the owners one array parameter of an index scan on the link
  // table's owner column, planned like a literal list (measured against `in (select …)`).
  return linkedTo(scope, side, target, owner => `${owner} = any(array(${owners}))`, linkRowsFirst ? scope.aliases.take('k') : null, state)
}

function linkedTo (
  scope: StatementScope, side: LinkSide, target: Model, ownedBy: (owner: string) => string, linkRowsName: string | null, state: PublicationState | undefined
): LinkedRows {
  const link = scope.aliases.take('l')
  const alias = scope.aliases.take('t')
  const { names } = scope
  const linkColumn = (property: string): string => `${link}.${names.column(side.entity, property)}`
  const owned = ownedBy(linkColumn(side.self))
  const shown = state ?? scope.publicationState
  // Links point at main rows: in `draft`, the document's draft is joined in their place, where it has one.
  const main = side.other !== 'owner' && shown === 'draft' && mayHaveDrafts(target) ? scope.aliases.take('m') : null
  // `l.*`: a scan that returns the table's rows as they are needs no projection, cheaper than
  // naming the four columns read.
  const linkRows = linkRowsName === null
    ? null
    : `${linkRowsName} as materialized (select ${link}.* from ${names.table(side.entity)} ${link} where ${owned})`
  return {
    model: target,
    alias,
    from: `from ${linkRowsName ?? names.table(side.entity)} ${link} join ${names.table(target.entity)} ${main ?? alias} ` +
      `on ${main === null ? scope.column(target, alias, 'id') : `${main}.${names.column(target.entity, 'id')}`} = ${linkColumn(side.other)}` +
      (main === null ? '' : documentRowsJoin(scope, target as ContentTypeModel, main, alias)),
    // `preview` shows main rows, which is what links point at.
    where: [...(linkRows === null ? [owned] : []), ...(shown === 'preview' && side.other !== 'owner' ? [] : scope.visibility(target, alias, shown))],
    order: linkColumn(side.order),
    linkId: linkColumn('id'),
    owner: linkColumn(side.self),
    linkRows
  }
}

/** ` where a and b …`, or nothing; a string is SQL text the compiler wrote (no values in it). */
export function whereClause (conditions: ReadonlyArray<string | Sql>): Sql {
  if (conditions.length === 0) return EMPTY_SQL
  return sql` where ${join(conditions.map(condition => typeof condition === 'string' ? raw(condition) : condition), ' and ')}`
}
