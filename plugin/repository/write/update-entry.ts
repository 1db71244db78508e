/** The partial update of one entry: one statement when it can, optimistic, or locked in a transaction. */
import type { ContentTypeModel } from '../../content-types/model.js'
import { isRowId } from '../../content-types/row-ids.js'
import { NotFoundError } from '../../errors.js'
import { raw, sql } from '../../sql/index.js'
import { LOCALE_CHANGE_PROBLEM } from '../../write-plan/issues.js'
import type { InputPath } from '../../write-plan/plan.js'
import type { SqlTransaction } from '../connection/database.js'
import { mayDeleteBeforeInserts } from './deletes.js'
import type { EntryTarget, WriteContext, WrittenEntry } from './entry-writes.js'
import { lockLocalizationGroup } from './localizations.js'
import { lockEntry } from './locks.js'
import { WritePlans } from './observer.js'
import { writeInOneStatement } from './one-statement.js'
import { StaleFacts, WriteSession } from './session.js'
import { copySharedAttributes, dropSharedData, sentSharedAttributes } from './shared-copy.js'
import { firstInOneStatement, OPTIMISTIC_ATTEMPTS, transactionIfNeeded } from './transactions.js'
import { updateValues, writeRow } from './write-row.js'

export interface UpdateWrite {
  id: number
  body: unknown
  context: WriteContext
}

/** Partial update: unsent attributes are kept; `updatedAt` always moves. */
export async function updateEntry ({ db, registry, model }: EntryTarget, { id, body, context }: UpdateWrite): Promise<WrittenEntry> {
  const { observer, answer } = context
  const plans = new WritePlans({
    body,
    observer,
    action: 'update',
    planner: context.planner,
    request: { id },
    admit: context.admit
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
  const work = async (tx: SqlTransaction): Promise<WrittenEntry> => {
    const session = new WriteSession({ tx, db, registry, issues: plans.issues })
    const previous = lockFirst ? await lockEntry(session, { model, id, columns: previousColumns, strength: 'no key update' }) : undefined
    const { root, sentLocale } = await plans.inTransaction(id, previous)
    const shared = sentSharedAttributes(root)
    if (shared.length > 0) session.requireTransaction()
    // Shared attributes are written to every localization: lock them all first, in id order,
    // so that updates of one group made from different locales queue instead of deadlocking.
    const others = shared.length > 0 && isRowId(id)
      ? (await lockLocalizationGroup(session, { model, sourceId: id })).map(member => member.id).filter(member => member !== id)
      : []
    if (!isRowId(id)) throw new NotFoundError()
    if (sentLocale !== undefined) await checkSentLocale(session, { model, id, sent: sentLocale })
    dropSharedData(session, { model, owners: others, names: shared })
    // The facts read locks the row or reads its version (and answers the 404); `updatedAt`
    // always moves, so the data statement always writes the row, and can answer it.
    const written = await writeRow(session, root, { extra: updateValues(session, model, context), lock: true, answer })
    await copySharedAttributes(session, { model, copies: [{ from: id, to: others, names: shared, touch: true }] })
    return written
  }
  // Most updates are one statement, its facts read (and the entry's lock) inside it; should
  // the entry be absent or moved, or a check fail, it wrote nothing, and the path below runs.
  const optimistic = alone && plans.issues.isEmpty && observer?.hooksBefore('update') !== true && !model.single && isRowId(id)
  if (optimistic) {
    const written = await firstInOneStatement({
      db,
      registry,
      plans,
      id,
      write: async (session, { root, sentLocale }) =>
        sentLocale !== undefined ? null : await writeInOneStatement(session, root, { extra: updateValues(session, model, context), answer })
    })
    if (written !== null) return written
  }
  for (let attempt = 1; ; attempt++) {
    try {
      return await transactionIfNeeded({ db, plans, work, alone: alone && attempt <= OPTIMISTIC_ATTEMPTS })
    } catch (error) {
      if (!(error instanceof StaleFacts)) throw error
    }
  }
}

/**
 * An update may send back the locale it read (admin front ends send the whole record): the
 * entry's own is accepted, another is a 400, as a locale is changed by a new localization.
 * Read only when sent; without a lock, as an entry's locale never changes.
 */
async function checkSentLocale (session: WriteSession, { model, id, sent }: { model: ContentTypeModel, id: number, sent: { value: unknown, path: InputPath } }): Promise<void> {
  const [entry] = await session.select(
    sql`select ${raw(`${session.column(model.entity, 'locale')} as locale from ${session.table(model.entity)} where ${session.column(model.entity, 'id')}`)} = ${id}`)
  if (entry === undefined || entry.locale !== sent.value) session.issues.add(sent.path, LOCALE_CHANGE_PROBLEM)
}
