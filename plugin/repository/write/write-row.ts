/**
 * The write of an entry's root row that create and update share: the facts read, the checks,
 * then ONE data statement; and the values the system sets on that row.
 */
import type { ContentTypeModel } from '../../content-types/model.js'
import { NotFoundError } from '../../errors.js'
import type { RowPlan } from '../../write-plan/plan.js'
import type { EntryAnswer } from '../read/reader.js'
import type { WriteContext, WrittenEntry } from './entry-writes.js'
import { gatherWriteFacts } from './facts.js'
import { lockEntry } from './locks.js'
import { RowWrites } from './rows.js'
import { StaleFacts } from './session.js'
import type { WriteSession } from './session.js'

interface RowWriteOptions {
  /** Values the system sets on the root row (timestamps, creator fields). */
  extra: Record<string, unknown>
  /** The root is an existing entry, locked by the facts read (in a transaction) or guarded by the version it read. */
  lock?: boolean
  /** Built by the data statement from the root's row, where the row alone can answer. */
  answer?: EntryAnswer | undefined
}

/**
 * The facts read, the checks, then ONE data statement (and the deletions before it when they
 * cannot join it): the root's id, and its answer when the data statement built it.
 */
export async function writeRow (session: WriteSession, root: RowPlan, options: RowWriteOptions): Promise<WrittenEntry> {
  const { extra, lock = false, answer } = options
  const facts = await gatherWriteFacts(session, root, { lock })
  const rows = new RowWrites(session, facts)
  const prepared = rows.prepare(root)
  // A missing entry is a 404 before any 400: without a facts read, the lock is asked for here.
  if (facts.lockPending && !session.issues.isEmpty) await lockEntry(session, { model: root.model, id: root.id!, strength: 'no key update' })
  session.issues.throwIfAny()
  if (session.deletes.mergeable) session.data.add(session.deletes.parts(session))
  else {
    session.requireTransaction()
    await session.deletes.run(session)
  }
  const row = rows.materialize(prepared, extra)
  const table = session.table(root.model.entity)
  const existing = typeof row === 'number' ? row : null
  if (facts.version !== null && existing !== null) session.data.guard({ table, id: existing, version: facts.version })
  const overRow = answer?.overRow ?? null
  if (overRow === null && !facts.lockPending && facts.version === null && existing !== null) {
    await session.flush()
    return { id: existing }
  }
  // A new row's id is drawn by the statement, which tells it.
  const returned = await session.flush({ table, ...(overRow === null ? {} : { answer: overRow }) })
  // No facts read took the lock: the row's UPDATE took it, and found the row or not.
  if (facts.lockPending && returned?.written !== true) throw new NotFoundError()
  // The row moved since its facts were read: nothing was written (see RowGuard).
  if (facts.version !== null && returned?.written !== true) throw new StaleFacts()
  const id = existing ?? returned?.id
  if (id === undefined) throw new Error('A new row whose id the data statement did not tell')
  return overRow !== null && returned !== undefined ? { id, answer: returned.data } : { id }
}

/** The creator fields a write sets on its entry's row. */
export interface CreatorFields {
  model: ContentTypeModel
  context: Pick<WriteContext, 'adminId'>
  names: ReadonlyArray<'createdBy' | 'updatedBy'>
}

/** Creator fields are written only when the model declares them (docs/access-control.md, 'Admin users and creator fields'). */
export function creatorValues (session: WriteSession, { model, context, names }: CreatorFields): Record<string, unknown> {
  if (context.adminId === undefined) return {}
  const properties = session.metadata(model.entity).properties
  return Object.fromEntries(names.filter(name => name in properties).map(name => [name, context.adminId]))
}

/** What every update sets on the entry's row: `updatedAt` always moves. */
export function updateValues (session: WriteSession, model: ContentTypeModel, context: WriteContext): Record<string, unknown> {
  return { ...creatorValues(session, { model, context, names: ['updatedBy'] }), updatedAt: new Date() }
}

/**
 * The facts read and the checks of `root`, writing nothing: a 400 thrown, or nothing. With
 * `lock`, the facts read holds the row's lock for the rest of the transaction (404 when it is
 * absent). What the checks queue (deletions, link rows, drawn ids) stays in `session`, which
 * the caller then drops: a write checked ahead of the statements that draw its ids.
 */
export async function checkRow (session: WriteSession, root: RowPlan, { lock = false }: { lock?: boolean } = {}): Promise<void> {
  const facts = await gatherWriteFacts(session, root, { lock })
  new RowWrites(session, facts).prepare(root)
  if (facts.lockPending) await lockEntry(session, { model: root.model, id: root.id!, strength: 'no key update' })
  session.issues.throwIfAny()
}
