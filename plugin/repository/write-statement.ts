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
import type { SqlPart } from './write-sql.js'

/** A quoted table with the quoted columns to write, their SQL types and (converted) values. */
export interface RowValues {
  table: string
  idColumn: string
  columns: string[]
  types: string[]
  values: unknown[]
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

  /** The whole statement, and everything here forgotten. */
  take (): SqlPart {
    const parts = [
      ...[...this.#inserts.values()].map(insertPart),
      ...[...this.#updates.values()].map(updatePart),
      ...this.#others
    ]
    this.#inserts.clear()
    this.#updates.clear()
    this.#others.length = 0
    return {
      sql: `with ${parts.map((part, index) => `w${index + 1} as (${part.sql})`).join(', ')} select 1 as done`,
      params: parts.flatMap(part => part.params)
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
function insertPart ({ table, idColumn, columns, rows }: RowGroup): SqlPart {
  const tuples = rows.map(row => `(${placeholders(row.length)})`)
  return { sql: `insert into ${table} (${[idColumn, ...columns].join(', ')}) values ${tuples.join(', ')}`, params: rows.flat() }
}

/**
 * One row: a plain UPDATE. Several: an UPDATE joined to a VALUES list, whose values must be
 * typed by hand; the base type without its length (`varchar`, `timestamptz`), so a value
 * too long for its column still fails as it would in a plain UPDATE instead of being cut.
 */
function updatePart ({ table, idColumn, columns, types, rows }: RowGroup): SqlPart {
  if (rows.length === 1) {
    const [id, ...values] = rows[0]!
    return { sql: `update ${table} set ${columns.map(column => `${column} = ?`).join(', ')} where ${idColumn} = ?`, params: [...values, id] }
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
