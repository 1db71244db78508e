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
import type { ContentTypeModel } from '../content-types/model.js'
import type { EntryAnswer } from './reader.js'
import { onlyIf } from './write-statement.js'
import type { WriteSession } from './write-session.js'
import { numbered } from './write-sql.js'

/** `stale`: the entry moved after the statement's snapshot, nothing was deleted. */
export type DeleteOutcome = 'deleted' | 'absent' | 'stale'

/** Where the answer's CTE goes once the rest is numbered: its `$n` follow the others'. */
const ANSWER_SLOT = '/*answer*/'

/** `answer` (when given) is filled with the entry as it was; an entry hidden from it is `absent`, and stays. */
export async function deleteInOneStatement (session: WriteSession, model: ContentTypeModel, id: number, answer?: EntryAnswer): Promise<DeleteOutcome> {
  const table = session.table(model.entity)
  const idColumn = session.column(model.entity, 'id')
  const overRow = answer?.overRow ?? null
  if (answer !== undefined && overRow === null) throw new Error('deleteInOneStatement needs an answer built from the row alone')
  // Shown only when it has an answer: the DELETE needs it visible.
  const visible = overRow === null ? '' : ' and exists (select 1 from a)'
  session.deletes.nestedIn(model.uid, [id])
  const nested = session.deletes.parts(session).map(part => onlyIf(part, 'exists (select 1 from r)')!)
  const parts = [
    { sql: `s as (select *, xmin::text as fca_version from ${table} where ${idColumn} = ?)`, params: [id] },
    { sql: `r as (delete from ${table} where ${idColumn} = ? and xmin = (select fca_version from s)::xid${visible} returning ${idColumn})`, params: [id] },
    ...nested.map((part, index) => ({ sql: `w${index + 1} as (${part.sql})`, params: part.params }))
  ]
  const params = parts.flatMap(part => part.params)
  const last = 'select (select count(*) from s)::int as found, (select count(*) from r)::int as deleted' +
    (overRow === null ? '' : ', (select count(*) from a)::int as visible, (select data from a) as data')
  let sql = numbered(`with ${parts[0]!.sql}, ${ANSWER_SLOT}${parts.slice(1).map(part => part.sql).join(', ')} ${last}`)
  if (overRow !== null) {
    const built = overRow({ name: 's', firstParameter: params.length + 1 })
    sql = sql.replace(ANSWER_SLOT, `a as (${built.sql}), `)
    params.push(...built.params)
  } else sql = sql.replace(ANSWER_SLOT, '')
  const [row] = await session.tx.query(sql, params)
  if (row === undefined || Number(row.found) === 0 || (overRow !== null && Number(row.visible) === 0)) return 'absent'
  if (Number(row.deleted) === 0) return 'stale'
  if (answer !== undefined) answer.data = row.data === null ? null : String(row.data)
  return 'deleted'
}
