/**
 * A delete as ONE statement, without a transaction: the entry's row as the statement's
 * snapshot sees it (and its answer, built from that row), the entry's DELETE, and the
 * DELETEs of every component row nested in it, found through its link rows as the snapshot
 * sees them (the link rows themselves go by FK cascade).
 *
 * Nothing holds the entry's lock before the statement, so a concurrent write may add a
 * component row after the snapshot: deleting the entry regardless would leave that row behind.
 * The entry's DELETE is therefore guarded by the row's version in the snapshot (its `xmin`;
 * every write of an entry moves its row), and every other part deletes only if it deleted the
 * row. A DELETE that waited for a concurrent writer checks its WHERE again on the row that
 * writer left (READ COMMITTED), so a version that changed meanwhile is seen: the statement
 * then deletes nothing, and the caller sends it again.
 */
import type { ContentTypeModel } from '../../content-types/model.js'
import { EMPTY_SQL, join, raw, sql } from '../../sql/index.js'
import type { EntryAnswer } from '../read/reader.js'
import { onlyIf } from './data-statement.js'
import type { WrittenEntry } from './entry-writes.js'
import type { WriteSession } from './session.js'

/** `stale`: the entry moved after the statement's snapshot, nothing was deleted. */
export type DeleteOutcome =
  | { kind: 'deleted', entry: WrittenEntry }
  | { kind: 'absent' | 'stale' }

export interface OneStatementDelete {
  model: ContentTypeModel
  id: number
  /** The entry deleted is answered as it was; an entry hidden from it is `absent`, and stays. */
  answer?: EntryAnswer | undefined
}

export async function deleteInOneStatement (session: WriteSession, { model, id, answer }: OneStatementDelete): Promise<DeleteOutcome> {
  const table = session.table(model.entity)
  const idColumn = session.column(model.entity, 'id')
  const overRow = answer?.overRow ?? null
  if (answer !== undefined && overRow === null) throw new Error('deleteInOneStatement needs an answer built from the row alone')
  // The answer (`a`, read by the DELETE: it needs it visible) follows the snapshot's row (`s`).
  const built = overRow?.('s') ?? null
  const visible = built === null ? '' : ' and exists (select 1 from a)'
  session.deletes.nestedIn(model.uid, [id])
  const nested = session.deletes.parts(session).map(part => onlyIf(part, 'exists (select 1 from r)')!)
  const rest = join([
    sql`r as (delete from ${raw(table)} where ${raw(idColumn)} = ${id} and xmin = (select fca_version from s)::xid${raw(visible)} returning ${raw(idColumn)})`,
    ...nested.map((part, index) => sql`${raw(`w${index + 1}`)} as (${part.sql})`)
  ])
  const last = 'select (select count(*) from s)::int as found, (select count(*) from r)::int as deleted' +
    (built === null ? '' : ', (select count(*) from a)::int as visible, (select data from a) as data')
  const { text, values } = sql`with s as (select *, xmin::text as fca_version from ${raw(table)} where ${raw(idColumn)} = ${id}), ${built === null ? EMPTY_SQL : sql`a as (${built}), `}${rest} ${raw(last)}`.render()
  const [row] = await session.tx.query(text, values)
  if (row === undefined || Number(row.found) === 0 || (built !== null && Number(row.visible) === 0)) return { kind: 'absent' }
  if (Number(row.deleted) === 0) return { kind: 'stale' }
  if (answer === undefined) return { kind: 'deleted', entry: { id } }
  return { kind: 'deleted', entry: { id, answer: row.data === null ? null : String(row.data) } }
}
