/**
 * The per-type face of the repository: what a content type's handlers read and write,
 * bound once to the database, the registry and the model, so no caller carries them around.
 * Each write takes one options object; the body is planned by `context.planner`, handed
 * in by the route (the repository never imports the layers above it).
 */
import type { ContentTypeModel } from '../content-types/model.js'
import type { Registry } from '../content-types/registry.js'
import type { DocumentQuery, EntryQuery, QueryTree } from '../query/tree.js'
import { IssueList } from '../write-plan/issues.js'
import type { Database, QueryOptions } from './connection/database.js'
import { joinedDatabase } from './connection/joined-transaction.js'
import { documentRowIds } from './read/document-rows.js'
import type { DocumentRowsQuery } from './read/document-rows.js'
import type { EntryAnswer, ListResult, Reader } from './read/reader.js'
import { singleEntryId, writeSingleEntry } from './write/single.js'
import type { SingleWrite } from './write/single.js'
import { createEntry, createLocalization } from './write/create-entry.js'
import type { CreateWrite, LocalizationWrite } from './write/create-entry.js'
import { deleteEntry } from './write/delete-entry.js'
import { withOwnersDrafts } from './write/draft-shared-links.js'
import type { DeleteWrite } from './write/delete-entry.js'
import type { WrittenEntry } from './write/entry-writes.js'
import { lockEntries } from './write/locks.js'
import { deleteVersions, publishDraft, writeDraft } from './write/pending-drafts.js'
import type { DocumentVersions, VersionWrite } from './write/pending-drafts.js'
import { updateEntry } from './write/update-entry.js'
import type { UpdateWrite } from './write/update-entry.js'
import { WriteSession } from './write/session.js'

export interface ContentRepository {
  readonly model: ContentTypeModel
  list: (tree: QueryTree, options?: QueryOptions) => Promise<ListResult>
  /** JSON text of entry `id`, or null when it does not exist (or is hidden). */
  entry: (id: number, query: EntryQuery, options?: QueryOptions) => Promise<string | null>
  /** JSON text of a document's entry (Strapi v5's reads by documentId), or null when there is none (or it is hidden). */
  document: (documentId: string, query: DocumentQuery, options?: QueryOptions) => Promise<string | null>
  /** The answer of a write with `query`'s selection, for the write's own statements to build (WriteContext.answer). */
  answer: (query: EntryQuery) => EntryAnswer
  /** Returns the new entry: its id, and its answer when the write built it. */
  create: (write: CreateWrite) => Promise<WrittenEntry>
  /** Returns the entry updated; 404 when it does not exist. */
  update: (write: UpdateWrite) => Promise<WrittenEntry>
  /** Returns the entry deleted, its answer as it was; 404 when it does not exist. */
  delete: (write: DeleteWrite) => Promise<WrittenEntry>
  /** A new localization of entry `sourceId` (localized types); returns it. */
  localize: (write: LocalizationWrite) => Promise<WrittenEntry>
  /** Single types: JSON text of the entry (in `locale` when localized), or null. */
  single: (locale: string | null, query: EntryQuery, options?: QueryOptions) => Promise<string | null>
  /** Single types: the id of the entry in `locale` (null: in any locale), drafts included, or null. */
  singleId: (locale: string | null) => Promise<number | null>
  /** Single types: the PUT, an update of the entry when there is one, else its create; returns it. */
  writeSingle: (write: SingleWrite) => Promise<WrittenEntry>
  /** Strapi v5's `status=draft` write of a document that has no published version: an update of its one row, whose other sides of relations reach the owners' drafts too. */
  writeDraftOnly: (write: UpdateWrite) => Promise<WrittenEntry>
  /** Strapi v5's `status=draft` write of a published document: its draft row (made on the first such write) is written. */
  writeDraft: (write: VersionWrite) => Promise<WrittenEntry>
  /** A publication of a published document: its pending draft, if any, replaces the published row's values, then the write. */
  publish: (write: VersionWrite) => Promise<WrittenEntry>
  /** Deletes a document's entry in one locale: its published row and its pending draft. */
  deleteVersions: (write: DocumentVersions & Pick<DeleteWrite, 'context'>) => Promise<WrittenEntry>
  /** The ids of the rows of a document (in one locale when asked), lowest first, drafts included: a documentId to the ids the writes take. */
  documentRowIds: (query: DocumentRowsQuery, options?: QueryOptions) => Promise<number[]>
}

export interface Repositories {
  /** The repository of a content type this registry serves (a model or its uid); the same object on every call. */
  for: (model: ContentTypeModel | string) => ContentRepository
  /**
   * Runs `work` in ONE transaction: the writes of the repositories it is given all commit, or
   * none does (a throw rolls every one back). Their reads are not in it (they go to the pool).
   */
  batch: <T>(work: (batch: BatchWrites) => Promise<T>) => Promise<T>
}

/** The writes of one transaction (`Repositories.batch`). */
export interface BatchWrites {
  for: (model: ContentTypeModel | string) => ContentRepository
  /** Locks the entries of `ids` that exist, in id order, until the commit; answers their ids, lowest first. */
  lock: (request: { model: ContentTypeModel, ids: readonly number[], strength: 'update' | 'no key update' }) => Promise<number[]>
}

export interface RepositoriesContext {
  db: Database
  registry: Registry
  /** Reads of the content API (through the response cache when there is one). */
  reader: Reader
}

/** Built once per plugin instance; each type's repository is made on first use. */
export function repositories (context: RepositoriesContext): Repositories {
  const made = new Map<string, ContentRepository>()
  return {
    batch: async (work) => await context.db.transaction(async tx => {
      const db = joinedDatabase(context.db, tx)
      const lock: BatchWrites['lock'] = async ({ model, ids, strength }) => await db.transaction(async joined =>
        await lockEntries(new WriteSession({ tx: joined, db, registry: context.registry, issues: new IssueList() }), { model, ids, strength }))
      return await work({ for: repositories({ ...context, db }).for, lock })
    }),
    for (model) {
      const uid = typeof model === 'string' ? model : model.uid
      let repository = made.get(uid)
      if (repository === undefined) {
        repository = contentRepository(context, servedModel(context.registry, model))
        made.set(uid, repository)
      } else if (typeof model !== 'string' && model !== repository.model) {
        throw unserved(uid)
      }
      return repository
    }
  }
}

/**
 * The registry's own model: a uid it does not serve, a plugin type (users, files: their own
 * routes write them) or a model of another registry has no content repository here.
 */
function servedModel (registry: Registry, model: ContentTypeModel | string): ContentTypeModel {
  const uid = typeof model === 'string' ? model : model.uid
  const served = registry.contentTypes.get(uid)
  if (served === undefined || (typeof model !== 'string' && model !== served)) throw unserved(uid)
  return served
}

function unserved (uid: string): Error {
  return new Error(`No content repository for "${uid}": not a content type served by this registry`)
}

function contentRepository ({ db, registry, reader }: RepositoriesContext, model: ContentTypeModel): ContentRepository {
  const target = { db, registry, model }
  return {
    model,
    // Reads hand the reader's promise on: a layer of their own would only cost a promise and a turn (see read/reader.ts).
    list: (tree, options) => reader.list(model, tree, options),
    entry: (id, query, options) => reader.entry(model, id, query, options),
    document: (documentId, query, options) => reader.document(model, documentId, query, options),
    answer: (query) => reader.answer(model, query),
    create: async (write) => await withOwnersDrafts(target, { ...write, creates: true }, async (into, context) => await createEntry(into, { ...write, context })),
    update: async (write) => await withOwnersDrafts(target, { ...write, current: { id: write.id } }, async (into, context) => await updateEntry(into, { ...write, context })),
    writeDraftOnly: async (write) => await withOwnersDrafts(target, { ...write, draftOnly: true, current: { id: write.id } }, async (into, context) => await updateEntry(into, { ...write, context })),
    delete: async (write) => await deleteEntry(target, write),
    localize: async (write) => await withOwnersDrafts(target, { ...write, creates: true }, async (into, context) => await createLocalization(into, { ...write, context })),
    single: (locale, query, options) => reader.single(model, locale, query, options),
    singleId: async (locale) => await singleEntryId(db, model, locale),
    writeSingle: async (write) => await withOwnersDrafts(target, { ...write, creates: true, current: { everyRowOf: model.uid } }, async (into, context) => await writeSingleEntry(into, { ...write, context })),
    writeDraft: async (write) => await writeDraft(target, write),
    publish: async (write) => await publishDraft(target, write),
    deleteVersions: async (write) => await deleteVersions(target, write),
    documentRowIds: async (query, options) => await documentRowIds(db, model, query, options)
  }
}
