/**
 * The other side of a relation (`mappedBy`) written in a draft (content-types/pending-drafts.ts,
 * `draftInverseRelations`). Its links belong to the owner rows and point at the written
 * document's main row; which of them a draft read shows is decided by the owners' versions
 * (an owner's draft row where it has one). So a draft of a category that lists other
 * articles writes the links of those articles' drafts, each opened (a copy of its published
 * row) where it has none, and the published articles keep theirs, as in Strapi 5, where draft
 * rows link to draft rows. The publication of the category then sends them
 * (`publishedFollowDrafts`).
 *
 * In two steps, as every write: `prepareInverseLinks` reads and checks (a 400 before anything
 * is written or any id drawn), `applyInverseLinks` writes.
 */
import { DOCUMENT_ID } from '../../content-types/documents.js'
import type { ContentTypeModel, RelationAttribute } from '../../content-types/model.js'
import { intArray, raw, sql, type Sql } from '../../sql/index.js'
import type { LinkOperation, LinkWrite } from '../../write-plan/plan.js'
import { openDraft } from './draft-rows.js'
import { APPENDED_POSITION } from './link-rows.js'
import { connectableIds, nextLinkOrder } from './link-order.js'
import type { WriteSession } from './session.js'

/** One inverse relation's new list, by the owners' main rows, checked. */
export interface InverseLinksPlan {
  attribute: RelationAttribute
  /** Owners leaving the list. */
  removed: number[]
  /** Owners joining it, with their positions on this side. */
  added: Array<{ main: number, position: number }>
  /** Kept owners whose position on this side changes. */
  moved: Array<{ main: number, position: number }>
}

/** Names of the SQL the statements share over the owner model and the link table. */
interface InverseNames {
  owners: string
  id: string
  published: string
  /** ` and a.document_id = b.document_id [and a.locale = b.locale]`: `a` and `b` are versions of one document. */
  same: (a: string, b: string) => string
  links: string
  self: string
  other: string
  order: string
  otherOrder: string
}

/** What `namesOf` reads: a write's session, or the model and the names of a statement run outside one. */
export type NameSource = Pick<WriteSession, 'registry' | 'table' | 'column'>

export function namesOf (session: NameSource, attribute: RelationAttribute): InverseNames {
  const owner = session.registry.model(attribute.target) as ContentTypeModel
  const column = (property: string): string => session.column(owner.entity, property)
  const keys = [DOCUMENT_ID, ...(owner.localized ? ['locale'] : [])].map(column)
  const side = attribute.link
  const link = (property: string): string => session.column(side.entity, property)
  return {
    owners: session.table(owner.entity),
    id: column('id'),
    published: column('publishedAt'),
    same: (a, b) => keys.map(key => ` and ${a}.${key} = ${b}.${key}`).join(''),
    links: session.table(side.entity),
    self: link(side.self),
    other: link(side.other),
    order: link(side.order),
    otherOrder: link(side.order === 'ord' ? 'invOrd' : 'ord')
  }
}

/**
 * Reads the list as a draft read shows it (the owners' draft rows where they have one, by
 * their main rows), applies `write` to it, and checks the owners named exist: the new list,
 * or null after reporting to the session's issues.
 */
export async function prepareInverseLinks (session: WriteSession, { mainId, write }: { mainId: number, write: LinkWrite }): Promise<InverseLinksPlan | null> {
  const attribute = write.attribute as RelationAttribute
  const n = namesOf(session, attribute)
  const given = [...new Set([...connectableIds(write.operation, attribute), ...mentionedIds(write.operation)])]
  // Any version of an owner may be named: each stands for its document's main row.
  const mains = new Map((await session.select(sql`${raw(`select g.${n.id} as given, coalesce((select p.${n.id} from ${n.owners} p where p.${n.published} is not null and g.${n.published} is null${n.same('p', 'g')}), g.${n.id}) as main from ${n.owners} g where g.${n.id}`)} = any(${intArray(given)}::int[])`))
    .map(row => [Number(row.given), Number(row.main)]))
  const missing = connectableIds(write.operation, attribute).filter(id => !mains.has(id))
  if (missing.length > 0) {
    session.issues.add(write.path, `has ${missing.length} relation(s) of type ${attribute.target} that do not exist (${missing.join(', ')})`)
    return null
  }
  const shown = `o.${n.published} is null or not exists (select 1 from ${n.owners} d where d.${n.published} is null${n.same('d', 'o')})`
  const current = (await session.select(sql`${raw(`select coalesce(p.${n.id}, o.${n.id}) as main, l.${n.order} as position from ${n.links} l join ${n.owners} o on o.${n.id} = l.${n.other} ` +
    `left join ${n.owners} p on o.${n.published} is null and p.${n.published} is not null${n.same('p', 'o')} where (${shown}) and l.${n.self}`)} = ${mainId} ${raw(`order by l.${n.order}, l.${n.id}`)}`))
    .map(row => ({ main: Number(row.main), position: Number(row.position) }))
  const order = nextLinkOrder(current.map(link => link.main), mainsOf(write.operation, id => mains.get(id) ?? id), attribute)
  if (!order.ok) {
    session.issues.add(order.path, order.problem)
    return null
  }
  return changes(attribute, current, order.ids)
}

/** What changes from `current` to `next`: links appended at the end keep the others' positions; any other reordering numbers the list 1..n. */
function changes (attribute: RelationAttribute, current: ReadonlyArray<{ main: number, position: number }>, next: readonly number[]): InverseLinksPlan {
  const before = new Set(current.map(link => link.main))
  const after = new Set(next)
  const removed = current.filter(link => !after.has(link.main)).map(link => link.main)
  const kept = next.filter(main => before.has(main))
  const appended = next.slice(kept.length).every(main => !before.has(main)) &&
    kept.every((main, index) => main === current.filter(link => after.has(link.main))[index]!.main)
  if (appended) return { attribute, removed, added: next.slice(kept.length).map(main => ({ main, position: APPENDED_POSITION })), moved: [] }
  const positions = new Map(current.map(link => [link.main, link.position]))
  const numbered = next.map((main, index) => ({ main, position: index + 1 }))
  return {
    attribute,
    removed,
    added: numbered.filter(link => !before.has(link.main)),
    moved: numbered.filter(link => before.has(link.main) && positions.get(link.main) !== link.position)
  }
}

/** Ids an operation names besides those it may add: the ones it removes, and those it places items next to. */
function mentionedIds (operation: LinkOperation): number[] {
  if (operation.kind === 'set') return []
  const placed = operation.connect.flatMap(item => item.position !== null && 'before' in item.position ? [item.position.before] : item.position !== null && 'after' in item.position ? [item.position.after] : [])
  return [...operation.disconnect, ...placed]
}

/** `operation` with every id replaced by its document's main row. */
function mainsOf (operation: LinkOperation, main: (id: number) => number): LinkOperation {
  if (operation.kind === 'set') return { kind: 'set', ids: operation.ids.map(main) }
  return {
    ...operation,
    disconnect: operation.disconnect.map(main),
    connect: operation.connect.map(item => ({
      ...item,
      id: main(item.id),
      position: item.position === null ? null
        : 'before' in item.position ? { before: main(item.position.before) }
          : 'after' in item.position ? { after: main(item.position.after) } : item.position
    }))
  }
}

/**
 * Writes `plan`: every owner it changes gets its draft (opened where it has none, its
 * published row locked first so concurrent openings queue), whose link to `mainId` is then
 * deleted, inserted or renumbered; the published owners' links stay.
 */
export async function applyInverseLinks (session: WriteSession, { mainId, plan }: { mainId: number, plan: InverseLinksPlan }): Promise<void> {
  const { attribute } = plan
  const touched = [...plan.removed, ...plan.added.map(link => link.main), ...plan.moved.map(link => link.main)]
  if (touched.length === 0) return
  const n = namesOf(session, attribute)
  const owner = session.registry.model(attribute.target) as ContentTypeModel
  const versions = await session.select(sql`${raw(`select m.${n.id} as main, d.${n.id} as draft, m.${n.published} is null as draft_only from ${n.owners} m ` +
    `left join ${n.owners} d on m.${n.published} is not null and d.${n.published} is null${n.same('d', 'm')} where m.${n.id}`)} = any(${intArray(touched)}::int[]) ${raw(`order by m.${n.id} for no key update of m`)}`)
  const drafts = new Map<number, number>()
  for (const row of versions) {
    const main = Number(row.main)
    drafts.set(main, row.draft !== null ? Number(row.draft) : row.draft_only === true ? main : await openDraft(session, owner, main))
  }
  const draft = (main: number): number => drafts.get(main)!
  // An owner that links one entry of this side (a to-one owning side) leaves its previous one.
  const released = attribute.otherToMany ? [] : plan.added.map(link => draft(link.main))
  const deleted = [...plan.removed.map(draft), ...released]
  if (deleted.length > 0) {
    await session.select(sql`${raw(`delete from ${n.links} where ${n.other}`)} = any(${intArray(deleted)}::int[]) ${raw(`and (${n.self}`)} = ${mainId} ${raw(`or ${n.other}`)} = any(${intArray(released)}::int[]))`)
  }
  const parts: Sql[] = []
  if (plan.added.length > 0) {
    const ownerPosition = attribute.otherToMany ? APPENDED_POSITION : 1
    parts.push(sql`${raw(`insert into ${n.links} (${n.other}, ${n.self}, ${n.order}, ${n.otherOrder}) select u.owner, ${mainId}::int, u.position, ${ownerPosition}::int from unnest(`)}${intArray(plan.added.map(link => draft(link.main)))}::int[], ${intArray(plan.added.map(link => link.position))}::int[]) as u(owner, position)`)
  }
  if (plan.moved.length > 0) {
    parts.push(sql`${raw(`update ${n.links} l set ${n.order} = u.position from unnest(`)}${intArray(plan.moved.map(link => draft(link.main)))}::int[], ${intArray(plan.moved.map(link => link.position))}::int[]) ${raw(`as u(owner, position) where l.${n.other} = u.owner and l.${n.self}`)} = ${mainId}`)
  }
  if (parts.length === 1) await session.select(parts[0]!)
  else if (parts.length > 1) await session.select(sql`with added as (${parts[0]!}), moved as (${parts[1]!}) select 1`)
}

/**
 * At the publication of the document whose main row is `mainId`: the published version of
 * each owner with a draft takes its draft's link to it (added, removed or moved), so the
 * relation as the draft showed it is what published readers see; parts of one statement.
 * Links a published owner has of its own to another entry of a to-one side are deleted first
 * (`releaseForPublication`).
 */
export function publishedFollowDrafts (session: WriteSession, { mainId, attribute }: { mainId: number, attribute: RelationAttribute }): Sql[] {
  const n = namesOf(session, attribute)
  // Each owner with a draft beside its published row, that either links the document: found
  // from the document's links (by the link table's index on it), then the other version by documentId.
  const linking = (version: 'is null' | 'is not null', other: 'is null' | 'is not null'): string =>
    `from ${n.links} k join ${n.owners} o on o.${n.id} = k.${n.other} and o.${n.published} ${version} ` +
    `join ${n.owners} v on v.${n.published} ${other}${n.same('v', 'o')} where k.${n.self} = ${mainId}`
  const pairs = `select v.${n.id} as published, o.${n.id} as draft ${linking('is null', 'is not null')} ` +
    `union select o.${n.id} as published, v.${n.id} as draft ${linking('is not null', 'is null')}`
  return [
    raw(`delete from ${n.links} l using (${pairs}) x where l.${n.other} = x.published and l.${n.self} = ${mainId} ` +
      `and not exists (select 1 from ${n.links} k where k.${n.other} = x.draft and k.${n.self} = ${mainId})`),
    raw(`insert into ${n.links} (${n.other}, ${n.self}, ${n.order}, ${n.otherOrder}) select x.published, ${mainId}, k.${n.order}, k.${n.otherOrder} ` +
      `from (${pairs}) x join ${n.links} k on k.${n.other} = x.draft and k.${n.self} = ${mainId} ` +
      `where not exists (select 1 from ${n.links} l where l.${n.other} = x.published and l.${n.self} = ${mainId})`),
    raw(`update ${n.links} l set ${n.order} = k.${n.order} from (${pairs}) x join ${n.links} k on k.${n.other} = x.draft and k.${n.self} = ${mainId} ` +
      `where l.${n.other} = x.published and l.${n.self} = ${mainId} and l.${n.order} <> k.${n.order}`)
  ]
}

/**
 * Before `publishedFollowDrafts` on a to-one owning side (an owner links one entry): a
 * published owner whose draft links the document leaves the entry it links now.
 */
export async function releaseForPublication (session: WriteSession, { mainId, attribute }: { mainId: number, attribute: RelationAttribute }): Promise<void> {
  if (attribute.otherToMany) return
  const n = namesOf(session, attribute)
  await session.select(sql`${raw(`delete from ${n.links} l using ${n.owners} p, ${n.owners} d, ${n.links} k where l.${n.other} = p.${n.id} and p.${n.published} is not null ` +
    `and d.${n.published} is null${n.same('d', 'p')} and k.${n.other} = d.${n.id} and k.${n.self}`)} = ${mainId} ${raw(`and l.${n.self}`)} <> ${mainId}`)
}
