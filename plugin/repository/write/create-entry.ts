/** The create of one entry, and of a new localization of an entry. */
import { DOCUMENT_ID } from '../../content-types/documents.js'
import { sharedAttributeNames } from '../../content-types/model.js'
import { isRowId } from '../../content-types/row-ids.js'
import { NotFoundError } from '../../errors.js'
import type { LocaleInput, RowPlan } from '../../write-plan/plan.js'
import type { SqlTransaction } from '../connection/database.js'
import { takesFromSingleOwners } from './deletes.js'
import type { EntryTarget, WriteContext } from './entry-writes.js'
import { joinLocalizationGroup, lockLocalizationGroup } from './localizations.js'
import type { LocalizationMember } from './localizations.js'
import { WritePlans } from './observer.js'
import { writeInOneStatement } from './one-statement.js'
import { WriteSession } from './session.js'
import { copySharedAttributes, dropSharedData, sentSharedAttributes } from './shared-copy.js'
import { firstInOneStatement, transactionIfNeeded } from './transactions.js'
import { creatorValues, writeRow } from './write-row.js'

/** Work a create does inside its transaction around the entry's own write (localizations, single types). */
export interface CreateHooks {
  /** `root`: the planned entry (its locale among its scalars). Issues added here are answered with the others. */
  before?: (session: WriteSession, root: RowPlan) => Promise<void>
  after?: (session: WriteSession, id: number) => Promise<void>
  /** Values the system sets on the new row besides its own, asked once `before` has run: a localization's documentId. */
  values?: () => Record<string, unknown>
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
  const alone = hooks.before === undefined && hooks.after === undefined && hooks.values === undefined && !plans.late &&
    (plans.planned === null || !takesFromSingleOwners(plans.planned.root))
  const write = async (tx: SqlTransaction): Promise<number> => {
    const session = new WriteSession(tx, db, registry, plans.issues)
    const { root } = await plans.inTransaction(null)
    await hooks.before?.(session, root)
    // Work after the data statement may change the entry: then its answer is read afterwards.
    const answer = hooks.after === undefined ? context.answer : undefined
    const extra = { ...creatorValues(session, model, context, ['createdBy', 'updatedBy']), ...hooks.values?.() }
    const id = await writeRow(session, root, { extra, answer })
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
      // The document the group is: its members share one documentId, made with the first of them.
      values: () => ({ [DOCUMENT_ID]: group.find(member => member.id === sourceId)!.documentId }),
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
