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
 * A write can answer the entry from its own statements (`WriteContext.answer`): the data
 * statement ends with the answer built from the row it writes, or a delete's lock reads it.
 *
 * This file holds what the three share with their callers (`WriteContext`, `EntryTarget`);
 * each write is in its own file: `create-entry.ts`, `update-entry.ts`, `delete-entry.ts`.
 */
import type { ContentTypeModel } from '../../content-types/model.js'
import type { Registry } from '../../content-types/registry.js'
import type { EntryPlanner } from '../../write-plan/plan.js'
import type { Database } from '../connection/database.js'
import type { EntryAnswer } from '../read/reader.js'
import type { WriteObserver } from './observer.js'

export interface WriteContext {
  /** The admin user making the write, recorded as createdBy/updatedBy where the model has them. */
  adminId?: number
  /** The request's `locale` query parameter: a localized create's locale when the body names none. */
  locale?: unknown
  /** Told of the write inside its transaction and of its commit (the `lifecycles` option and events). */
  observer?: WriteObserver
  /** Plans the body: the repository receives plans, and never reads a body itself. */
  planner: EntryPlanner
  /** The answer the route wants, to be built by the write's own statements where they can. */
  answer?: EntryAnswer
}

/** The entries one write is about: a content type of `registry`, stored in `db`. */
export interface EntryTarget {
  db: Database
  registry: Registry
  model: ContentTypeModel
}
