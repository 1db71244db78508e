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
import { lockEntry } from './locks.js'
import { WritePlans } from './observer.js'
import type { DeleteWrite } from './delete-entry.js'
import type { EntryTarget, WriteContext, WrittenEntry } from './entry-writes.js'
import { WriteSession } from './session.js'
import { copySharedAttributes, dropSharedData } from './shared-copy.js'
import { updateEntry } from './update-entry.js'
import { checkRow } from './write-row.js'

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

/**
 * Edits the draft of a published document, made first (a copy of the published row) when it
 * has none. The first draft write is checked against the published row before anything is
 * copied, so a refused one draws no id (the copy draws the draft row's and its component
 * rows'); the facts read of those checks locks the published row, so that the first draft
 * writes of one document queue there and the later ones edit the draft the first one made.
 */
export async function writeDraft (target: EntryTarget, { publishedId, draftId, body, context }: VersionWrite): Promise<WrittenEntry> {
  if (draftId !== null) return await updateEntry(target, { id: draftId, body, context })
  const { db, registry, model } = target
  const checks = await draftChecks(body, context, publishedId)
  return await db.transaction(async tx => {
    const checking = new WriteSession({ tx, db, registry, issues: checks?.issues ?? new IssueList() })
    if (checks === null) await lockEntry(checking, { model, id: publishedId, strength: 'no key update' })
    else await checkRow(checking, (await checks.inTransaction(publishedId)).root, { lock: true })
    // What the checks queued is dropped with their session: the draft's own update writes it.
    const session = new WriteSession({ tx, db, registry, issues: new IssueList() })
    const id = await openDraft(session, model, publishedId)
    return await updateEntry({ ...target, db: within(db, tx) }, { id, body, context })
  })
}

/**
 * The plans that check a first draft write against the published row, before the
 * transaction: the body's own problems answered at once, with no statement. Null when a
 * `before*` hook may change the data: its checks then follow the hook, in the draft's update.
 */
async function draftChecks (body: unknown, context: WriteContext, publishedId: number): Promise<WritePlans | null> {
  if (context.observer?.changesData('update') === true) return null
  const plans = new WritePlans({ body, observer: undefined, action: 'update', planner: context.planner, request: { id: publishedId }, admit: context.admit })
  await plans.early()
  plans.issues.throwIfAny()
  return plans
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
 * rows at every depth), `published_at` null; made only while the document has no draft in
 * the locale (the published row is locked: a draft made by a write that held the lock
 * before is seen here, and edited instead).
 */
async function openDraft (session: WriteSession, model: ContentTypeModel, publishedId: number): Promise<number> {
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
function draftOf (session: WriteSession, model: ContentTypeModel): string {
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
