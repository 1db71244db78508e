/**
 * The rows of one document (docs/schemas.md, 'Documents'): what a route keyed by documentId,
 * as Strapi v5's are, looks up before it writes an entry by its id. ONE statement on the
 * documentId index.
 */
import { DOCUMENT_ID, isDocumentId } from '../../content-types/documents.js'
import type { ContentTypeModel } from '../../content-types/model.js'
import { EMPTY_SQL, sql } from '../../sql/index.js'
import type { Database, QueryOptions } from '../connection/database.js'
import { entitySql } from '../schema/sql-names.js'

export interface DocumentRowsQuery {
  documentId: string
  /** A localized type's rows of this locale only; absent or null: every locale. Other types have none to choose. */
  locale?: string | null
}

/**
 * The ids of the rows of `documentId`, lowest first, drafts included: one row per locale
 * today. A value no documentId made here can have (see `isDocumentId`) names no row, and is
 * answered without asking the database.
 */
export async function documentRowIds (
  db: Database, model: ContentTypeModel, { documentId, locale = null }: DocumentRowsQuery, options?: QueryOptions
): Promise<number[]> {
  if (!isDocumentId(documentId)) return []
  const { table, column } = entitySql(db.names, model.entity)
  const inLocale = locale !== null && model.localized ? sql` and ${column('locale')} = ${locale}` : EMPTY_SQL
  const { text, values } = sql`select ${column('id')} as id from ${table} where ${column(DOCUMENT_ID)} = ${documentId}${inLocale} order by ${column('id')}`.render()
  const rows = await db.query(text, values, options)
  return rows.map(row => Number(row.id))
}
