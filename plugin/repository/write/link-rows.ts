/**
 * The link rows a write inserts and changes, as parts of the write's data statement (see
 * write/data-statement): new rows have their ids from the facts read, so every link is known
 * before the statement goes. One insert and one update per link table.
 *
 * Deletions are not in it: a to-one link can only be inserted once the old one is gone, and
 * the parts of one statement run in no defined order (see PendingDeletes.mergeable).
 */
import type { LinkSide } from '../../content-types/model.js'
import { MAX_POSITION } from '../../content-types/row-ids.js'
import { intArray, join, raw, sql, Sql } from '../../sql/index.js'
import { nextId, type ConditionalPart, type RowId, type WriteSql } from './sql.js'

/**
 * The position of a link appended to the end of a list without reading the list (the other
 * side of a link written from one side): after every positioned link, and, as every read
 * orders a list by position then link id, after the links appended before it. Writing that
 * list renumbers it 1..n.
 */
export const APPENDED_POSITION = MAX_POSITION

type LinkColumn = 'owner' | 'target' | 'ord' | 'invOrd'

const LINK_COLUMNS: readonly LinkColumn[] = ['owner', 'target', 'ord', 'invOrd']

type NewLink = Record<LinkColumn, RowId>

/**
 * What changes in an existing link row; unset columns are kept. `renew` gives the row a new
 * link id, so a link moved to another row sorts as if it had just been appended there.
 */
type LinkChange = Partial<Record<LinkColumn, number>> & { renew?: boolean }

interface TableWrites {
  inserts: NewLink[]
  changes: Map<number, LinkChange>
}

/** A new link from `self` (the row written) to `other`, at `position` on the written side and `otherPosition` on the other. */
export interface LinkInsert {
  self: RowId
  other: RowId
  position: number
  otherPosition: number
}

/** An existing link `linkId` of the written row, pointed at `other`, at `position` on the written side and `otherPosition` on the other. */
export interface LinkRetarget {
  linkId: number
  other: number
  position: number
  otherPosition: number
}

export class PendingLinkRows {
  readonly #tables = new Map<string, TableWrites>()

  insert (side: LinkSide, { self, other, position, otherPosition }: LinkInsert): void {
    this.#table(side.entity).inserts.push({
      [side.self]: self, [side.other]: other, [side.order]: position, [otherOrder(side)]: otherPosition
    } as NewLink)
  }

  /** Moves an existing link to `position` in the written side's list. */
  renumber (side: LinkSide, linkId: number, position: number): void {
    this.#change(side.entity, linkId, { [side.order]: position })
  }

  /**
   * Points an existing link of the written row at another row instead, as if it were deleted
   * and a new one inserted: one statement after the flush rather than a delete before it.
   */
  retarget (side: LinkSide, { linkId, other, position, otherPosition }: LinkRetarget): void {
    this.#change(side.entity, linkId, { [side.other]: other, [side.order]: position, [otherOrder(side)]: otherPosition, renew: true })
  }

  /** Everything pending, as parts of the data statement (and forgotten here). */
  parts (session: WriteSql): ConditionalPart[] {
    const parts: ConditionalPart[] = []
    for (const [entity, { inserts, changes }] of this.#tables) {
      if (inserts.length > 0) parts.push(insertRows(session, entity, inserts))
      if (changes.size > 0) parts.push(changeRows(session, entity, changes))
    }
    this.#tables.clear()
    return parts
  }

  /** Changes of one row are merged: two updates of one row in one statement would not both apply. */
  #change (entity: string, linkId: number, change: LinkChange): void {
    const changes = this.#table(entity).changes
    changes.set(linkId, { ...changes.get(linkId), ...change })
  }

  #table (entity: string): TableWrites {
    let writes = this.#tables.get(entity)
    if (writes === undefined) {
      writes = { inserts: [], changes: new Map() }
      this.#tables.set(entity, writes)
    }
    return writes
  }
}

export function otherOrder (side: LinkSide): 'ord' | 'invOrd' {
  return side.order === 'ord' ? 'invOrd' : 'ord'
}

/**
 * One row (a to-one link, a single component, most zone items): its four values, as the
 * insert's SELECT. Several: columns bound as arrays, four parameters whatever the row count,
 * so the text does not change with it; `unnest` yields the rows in list order, so link ids
 * follow insertion order as the reads' tie-break expects. Parsing four one-element arrays
 * and unnesting them cost PostgreSQL more than four plain values, and most link tables of a
 * create get one row (benchmarks/journal/2026-11-25.md). A VALUES list for a few rows
 * measured the same, but its text would change with the row count.
 */
function insertRows (session: WriteSql, entity: string, rows: readonly NewLink[]): ConditionalPart {
  const columns = LINK_COLUMNS.map(property => session.column(entity, property))
  const into = raw(`insert into ${session.table(entity)} (${columns.join(', ')})`)
  if (rows.length === 1) {
    const row = rows[0]!
    const values = join(LINK_COLUMNS.map(property => sql`${row[property]}::int`))
    return {
      sql: sql`${into} select ${values}`,
      conditionJoin: 'where',
      fromFacts: facts => sql`${into} select ${values} ${raw(`from ${facts} where ${facts}.ok`)}`
    }
  }
  const arrays = LINK_COLUMNS.map(property => intColumn(rows.map(row => row[property])))
  return {
    sql: sql`${into} select * from unnest(${join(arrays)})`,
    conditionJoin: 'where',
    fromFacts: facts => sql`${into} ${raw(`select u.* from ${facts},`)} unnest(${join(arrays)}) ${raw(`as u where ${facts}.ok`)}`
  }
}

/** One column of new link rows as an `int[]`: one bound array, or, when it holds ids the statement draws itself, an ARRAY of them. */
function intColumn (values: readonly RowId[]): Sql {
  if (values.every(value => typeof value === 'number')) return sql`${intArray(values as number[])}::int[]`
  return sql`array[${join(values.map(value => value instanceof Sql ? value : sql`${value}`))}]::int[]`
}

/** One UPDATE per table, setting only the columns some row changes. */
function changeRows (session: WriteSql, entity: string, changes: ReadonlyMap<number, LinkChange>): ConditionalPart {
  const column = (property: string): string => session.column(entity, property)
  const rows = [...changes]
  const changed = LINK_COLUMNS.filter(property => rows.some(([, change]) => change[property] !== undefined))
  const assignments = changed.map(property => raw(`${column(property)} = coalesce(v.${property}, l.${column(property)})`))
  const renews = rows.some(([, change]) => change.renew === true)
  if (renews) {
    assignments.push(sql`${raw(column('id'))} = case when v.renew then ${nextId(session, entity)} else ${raw(`l.${column('id')}`)} end`)
  }
  const arrays = [intArray(rows.map(([id]) => id)), ...changed.map(property => intArray(rows.map(([, change]) => change[property] ?? null)))]
    .map(array => sql`${array}::int[]`)
  if (renews) arrays.push(sql`${`{${rows.map(([, change]) => change.renew === true ? 't' : 'f').join(',')}}`}::bool[]`)
  const columns = ['id', ...changed, ...(renews ? ['renew'] : [])]
  const values = raw(`as v(${columns.join(', ')}) where l.${column('id')} = v.id`)
  return {
    sql: sql`update ${raw(`${session.table(entity)} as l`)} set ${join(assignments)} from unnest(${join(arrays)}) ${values}`,
    conditionJoin: 'and'
  }
}
