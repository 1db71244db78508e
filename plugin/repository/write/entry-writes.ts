/**
 * Create, update and delete of one entry (docs/writing.md), each atomic: the
 * entry, its component rows and its links land together or not at all, in ONE data
 * statement (no transaction around it when it is the only change), or in ONE transaction.
 *
 * A write is checked in full before anything is committed: the body's shape and values
 * (write-plan/input), then what only the database knows (related ids, ownership of
 * component ids, uniqueness; one statement, write/facts). All problems are answered
 * together as one 400. Nothing is written before the checks: an update's facts read takes
 * its row lock (in a transaction) or reads its version, which guards the data statement.
 *
 * A write returns what it wrote (`WrittenEntry`): the entry's id and, where its own statements
 * could build it, the answer the route described (`WriteContext.answer`): the data statement
 * ends with the answer built from the row it writes, or a delete's lock reads it.
 *
 * This file holds what the three share with their callers (`WriteContext`, `EntryTarget`,
 * `WrittenEntry`);
 * each write is in its own file: `create-entry.ts`, `update-entry.ts`, `delete-entry.ts`.
 */
import type { ContentTypeModel } from '../../content-types/model.js'
import type { Registry } from '../../content-types/registry.js'
import type { EntryPlanner } from '../../write-plan/plan.js'
import type { Database } from '../connection/database.js'
import type { EntryAnswer } from '../read/reader.js'
import type { Admission, WriteObserver } from './observer.js'

export interface WriteContext {
  /** The admin user making the write, recorded as createdBy/updatedBy where the model has them. */
  adminId?: number
  /** The request's `locale` query parameter: a localized create's locale when the body names none. */
  locale?: unknown
  /** Told of the write inside its transaction and of its commit (the `lifecycles` option and events). */
  observer?: WriteObserver
  /** Plans the body: the repository receives plans, and never reads a body itself. */
  planner: EntryPlanner
  /** How the route wants the entry answered, for the write's own statements to build where they can; read, never filled. */
  answer?: EntryAnswer
  /**
   * Judges the plan of the body as the caller sent it, before the write reads or writes
   * anything and before a `before*` hook sees it: a throw refuses the write (the route's
   * check of what the caller may link).
   */
  admit?: Admission
}

/** What one write of an entry wrote, told by the statement that wrote it. */
export interface WrittenEntry {
  id: number
  /**
   * The entry's JSON text under `WriteContext.answer`'s selection, as written (a delete's: as
   * it was), or null when that selection does not see it. Absent when no statement of the
   * write built it: the route then reads the entry after the write.
   */
  answer?: string | null
}

/** The entries one write is about: a content type of `registry`, stored in `db`. */
export interface EntryTarget {
  db: Database
  registry: Registry
  model: ContentTypeModel
}
