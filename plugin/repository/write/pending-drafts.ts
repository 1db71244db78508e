/**
 * Writes of a published document's pending draft (content-types/pending-drafts.ts): its first
 * draft write copies the published row into a draft row and edits that; a publication moves
 * the draft over the published row, which keeps its id; a delete takes both. Each runs in
 * ONE transaction, the entry's own write (update-entry.ts, delete-entry.ts) inside it.
 */
import { DOCUMENT_ID } from '../../content-types/documents.js'
import type { ContentTypeModel } from '../../content-types/model.js'
import { draftLinkAttributes } from '../../content-types/pending-drafts.js'
import { NotFoundError } from '../../errors.js'
import { identifier, raw, sql, type Sql } from '../../sql/index.js'
import { IssueList } from '../../write-plan/issues.js'
import type { Database, SqlTransaction } from '../connection/database.js'
import { deleteEntry } from './delete-entry.js'
import type { DeleteWrite } from './delete-entry.js'
import type { EntryTarget, WriteContext, WrittenEntry } from './entry-writes.js'
import { WriteSession } from './session.js'
import { copySharedAttributes, dropSharedData } from './shared-copy.js'
import { updateEntry } from './update-entry.js'

/** The two rows of a document in one locale: the published one, and its draft when it has one. */
export interface DocumentVersions {
  publishedId: number
  draftId: number | null
}

export interface VersionWrite extends DocumentVersions {
  body: unknown
  context: WriteContext
}

/** `db` whose writes run inside `tx`: an entry's write becomes a part of a larger one. */
function within (db: Database, tx: SqlTransaction): Database {
  return { ...db, transaction: async work => await work(tx), autocommit: async work => await work(tx) }
}

/** Edits the draft of a published document, made first (a copy of the published row) when it has none. */
export async function writeDraft (target: EntryTarget, { publishedId, draftId, body, context }: VersionWrite): Promise<WrittenEntry> {
  if (draftId !== null) return await updateEntry(target, { id: draftId, body, context })
  const { db, registry, model } = target
  return await db.transaction(async tx => {
    const session = new WriteSession({ tx, db, registry, issues: new IssueList() })
    const id = await openDraft(session, model, publishedId)
    return await updateEntry({ ...target, db: within(db, tx) }, { id, body, context })
  })
}

/** Publishes the document: its draft, when it has one, replaces the published row's values first. */
export async function publishDraft (target: EntryTarget, { publishedId, draftId, body, context }: VersionWrite): Promise<WrittenEntry> {
  if (draftId === null) return await updateEntry(target, { id: publishedId, body, context })
  const { db, registry, model } = target
  return await db.transaction(async tx => {
    const session = new WriteSession({ tx, db, registry, issues: new IssueList() })
    await adoptDraft(session, model, { publishedId, draftId })
    return await updateEntry({ ...target, db: within(db, tx) }, { id: publishedId, body, context })
  })
}

/** Deletes both versions: the draft silently (it is a version of the entry, not an entry), then the published row with its hooks. */
export async function deleteVersions (target: EntryTarget, { publishedId, draftId, context }: DocumentVersions & Pick<DeleteWrite, 'context'>): Promise<WrittenEntry> {
  if (draftId === null) return await deleteEntry(target, { id: publishedId, context })
  return await target.db.transaction(async tx => {
    const inner = { ...target, db: within(target.db, tx) }
    await deleteEntry(inner, { id: draftId })
    return await deleteEntry(inner, { id: publishedId, context })
  })
}

/** Columns a version holds of its own: every scalar column but the row's identity (id, document, locale) and its creation. */
function versionColumns (session: WriteSession, model: ContentTypeModel, kept: readonly string[]): string[] {
  const metadata = session.metadata(model.entity)
  const skipped = new Set(kept.filter(property => metadata.properties[property] !== undefined).map(property => session.column(model.entity, property)))
  return metadata.props
    .filter(prop => (prop.kind === 'scalar' || prop.kind === 'm:1') && prop.primary !== true)
    .flatMap(prop => prop.fieldNames.map(identifier))
    .filter(column => !skipped.has(column))
}

/**
 * The draft row, a copy of the published one (its scalars, then its links and component
 * rows at every depth), `published_at` null. Nothing yet keeps two concurrent first draft
 * writes of one document from making a draft each (docs/strapi-v5.md, 'Drafts beside
 * published versions').
 */
async function openDraft (session: WriteSession, model: ContentTypeModel, publishedId: number): Promise<number> {
  const table = session.table(model.entity)
  const id = session.column(model.entity, 'id')
  const published = session.column(model.entity, 'publishedAt')
  const columns = versionColumns(session, model, ['publishedAt'])
  const copied = raw(`insert into ${table} (${[...columns, published].join(', ')}) select ${columns.join(', ')}, null from ${table} where ${id}`)
  const [row] = await session.select(sql`${copied} = ${publishedId} and ${raw(`${published} is not null`)} returning ${raw(id)} as id`)
  if (row === undefined) throw new NotFoundError()
  const draftId = Number(row.id)
  await copySharedAttributes(session, { model, copies: [{ from: publishedId, to: [draftId], names: draftLinkAttributes(model), touch: false, samePlaces: true }] })
  return draftId
}

/**
 * The draft's values become the published row's: its scalars copied over, the published
 * row's own links and component rows deleted and the draft's handed to it (links pointing at
 * the document point at the published row, which stays), the draft row deleted.
 */
async function adoptDraft (session: WriteSession, model: ContentTypeModel, { publishedId, draftId }: { publishedId: number, draftId: number }): Promise<void> {
  const names = draftLinkAttributes(model)
  dropSharedData(session, { model, owners: [publishedId], names })
  await session.deletes.run(session)
  const table = session.table(model.entity)
  const id = session.column(model.entity, 'id')
  const columns = versionColumns(session, model, ['publishedAt', DOCUMENT_ID, 'locale', 'createdAt', 'createdBy'])
  const parts: Sql[] = [sql`${raw(`update ${table} as p set ${columns.map(column => `${column} = d.${column}`).join(', ')} from ${table} as d where p.${id}`)} = ${publishedId} and ${raw(`d.${id}`)} = ${draftId}`]
  for (const side of linkSides(model, names)) {
    const owner = session.column(side.entity, side.self)
    parts.push(sql`${raw(`update ${session.table(side.entity)} set ${owner}`)} = ${publishedId} ${raw(`where ${owner}`)} = ${draftId}`)
  }
  await copySharedAttributes(session, { model, copies: [], parts })
  await session.select(sql`${raw(`delete from ${table} where ${id}`)} = ${draftId}`)
}

function linkSides (model: ContentTypeModel, names: readonly string[]): Array<{ entity: string, self: string }> {
  return names.flatMap(name => {
    const attribute = model.attributes.get(name)
    if (attribute === undefined || attribute.kind === 'scalar') return []
    return attribute.kind === 'dynamiczone' ? Object.values(attribute.links) : [attribute.link]
  })
}
