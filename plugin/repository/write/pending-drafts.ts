/**
 * Writes of a published document's pending draft (content-types/pending-drafts.ts): its first
 * draft write copies the published row into a draft row and edits that; a publication moves
 * the draft over the published row, which keeps its id; a delete takes both. Each runs in
 * ONE transaction, the entry's own write (update-entry.ts, delete-entry.ts) inside it.
 */
import { DOCUMENT_ID } from '../../content-types/documents.js'
import type { ContentTypeModel } from '../../content-types/model.js'
import { draftInverseRelations, draftLinkAttributes, draftlessOwnerRelations } from '../../content-types/pending-drafts.js'
import { raw, sql, type Sql } from '../../sql/index.js'
import { IssueList } from '../../write-plan/issues.js'
import type { LinkWrite } from '../../write-plan/plan.js'
import { deleteEntry } from './delete-entry.js'
import { applyInverseLinks, prepareInverseLinks, publishedFollowDrafts, releaseForPublication } from './draft-inverse-links.js'
import { openDraft, versionColumns } from './draft-rows.js'
import { draftsTakeShared, publishedTakeShared, sentShared } from './draft-shared-attributes.js'
import { withOwnersDrafts } from './draft-shared-links.js'
import { lockEntry } from './locks.js'
import { WritePlans } from './observer.js'
import type { DeleteWrite } from './delete-entry.js'
import type { EntryTarget, WriteContext, WrittenEntry } from './entry-writes.js'
import { WriteSession } from './session.js'
import { within } from './transactions.js'
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
  /** Whether the document has entries in other locales, as the caller read it: false spares looking for them (draft-shared-attributes.ts). */
  otherLocales?: boolean
}

/**
 * Edits the draft of a published document, made first (a copy of the published row) when it
 * has none. The first draft write is checked against the published row before anything is
 * copied, so a refused one draws no id (the copy draws the draft row's and its component
 * rows'); the facts read of those checks locks the published row, so that the first draft
 * writes of one document queue there and the later ones edit the draft the first one made.
 * A `beforeUpdate` hook that may change the data runs there too, before the copy, on the
 * published row locked: a hook that refuses the write, or leaves data the checks refuse,
 * draws no id either; the draft's update then writes what the hook left, without running it
 * again. The other side of a relation sent is written in the related documents' drafts
 * (draft-inverse-links.ts), checked with the rest before anything is written.
 */
export async function writeDraft (target: EntryTarget, { publishedId, draftId, body, context, otherLocales = true }: VersionWrite): Promise<WrittenEntry> {
  refuseDraftlessOwners(target, body, context)
  const inverse = await splitInverseRelations(target, { publishedId, body, context })
  const shared = otherLocales ? sentShared(target.model, context.planner.data(inverse.body)) : []
  if (draftId !== null && inverse.writes.length === 0 && shared.length === 0) return await updateEntry(target, { id: draftId, body, context })
  const { db, registry, model } = target
  const checks = draftId === null ? await draftChecks(inverse.body, context, publishedId) : null
  return await db.transaction(async tx => {
    let written = { body: inverse.body, context }
    if (checks !== null) {
      const checking = new WriteSession({ tx, db, registry, issues: checks.issues })
      // The hook sees the entry locked, as an update's does; the draft it writes has no row yet.
      if (checks.late) await lockEntry(checking, { model, id: publishedId, strength: 'no key update' })
      const previous = context.observer?.wantsPublication(model) === true ? { publishedAt: null } : undefined
      const { root } = await checks.inTransaction(publishedId, previous)
      await checkRow(checking, root, { lock: true })
      if (checks.late) written = { body: { ...(inverse.body as Record<string, unknown>), data: checks.data }, context: heard(context, checks) }
    }
    // What the checks queued is dropped with their session: the draft's own update writes it.
    const session = new WriteSession({ tx, db, registry, issues: new IssueList() })
    const lists = []
    for (const write of inverse.writes) lists.push(await prepareInverseLinks(session, { mainId: publishedId, write }))
    session.issues.throwIfAny()
    const id = draftId ?? await openDraft(session, model, publishedId)
    for (const plan of lists) await applyInverseLinks(session, { mainId: publishedId, plan: plan! })
    const draft = await updateEntry({ ...target, db: within(db, tx) }, { id, ...written })
    if (otherLocales) await draftsTakeShared(session, { model, draftId: id, names: sentShared(model, context.planner.data(written.body)) })
    return draft
  })
}

/**
 * A 400 for the other side of a relation whose owners have no drafts, sent in a pending
 * draft (content-types/pending-drafts.ts, `draftlessOwnerRelations`): written in the draft
 * row, its links would be lost at the publication; written in the owners' rows, published
 * readers would see them at once. Written from the owners' side, or at a publication, it
 * is taken.
 */
function refuseDraftlessOwners (target: EntryTarget, body: unknown, context: WriteContext): void {
  const relations = draftlessOwnerRelations(target.model, uid => target.registry.model(uid))
  if (relations.length === 0) return
  const data = context.planner.data(body)
  const issues = new IssueList()
  for (const attribute of relations.filter(relation => Object.hasOwn(data, relation.name))) {
    issues.add([attribute.name], `cannot be written in a draft of a published entry: its links belong to the ${attribute.target} entries, which have no drafts; write it when publishing, or from the other side`)
  }
  issues.throwIfAny()
}

/**
 * The body without the other sides of relations whose owners keep drafts (content-types/
 * pending-drafts.ts, `draftInverseRelations`), and those planned apart: their problems
 * answered at once, as the body's own.
 */
async function splitInverseRelations (target: EntryTarget, { publishedId, body, context }: Pick<VersionWrite, 'publishedId' | 'body' | 'context'>): Promise<{ body: unknown, writes: LinkWrite[] }> {
  const names = draftInverseRelations(target.model, uid => target.registry.model(uid)).map(attribute => attribute.name)
  if (names.length === 0) return { body, writes: [] }
  const data = context.planner.data(body)
  const sent = names.filter(name => Object.hasOwn(data, name))
  if (sent.length === 0) return { body, writes: [] }
  const issues = new IssueList()
  const plan = await context.planner.plan({ data: Object.fromEntries(sent.map(name => [name, data[name]])) }, { id: publishedId, issues })
  context.admit?.(plan)
  issues.throwIfAny()
  const rest = Object.fromEntries(Object.entries(data).filter(([key]) => !sent.includes(key)))
  return { body: { ...(body as Record<string, unknown>), data: rest }, writes: plan.root.links }
}

/**
 * The plans that check a first draft write against the published row, before the
 * transaction: the body's own problems answered at once, with no statement. When a
 * `before*` hook may change the data, they carry the observer: the hook runs inside the
 * transaction, and the data it leaves is planned and checked there (`late`).
 */
async function draftChecks (body: unknown, context: WriteContext, publishedId: number): Promise<WritePlans> {
  const observer = context.observer?.changesData('update') === true ? context.observer : undefined
  const plans = new WritePlans({ body, observer, action: 'update', planner: context.planner, request: { id: publishedId }, admit: context.admit })
  await plans.early()
  plans.issues.throwIfAny()
  return plans
}

/**
 * The context of the draft's update once its hook has run (`draftChecks`): the data it left is
 * the body, judged as the caller's was before the hook; the observer hears of the commit and
 * keeps the write the hook saw, and is not asked again.
 */
function heard (context: WriteContext, checks: WritePlans): WriteContext {
  return {
    ...context,
    admit: undefined,
    observer: {
      changesData: () => false,
      hooksBefore: () => false,
      wantsPublication: () => false,
      before: async write => write.data,
      committed: () => { checks.committed() }
    }
  }
}

/** Publishes the document: its draft, when it has one, replaces the published row's values first. */
export async function publishDraft (target: EntryTarget, { publishedId, draftId, body, context, otherLocales = true }: VersionWrite): Promise<WrittenEntry> {
  // Without a draft, an entry's write; the other side of a relation a type without drafts writes reaches the owners' drafts too.
  if (draftId === null) return await withOwnersDrafts(target, { body, context, current: { id: publishedId } }, async (into, heard) => await updateEntry(into, { id: publishedId, body, context: heard }))
  const { db, registry, model } = target
  return await db.transaction(async tx => {
    const session = new WriteSession({ tx, db, registry, issues: new IssueList() })
    await adoptDraft(session, model, { publishedId, draftId })
    const published = await updateEntry({ ...target, db: within(db, tx) }, { id: publishedId, body, context })
    if (otherLocales) await publishedTakeShared(session, { model, publishedId })
    return published
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

/**
 * The draft's values become the published row's: its scalars copied over, the published
 * row's own links and component rows deleted and the draft's handed to it (links pointing at
 * the document point at the published row, which stays), the draft row deleted. On the other
 * side of its relations, published owners take the links their drafts have to it.
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
  // The other sides of relations: the published owners take their drafts' links to the document.
  for (const attribute of draftInverseRelations(model, uid => session.registry.model(uid))) {
    await releaseForPublication(session, { mainId: publishedId, attribute })
    parts.push(...publishedFollowDrafts(session, { mainId: publishedId, attribute }))
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
