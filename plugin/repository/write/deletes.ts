/**
 * The deletions a write decides on, sent as ONE statement once every check has passed: link
 * rows (gone from a list, or taken from their previous owner by a to-one side), and rows
 * together with every component row nested in them at any depth.
 *
 * Deleting a row cascades its link rows (FK), but the component rows those links pointed at
 * would be left behind. They are found through those very links in the same statement:
 * every part of a statement sees the rows as they were when it began. The writer holds the
 * entry's row lock by then, or the statement writes only if the entry is still at the
 * version its plan was made from (write/data-statement's RowGuard, write/delete-statement), so no
 * concurrent write can have changed what it finds.
 */
import { isToMany, type LinkSide, type Model } from '../../content-types/model.js'
import type { RowPlan } from '../../write-plan/plan.js'
import { connectableIds } from './link-order.js'
import { intArray, join, oneStatement, raw, sql, type Sql } from '../../sql/index.js'
import type { ConditionalPart, WriteSql } from './sql.js'

interface RowDeletion {
  /**
   * Their link rows (gone by cascade, only when a statement ends) must be gone before this
   * write inserts links, as a single component's replacement must, its owner having at most
   * one link. Unless told otherwise, they must.
   */
  beforeInserts?: boolean
}

/** Links of `side` pointing at `others`, except those of the row `keptSelf`. */
interface Release {
  side: LinkSide
  others: number[]
  keptSelf: number | null
}

/** What the rows `owners` hold through `side`: the links, or (`component`) the component rows they link. */
interface Owned {
  side: LinkSide
  owners: number[]
  component?: string
}

/**
 * Whether writing `row` may queue deletions that are not `mergeable` (they run before the
 * data statement, so the write needs a transaction), judged from the plan alone: a link
 * taken from another row (a relation whose other side is to-one, connecting), or a single
 * component replaced by a new one. A write that may, starts inside a transaction.
 */
export function mayDeleteBeforeInserts (row: RowPlan): boolean {
  return takesFromSingleOwners(row) ||
    row.lists.some(({ attribute, items }) =>
      (attribute.kind === 'component' && !attribute.repeatable && items.some(item => item.id === null)) || items.some(mayDeleteBeforeInserts))
}

/**
 * Whether writing `row` links a related entry that belongs to a single owner (a relation
 * whose other side is to-one, connecting), at any depth: the one deletion a create may make
 * before its inserts, as it holds no component rows yet to replace.
 */
export function takesFromSingleOwners (row: RowPlan): boolean {
  return row.links.some(({ attribute, operation }) => attribute.kind === 'relation' && !attribute.otherToMany && connectableIds(operation, { toMany: isToMany(attribute) }).length > 0) ||
    row.lists.some(({ items }) => items.some(takesFromSingleOwners))
}

export class PendingDeletes {
  readonly #links = new Map<string, Set<number>>()
  readonly #releases: Release[] = []
  readonly #rows = new Map<string, Set<number>>()
  readonly #owned: Owned[] = []
  /** Rows whose nested component rows go, but not the rows themselves. */
  readonly #nested = new Map<string, Set<number>>()
  #rowsBeforeInserts = false

  /** Link rows by id. */
  links (linkEntity: string, ids: Iterable<number>): void {
    addAll(this.#links, linkEntity, ids)
  }

  /** Unlinks `others` from whichever rows hold them on `side`, but `keptSelf`. */
  release (side: LinkSide, others: readonly number[], keptSelf: number | null): void {
    this.#releases.push({ side, others: [...others], keptSelf })
  }

  /**
   * Every link of `side` held by the rows `owners` (other entries than the one written, whose
   * shared attributes are about to be copied over: nothing the write inserts collides).
   */
  linksOf (side: LinkSide, owners: readonly number[]): void {
    this.#owned.push({ side, owners: [...owners] })
  }

  /** Every `component` row linked through `side` from the rows `owners`, with what is nested in them (as `linksOf`). */
  componentsOf (side: LinkSide, component: string, owners: readonly number[]): void {
    this.#owned.push({ side, owners: [...owners], component })
  }

  /** Rows of model `uid` (an entry or component rows), with what is nested in them. */
  rows (uid: string, ids: Iterable<number>, { beforeInserts = true }: RowDeletion = {}): void {
    addAll(this.#rows, uid, ids)
    if (beforeInserts) this.#rowsBeforeInserts = true
  }

  /** Every component row nested in the rows `ids` of model `uid`, at any depth (not the rows: the caller deletes them its own way). */
  nestedIn (uid: string, ids: Iterable<number>): void {
    addAll(this.#nested, uid, ids)
  }

  /** Nothing to delete. */
  get isEmpty (): boolean {
    return this.#links.size === 0 && this.#releases.length === 0 && this.#rows.size === 0 && this.#owned.length === 0 && this.#nested.size === 0
  }

  /**
   * Whether the deletions may ride in the write's data statement. Link rows deleted by id
   * never hold a pair or an end that the same write inserts (a kept link stays, a to-one
   * link that changes target is rewritten in place), so they cannot collide with an insert.
   * Releases free ends that the write then links, so they must be gone before the inserts
   * and run as a statement of their own; so do deleted rows whose links must go first (see
   * `rows`). Items dropped from a repeatable component or a zone need not: their links hold
   * pairs and targets no insert of the write uses; nor do what other entries hold of shared
   * attributes (`linksOf`, `componentsOf`), whose copies come in a later statement.
   */
  get mergeable (): boolean {
    return this.#releases.length === 0 && !this.#rowsBeforeInserts
  }

  /** The pending deletions as statement parts (and forgotten here). */
  parts (session: WriteSql): ConditionalPart[] {
    const parts = [
      ...[...this.#links].map(([entity, ids]) => deleteLinkRows(session, entity, ids)),
      ...this.#releases.map(release => releaseLinks(session, release)),
      ...this.#owned.filter(owned => owned.component === undefined).map(owned => deleteOwnedLinks(session, owned)),
      ...rowDeletes(session, { rows: this.#rows, owned: this.#owned, nested: this.#nested })
    ]
    this.#links.clear()
    this.#releases.length = 0
    this.#rows.clear()
    this.#owned.length = 0
    this.#nested.clear()
    this.#rowsBeforeInserts = false
    return parts
  }

  async run (session: WriteSql): Promise<void> {
    const parts = this.parts(session)
    if (parts.length === 0) return
    await session.select(oneStatement(parts.map(part => part.sql)))
  }
}

/** Rows of `entity` whose `property` is one of `ids`. */
interface RowsWhereAny {
  entity: string
  property: string
  ids: ReadonlyArray<number>
}

function deleteWhereAny (session: WriteSql, { entity, property, ids }: RowsWhereAny): Sql {
  return sql`delete from ${raw(`${session.table(entity)} where ${session.column(entity, property)}`)} = any(${intArray(ids)}::int[])`
}

function deleteLinkRows (session: WriteSql, entity: string, ids: ReadonlySet<number>): ConditionalPart {
  return { sql: deleteWhereAny(session, { entity, property: 'id', ids: [...ids] }), conditionJoin: 'and' }
}

function deleteOwnedLinks (session: WriteSql, { side, owners }: Owned): ConditionalPart {
  return { sql: deleteWhereAny(session, { entity: side.entity, property: side.self, ids: owners }), conditionJoin: 'and' }
}

function releaseLinks (session: WriteSql, { side, others, keptSelf }: Release): ConditionalPart {
  const deleted = deleteWhereAny(session, { entity: side.entity, property: side.other, ids: others })
  return keptSelf === null
    ? { sql: deleted, conditionJoin: 'and' }
    : { sql: sql`${deleted} and ${raw(session.column(side.entity, side.self))} <> ${keptSelf}`, conditionJoin: 'and' }
}

/** The rows to delete: by id, with what is nested in them; the component rows held by `owned`; what is nested in the rows of `nested`. */
interface RowsToDelete {
  rows: ReadonlyMap<string, ReadonlySet<number>>
  owned: readonly Owned[]
  nested: ReadonlyMap<string, ReadonlySet<number>>
}

/** One DELETE per table, its ids given, or linked from given owners, and found under those rows. */
function rowDeletes (session: WriteSql, { rows, owned, nested }: RowsToDelete): ConditionalPart[] {
  const sources = new Map<string, Sql[]>()
  const addNested = (uid: string, owners: Sql): void => {
    for (const [component, children] of nestedSources(session, session.registry.model(uid), owners)) addSource(sources, component, children)
  }
  const addWithNested = (uid: string, source: Sql): void => {
    addSource(sources, uid, source)
    addNested(uid, source)
  }
  for (const [uid, ids] of rows) addWithNested(uid, sql`select unnest(${intArray([...ids])}::int[])`)
  for (const [uid, ids] of nested) addNested(uid, sql`select unnest(${intArray([...ids])}::int[])`)
  for (const { side, owners, component } of owned) {
    if (component === undefined) continue
    const column = (property: string): string => session.column(side.entity, property)
    addWithNested(component, sql`select ${raw(`${column(side.other)} from ${session.table(side.entity)} where ${column(side.self)}`)} = any(${intArray(owners)}::int[])`)
  }
  return [...sources].map(([uid, idSources]) => {
    const entity = session.registry.model(uid).entity
    return {
      sql: sql`delete from ${raw(`${session.table(entity)} where ${session.column(entity, 'id')}`)} in (${join(idSources, ' union all ')})`,
      conditionJoin: 'and' as const
    }
  })
}

/** The component rows under the rows `owners` selects, through every component and zone link table: a SELECT of their ids per component, at every depth. */
function nestedSources (session: WriteSql, model: Model, owners: Sql): Array<[component: string, ids: Sql]> {
  return componentLinks(model).flatMap(([component, linkEntity]) => {
    const column = (property: string): string => session.column(linkEntity, property)
    const children = sql`select ${raw(`${column('target')} from ${session.table(linkEntity)} where ${column('owner')}`)} in (${owners})`
    // The registry refuses components that include each other, so this ends.
    return [[component, children] as [string, Sql], ...nestedSources(session, session.registry.model(component), children)]
  })
}

function componentLinks (model: Model): Array<[component: string, linkEntity: string]> {
  const links: Array<[string, string]> = []
  for (const attribute of model.attributes.values()) {
    if (attribute.kind === 'component') links.push([attribute.component, attribute.link.entity])
    if (attribute.kind === 'dynamiczone') {
      for (const [component, link] of Object.entries(attribute.links)) links.push([component, link.entity])
    }
  }
  return links
}

function addSource (sources: Map<string, Sql[]>, uid: string, source: Sql): void {
  sources.set(uid, [...(sources.get(uid) ?? []), source])
}

function addAll<K> (sets: Map<K, Set<number>>, key: K, ids: Iterable<number>): void {
  const all = sets.get(key) ?? new Set<number>()
  for (const id of ids) all.add(id)
  sets.set(key, all)
}
