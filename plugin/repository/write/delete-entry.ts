/** The delete of one entry, its component rows with it. */
import { isRowId } from '../../content-types/row-ids.js'
import { NotFoundError } from '../../errors.js'
import { IssueList } from '../../write-plan/issues.js'
import { deleteInOneStatement } from './delete-statement.js'
import type { EntryTarget, WriteContext, WrittenEntry } from './entry-writes.js'
import { lockAnswering, lockEntry } from './locks.js'
import { WriteSession } from './session.js'
import { inTransaction, OPTIMISTIC_ATTEMPTS } from './transactions.js'

export interface DeleteWrite {
  id: number
  /** With `answer`, the entry is answered as it was when deleted (where a lock is needed, the lock is the answer's read). */
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
export async function deleteEntry (target: EntryTarget, { id, context = {} }: DeleteWrite): Promise<WrittenEntry> {
  const { db, registry, model } = target
  const { observer, answer } = context
  const alone = observer?.hooksBefore('delete') !== true && (answer === undefined || answer.overRow !== null)
  for (let attempt = 1; alone && attempt <= OPTIMISTIC_ATTEMPTS; attempt++) {
    const result = await inTransaction({
      db,
      plans: null,
      work: async tx => {
        if (!isRowId(id)) throw new NotFoundError()
        await observer?.before({ action: 'delete', id, data: null })
        return await deleteInOneStatement(new WriteSession({ tx, db, registry, issues: new IssueList() }), { model, id, answer })
      },
      alone: true
    })
    if (result.kind === 'absent') throw new NotFoundError()
    if (result.kind === 'deleted') {
      observer?.committed()
      return result.entry
    }
  }
  const deleted = await inTransaction({
    db,
    plans: null,
    work: async tx => {
      const session = new WriteSession({ tx, db, registry, issues: new IssueList() })
      let locked: WrittenEntry = { id }
      if (answer === undefined) await lockEntry(session, { model, id })
      else locked = { id, answer: await lockAnswering(session, id, answer) }
      await observer?.before({ action: 'delete', id, data: null })
      session.deletes.rows(model.uid, [id])
      await session.deletes.run(session)
      return locked
    }
  })
  observer?.committed()
  return deleted
}
