/**
 * After commit, on a connection of its own (the transaction's is back in the pool), the
 * re-read of the written entry, as the plugin answers a write with a compiled read. The
 * JSON is built in PostgreSQL by the one-statement ceiling's own fragment, so both answer
 * byte for byte the same way.
 */
import type pg from 'pg'
import { WRITTEN_ENTRY } from '../ceiling/writes.js'
import type { Statement, StatementSender } from './statements.js'

const REREAD: Statement = {
  name: 'stepwise-reread',
  text: `with a as (select * from articles where id = $1) ${WRITTEN_ENTRY}`
}

/** The `{ data, meta }` body of article `id`, or null when there is none. */
export async function reread (pool: pg.Pool, sender: StatementSender, id: number): Promise<string | null> {
  return (await sender.send<{ body: string }>(pool, REREAD, [id])).rows[0]?.body ?? null
}
