/** Shapes of whole statements and of values that several statements bind. */
import { join, raw, sql, type Sql } from './fragment.js'

/**
 * A PostgreSQL array literal (`{1,NULL,3}`) bound as one text value (`$n::int[]`): one
 * parameter however long the list, and MikroORM, which inlines a JavaScript array as a bare
 * comma list, could not hold a null in one.
 */
export function intArray (values: ReadonlyArray<number | null>): string {
  return `{${values.map(value => value ?? 'NULL').join(',')}}`
}

/**
 * Data-modifying statements sent as one. Every part of a WITH runs whether or not the last
 * part reads it; the parts run in no defined order and all see the rows as they were when
 * the statement began, so no part may depend on another's effect.
 */
export function oneStatement (parts: readonly Sql[]): Sql {
  const last = parts.at(-1)
  if (last === undefined) throw new Error('oneStatement needs a part')
  const before = parts.slice(0, -1)
  if (before.length === 0) return last
  return sql`with ${join(before.map((part, index) => sql`${raw(`w${index}`)} as (${part})`))} ${last}`
}

/** Whatever runs `pg`'s text and values: the database, a transaction. */
export interface SqlRunner<Row> {
  query: (text: string, values: readonly unknown[]) => Promise<Row[]>
}

/** The statement rendered once and run on `runner`: its rows. */
export async function runSql<Row> (runner: SqlRunner<Row>, statement: Sql): Promise<Row[]> {
  const { text, values } = statement.render()
  return await runner.query(text, values)
}
