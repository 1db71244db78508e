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
import { ownersHavePendingDrafts } from './pending-owner-drafts.js'
import type { CurrentLinks } from './pending-owner-drafts.js'
import { WriteSession } from './session.js'
import { within } from './transactions.js'

/** The other sides of `model`'s relations whose owners keep drafts, when a write of `model` (`draftOnly`: of a document's only row, as its draft) leaves them to the owners' drafts. */
function followedRelations ({ model, registry }: EntryTarget, draftOnly: boolean): string[] {
  if (mayHaveDrafts(model) && !draftOnly) return []
  return draftInverseRelations(model, uid => registry.model(uid)).map(attribute => attribute.name)
}

export interface OwnersDraftsWrite {
  body: unknown
  context: WriteContext
  /** The entry is a document's only row, written as its draft. */
  draftOnly?: boolean
  /** A create (a new entry, localization, or single type's entry): a draft-only row when its data's `publishedAt` is null. */
  creates?: boolean
  /** Whose links a `set` replaces (pending-owner-drafts.ts); none for a create. */
  current?: CurrentLinks
}

/** The data a write is planned from, as its `before*` hook left it (the body's when no hook ran). */
class HeardData {
  data: Record<string, unknown> | null = null

  /** `context` whose observer's hooks hand their data here too. */
  listen (context: WriteContext): WriteContext {
    const observer = context.observer
    if (observer === undefined) return context
    // Each method handed on by name: an observer may be a class instance, whose methods a spread would lose.
    return {
      ...context,
      observer: {
        changesData: action => observer.changesData(action),
        hooksBefore: action => observer.hooksBefore(action),
        wantsPublication: model => observer.wantsPublication(model),
        before: async write => (this.data = await observer.before(write)),
        committed: () => { observer.committed() }
      }
    }
  }
}

/**
 * `write` (a create or an update of an entry of `target.model`), then, when it writes the
 * other side of a relation whose owners keep drafts, the same links in the owners' drafts,
 * all in one transaction. What the owners' drafts follow is the data the write was planned
 * from: a `before*` hook may add, change or drop the relation. Without such a hook, a write
 * that names no owner with a pending draft is the entry's write alone, after one check.
 */
export async function withOwnersDrafts (
  target: EntryTarget, { body, context, draftOnly = false, creates = false, current = null }: OwnersDraftsWrite,
  write: (target: EntryTarget, context: WriteContext) => Promise<WrittenEntry>
): Promise<WrittenEntry> {
  const draftOnlyBy = (data: Record<string, unknown>): boolean => draftOnly || (creates && data.publishedAt === null)
  const possible = followedRelations(target, draftOnly || creates)
  if (possible.length === 0) return await write(target, context)
  const { db, registry, model } = target
  // A hook may send the relation the body does not: then the data is known only inside the write.
  const hooks = context.observer
  const hooked = hooks !== undefined && ((creates && hooks.changesData('create')) || (current !== null && hooks.changesData('update')))
  if (!hooked) {
    const data = context.planner.data(body)
    const sent = followedRelations(target, draftOnlyBy(data)).filter(name => Object.hasOwn(data, name))
    if (sent.length === 0) return await write(target, context)
    // Planned apart from the write, for the ids only: the write plans, checks and answers its own problems.
    const named = await context.planner.plan({ data: pick(data, sent) }, { id: current !== null && 'id' in current ? current.id : null, issues: new IssueList() })
    if (!await ownersHavePendingDrafts({ db, registry, writes: named.root.links, current })) return await write(target, context)
  }
  const heard = new HeardData()
  return await db.transaction(async tx => {
    const written = await write({ ...target, db: within(db, tx) }, heard.listen(context))
    const data = heard.data ?? context.planner.data(body)
    const names = followedRelations({ db, registry, model }, draftOnlyBy(data)).filter(name => Object.hasOwn(data, name))
    if (names.length === 0) return written
    // The relations the write took, planned again from its data: the write checked them already.
    const plan = await context.planner.plan({ data: pick(data, names) }, { id: written.id, issues: new IssueList() })
    const session = new WriteSession({ tx, db, registry, issues: new IssueList() })
    for (const link of plan.root.links) await followInDrafts(session, { mainId: written.id, write: link })
    return written
  })
}

function pick (data: Record<string, unknown>, names: readonly string[]): Record<string, unknown> {
  return Object.fromEntries(names.map(name => [name, data[name]]))
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
