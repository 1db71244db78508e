/**
 * A to-one link of an existing row in the one-statement update (write/one-statement): the
 * current link is not read first, so the parts find it themselves. A to-one side's `self`
 * column is unique (LinkSide), so the row has at most one link, and each part reads the
 * statement's `facts` and writes only when `facts.ok` holds.
 *
 * The outcome is the one prepareLinks gives from the current link: linking the target
 * already linked only puts it first on this side (kept link, kept id); another target
 * rewrites the link in place with a new link id (as `retarget`); no link yet inserts one;
 * a disconnect deletes the link when it points at a disconnected row.
 */
import { isToMany } from '../../content-types/model.js'
import type { LinkWrite } from '../../write-plan/plan.js'
import { EMPTY_SQL, intArray, raw, sql, type Sql } from '../../sql/index.js'
import { APPENDED_POSITION, otherOrder } from './link-rows.js'
import { appendsToOtherList } from './links.js'
import { nextId, type SqlPart, type WriteSql } from './sql.js'

/** What a to-one write does, told from its operation alone; null when it depends on the current link in Node's hands. */
export type ToOneChange =
  | { kind: 'link', target: number }
  | { kind: 'unlink', others: number[] | 'all' }
  | { kind: 'none' }

export function toOneChange (write: LinkWrite): ToOneChange | null {
  const { attribute, operation } = write
  const side = attribute.link
  if (isToMany(attribute) || side.self === 'id' || side.other === 'role' || side.order === 'id') return null
  // A related entry with a single owner is taken from its owner first; a required link may end up empty: the 400 needs the current link.
  if (attribute.kind === 'relation' && !attribute.otherToMany) return null
  const linked = operation.kind === 'set' ? operation.ids : operation.connect.map(item => item.id)
  if (linked.length > 0) return operation.kind === 'set' && linked.length > 1 ? null : { kind: 'link', target: linked[0]! }
  if (attribute.required) return null
  if (operation.kind === 'set') return { kind: 'unlink', others: 'all' }
  return operation.disconnect.length === 0 ? { kind: 'none' } : { kind: 'unlink', others: [...operation.disconnect] }
}

/** The change `write` makes to the link of row `self`, in a statement whose first CTE is `facts` (its name). */
export interface ToOneWrite {
  write: LinkWrite
  self: number
  change: ToOneChange
  facts: string
}

/** The parts writing the change, reading the statement's facts. */
export function toOneParts (session: WriteSql, { write, self, change, facts }: ToOneWrite): SqlPart[] {
  const side = write.attribute.link
  const entity = side.entity
  const column = (property: string): string => session.column(entity, property)
  const table = session.table(entity)
  const [selfColumn, otherColumn, orderColumn, otherOrderColumn] = [side.self, side.other, side.order, otherOrder(side)].map(column) as [string, string, string, string]
  if (change.kind === 'none') return []
  if (change.kind === 'unlink') {
    const others = change.others === 'all' ? EMPTY_SQL : sql` and ${raw(`l.${otherColumn}`)} = any(${intArray(change.others)}::int[])`
    return [fromFacts(sql`${raw(`delete from ${table} as l using ${facts} where ${facts}.ok and l.${selfColumn}`)} = ${self}${others}`)]
  }
  const { target } = change
  const otherPosition = appendsToOtherList(write.attribute) ? APPENDED_POSITION : 1
  const same = sql`${raw(`l.${otherColumn}`)} = ${target}::int`
  const update = sql`${raw(`update ${table} as l set ${otherColumn}`)} = ${target}::int, ${raw(`${orderColumn} = 1, ${otherOrderColumn} = case when`)} ${same} ${raw(`then l.${otherOrderColumn} else`)} ${otherPosition}::int end, ${raw(`${column('id')} = case when`)} ${same} ${raw(`then l.${column('id')} else`)} ${nextId(session, entity)} end ${raw(`from ${facts} where ${facts}.ok and l.${selfColumn}`)} = ${self} and not (${same} ${raw(`and l.${orderColumn} = 1)`)}`
  const insert = sql`${raw(`insert into ${table} (${selfColumn}, ${otherColumn}, ${orderColumn}, ${otherOrderColumn})`)} select ${self}::int, ${target}::int, 1, ${otherPosition}::int ${raw(`from ${facts} where ${facts}.ok and not exists (select 1 from ${table} where ${selfColumn}`)} = ${self})`
  return [fromFacts(update), fromFacts(insert)]
}

/** A part already reading `facts`: the statement takes it as it is. */
function fromFacts (part: Sql): SqlPart {
  return { sql: part, fromFacts: () => part }
}
