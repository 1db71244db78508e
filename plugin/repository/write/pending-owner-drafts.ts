/**
 * Whether a write of the other side of a relation (draft-shared-links.ts) may concern a
 * pending draft at all: ONE statement, before the write, over the owners the write names
 * and, for a `set`, those the entry links now, each found by its row id and its document's
 * other version by the index on `document_id`. Apps that never make a pending draft (the v4
 * format alone) then write as they did before drafts followed such writes: no transaction,
 * no statements after the write. A pending draft opened meanwhile by another request is as
 * when the write comes first: its copy takes the links the owner's main row had.
 */
import type { RelationAttribute } from '../../content-types/model.js'
import { intArray, raw, sql, type Sql } from '../../sql/index.js'
import type { LinkWrite } from '../../write-plan/plan.js'
import type { Database } from '../connection/database.js'
import type { Registry } from '../../content-types/registry.js'
import { namesOf } from './draft-inverse-links.js'
import { connectableIds } from './link-order.js'

/** The rows whose current links a `set` replaces: the entry updated, every entry of a single type, or none (a create). */
export type CurrentLinks = { id: number } | { everyRowOf: string } | null

export interface PendingOwnerCheck {
  db: Database
  registry: Registry
  writes: readonly LinkWrite[]
  current: CurrentLinks
}

/** Whether an owner the writes name, or one a `set` may unlink, has a pending draft. */
export async function ownersHavePendingDrafts ({ db, registry, writes, current }: PendingOwnerCheck): Promise<boolean> {
  const source = { registry, table: (entity: string) => db.names.table(entity), column: (entity: string, property: string) => db.names.column(entity, property) }
  const tests: Sql[] = []
  for (const write of writes) {
    const attribute = write.attribute as RelationAttribute
    const n = namesOf(source, attribute)
    const named = [...connectableIds(write.operation, attribute), ...write.operation.kind === 'edit' ? write.operation.disconnect : []]
    const linked = write.operation.kind !== 'set' || current === null
      ? sql`false`
      : 'id' in current
        ? sql`${raw(`g.${n.id} in (select l.${n.other} from ${n.links} l where l.${n.self}`)} = ${current.id})`
        : sql`${raw(`g.${n.id} in (select l.${n.other} from ${n.links} l where l.${n.self} in (select ${db.names.column(registry.model(current.everyRowOf).entity, 'id')} from ${db.names.table(registry.model(current.everyRowOf).entity)}))`)}`
    tests.push(sql`${raw(`exists (select 1 from ${n.owners} g join ${n.owners} p on p.${n.published} is not null${n.same('p', 'g')} join ${n.owners} d on d.${n.published} is null${n.same('d', 'g')} where g.${n.id}`)} = any(${intArray(named)}::int[]) or ${linked})`)
  }
  if (tests.length === 0) return false
  const statement = tests.slice(1).reduce((all, test) => sql`${all} or ${test}`, tests[0]!)
  const { text, values } = sql`select (${statement}) as pending`.render()
  const [row] = await db.query(text, values)
  return row?.pending === true
}
