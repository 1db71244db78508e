/**
 * The ONE data-modifying statement of a write (docs/architecture.md,
 * 'A write'): the new rows (the entry, its component rows at any depth), the changed existing
 * rows, the link rows and the mergeable deletions, each a CTE. The statement draws the ids
 * of its new rows itself, in its first CTE (`new_ids`), and every part reads them there: the
 * link rows to new rows are known before the statement is sent, nothing is read back in
 * between, and no id is drawn before every check the facts read answers has passed (a
 * refused write spends none, so ids follow each other as Strapi's do).
 *
 * Rows of one table with the same columns go out as one multi-row insert (or one update
 * joined to its values): a body with thousands of component items is a handful of parts,
 * not thousands, and PostgreSQL plans it in no time.
 *
 * Every part of a WITH runs; the parts run in no defined order and all see the rows as they
 * were when the statement began. Rows are never touched twice, and the foreign keys of link
 * rows to new rows are checked only when the statement ends, once every part has run.
 * Deletions that could collide with an insert on a unique index run before, as a statement
 * of their own (see PendingDeletes.mergeable).
 */
import { EMPTY_SQL, join, raw, sql, valueList, type Sql } from '../../sql/index.js'
import type { OverRow } from '../read/compile.js'
import type { RowId, SqlPart } from './sql.js'

/** A quoted table with the quoted columns to write, their SQL types and (converted) values. */
export interface RowValues {
  table: string
  idColumn: string
  columns: string[]
  types: string[]
  values: unknown[]
}

/**
 * The row the statement writes in `table` (the entry's, the only row of its table in the
 * statement), as its `returning *` yields it: the final SELECT says whether it was written
 * (`written`: an update of a missing row writes none) and builds `answer` from it (`data`).
 */
export interface ReturnedRow {
  table: string
  /** A SELECT of column `data` over the CTE it names, nested in the statement. */
  answer?: OverRow
}

/**
 * The version of an existing row (its `xmin`, as text) that the write was planned from: the
 * row's UPDATE writes only that version (a concurrent write moved it: nothing), and every
 * other part writes only if that UPDATE wrote the row. Every write of an entry moves its row
 * (`updatedAt`), so an unmoved row means the facts the plan was checked against still hold.
 * An UPDATE that waited for a concurrent writer checks its WHERE again on the row that
 * writer left (READ COMMITTED), so a version that changed meanwhile is seen.
 */
export interface RowGuard {
  table: string
  id: number
  version: string
}

/**
 * What the statement's writes depend on, read by the statement itself (the one-statement
 * create and update, write/one-statement): `facts`, a SELECT of one row (or none: nothing is
 * written) that becomes the statement's first CTE (`name`), whose columns the parts may read;
 * every part writes only when its boolean column `ok` is true. The returned row's id is then
 * answered too.
 */
export interface Precondition {
  name: string
  facts: Sql
}

/** The statement, rendered; `returns`: whether its one row tells of the returned row. */
export interface TakenStatement {
  sql: string
  params: unknown[]
  returns: boolean
}

interface RowGroup {
  table: string
  idColumn: string
  columns: string[]
  types: string[]
  rows: unknown[][]
}

/** The statement's first CTE: one column per table with new rows (an id, or an array of ids). */
const NEW_IDS = 'new_ids'

export class DataStatement {
  /** `nextval(…) as d1`, or an array of several drawn in order: the columns of `new_ids`. */
  readonly #draws: Sql[] = []
  readonly #inserts = new Map<string, RowGroup>()
  readonly #updates = new Map<string, RowGroup>()
  readonly #others: SqlPart[] = []
  #guard: RowGuard | null = null
  #precondition: Precondition | null = null

  /**
   * Ids for `count` new rows of one table, drawn by the statement in the order given (as
   * inserts of the rows one by one would draw them): the SQL that reads each one, for the
   * parts. `next` draws one id from the table's sequence.
   */
  drawIds (next: Sql, count: number): Sql[] {
    const column = `${NEW_IDS}.d${this.#draws.length + 1}`
    // Several rows of a table share one array column: a target list holds at most 1,664
    // columns, and a body may hold thousands of component items.
    if (count === 1) {
      this.#draws.push(sql`${next} as ${raw(`d${this.#draws.length + 1}`)}`)
      return [raw(column)]
    }
    // `order by` keeps the array in the order drawn: the ids ascend as the rows were listed.
    this.#draws.push(sql`array(select ${next} from generate_series(1, ${count}::int) order by 1) as ${raw(`d${this.#draws.length + 1}`)}`)
    return Array.from({ length: count }, (_, index) => raw(`${column}[${index + 1}]`))
  }

  /** A new row; `id` is drawn by the statement (`drawIds`) or by its facts (write/one-statement). */
  insert (row: RowValues, id: RowId): void {
    add(this.#inserts, row, id)
  }

  /** New values of an existing row (nothing when there are none). */
  update (row: RowValues, id: number): void {
    if (row.columns.length > 0) add(this.#updates, row, id)
  }

  /** Link rows and deletions. */
  add (parts: readonly SqlPart[]): void {
    this.#others.push(...parts)
  }

  /** Writes nothing unless the row `guard` names is still at its version (see RowGuard); its update must be in the statement. */
  guard (guard: RowGuard): void {
    this.#guard = guard
  }

  /** Writes nothing unless the facts the statement reads first hold (see Precondition). */
  precondition (precondition: Precondition): void {
    this.#precondition = precondition
  }

  /** False when guarded (or preconditioned) and a part cannot be made conditional on the guarded row (see `onlyIf`). */
  get guardable (): boolean {
    if (this.#precondition !== null) return [...this.#updates.values()].every(group => group.rows.length === 1) && this.#others.every(part => part.fromFacts !== undefined)
    return this.#guard === null || this.#others.every(part => part.conditionJoin !== undefined)
  }

  get isEmpty (): boolean {
    return this.#inserts.size === 0 && this.#updates.size === 0 && this.#others.length === 0
  }

  /**
   * The whole statement, and everything here forgotten. With `returned`, when the statement
   * writes a row of its table, it ends by telling of that row instead of `select 1`.
   */
  take (returned?: ReturnedRow): TakenStatement {
    const guard = this.#guard
    const precondition = this.#precondition
    if (guard !== null && precondition !== null) throw new Error('A statement both guarded and preconditioned')
    const inserts = [...this.#inserts.values()]
    const updates = [...this.#updates.values()]
    const guarded = guard === null ? undefined : updates.find(group => group.table === guard.table && group.rows.length === 1 && group.rows[0]![0] === guard.id)
    if (guard !== null && guarded === undefined) throw new Error('A guarded statement without the update of its row')
    const candidates = returned === undefined ? undefined : [...inserts, ...updates].filter(group => group.table === returned.table)
    const returning = guarded ?? (candidates?.length === 1 && candidates[0]!.rows.length === 1 ? candidates[0] : undefined)
    // The guarded row's UPDATE goes first (w1), as a part may read only the parts before it:
    // every other part writes only when it yields the row.
    const condition = guarded === undefined ? null : 'exists (select 1 from w1)'
    // The ids the statement draws are a FROM item of the parts that write them, as a precondition's facts are.
    const draws = this.#draws.splice(0)
    const ids = draws.length === 0 ? null : NEW_IDS
    const parts = precondition !== null
      ? [
          ...inserts.map(group => insertFromFacts(group, { returning: group === returning, facts: precondition.name })),
          ...updates.map(group => group.rows.length === 1 ? updateFromFacts(group, { returning: group === returning, facts: precondition.name }) : unguardable()),
          ...this.#others.map(part => part.fromFacts === undefined ? unguardable() : { sql: part.fromFacts(precondition.name) })
        ]
      : [
          ...(guarded === undefined ? [] : [updatePart(guarded, { returning: true, condition: null, version: guard!.version })]),
          ...inserts.map(group => ids === null
            ? insertPart(group, { returning: group === returning, condition })
            : insertFromFacts(group, { returning: group === returning, facts: ids, condition })),
          ...updates.filter(group => group !== guarded).map(group => updatePart(group, { returning: group === returning, condition })),
          ...this.#others.map(part => readingIds(part, ids)).map(part => condition === null ? part : onlyIf(part, condition) ?? unguardable())
        ]
    const source = guarded !== undefined ? 0 : returning === undefined ? -1 : [...inserts, ...updates].indexOf(returning)
    this.#inserts.clear()
    this.#updates.clear()
    this.#others.length = 0
    this.#guard = null
    this.#precondition = null
    const named = parts.map((part, index) => sql`${raw(`w${index + 1}`)} as (${part.sql})`)
    if (precondition !== null) named.unshift(sql`${raw(precondition.name)} as (${precondition.facts})`)
    if (ids !== null) named.unshift(sql`${raw(ids)} as (select true as ok, ${join(draws)})`)
    const withParts = sql`with ${join(named)}`
    if ((returned === undefined && guarded === undefined) || source < 0) {
      const { text, values } = sql`${withParts} select 1 as done`.render()
      return { sql: text, params: values, returns: false }
    }
    const name = raw(`w${source + 1}`)
    const answer = returned?.answer?.(`w${source + 1}`) ?? raw('select null::text')
    // A new row's id was drawn by the statement: it tells it.
    const idColumn = raw(returning!.idColumn)
    const { text, values } = sql`${withParts} select (${answer}) as data, (select count(*) from ${name})::int as written, (select ${idColumn} from ${name}) as id`.render()
    return { sql: text, params: values, returns: true }
  }
}

function unguardable (): never {
  throw new Error('A part of a guarded statement that cannot be made conditional (check DataStatement.guardable first)')
}

/**
 * `part` writing only when `condition` holds, joined as its builder said (ConditionalPart:
 * write/link-rows, write/deletes). Any other part: null (the write then needs a transaction).
 */
export function onlyIf (part: SqlPart, condition: string): SqlPart | null {
  const { conditionJoin } = part
  return conditionJoin === undefined ? null : { sql: sql`${part.sql} ${raw(`${conditionJoin} ${condition}`)}` }
}

function add (groups: Map<string, RowGroup>, row: RowValues, id: RowId): void {
  const key = `${row.table} ${row.columns.join(',')}`
  let group = groups.get(key)
  if (group === undefined) {
    group = { table: row.table, idColumn: row.idColumn, columns: row.columns, types: row.types, rows: [] }
    groups.set(key, group)
  }
  group.rows.push([id, ...row.values])
}

/** How a part writes its group of rows. */
interface PartOptions {
  /** The part ends with `returning *`: the statement tells of the row it writes. */
  returning: boolean
  /** Written only when it holds (a guarded statement's). */
  condition?: string | null
}

/**
 * A multi-row VALUES in an INSERT takes its types from the table's columns. Conditional
 * (`condition`), the VALUES is a subquery, whose values are typed by hand (as `updatePart`).
 */
function insertPart ({ table, idColumn, columns, types, rows }: RowGroup, { returning, condition = null }: PartOptions): SqlPart {
  const into = raw(`insert into ${table} (${[idColumn, ...columns].join(', ')})`)
  const tail = raw(returning ? ' returning *' : '')
  if (condition === null) {
    const tuples = rows.map(row => sql`(${valueList(row)})`)
    return { sql: sql`${into} values ${join(tuples)}${tail}` }
  }
  return { sql: sql`${into} select * from (values ${typedTuples(types, rows)}) as v where ${raw(condition)}${tail}` }
}

/** `facts`: the CTE a part reads (a precondition's facts, or the ids the statement draws). */
interface FromFactsOptions extends PartOptions {
  facts: string
}

/**
 * New rows whose values may read the statement's facts (see Precondition) or the ids it
 * draws (`new_ids`), written only when `ok` holds (and `condition`, when guarded).
 */
function insertFromFacts ({ table, idColumn, columns, types, rows }: RowGroup, { returning, facts, condition = null }: FromFactsOptions): SqlPart {
  const into = raw(`insert into ${table} (${[idColumn, ...columns].join(', ')}) select v.* from ${facts}, lateral`)
  const where = condition === null ? `${facts}.ok` : `${facts}.ok and ${condition}`
  return { sql: sql`${into} (values ${typedTuples(types, rows)}) ${raw(`as v where ${where}${returning ? ' returning *' : ''}`)}` }
}

/**
 * A part that may hold the ids the statement draws (a link row's end: write/link-rows) reads
 * them from `ids`, the statement's first CTE; its WHERE then exists, and a condition joins it.
 */
function readingIds (part: SqlPart, ids: string | null): SqlPart {
  if (ids === null || part.fromFacts === undefined) return part
  return { sql: part.fromFacts(ids), conditionJoin: 'and' }
}

/** An existing row (the one-statement update's entry) written only when the facts' `ok` holds; its own columns returned. */
function updateFromFacts ({ table, idColumn, columns, rows }: RowGroup, { returning, facts }: FromFactsOptions): SqlPart {
  const [id, ...values] = rows[0]!
  const tail = raw(` and ${facts}.ok${returning ? ' returning t.*' : ''}`)
  return { sql: sql`${raw(`update ${table} as t`)} set ${columnAssignments(columns, values)} ${raw(`from ${facts} where t.${idColumn}`)} = ${id}${tail}` }
}

/** `(…::int, …::varchar, …)` per row, each value a placeholder: the id, then the columns' base types (without a length, which would cut a long value instead of refusing it). */
function typedTuples (types: readonly string[], rows: readonly unknown[][]): Sql {
  const casts = ['int', ...types.map(type => type.replace(/\(.*\)$/, ''))].map(cast => raw(`::${cast}`))
  return join(rows.map(row => sql`(${join(row.map((value, index) => sql`${value}${casts[index]!}`))})`))
}

/** `"a" = …, "b" = …`: quoted `columns` set to `values`, one by one. */
export function columnAssignments (columns: readonly string[], values: readonly unknown[]): Sql {
  return join(columns.map((column, index) => sql`${raw(column)} = ${values[index]}`))
}

/** `version`: the one row is written only at that version (the guarded row, always returned). */
interface UpdateOptions extends PartOptions {
  version?: string
}

/**
 * One row: a plain UPDATE. Several: an UPDATE joined to a VALUES list, whose values must be
 * typed by hand (`typedTuples`). `condition`: written only when it holds.
 */
function updatePart ({ table, idColumn, columns, types, rows }: RowGroup, { returning, condition = null, version }: UpdateOptions): SqlPart {
  const tail = raw(`${condition === null ? '' : ` and ${condition}`}${returning || version !== undefined ? ' returning *' : ''}`)
  if (rows.length === 1) {
    const [id, ...values] = rows[0]!
    const versioned = version === undefined ? EMPTY_SQL : sql` and xmin = ${version}::xid`
    return { sql: sql`update ${raw(table)} set ${columnAssignments(columns, values)} where ${raw(idColumn)} = ${id}${versioned}${tail}` }
  }
  const names = columns.map((_, index) => `c${index + 1}`)
  const set = raw(`update ${table} as t set ${columns.map((column, index) => `${column} = v.${names[index]!}`).join(', ')}`)
  const joined = raw(`as v(id, ${names.join(', ')}) where t.${idColumn} = v.id`)
  return { sql: sql`${set} from (values ${typedTuples(types, rows)}) ${joined}${tail}` }
}
