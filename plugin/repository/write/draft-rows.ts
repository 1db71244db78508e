/**
 * The row of a published document's pending draft (content-types/pending-drafts.ts), made
 * as a copy of its published row: the columns a version holds of its own, the copy, and how
 * a statement finds a published row's draft.
 */
import { DOCUMENT_ID } from '../../content-types/documents.js'
import type { ContentTypeModel } from '../../content-types/model.js'
import { draftLinkAttributes } from '../../content-types/pending-drafts.js'
import { NotFoundError } from '../../errors.js'
import { identifier, raw, sql } from '../../sql/index.js'
import type { WriteSession } from './session.js'
import { copySharedAttributes } from './shared-copy.js'

/** Columns a version holds of its own: every scalar column but the row's identity (id, document, locale) and its creation. */
export function versionColumns (session: WriteSession, model: ContentTypeModel, kept: readonly string[]): string[] {
  const metadata = session.metadata(model.entity)
  const skipped = new Set(kept.filter(property => metadata.properties[property] !== undefined).map(property => session.column(model.entity, property)))
  return metadata.props
    .filter(prop => (prop.kind === 'scalar' || prop.kind === 'm:1') && prop.primary !== true)
    .flatMap(prop => prop.fieldNames.map(identifier))
    .filter(column => !skipped.has(column))
}

/**
 * The draft row, a copy of the published one (its scalars, then its links and component
 * rows at every depth), `published_at` null; made only while the document has no draft in
 * the locale (the published row is locked: a draft made by a write that held the lock
 * before is seen here, and edited instead).
 */
export async function openDraft (session: WriteSession, model: ContentTypeModel, publishedId: number): Promise<number> {
  const table = session.table(model.entity)
  const id = session.column(model.entity, 'id')
  const published = session.column(model.entity, 'publishedAt')
  const columns = versionColumns(session, model, ['publishedAt'])
  const copied = raw(`insert into ${table} (${[...columns, published].join(', ')}) select ${columns.join(', ')}, null from ${table} p where p.${id}`)
  const noDraft = raw(`and p.${published} is not null and not exists (select 1 from ${table} d where ${draftOf(session, model)}) returning ${id} as id`)
  const [row] = await session.select(sql`${copied} = ${publishedId} ${noDraft}`)
  if (row === undefined) return await existingDraft(session, model, publishedId)
  const draftId = Number(row.id)
  await copySharedAttributes(session, { model, copies: [{ from: publishedId, to: [draftId], names: draftLinkAttributes(model), touch: false, samePlaces: true }] })
  return draftId
}

/** `d` is the draft of published row `p`: same document, same locale. */
export function draftOf (session: WriteSession, model: ContentTypeModel): string {
  const column = (property: string): string => session.column(model.entity, property)
  const same = [DOCUMENT_ID, ...(model.localized ? ['locale'] : [])].map(property => `d.${column(property)} = p.${column(property)}`)
  return [...same, `d.${column('publishedAt')} is null`].join(' and ')
}

/** The draft a concurrent first draft write made (committed before this write got the lock); 404 when the document is gone or unpublished. */
async function existingDraft (session: WriteSession, model: ContentTypeModel, publishedId: number): Promise<number> {
  const table = session.table(model.entity)
  const id = session.column(model.entity, 'id')
  const published = session.column(model.entity, 'publishedAt')
  const [row] = await session.select(sql`${raw(`select d.${id} as id from ${table} p join ${table} d on ${draftOf(session, model)} where p.${published} is not null and p.${id}`)} = ${publishedId}`)
  if (row === undefined) throw new NotFoundError()
  return Number(row.id)
}
