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
import { numbered, type SqlPart } from './write-sql.js'

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

  get isEmpty (): boolean {
    return this.#inserts.size === 0 && this.#updates.size === 0 && this.#others.length === 0
  }

  /**
   * The whole statement, and everything here forgotten. With `returned`, when the statement
   * writes a row of its table, it ends by telling of that row instead of `select 1`.
   */
  take (returned?: ReturnedRow): TakenStatement {
    const candidates = returned === undefined ? undefined : [...this.#inserts.values(), ...this.#updates.values()].filter(group => group.table === returned.table)
    const returning = candidates?.length === 1 && candidates[0]!.rows.length === 1 ? candidates[0] : undefined
    const parts = [
      ...[...this.#inserts.values()].map(group => insertPart(group, group === returning)),
      ...[...this.#updates.values()].map(group => updatePart(group, group === returning)),
      ...this.#others
    ]
    const source = returning === undefined ? -1 : [...this.#inserts.values(), ...this.#updates.values()].indexOf(returning)
    this.#inserts.clear()
    this.#updates.clear()
    this.#others.length = 0
    const params = parts.flatMap(part => part.params)
    const withParts = `with ${parts.map((part, index) => `w${index + 1} as (${part.sql})`).join(', ')}`
    if (returned === undefined || source < 0) return { sql: numbered(`${withParts} select 1 as done`), params, returns: false }
    // The parts are numbered first; the answer's `$n` follow theirs.
    const name = `w${source + 1}`
    const answer = returned.answer?.({ name, firstParameter: params.length + 1 }) ?? { sql: 'select null::text', params: [] }
    return {
      sql: `${numbered(withParts)} select (${answer.sql}) as data, (select count(*) from ${name})::int as written`,
      params: [...params, ...answer.params],
      returns: true
    }
  }
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

/** A multi-row VALUES in an INSERT takes its types from the table's columns. */
function insertPart ({ table, idColumn, columns, rows }: RowGroup, returning: boolean): SqlPart {
  const tuples = rows.map(row => `(${placeholders(row.length)})`)
  return { sql: `insert into ${table} (${[idColumn, ...columns].join(', ')}) values ${tuples.join(', ')}${returning ? ' returning *' : ''}`, params: rows.flat() }
}

/**
 * One row: a plain UPDATE. Several: an UPDATE joined to a VALUES list, whose values must be
 * typed by hand; the base type without its length (`varchar`, `timestamptz`), so a value
 * too long for its column still fails as it would in a plain UPDATE instead of being cut.
 */
function updatePart ({ table, idColumn, columns, types, rows }: RowGroup, returning: boolean): SqlPart {
  if (rows.length === 1) {
    const [id, ...values] = rows[0]!
    return {
      sql: `update ${table} set ${columns.map(column => `${column} = ?`).join(', ')} where ${idColumn} = ?${returning ? ' returning *' : ''}`,
      params: [...values, id]
    }
  }
  const casts = ['int', ...types.map(type => type.replace(/\(.*\)$/, ''))]
  const tuples = rows.map(row => `(${row.map((_, index) => `?::${casts[index]!}`).join(', ')})`)
  const names = columns.map((_, index) => `c${index + 1}`)
  return {
    sql: `update ${table} as t set ${columns.map((column, index) => `${column} = v.${names[index]!}`).join(', ')} ` +
      `from (values ${tuples.join(', ')}) as v(id, ${names.join(', ')}) where t.${idColumn} = v.id`,
    params: rows.flat()
  }
}
