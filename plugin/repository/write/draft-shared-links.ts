/**
 * The other side of a relation written where no draft of the writer can hold it: by a type
 * without draftAndPublish (an author listing its articles), or in a document that exists
 * only as a draft. Its links belong to the owners (content-types/pending-drafts.ts), and an
 * owner with a pending draft has two rows, each with its own links: the write changes the
 * owner's main row, and here the same change reaches its draft, so that both versions link
 * the writer, as Strapi 5 links both versions of a document from a type without drafts
 * (and, for a draft-only writer, the published owner's link is read by no published reader
 * until the writer is published, as Strapi's draft-to-draft link is). Without it, the
 * owner's next publication, which hands its draft's links to the published row, would drop
 * the link.
 *
 * Run after the write, in its transaction; owners without a draft are left as they are.
 */
import type { RelationAttribute } from '../../content-types/model.js'
import { draftInverseRelations, mayHaveDrafts } from '../../content-types/pending-drafts.js'
import { intArray, raw, sql } from '../../sql/index.js'
import { IssueList } from '../../write-plan/issues.js'
import type { LinkOperation, LinkWrite } from '../../write-plan/plan.js'
import { namesOf } from './draft-inverse-links.js'
import type { EntryTarget, WriteContext, WrittenEntry } from './entry-writes.js'
import { connectableIds } from './link-order.js'
import { WriteSession } from './session.js'
import { within } from './transactions.js'

/** The relations of `model` sent in `body` whose owners' drafts take the write too (`draftOnly`: the written document is a draft only). */
function sharedRelations (target: EntryTarget, body: unknown, context: WriteContext, draftOnly: boolean): string[] {
  const { model, registry } = target
  if (mayHaveDrafts(model) && !draftOnly) return []
  const names = draftInverseRelations(model, uid => registry.model(uid)).map(attribute => attribute.name)
  if (names.length === 0) return []
  const data = context.planner.data(body)
  return names.filter(name => Object.hasOwn(data, name))
}

/**
 * `write` (a create or an update of an entry of `target.model`), then, when it sends the
 * other side of a relation whose owners keep drafts, the same links in the owners' drafts,
 * all in one transaction. `draftOnly`: the entry is a document's only row, written as its draft.
 */
export async function withOwnersDrafts (
  target: EntryTarget, { body, context, draftOnly = false }: { body: unknown, context: WriteContext, draftOnly?: boolean },
  write: (target: EntryTarget) => Promise<WrittenEntry>
): Promise<WrittenEntry> {
  const names = sharedRelations(target, body, context, draftOnly)
  if (names.length === 0) return await write(target)
  const { db, registry } = target
  const data = context.planner.data(body)
  return await db.transaction(async tx => {
    const written = await write({ ...target, db: within(db, tx) })
    // The sent links only, planned again from the body: the write checked them already.
    const plan = await context.planner.plan({ data: Object.fromEntries(names.map(name => [name, data[name]])) }, { id: written.id, issues: new IssueList() })
    const session = new WriteSession({ tx, db, registry, issues: new IssueList() })
    for (const link of plan.root.links) await followInDrafts(session, { mainId: written.id, write: link })
    return written
  })
}

/**
 * The owners' drafts follow their main rows for the owners `write` names: each named owner's
 * draft links `mainId` where its main row now does (at its place in this side's list,
 * leaving the entry it linked on a to-one side); a `set` unlinks the drafts of the owners it
 * does not name, a `disconnect` those it names.
 */
async function followInDrafts (session: WriteSession, { mainId, write }: { mainId: number, write: LinkWrite }): Promise<void> {
  const attribute = write.attribute as RelationAttribute
  const n = namesOf(session, attribute)
  const named = intArray(connectableIds(write.operation, attribute))
  // Each named owner (any of its versions) with a pending draft: its published row and its draft.
  const pairs = `select p.${n.id} as main, d.${n.id} as draft from ${n.owners} g join ${n.owners} p on p.${n.published} is not null${n.same('p', 'g')} ` +
    `join ${n.owners} d on d.${n.published} is null${n.same('d', 'p')} where g.${n.id} = any(`
  if (!attribute.otherToMany) {
    await session.select(sql`${raw(`delete from ${n.links} l using (${pairs}`)}${named}::int[])) x ${raw(`where l.${n.other} = x.draft and l.${n.self}`)} <> ${mainId}`)
  }
  await session.select(sql`${raw(`update ${n.links} l set ${n.order} = k.${n.order} from (${pairs}`)}${named}::int[])) x ${raw(`join ${n.links} k on k.${n.other} = x.main and k.${n.self}`)} = ${mainId} ${raw(`where l.${n.other} = x.draft and l.${n.self}`)} = ${mainId}`)
  await session.select(sql`${raw(`insert into ${n.links} (${n.other}, ${n.self}, ${n.order}, ${n.otherOrder}) select x.draft, k.${n.self}, k.${n.order}, k.${n.otherOrder} from (${pairs}`)}${named}::int[])) x ${raw(`join ${n.links} k on k.${n.other} = x.main and k.${n.self}`)} = ${mainId} ${raw(`where not exists (select 1 from ${n.links} l where l.${n.other} = x.draft and l.${n.self} = k.${n.self})`)}`)
  const unlinked = unlinkedOwners(write.operation)
  if (unlinked === null) return
  // Drafts linking `mainId` whose published row is among the unlinked (`disconnect`), or not among the named (`set`).
  const among = unlinked.kind === 'named' ? sql`p.${raw(n.id)} = any(${intArray(unlinked.ids)}::int[])` : sql`not (p.${raw(n.id)} = any(${named}::int[]))`
  await session.select(sql`${raw(`delete from ${n.links} l using ${n.owners} d, ${n.owners} p where l.${n.other} = d.${n.id} and d.${n.published} is null ` +
    `and p.${n.published} is not null${n.same('p', 'd')} and l.${n.self}`)} = ${mainId} and ${among}`)
}

/** The owners the operation unlinks: those it names (`disconnect`), all but the named (`set`), or none. */
function unlinkedOwners (operation: LinkOperation): { kind: 'named', ids: number[] } | { kind: 'unnamed' } | null {
  if (operation.kind === 'set') return { kind: 'unnamed' }
  return operation.disconnect.length === 0 ? null : { kind: 'named', ids: operation.disconnect }
}
