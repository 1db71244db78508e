/** Multi-row INSERTs with bound parameters, in batches under PostgreSQL's parameter limit. */
import type pg from 'pg'

const MAX_PARAMETERS = 60_000

export type SqlValue = string | number | boolean | null | number[]

export async function insertRows (client: pg.ClientBase, table: string, columns: readonly string[], rows: readonly SqlValue[][]): Promise<void> {
  const perBatch = Math.max(1, Math.floor(MAX_PARAMETERS / columns.length))
  for (let start = 0; start < rows.length; start += perBatch) {
    const batch = rows.slice(start, start + perBatch)
    const values: SqlValue[] = []
    const tuples = batch.map(row => {
      if (row.length !== columns.length) throw new Error(`insertRows ${table}: ${row.length} values for ${columns.length} columns`)
      return `(${row.map(value => { values.push(value); return `$${values.length}` }).join(', ')})`
    })
    await client.query(`insert into ${table} (${columns.join(', ')}) values ${tuples.join(', ')}`, values)
  }
}

/** Moves a table's id sequence past the ids inserted explicitly. */
export async function syncIdSequence (client: pg.ClientBase, table: string): Promise<void> {
  await client.query(`select setval(pg_get_serial_sequence($1, 'id'), coalesce((select max(id) from ${table}), 0) + 1, false)`, [table])
}
