/**
 * The ONE data-modifying statement of a write (ARCHITECTURE "Writes follow the same shape as
 * reads"): the new rows (the entry, its component rows at any depth), the changed existing
 * rows, the link rows and the mergeable deletions, each a CTE. New rows come with the ids
 * the facts read drew from their sequences, so every link row is known before the statement
 * is sent and nothing has to be read back in between.
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
import type { RowSource } from './read/compile.js'
import { numbered, type ConditionalPart, type SqlPart } from './write-sql.js'

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
  /** A SELECT of column `data` over `source`, with `$n` placeholders. */
  answer?: (source: RowSource) => SqlPart
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

/** The statement, its `?` numbered; `returns`: whether its one row tells of the returned row. */
export interface TakenStatement extends SqlPart {
  returns: boolean
}

interface RowGroup {
  table: string
  idColumn: string
  columns: string[]
  types: string[]
  rows: unknown[][]
}

export class DataStatement {
  readonly #inserts = new Map<string, RowGroup>()
  readonly #updates = new Map<string, RowGroup>()
  readonly #others: SqlPart[] = []
  #guard: RowGuard | null = null

  /** A new row; `id` is the one the facts read drew for it. */
  insert (row: RowValues, id: number): void {
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

  /** False when guarded and a part cannot be made conditional on the guarded row (see `onlyIf`). */
  get guardable (): boolean {
    return this.#guard === null || this.#others.every(part => (part as Partial<ConditionalPart>).conditionJoin !== undefined)
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
    const inserts = [...this.#inserts.values()]
    const updates = [...this.#updates.values()]
    const guarded = guard === null ? undefined : updates.find(group => group.table === guard.table && group.rows.length === 1 && group.rows[0]![0] === guard.id)
    if (guard !== null && guarded === undefined) throw new Error('A guarded statement without the update of its row')
    const candidates = returned === undefined ? undefined : [...inserts, ...updates].filter(group => group.table === returned.table)
    const returning = guarded ?? (candidates?.length === 1 && candidates[0]!.rows.length === 1 ? candidates[0] : undefined)
    // The guarded row's UPDATE goes first (w1), as a part may read only the parts before it:
    // every other part writes only when it yields the row.
    const condition = guarded === undefined ? null : 'exists (select 1 from w1)'
    const parts = [
      ...(guarded === undefined ? [] : [updatePart(guarded, true, null, guard!.version)]),
      ...inserts.map(group => insertPart(group, group === returning, condition)),
      ...updates.filter(group => group !== guarded).map(group => updatePart(group, group === returning, condition)),
      ...this.#others.map(part => condition === null ? part : onlyIf(part, condition) ?? unguardable())
    ]
    const source = guarded !== undefined ? 0 : returning === undefined ? -1 : [...inserts, ...updates].indexOf(returning)
    this.#inserts.clear()
    this.#updates.clear()
    this.#others.length = 0
    this.#guard = null
    const params = parts.flatMap(part => part.params)
    const withParts = `with ${parts.map((part, index) => `w${index + 1} as (${part.sql})`).join(', ')}`
    if ((returned === undefined && guarded === undefined) || source < 0) return { sql: numbered(`${withParts} select 1 as done`), params, returns: false }
    // The parts are numbered first; the answer's `$n` follow theirs.
    const name = `w${source + 1}`
    const answer = returned?.answer?.({ name, firstParameter: params.length + 1 }) ?? { sql: 'select null::text', params: [] }
    return {
      sql: `${numbered(withParts)} select (${answer.sql}) as data, (select count(*) from ${name})::int as written`,
      params: [...params, ...answer.params],
      returns: true
    }
  }
}

function unguardable (): never {
  throw new Error('A part of a guarded statement that cannot be made conditional (check DataStatement.guardable first)')
}

/**
 * `part` writing only when `condition` holds, joined as its builder said (ConditionalPart:
 * write-link-rows, write-deletes). Any other part: null (the write then needs a transaction).
 */
export function onlyIf (part: SqlPart, condition: string): SqlPart | null {
  const { conditionJoin } = part as Partial<ConditionalPart>
  return conditionJoin === undefined ? null : { sql: `${part.sql} ${conditionJoin} ${condition}`, params: part.params }
}

function add (groups: Map<string, RowGroup>, row: RowValues, id: number): void {
  const key = `${row.table} ${row.columns.join(',')}`
  let group = groups.get(key)
  if (group === undefined) {
    group = { table: row.table, idColumn: row.idColumn, columns: row.columns, types: row.types, rows: [] }
    groups.set(key, group)
  }
  group.rows.push([id, ...row.values])
}

function placeholders (count: number): string {
  return Array.from({ length: count }, () => '?').join(', ')
}

/**
 * A multi-row VALUES in an INSERT takes its types from the table's columns. Conditional
 * (`condition`), the VALUES is a subquery, whose values are typed by hand (as `updatePart`).
 */
function insertPart ({ table, idColumn, columns, types, rows }: RowGroup, returning: boolean, condition: string | null): SqlPart {
  const into = `insert into ${table} (${[idColumn, ...columns].join(', ')})`
  const tail = returning ? ' returning *' : ''
  if (condition === null) {
    const tuples = rows.map(row => `(${placeholders(row.length)})`)
    return { sql: `${into} values ${tuples.join(', ')}${tail}`, params: rows.flat() }
  }
  return { sql: `${into} select * from (values ${typedTuples(types, rows)}) as v where ${condition}${tail}`, params: rows.flat() }
}

/** `(?::int, ?::varchar, …)` per row: the id, then the columns' base types (without a length, which would cut a long value instead of refusing it). */
function typedTuples (types: readonly string[], rows: readonly unknown[][]): string {
  const casts = ['int', ...types.map(type => type.replace(/\(.*\)$/, ''))]
  return rows.map(row => `(${row.map((_, index) => `?::${casts[index]!}`).join(', ')})`).join(', ')
}

/**
 * One row: a plain UPDATE. Several: an UPDATE joined to a VALUES list, whose values must be
 * typed by hand (`typedTuples`). `condition`: written only when it holds; `version`: the one
 * row is written only at that version (the guarded row, always returned).
 */
function updatePart ({ table, idColumn, columns, types, rows }: RowGroup, returning: boolean, condition: string | null, version?: string): SqlPart {
  const tail = returning || version !== undefined ? ' returning *' : ''
  if (rows.length === 1) {
    const [id, ...values] = rows[0]!
    const versioned = version === undefined ? '' : ' and xmin = ?::xid'
    const conditioned = condition === null ? '' : ` and ${condition}`
    return {
      sql: `update ${table} set ${columns.map(column => `${column} = ?`).join(', ')} where ${idColumn} = ?${versioned}${conditioned}${tail}`,
      params: [...values, id, ...(version === undefined ? [] : [version])]
    }
  }
  const names = columns.map((_, index) => `c${index + 1}`)
  return {
    sql: `update ${table} as t set ${columns.map((column, index) => `${column} = v.${names[index]!}`).join(', ')} ` +
      `from (values ${typedTuples(types, rows)}) as v(id, ${names.join(', ')}) where t.${idColumn} = v.id` +
      `${condition === null ? '' : ` and ${condition}`}${tail}`,
    params: rows.flat()
  }
}
