/**
 * The sequence that draws each table's ids, read from the catalog once the tables are up to
 * date. A write draws the ids of its new rows (and a moved link's new id) with `nextval`: named
 * as a `regclass` constant, the sequence is resolved once when the statement is prepared;
 * through `pg_get_serial_sequence(table, column)` it was looked up by name in the catalog on
 * every call, several times per create (benchmarks/journal/2026-11-25.md, "a create's statements made cheaper").
 */
import type { MetadataStorage } from '@mikro-orm/core'
import { identifier, literal } from '../../sql/index.js'

type Run = (sql: string, params: readonly unknown[]) => Promise<Array<Record<string, unknown>>>

/**
 * Entity name → the sequence of its `id` column, as PostgreSQL names it (schema-qualified,
 * quoted where needed). A table or column that is missing, or an id without a sequence, is
 * left out: its writes resolve the sequence by name as before.
 */
export async function readIdSequences (run: Run, metadata: MetadataStorage): Promise<Map<string, string>> {
  const entities: string[] = []
  const tables: string[] = []
  for (const meta of metadata.getAll().values()) {
    const column = meta.properties.id?.fieldNames?.[0]
    if (meta.embeddable || meta.tableName === undefined || column === undefined) continue
    tables.push(`(${entities.length + 1}, ${literal(identifier(meta.tableName))}, ${literal(column)})`)
    entities.push(meta.className)
  }
  const sequences = new Map<string, string>()
  if (entities.length === 0) return sequences
  const rows = await run('select n, case when to_regclass(t) is not null then pg_get_serial_sequence(t, c) end as sequence ' +
    `from (values ${tables.join(', ')}) as x(n, t, c)`, [])
  for (const row of rows) {
    if (typeof row.sequence === 'string') sequences.set(entities[Number(row.n) - 1]!, row.sequence)
  }
  return sequences
}
