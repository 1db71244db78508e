/**
 * `_q` as Strapi v4 searches (its database layer's search helper): the entry's id, its
 * string-like attributes (string, text, richtext, enumeration, email, uid) and, when the
 * term reads as a number, its number attributes, each as text containing the term,
 * ignoring case; any one matching is enough. **Δ** private attributes and passwords are
 * never searched: a match would leak them one guess at a time.
 */
import { SCALAR_TYPE_INFO } from '../../content-types/attributes.js'
import { DOCUMENT_ID, canBeInDocumentId } from '../../content-types/documents.js'
import type { Model, ScalarAttribute } from '../../content-types/model.js'
import { SqlParameter, join, raw, sql, type Sql } from '../../sql/index.js'
import { likePattern } from './filters.js'
import type { RowRef } from './linked-rows.js'
import type { StatementScope } from './scope.js'

/** Strapi's test (lodash `toNumber` is not NaN), which also takes `1e3`, `0x1f` and blanks. */
export function isNumericTerm (term: string): boolean {
  return !Number.isNaN(Number(term))
}

/** The attributes `_q` looks in, besides `id`: text-like ones always, number ones for a numeric term. */
export function searchedAttributes (model: Model, numeric: boolean): ScalarAttribute[] {
  const searched: ScalarAttribute[] = []
  for (const attribute of model.attributes.values()) {
    if (attribute.kind !== 'scalar' || attribute.name === 'id' || attribute.private || attribute.type === 'password') continue
    const info = SCALAR_TYPE_INFO[attribute.type]
    if (info.textual || (numeric && info.group === 'number')) searched.push(attribute)
  }
  return searched
}

/** Ids are positive integers: their text holds digits only. */
function canBeInId (term: string): boolean {
  return /^[0-9]+$/.test(term)
}

/**
 * One boolean expression over the row's own columns: no join, so it stays inside the one
 * statement. Columns whose every value is made of characters the term lacks (the id's digits,
 * the documentId's letters and digits) are left out: they could never match, and each one
 * left in costs an index probe per search (benchmarks/README.md, the `search` twins).
 */
export function searchCondition (scope: StatementScope, row: RowRef, term: string): Sql {
  const pattern = new SqlParameter(likePattern(term, '%', '%'))
  const id = canBeInId(term) ? [sql`${raw(scope.column(row.model, row.alias, 'id'))}::text ilike ${pattern}`] : []
  const searched = searchedAttributes(row.model, isNumericTerm(term))
    .filter(attribute => attribute.name !== DOCUMENT_ID || canBeInDocumentId(term))
  if (id.length === 0 && searched.length === 0) return sql`false`
  const others = searched.map(attribute => {
    const column = raw(scope.column(row.model, row.alias, attribute.name))
    // Text columns are compared lowercased, as their trigram indexes are built (schema/search-indexes.ts).
    return SCALAR_TYPE_INFO[attribute.type].textual ? sql`lower(${column}) like lower(${pattern})` : sql`${column}::text ilike ${pattern}`
  })
  return sql`(${join([...id, ...others], ' or ')})`
}
