/**
 * Which rows a unique value of a written row is checked against: every other row, but for the
 * other version of its own document in its locale (content-types/pending-drafts.ts), whose
 * values a draft and its published row share. A unique value is unique per document.
 */
import { DOCUMENT_ID } from '../../content-types/documents.js'
import type { Model } from '../../content-types/model.js'
import { mayHaveDrafts } from '../../content-types/pending-drafts.js'
import { EMPTY_SQL, raw, sql, type Sql } from '../../sql/index.js'
import type { WriteSql } from './sql.js'

/** ` and …` excluding, from a select over `model`'s table (unaliased), row `id` and its other version; nothing for a new row. */
export function otherRowsThan (session: WriteSql, model: Model, id: number | null): Sql {
  if (id === null) return EMPTY_SQL
  const column = (property: string): string => session.column(model.entity, property)
  const notItself = sql` and ${raw(column('id'))} <> ${id}`
  if (!mayHaveDrafts(model)) return notItself
  const table = session.table(model.entity)
  const keys = model.localized ? [column(DOCUMENT_ID), column('locale')] : [column(DOCUMENT_ID)]
  const same = raw(`select 1 from ${table} s where ${keys.map(key => `s.${key} = ${table}.${key}`).join(' and ')} and s.${column('id')}`)
  return sql`${notItself} and not exists (${same} = ${id})`
}
