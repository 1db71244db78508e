/**
 * The update scenario as the plugin sends it (plugin/repository/write/update-entry.ts `updateEntry`),
 * written by hand: begin, the UPDATE of the row's unchecked scalars (which takes the row
 * lock and answers the 404), ONE union-all read of the facts (the current category link,
 * whether the new category exists), the category link rewritten in place when the category
 * changes (the plugin's `retarget`; nothing when it stays), commit; then the re-read. Six
 * statements when the category moves, five when it stays, like the plugin.
 *
 * The facts are used only where the plugin's sequence depends on them: whether there is a
 * link statement at all. Rows and answer are the one-statement ceiling's (ceiling/writes.ts):
 * the moved link keeps its id and goes to the end of the new category's list.
 */
import type pg from 'pg'
import type { UpdateInput } from '../ceiling/writes.js'
import { APPENDED_POSITION } from '../ceiling/writes.js'
import { reread } from './reread.js'
import type { Statement, StatementSender } from './statements.js'

const LOCK: Statement = {
  name: 'stepwise-update-lock',
  text: 'update articles set excerpt = $2, rating = $3, featured = $4, updated_at = now() where id = $1'
}

const FACTS: Statement = {
  name: 'stepwise-update-facts',
  text: `select 0 as question, id::int as id, target_id::int as other, ord::int as position, null::text as value from articles_category_lnk where owner_id = $1
    union all select 1, id, null, null, null from categories where id = any($2::int[])`
}

const RETARGET: Statement = {
  name: 'stepwise-update-retarget',
  text: `update articles_category_lnk set target_id = $2, inv_ord = ${APPENDED_POSITION} where id = $1`
}

/** Only for an article without a category, which the dataset does not have. */
const INSERT_LINK: Statement = {
  name: 'stepwise-update-insert-link',
  text: `insert into articles_category_lnk (owner_id, target_id, ord, inv_ord) values ($1, $2, 1, ${APPENDED_POSITION})`
}

interface FactRow {
  question: number
  id: number
  other: number | null
}

/** Updates article `id` statement by statement and answers its JSON body, or null when there is no such article. */
export async function updateStepwise (pool: pg.Pool, sender: StatementSender, id: number, input: UpdateInput): Promise<string | null> {
  const found = await sender.transaction(pool, async client => {
    const locked = await sender.send(client, LOCK, [id, input.excerpt, input.rating, input.featured])
    // No such row: nothing written, the empty transaction commits (the plugin rolls back; no benchmark request gets here).
    if (locked.rowCount === 0) return false
    const facts = (await sender.send<FactRow>(client, FACTS, [id, [input.category]])).rows
    const current = facts.find(row => row.question === 0)
    if (current === undefined) await sender.send(client, INSERT_LINK, [id, input.category])
    else if (current.other !== input.category) await sender.send(client, RETARGET, [current.id, input.category])
    return true
  })
  return found ? await reread(pool, sender, id) : null
}
