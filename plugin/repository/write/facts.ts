/**
 * What the checks of a write need from the database, asked in ONE statement before any
 * check runs (after an update's row lock): the current links and component items of the
 * rows being updated, which referenced ids exist (files with their mime type), which sent
 * unique values are taken and which variants of a generated uid. Everything asked depends
 * only on the plan, so the whole tree is asked at once; the checks then look the answers up
 * synchronously, in the order they report problems.
 *
 * An update's facts read also takes the entry's row lock (`select … for no key update` as a
 * CTE), so concurrent writes of the entry queue. It is the lock an UPDATE of the row takes:
 * links other writes insert towards the entry (whose foreign key checks share its key)
 * neither wait for it nor deadlock with it. One statement reads the tables as they were when
 * it began, even when its lock had to wait for another write of the entry to commit: the
 * read then sees the locked row newer than its snapshot, and is asked again, now that the
 * lock is held (every write of an entry moves its row: `updatedAt`).
 *
 * Sent without a transaction, the read takes no lock (it could hold none until the data
 * statement): it reads the row's version instead, and the data statement writes only if the
 * row is still at that version (write/data-statement's RowGuard); else the write is planned again.
 */
import { isToMany } from '../../content-types/model.js'
import { NotFoundError } from '../../errors.js'
import type { LinkSide } from '../../content-types/model.js'
import type { ComponentListWrite, LinkWrite, RowPlan, ScalarWrite, UidToGenerate } from '../../write-plan/plan.js'
import type { Row } from '../connection/database.js'
import { connectableIds } from './link-order.js'
import type { WriteSession } from './session.js'
import { intArray, join, raw, sql, type Sql } from '../../sql/index.js'
import { nextId, type RowId } from './sql.js'
import { otherRowsThan } from './other-rows.js'

/** A link row as seen from the side being written. */
export interface CurrentLink {
  id: number
  other: number
  order: number
}

/** A component row linked to its owner through one of an attribute's link tables. */
export interface CurrentItem {
  component: string
  /** The component row. */
  id: number
  linkId: number
  ord: number
}

/** A row that a relation or media attribute refers to; `mime` is read for files only. */
export interface ReferencedRow {
  mime: string | null
}

/** Whether a sent value is checked for uniqueness before the write (by the facts read). */
export function needsUniqueCheck ({ attribute, value }: ScalarWrite): boolean {
  // JSON columns are left to the index: an object in a filter means a JSON path query.
  return attribute.unique && value !== null && attribute.type !== 'json' && attribute.type !== 'array'
}

export interface WriteFacts {
  /** The written row's links of this attribute, in the row's order (position, then link id). */
  currentLinks: (write: LinkWrite) => readonly CurrentLink[]
  currentItems: (write: ComponentListWrite) => readonly CurrentItem[]
  /** The row `id` of model `targetUid`, if it exists. */
  referenced: (targetUid: string, id: number) => ReferencedRow | undefined
  /** Whether another row already holds this unique value. */
  isTaken: (write: ScalarWrite) => boolean
  /** Values of the uid's column equal to its base or starting with `base-`. */
  takenUids: (uid: UidToGenerate) => ReadonlySet<string>
  /** The SQL that reads the id the data statement draws for a new row of the plan. */
  newId: (row: RowPlan) => RowId
  /** The uid the data statement picks itself, when it does (write/one-statement); otherwise chosen from `takenUids`. */
  chosenUid?: (uid: UidToGenerate) => Sql
  /** True when the data statement itself checks the kinds of the files linked (write/one-statement). */
  readonly kindsChecked?: boolean
  /**
   * The root's lock was asked for, but the write needs no facts at all: no statement was
   * sent, and the data statement's UPDATE of the row is the lock (it must find the row).
   */
  readonly lockPending: boolean
  /** The root's version (`xmin`) as read without a lock (no transaction): the data statement is guarded by it. */
  readonly version: string | null
}

/** A write's session, with the facts its checks look up. */
export interface CheckContext {
  session: WriteSession
  facts: WriteFacts
}

/** `lock`: the root is an existing entry to lock (an update); 404 when it does not exist. */
export async function gatherWriteFacts (session: WriteSession, root: RowPlan, options: { lock?: boolean } = {}): Promise<WriteFacts> {
  const lock = options.lock === true && root.id !== null ? { entity: root.model.entity, id: root.id } : null
  for (;;) {
    const facts = new FactStatement(session, lock)
    facts.addRow(root)
    if (await facts.run()) {
      facts.drawNewIds()
      return facts
    }
  }
}

/** The row an update locks in its facts read. */
export interface RowLock {
  entity: string
  id: number
}

/** An entry's row lock, as a SELECT (`select … for no key update`) to name `name`, and the test of what it locked. */
export interface EntryLock {
  /** What the statement calls the locked row. */
  name: string
  /** `id` and `version` (its `xmin`) of the row, locked; no row when it is absent (or deleted while waiting). */
  select: Sql
  /**
   * True when the version locked (the newest, once the lock is granted) is the one the
   * statement's snapshot sees: false when the lock waited for a write of the entry that
   * committed after the snapshot, whose reads are then stale.
   */
  fresh: Sql
}

/** The locked row's name in both statements that take the lock. */
const LOCKED = 'locked_entry'

/** The lock an update takes before reading its facts, in the facts read or in the one statement's `facts` (write/one-statement). */
export function entryLock (session: WriteSession, { entity, id }: RowLock): EntryLock {
  const table = session.table(entity)
  const idColumn = session.column(entity, 'id')
  return {
    name: LOCKED,
    select: sql`${raw(`select ${idColumn} as id, xmin::text as version from ${table} where ${idColumn}`)} = ${id} for no key update`,
    fresh: raw(`${LOCKED}.version = (select s.xmin::text from ${table} s where s.${idColumn} = ${LOCKED}.id)`)
  }
}

/** The named subqueries of the uid candidates found taken: `taken_uids1`, … */
const TAKEN_UIDS = 'taken_uids'

/** What facts answer for a row that has none (a new row): shared, never changed. */
export const NO_LINKS: readonly CurrentLink[] = []
export const NO_ITEMS: readonly CurrentItem[] = []
export const NO_VALUES: ReadonlySet<string> = new Set()

/** How many variants of a generated uid are probed by index before the table is searched. */
const UID_CANDIDATES = 16

/** The variants of a generated uid probed by the unique index, in the order they are preferred: `base`, `base-1`, … */
export function uidCandidates (base: string): string[] {
  return [base, ...Array.from({ length: UID_CANDIDATES - 1 }, (_, n) => `${base}-${n + 1}`)]
}

/** One `union all` branch: every row it yields goes to `answer`. */
interface Question {
  sql: Sql
  answer: (row: Row) => void
}

/** The columns every branch yields, so the branches can be one `union all`. */
interface BranchColumns {
  id?: Sql
  other?: Sql
  position?: Sql
  value?: Sql
}

const NULL = raw('null')

class FactStatement implements WriteFacts {
  readonly #session: WriteSession
  readonly #questions: Question[] = []
  /** Named subqueries the questions read (`name as (…)`), the statement's WITH. */
  readonly #with: Sql[] = []
  /** Ids referenced per target model, asked as one branch per table once the tree is walked. */
  readonly #referencedIds = new Map<string, Set<number>>()
  readonly #links = new Map<LinkWrite, CurrentLink[]>()
  readonly #items = new Map<ComponentListWrite, CurrentItem[]>()
  readonly #referenced = new Map<string, Map<number, ReferencedRow>>()
  readonly #taken = new Set<ScalarWrite>()
  readonly #uids = new Map<UidToGenerate, Set<string>>()
  /** New rows per entity, in the order of the walk; the data statement draws their ids in the same order. */
  readonly #newRows = new Map<string, RowPlan[]>()
  readonly #newIds = new Map<RowPlan, Sql>()
  readonly #lock: RowLock | null
  lockPending = false
  version: string | null = null

  constructor (session: WriteSession, lock: RowLock | null) {
    this.#session = session
    this.#lock = lock
  }

  currentLinks (write: LinkWrite): readonly CurrentLink[] {
    return this.#links.get(write) ?? NO_LINKS
  }

  currentItems (write: ComponentListWrite): readonly CurrentItem[] {
    return this.#items.get(write) ?? NO_ITEMS
  }

  referenced (targetUid: string, id: number): ReferencedRow | undefined {
    return this.#referenced.get(targetUid)?.get(id)
  }

  isTaken (write: ScalarWrite): boolean {
    return this.#taken.has(write)
  }

  takenUids (uid: UidToGenerate): ReadonlySet<string> {
    return this.#uids.get(uid) ?? NO_VALUES
  }

  newId (row: RowPlan): Sql {
    const id = this.#newIds.get(row)
    if (id === undefined) throw new Error('A new row without an id drawn')
    return id
  }

  /** Asks what `row` and every row nested in it need. */
  addRow (row: RowPlan): void {
    if (row.id === null) {
      const rows = this.#newRows.get(row.model.entity) ?? []
      rows.push(row)
      this.#newRows.set(row.model.entity, rows)
    }
    for (const write of row.scalars) {
      if (needsUniqueCheck(write)) this.#askTaken(row, write)
    }
    for (const uid of row.uids) this.#askUids(row, uid)
    for (const write of row.links) {
      if (row.id !== null) this.#askLinks(write, row.id)
      const ids = this.#referencedIds.get(write.attribute.target) ?? new Set<number>()
      for (const id of connectableIds(write.operation, { toMany: isToMany(write.attribute) })) ids.add(id)
      this.#referencedIds.set(write.attribute.target, ids)
    }
    for (const write of row.lists) {
      if (row.id !== null) this.#askItems(write, row.id)
      for (const item of write.items) this.addRow(item)
    }
  }

  /**
   * The new rows' ids, drawn by the data statement (once the checks these facts serve have
   * passed, so a refused write spends none), in the order of the walk.
   */
  drawNewIds (): void {
    for (const [entity, rows] of this.#newRows) {
      const ids = this.#session.data.drawIds(nextId(this.#session, entity), rows.length)
      rows.forEach((row, index) => this.#newIds.set(row, ids[index]!))
    }
  }

  /**
   * Sends every question as one `union all` and files each answer row under its question.
   * False: the lock waited for a write of the entry that committed after the snapshot the
   * answers come from; they are to be asked again.
   */
  async run (): Promise<boolean> {
    for (const [uid, ids] of this.#referencedIds) {
      if (ids.size > 0) this.#askReferenced(uid, [...ids])
    }
    if (this.#questions.length === 0) {
      this.lockPending = this.#lock !== null
      return true
    }
    // A lock is held until the data statement only inside a transaction; without one, the row's version is read.
    const locking = this.#lock !== null && this.#session.tx.transactional
    const versioned = this.#lock === null || locking ? null : this.#askVersion(this.#lock)
    const lock = locking ? this.#askLock(this.#lock!) : null
    const union = join(this.#questions.map(question => question.sql), ' union all ')
    const named = lock === null ? this.#with : [lock.sql, ...this.#with]
    const rows = await this.#session.select(named.length === 0 ? union : sql`with ${join(named)} ${union}`)
    for (const row of rows) this.#questions[Number(row.question)]!.answer(row)
    for (const links of this.#links.values()) links.sort((a, b) => a.order - b.order || a.id - b.id)
    if (versioned !== null) {
      if (versioned.version === undefined) throw new NotFoundError()
      this.version = versioned.version
    }
    if (lock === null) return true
    if (lock.state.found === undefined) throw new NotFoundError()
    return lock.state.found
  }

  /**
   * The lock as the statement's CTE, and the question of the locked row: whether the version
   * locked (the newest, once the lock is granted) is the one the statement's snapshot sees.
   */
  #askLock (lock: RowLock): { sql: Sql, state: { found?: boolean } } {
    const locked = entryLock(this.#session, lock)
    const state: { found?: boolean } = {}
    this.#ask({ id: raw(`${locked.name}.id`), value: locked.fresh }, raw(`from ${locked.name}`), row => { state.found = row.value === 'true' })
    return { sql: sql`${raw(locked.name)} as (${locked.select})`, state }
  }

  /** The question of the row's version, read without a lock (see WriteFacts.version). */
  #askVersion ({ entity, id }: RowLock): { version?: string } {
    const idColumn = this.#session.column(entity, 'id')
    const state: { version?: string } = {}
    this.#ask({ id: raw(idColumn), value: raw('xmin') }, sql`from ${raw(`${this.#session.table(entity)} where ${idColumn}`)} = ${id}`, row => { state.version = String(row.value) })
    return state
  }

  #ask (columns: BranchColumns, rest: Sql, answer: (row: Row) => void): void {
    const { id = NULL, other = NULL, position = NULL, value = NULL } = columns
    const question = raw(String(this.#questions.length))
    this.#questions.push({
      sql: sql`select ${question} as question, (${id})::int as id, (${other})::int as other, (${position})::int as position, (${value})::text as value ${rest}`,
      answer
    })
  }

  #askLinks (write: LinkWrite, rowId: number): void {
    const side = write.attribute.link
    const column = (property: string): string => this.#session.column(side.entity, property)
    const links: CurrentLink[] = []
    this.#links.set(write, links)
    this.#ask({ id: raw(column('id')), other: raw(column(side.other)), position: raw(column(side.order)) },
      sql`from ${raw(`${this.#session.table(side.entity)} where ${column(side.self)}`)} = ${rowId}`,
      row => links.push({ id: Number(row.id), other: Number(row.other), order: Number(row.position) }))
  }

  /** One branch per link table of the attribute (a zone has one per allowed component). */
  #askItems (write: ComponentListWrite, ownerId: number): void {
    const { attribute } = write
    const sides: Array<[string, LinkSide]> = attribute.kind === 'component'
      ? [[attribute.component, attribute.link]]
      : Object.entries(attribute.links)
    const items: CurrentItem[] = []
    this.#items.set(write, items)
    for (const [component, side] of sides) {
      const column = (property: string): string => this.#session.column(side.entity, property)
      this.#ask({ id: raw(column('id')), other: raw(column('target')), position: raw(column('ord')) },
        sql`from ${raw(`${this.#session.table(side.entity)} where ${column('owner')}`)} = ${ownerId}`,
        row => items.push({ component, id: Number(row.other), linkId: Number(row.id), ord: Number(row.position) }))
    }
  }

  #askReferenced (uid: string, ids: number[]): void {
    const model = this.#session.registry.model(uid)
    const id = this.#session.column(model.entity, 'id')
    const isFile = uid === this.#session.registry.file.uid
    const found = new Map<number, ReferencedRow>()
    this.#referenced.set(uid, found)
    this.#ask({ id: raw(id), ...(isFile ? { value: raw(this.#session.column(model.entity, 'mime')) } : {}) },
      sql`from ${raw(`${this.#session.table(model.entity)} where ${id}`)} = any(${intArray(ids)}::int[])`,
      row => found.set(Number(row.id), { mime: row.value === null ? null : String(row.value) }))
  }

  /** The value is converted for its column (dates, big integers) exactly as when it is written. */
  #askTaken (row: RowPlan, write: ScalarWrite): void {
    const session = this.#session
    const entity = row.model.entity
    const value = session.columnValue(entity, write.attribute.name, write.value)
    const others = otherRowsThan(session, row.model, row.id)
    const column = raw(`${session.table(entity)} where ${session.column(entity, write.attribute.name)}`)
    this.#ask({}, sql`where exists (select 1 from ${column} = ${value}${others})`, () => this.#taken.add(write))
  }

  /**
   * The first candidates (`base`, `base-1` … ) are looked up by equality, which the unique
   * index answers whatever the collation; a `like 'base-%'` cannot use that index and would
   * read the whole table on every create, slower as the table grows (benchmarks/journal/2026-11-22.md). Only
   * when every candidate is taken does the `like` branch run (a one-time filter). The
   * candidates found are a named subquery that both branches read, so the index is probed
   * once, not again for the count, which spares PostgreSQL CPU on every create.
   */
  #askUids (row: RowPlan, uid: UidToGenerate): void {
    const entity = row.model.entity
    const table = this.#session.table(entity)
    const column = this.#session.column(entity, uid.attribute.name)
    const taken = new Set<string>()
    this.#uids.set(uid, taken)
    const candidates = uidCandidates(uid.base)
    const answer = (found: Row): void => { taken.add(String(found.value)) }
    const found = `${TAKEN_UIDS}${this.#with.length + 1}`
    this.#with.push(sql`${raw(`${found} as (select ${column} as value from ${table} where ${column}`)} = any(${candidates}::text[]))`)
    this.#ask({ value: raw(`${found}.value`) }, raw(`from ${found}`), answer)
    // The slug holds only [a-z0-9-], so it needs no escaping inside LIKE.
    this.#ask({ value: raw(column) }, sql`${raw(`from ${table} where (select count(*) from ${found}) = ${UID_CANDIDATES} and ${column}`)} like ${`${uid.base}-%`}`,
      answer)
  }
}
