/**
 * Which row of a document a read shows, now that a published document may have a pending
 * draft beside it (content-types/pending-drafts.ts): conditions and joins over the rows of
 * one content table, keyed by `document_id` (indexed) and `locale`.
 *
 * - `live`: the published rows.
 * - `preview` (Strapi v4's, one row per document as v4 has): the published row, else the
 *   draft-only row. The published row keeps the entry's v4 id, so ids do not move.
 * - `draft` (Strapi v5's `status=draft`): the draft row, else the published row (shown as
 *   the draft, `publishedAt` null).
 */
import { DOCUMENT_ID } from '../../content-types/documents.js'
import type { ContentTypeModel } from '../../content-types/model.js'
import type { PublicationState } from '../../query/tree.js'
import type { StatementScope } from './scope.js'

/** The condition that `alias` (a row of `model`) is the version `state` shows; null: every row is. */
export function versionCondition (scope: StatementScope, model: ContentTypeModel, alias: string, state: PublicationState): string {
  const published = scope.column(model, alias, 'publishedAt')
  if (state === 'live') return `${published} is not null`
  // The other version, when there is one, wins in `draft`; loses in `preview`.
  if (state === 'draft') return `(${published} is null or not exists (${sibling(scope, model, alias, 'is null')}))`
  return `(${published} is not null or not exists (${sibling(scope, model, alias, 'is not null')}))`
}

/** `select <what> ` of another row of the document of `alias`, in its locale, whose publication is `publication`. */
function sibling (scope: StatementScope, model: ContentTypeModel, alias: string, publication: string, what: (column: (name: string) => string) => string = () => '1'): string {
  const other = scope.aliases.take('v')
  const column = (name: string): string => `${other}.${scope.names.column(model.entity, name)}`
  const same = [`${column(DOCUMENT_ID)} = ${scope.column(model, alias, DOCUMENT_ID)}`]
  if (model.localized) same.push(`${column('locale')} = ${scope.column(model, alias, 'locale')}`)
  return `select ${what(column)} from ${scope.names.table(model.entity)} ${other} where ${same.join(' and ')} and ${column('publishedAt')} ${publication}`
}

/**
 * The id of the main row (the published one, else itself) of the document of `alias`: links
 * that stay with the main row (content-types/pending-drafts.ts) are read from it.
 */
export function mainRowId (scope: StatementScope, model: ContentTypeModel, alias: string): string {
  const published = sibling(scope, model, alias, 'is not null', column => column('id'))
  return `coalesce((${published} limit 1), ${scope.column(model, alias, 'id')})`
}

/**
 * ` join <table> <alias> on …`: every row of the document of main row `main` in its locale,
 * for a read in `draft`, whose version condition then keeps the draft where there is one.
 */
export function documentRowsJoin (scope: StatementScope, model: ContentTypeModel, main: string, alias: string): string {
  const column = (row: string, name: string): string => `${row}.${scope.names.column(model.entity, name)}`
  const same = [`${column(alias, DOCUMENT_ID)} = ${column(main, DOCUMENT_ID)}`]
  if (model.localized) same.push(`${column(alias, 'locale')} = ${column(main, 'locale')}`)
  return ` join ${scope.names.table(model.entity)} ${alias} on ${same.join(' and ')}`
}
