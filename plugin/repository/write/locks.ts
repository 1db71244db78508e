/** The locks a write takes on its entry's row when it must hold it across statements. */
import type { ContentTypeModel } from '../../content-types/model.js'
import { isRowId } from '../../content-types/row-ids.js'
import { NotFoundError } from '../../errors.js'
import { identifier, raw, sql } from '../../sql/index.js'
import type { Row } from '../connection/database.js'
import type { EntryAnswer } from '../read/reader.js'
import type { WriteSession } from './session.js'

interface RowLockRequest {
  model: Pick<ContentTypeModel, 'entity'>
  id: number
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
export async function lockEntry (session: WriteSession, { model, id, columns = [], strength = 'update' }: RowLockRequest): Promise<Row> {
  const idColumn = session.column(model.entity, 'id')
  const selected = [idColumn, ...columns.map(property => `${session.column(model.entity, property)} as ${identifier(property)}`)].join(', ')
  const [found] = isRowId(id)
    ? await session.select(sql`select ${raw(`${selected} from ${session.table(model.entity)} where ${idColumn}`)} = ${id} for ${raw(strength)}`)
    : []
  if (found === undefined) throw new NotFoundError()
  return found
}

/** `lockEntry` through the answer's read: the entry's answer as it is; 404 if the entry is absent (or hidden from the answer). */
export async function lockAnswering (session: WriteSession, id: number, answer: EntryAnswer): Promise<string> {
  if (!isRowId(id)) throw new NotFoundError()
  const { sql, params } = answer.locked(id)
  const [found] = await session.tx.query(sql, params)
  if (found === undefined) throw new NotFoundError()
  return found.data as string
}

/**
 * Locks the rows of `ids` that exist, in id order (two batches over the same entries queue
 * instead of deadlocking), for the rest of the transaction; answers their ids, lowest first.
 */
export async function lockEntries (session: WriteSession, { model, ids, strength = 'update' }: Omit<RowLockRequest, 'id' | 'columns'> & { ids: readonly number[] }): Promise<number[]> {
  const idColumn = session.column(model.entity, 'id')
  const valid = ids.filter(isRowId)
  if (valid.length === 0) return []
  const rows = await session.select(sql`select ${raw(`${idColumn} as id from ${session.table(model.entity)} where ${idColumn}`)} = any(${valid}::int[]) order by 1 for ${raw(strength)}`)
  return rows.map(row => Number(row.id))
}
