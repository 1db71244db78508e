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
 */
import { sharedAttributeNames } from '../../content-types/model.js'
import type { ContentTypeModel } from '../../content-types/model.js'
import type { Registry } from '../../content-types/registry.js'
import { isRowId } from '../../content-types/row-ids.js'
import { NotFoundError } from '../../errors.js'
import { identifier, raw, sql } from '../../sql/index.js'
import { IssueList } from '../../write-plan/issues.js'
import { LOCALE_CHANGE_PROBLEM } from '../../write-plan/issues.js'
import type { EntryPlanner, EntryWritePlan, InputPath, LocaleInput, RowPlan } from '../../write-plan/plan.js'
import type { Database, Row, SqlTransaction } from '../connection/database.js'
import type { EntryAnswer } from '../read/reader.js'
import { deleteInOneStatement } from './delete-statement.js'
import { mayDeleteBeforeInserts, takesFromSingleOwners } from './deletes.js'
import { isGeneratedUidTaken, translateDatabaseError } from './errors.js'
import { gatherWriteFacts } from './facts.js'
import { writeInOneStatement } from './one-statement.js'
import { joinLocalizationGroup, lockLocalizationGroup } from './localizations.js'
import { copySharedAttributes, dropSharedData } from './shared-copy.js'
import type { LocalizationMember } from './localizations.js'
import { RowWrites } from './rows.js'
import { NeedsTransaction, StaleFacts, WriteSession } from './session.js'
import { WritePlans } from './observer.js'
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

/** Work a create does inside its transaction around the entry's own write (localizations, single types). */
export interface CreateHooks {
  /** `root`: the planned entry (its locale among its scalars). Issues added here are answered with the others. */
  before?: (session: WriteSession, root: RowPlan) => Promise<void>
  after?: (session: WriteSession, id: number) => Promise<void>
}

/** The entries one write is about: a content type of `registry`, stored in `db`. */
export interface EntryTarget {
  db: Database
  registry: Registry
  model: ContentTypeModel
}

export interface CreateWrite {
  body: unknown
  context: WriteContext
  hooks?: CreateHooks
  /** Where the new entry's locale comes from; by default the request's `locale` query parameter. */
  locale?: LocaleInput
}

export async function createEntry (
  { db, registry, model }: EntryTarget, { body, context, hooks = {}, locale = { query: context.locale } }: CreateWrite
): Promise<number> {
  const plans = new WritePlans({
    body,
    observer: context.observer,
    action: 'create',
    planner: context.planner,
    make: async (sent, issues) => await context.planner.plan(sent, { id: null, locale, issues })
  })
  await plans.early()
  // The entry, its component rows and its links are ONE statement: atomic by itself. With
  // nothing else to do around it (no hooks, no hook that may change the data after the facts
  // are known), no transaction is needed: the facts read and the data statement run alone.
  // A create that takes a related entry from its single owner deletes that link before its
  // inserts, a statement of its own: it starts in a transaction rather than finding out.
  const alone = hooks.before === undefined && hooks.after === undefined && !plans.late &&
    (plans.planned === null || !takesFromSingleOwners(plans.planned.root))
  const write = async (tx: SqlTransaction): Promise<number> => {
    const session = new WriteSession(tx, db, registry, plans.issues)
    const { root } = await plans.inTransaction(null)
    await hooks.before?.(session, root)
    // Work after the data statement may change the entry: then its answer is read afterwards.
    const answer = hooks.after === undefined ? context.answer : undefined
    const id = await writeRow(session, root, { extra: creatorValues(session, model, context, ['createdBy', 'updatedBy']), answer })
    await hooks.after?.(session, id)
    return id
  }
  // Most creates are one statement, its facts read inside it; should a check fail, it wrote
  // nothing, and the facts read then runs on its own to find the problems and word the 400.
  const planned = plans.planned
  const optimistic = alone && planned !== null && plans.issues.isEmpty && context.observer?.hooksBefore('create') !== true
  if (optimistic) {
    const id = await firstInOneStatement({ db, registry }, plans, null, async (session, { root }) =>
      await writeInOneStatement(session, root, { extra: creatorValues(session, model, context, ['createdBy', 'updatedBy']), answer: context.answer }))
    if (id !== null) return id
  }
  // The facts read, the checks, then the data statement: a 400 found by the checks draws no id.
  return await transactionIfNeeded(db, plans, write, alone)
}

/**
 * The one-statement write (write/one-statement), alone: the id, or null when it wrote nothing
 * (the plan does not suit, or a check failed) and the two-statement path is to run.
 */
async function firstInOneStatement (
  { db, registry }: Pick<EntryTarget, 'db' | 'registry'>,
  plans: WritePlans,
  id: number | null,
  write: (session: WriteSession, plan: EntryWritePlan) => Promise<number | null>
): Promise<number | null> {
  return await inTransaction(db, plans, async tx => {
    const session = new WriteSession(tx, db, registry, new IssueList())
    return await write(session, await plans.inTransaction(id))
  }, { alone: true, committed: written => written !== null })
}

/** `work` alone (`alone`), or in a transaction: from the start, or once it found it needs one. */
async function transactionIfNeeded<T> (db: Database, plans: WritePlans, work: (tx: SqlTransaction) => Promise<T>, alone: boolean): Promise<T> {
  try {
    return await inTransaction(db, plans, work, { alone })
  } catch (error) {
    if (alone && error instanceof NeedsTransaction) return await inTransaction(db, plans, work)
    throw error
  }
}

export interface LocalizationWrite {
  /** The entry whose localization group the new entry joins. */
  sourceId: number
  body: unknown
  context: WriteContext
  /** Work before anything else in the transaction (a single type's lock). */
  claim?: (session: WriteSession) => Promise<void>
}

/**
 * Creates the `locale` version of entry `sourceId` (docs/i18n.md): a new entry, in the
 * same transaction joined to the source's localization group. A locale the group already
 * has is a 400; a missing source a 404.
 */
export async function createLocalization (target: EntryTarget, { sourceId, body, context, claim }: LocalizationWrite): Promise<number> {
  const { model } = target
  let group: LocalizationMember[] = []
  let sent: string[] = []
  return await createEntry(target, {
    body,
    context,
    locale: { query: context.locale, localization: true },
    hooks: {
      before: async (session, root) => {
        await claim?.(session)
        if (!isRowId(sourceId)) throw new NotFoundError()
        group = await lockLocalizationGroup(session, model, sourceId, true)
        const locale = root.scalars.find(write => write.attribute.name === 'locale')
        if (locale !== undefined && group.some(member => member.locale === locale.value)) {
          session.issues.add(locale.path, `${String(locale.value)} already exists among this entry's localizations`)
        }
        sent = sentSharedAttributes(root)
        // What the group holds of the shared attributes sent goes with the data statement; the new entry's copies replace it.
        dropSharedData(session, model, group.map(member => member.id), sent)
      },
      after: async (session, id) => {
        // Shared attributes: the unsent ones come from the source, the sent ones go to the whole group.
        const unsent = [...sharedAttributeNames(model)].filter(name => !sent.includes(name))
        await copySharedAttributes(session, model, [
          { from: sourceId, to: [id], names: unsent, touch: false },
          { from: id, to: group.map(member => member.id), names: sent, touch: true }
        ], [joinLocalizationGroup(session, model, id, group)])
      }
    }
  })
}

export interface UpdateWrite {
  id: number
  body: unknown
  context: WriteContext
}

/** Partial update: unsent attributes are kept; `updatedAt` always moves. */
export async function updateEntry ({ db, registry, model }: EntryTarget, { id, body, context }: UpdateWrite): Promise<number> {
  const { observer, answer } = context
  const plans = new WritePlans({
    body,
    observer,
    action: 'update',
    planner: context.planner,
    make: async (sent, issues) => await context.planner.plan(sent, { id, issues })
  })
  await plans.early()
  // An observer that changes the data, or tells publish from unpublish, runs on the locked entry (a 404 comes first).
  const previousColumns = observer?.wantsPublication(model) === true ? ['publishedAt'] : []
  const lockFirst = plans.late || previousColumns.length > 0
  // Without a lock held across statements for other reasons (an observer's, the other
  // localizations'), an update needs no transaction: its facts read takes no lock but reads
  // the entry's version, and its ONE data statement writes only if the entry is still at that
  // version (an update with nothing to check is its UPDATE alone, which takes the lock as it
  // writes). Should a concurrent write have moved the entry, it is planned again from fresh
  // facts; past the attempts, or should it be found to need more statements, it runs in a
  // transaction, its facts read locking the entry. A sent locale may be checked before: an
  // entry's locale never changes.
  const planned = plans.planned
  const alone = !lockFirst && planned !== null && sentSharedAttributes(planned.root).length === 0 && !mayDeleteBeforeInserts(planned.root)
  const work = async (tx: SqlTransaction): Promise<number> => {
    const session = new WriteSession(tx, db, registry, plans.issues)
    const previous = lockFirst ? await lockEntry(session, model, id, { columns: previousColumns, strength: 'no key update' }) : undefined
    const { root, sentLocale } = await plans.inTransaction(id, previous)
    const shared = sentSharedAttributes(root)
    if (shared.length > 0) session.requireTransaction()
    // Shared attributes are written to every localization: lock them all first, in id order,
    // so that updates of one group made from different locales queue instead of deadlocking.
    const others = shared.length > 0 && isRowId(id)
      ? (await lockLocalizationGroup(session, model, id)).map(member => member.id).filter(member => member !== id)
      : []
    if (!isRowId(id)) throw new NotFoundError()
    if (sentLocale !== undefined) await checkSentLocale(session, model, id, sentLocale)
    dropSharedData(session, model, others, shared)
    // The facts read locks the row or reads its version (and answers the 404); `updatedAt`
    // always moves, so the data statement always writes the row, and can answer it.
    const written = await writeRow(session, root, { extra: updateValues(session, model, context), lock: true, answer })
    await copySharedAttributes(session, model, [{ from: id, to: others, names: shared, touch: true }])
    return written
  }
  // Most updates are one statement, its facts read (and the entry's lock) inside it; should
  // the entry be absent or moved, or a check fail, it wrote nothing, and the path below runs.
  const optimistic = alone && plans.issues.isEmpty && observer?.hooksBefore('update') !== true && !model.single && isRowId(id)
  if (optimistic) {
    const written = await firstInOneStatement({ db, registry }, plans, id, async (session, { root, sentLocale }) =>
      sentLocale !== undefined ? null : await writeInOneStatement(session, root, { extra: updateValues(session, model, context), answer }))
    if (written !== null) return written
  }
  for (let attempt = 1; ; attempt++) {
    try {
      return await transactionIfNeeded(db, plans, work, alone && attempt <= OPTIMISTIC_ATTEMPTS)
    } catch (error) {
      if (!(error instanceof StaleFacts)) throw error
    }
  }
}

/** Attempts of an update without a transaction whose entry concurrent writes keep moving, before it locks the entry instead. */
const OPTIMISTIC_ATTEMPTS = 3

export interface DeleteWrite {
  id: number
  /** With `answer`, the lock is the answer's read: the entry as it was when deleted. */
  context?: Pick<WriteContext, 'observer' | 'answer'>
}

/**
 * Deletes the entry and every component row nested in it; its link rows go by FK cascade.
 * ONE statement without a transaction (write/delete-statement) unless a `beforeDelete` hook
 * must run on the locked entry, or the answer needs more than the row: then the entry is
 * locked (by the answer's read) in a transaction first. A statement that found the entry
 * moved by a concurrent write deleted nothing and is sent again; past the attempts, the
 * delete locks the entry instead.
 */
export async function deleteEntry (target: EntryTarget, { id, context = {} }: DeleteWrite): Promise<void> {
  const { db, registry, model } = target
  const { observer, answer } = context
  const alone = observer?.hooksBefore('delete') !== true && (answer === undefined || answer.overRow !== null)
  for (let attempt = 1; alone && attempt <= OPTIMISTIC_ATTEMPTS; attempt++) {
    const outcome = await inTransaction(db, null, async tx => {
      if (!isRowId(id)) throw new NotFoundError()
      await observer?.before({ action: 'delete', id, data: null })
      return await deleteInOneStatement(new WriteSession(tx, db, registry, new IssueList()), model, id, answer)
    }, { alone: true })
    if (outcome === 'absent') throw new NotFoundError()
    if (outcome === 'deleted') {
      observer?.committed()
      return
    }
  }
  await inTransaction(db, null, async tx => {
    const session = new WriteSession(tx, db, registry, new IssueList())
    if (answer === undefined) await lockEntry(session, model, id)
    else await lockAnswering(session, id, answer)
    await observer?.before({ action: 'delete', id, data: null })
    session.deletes.rows(model.uid, [id])
    await session.deletes.run(session)
  })
  observer?.committed()
}

/** The attributes shared across locales that a body sends (a localized type's: docs/i18n.md, 'Attributes shared by all localizations'). */
function sentSharedAttributes (root: RowPlan): string[] {
  return [...root.scalars, ...root.links, ...root.lists]
    .filter(write => write.attribute.sharedAcrossLocales === true)
    .map(write => write.attribute.name)
}

interface RowWriteOptions {
  /** Values the system sets on the root row (timestamps, creator fields). */
  extra: Record<string, unknown>
  /** The root is an existing entry, locked by the facts read (in a transaction) or guarded by the version it read. */
  lock?: boolean
  /** Built by the data statement from the root's row, where the row alone can answer. */
  answer?: EntryAnswer | undefined
}

/** The facts read, the checks, then ONE data statement (and the deletions before it when they cannot join it). */
async function writeRow (session: WriteSession, root: RowPlan, options: RowWriteOptions): Promise<number> {
  const { extra, lock = false, answer } = options
  const facts = await gatherWriteFacts(session, root, { lock })
  const rows = new RowWrites(session, facts)
  const prepared = rows.prepare(root)
  // A missing entry is a 404 before any 400: without a facts read, the lock is asked for here.
  if (facts.lockPending && !session.issues.isEmpty) await lockEntry(session, root.model, root.id!, { strength: 'no key update' })
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
    return existing
  }
  // A new row's id is drawn by the statement, which tells it.
  const returned = await session.flush({ table, ...(overRow === null ? {} : { answer: overRow }) })
  // No facts read took the lock: the row's UPDATE took it, and found the row or not.
  if (facts.lockPending && returned?.written !== true) throw new NotFoundError()
  // The row moved since its facts were read: nothing was written (see RowGuard).
  if (facts.version !== null && returned?.written !== true) throw new StaleFacts()
  if (overRow !== null && returned !== undefined) answer!.data = returned.data
  const id = existing ?? returned?.id
  if (id === undefined) throw new Error('A new row whose id the data statement did not tell')
  return id
}

interface TransactionOptions<T> {
  /** Its one data-modifying statement is its own: no transaction. */
  alone?: boolean
  /** Whether `work` wrote, given its result: the observer hears of the commit only then. */
  committed?: (result: T) => boolean
}

/**
 * Runs `work` in one transaction (or `alone`); the database's refusals of the plan become
 * 400s; the observer hears of the commit.
 */
async function inTransaction<T> (db: Database, plans: WritePlans | null, work: (tx: SqlTransaction) => Promise<T>, options: TransactionOptions<T> = {}): Promise<T> {
  const { alone = false, committed = () => true } = options
  let result: T
  for (let attempt = 1; ; attempt++) {
    try {
      result = alone ? await db.autocommit(work) : await db.transaction(work)
      break
    } catch (error) {
      // PostgreSQL broke a deadlock (or a serialization conflict) by rolling this write back:
      // nothing of it stayed, and running it again usually goes through. Past the attempts,
      // it is a 503 (repository/connection/unavailable.ts): the client may retry later.
      if (attempt < WRITE_ATTEMPTS && isRolledBackConflict(error)) continue
      // A concurrent create took the uid this one generated: it picks the next one.
      if (attempt < UID_RACE_ATTEMPTS && isGeneratedUidTaken(error, db.orm, plans?.root ?? null)) continue
      throw translateDatabaseError(error, db.orm, plans?.root ?? null) ?? error
    }
  }
  if (committed(result)) plans?.committed()
  return result
}

/** Attempts of a write that PostgreSQL rolled back to break a deadlock or a serialization conflict. */
const WRITE_ATTEMPTS = 3

/**
 * Attempts of a create whose generated uid a concurrent create took first. Each loss means
 * another create of the same base won, so N creates racing on one title need at most N tries.
 */
const UID_RACE_ATTEMPTS = 8

/** Also through MikroORM's wrapping (`cause`). */
function isRolledBackConflict (error: unknown, depth = 0): boolean {
  if (error === null || typeof error !== 'object' || depth > 5) return false
  const { code, cause } = error as { code?: unknown, cause?: unknown }
  return code === '40P01' || code === '40001' || isRolledBackConflict(cause, depth + 1)
}

interface RowLockOptions {
  /** Properties of the row as it was, answered. */
  columns?: readonly string[]
  /**
   * `no key update` for an update: the lock an UPDATE of the row takes, which links inserted
   * towards the entry (their foreign key checks share its key) neither wait for nor deadlock
   * with; `update` for a delete, which must keep them out.
   */
  strength?: 'update' | 'no key update'
}

/**
 * Locks the entry's row for the rest of the transaction, so concurrent writes queue; 404 if
 * absent. Answers the `columns` of the row as it was.
 */
async function lockEntry (session: WriteSession, model: Pick<ContentTypeModel, 'entity'>, id: number, options: RowLockOptions = {}): Promise<Row> {
  const { columns = [], strength = 'update' } = options
  const idColumn = session.column(model.entity, 'id')
  const selected = [idColumn, ...columns.map(property => `${session.column(model.entity, property)} as ${identifier(property)}`)].join(', ')
  const [found] = isRowId(id)
    ? await session.select(sql`select ${raw(`${selected} from ${session.table(model.entity)} where ${idColumn}`)} = ${id} for ${raw(strength)}`)
    : []
  if (found === undefined) throw new NotFoundError()
  return found
}

/** `lockEntry` through the answer's read, which it keeps: 404 if the entry is absent (or hidden from the answer). */
async function lockAnswering (session: WriteSession, id: number, answer: EntryAnswer): Promise<void> {
  if (!isRowId(id)) throw new NotFoundError()
  const { sql, params } = answer.locked(id)
  const [found] = await session.tx.query(sql, params)
  if (found === undefined) throw new NotFoundError()
  answer.data = found.data as string
}

/**
 * An update may send back the locale it read (admin front ends send the whole record): the
 * entry's own is accepted, another is a 400, as a locale is changed by a new localization.
 * Read only when sent; without a lock, as an entry's locale never changes.
 */
async function checkSentLocale (session: WriteSession, model: ContentTypeModel, id: number, sent: { value: unknown, path: InputPath }): Promise<void> {
  const [entry] = await session.select(
    sql`select ${raw(`${session.column(model.entity, 'locale')} as locale from ${session.table(model.entity)} where ${session.column(model.entity, 'id')}`)} = ${id}`)
  if (entry === undefined || entry.locale !== sent.value) session.issues.add(sent.path, LOCALE_CHANGE_PROBLEM)
}

/** Creator fields are written only when the model declares them (docs/access-control.md, 'Admin users and creator fields'). */
function creatorValues (session: WriteSession, model: ContentTypeModel, context: WriteContext, names: string[]): Record<string, unknown> {
  if (context.adminId === undefined) return {}
  const properties = session.metadata(model.entity).properties
  return Object.fromEntries(names.filter(name => name in properties).map(name => [name, context.adminId]))
}

/** What every update sets on the entry's row: `updatedAt` always moves. */
function updateValues (session: WriteSession, model: ContentTypeModel, context: WriteContext): Record<string, unknown> {
  return { ...creatorValues(session, model, context, ['updatedBy']), updatedAt: new Date() }
}
