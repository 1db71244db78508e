/**
 * What a write keyed by documentId (Strapi v5's) must know of documents before it writes:
 * the rows of the documents it names (the one it writes, those its relations name), with
 * each row's locale and whether it is published. ONE statement for every document of every
 * type one write names, on the documentId index.
 */
import { DOCUMENT_ID, isDocumentId } from '../../content-types/documents.js'
import type { ContentTypeModel } from '../../content-types/model.js'
import { join, raw, sql, type Sql } from '../../sql/index.js'
import type { Database } from '../connection/database.js'
import { entitySql } from '../schema/sql-names.js'

/** One row of a document: today one per locale. */
export interface DocumentRow {
  id: number
  documentId: string
  /** Null on types that are not localized. */
  locale: string | null
  /** Whether the row is published (always, on types without draftAndPublish). */
  published: boolean
}

export interface DocumentsWanted {
  model: ContentTypeModel
  /** The documentIds; null: every row of the type (a single type has one per locale). */
  documentIds: string[] | null
}

/**
 * The rows of the documents wanted, by type uid, lowest id first. Values no documentId made
 * here can have (`isDocumentId`) name no row and do not reach SQL.
 */
export async function documentRows (db: Database, wanted: DocumentsWanted[]): Promise<Map<string, DocumentRow[]>> {
  const found = new Map<string, DocumentRow[]>(wanted.map(({ model }) => [model.uid, []]))
  const selects: Sql[] = []
  wanted.forEach(({ model, documentIds }, index) => {
    const ids = documentIds === null ? null : [...new Set(documentIds.filter(isDocumentId))]
    if (ids !== null && ids.length === 0) return
    const { table, column } = entitySql(db.names, model.entity)
    const locale = model.localized ? column('locale') : raw('null::text')
    const published = model.draftAndPublish ? sql`${column('publishedAt')} is not null` : raw('true')
    const where = ids === null ? raw('') : sql` where ${column(DOCUMENT_ID)} = any(${ids})`
    selects.push(sql`select ${raw(String(index))} as m, ${column('id')} as id, ${column(DOCUMENT_ID)} as d, ${locale} as l, ${published} as p from ${table}${where}`)
  })
  if (selects.length === 0) return found
  const { text, values } = sql`${join(selects, ' union all ')} order by id`.render()
  for (const row of await db.query(text, values)) {
    const { model } = wanted[Number(row.m)]!
    found.get(model.uid)!.push({ id: Number(row.id), documentId: String(row.d), locale: row.l === null ? null : String(row.l), published: row.p === true })
  }
  return found
}
