/**
 * The optimistic one-statement create (docs/architecture.md, 'A write'): a create whose facts read would only draw
 * new ids, check that related ids exist (and linked files are of an allowed kind), check
 * unique values and pick a uid, sends ONE statement instead of two. Its first CTE (`facts`)
 * draws the ids and picks the uids with `nextval` and index probes, and says whether every
 * check holds (`ok`); every data-modifying part writes only when it does, and reads the new
 * ids and uids from `facts` where the two-statement create binds them as values.
 *
 * The ids are drawn only when every check holds, so a refused create spends none. When a
 * check fails, the statement has written nothing; the caller then runs the two-statement
 * path, which finds the same problems and answers exactly its 400. So no problem's text is
 * written here: the checks below only have to be as strict as the facts read's, never more
 * lenient.
 *
 * Not for writes the facts read serves otherwise: existing rows (but an update's entry, see
 * below; component items with ids), a generated uid another row of the body could also
 * claim, planning problems (answered together with the facts'), deletions of any kind (but a
 * to-one link's), bodies of many rows (MAX_ROWS).
 *
 * The one-statement update: an update of the entry's scalars (unique ones checked) and
 * to-one links (write/one-link), nothing else. `facts` takes the entry's row lock as the
 * facts read does (the same SELECT, write/facts `entryLock`), before any part writes, and is
 * `ok` only when the row locked is the version the statement's snapshot sees: a write of the
 * entry that committed while the lock waited makes its reads stale, and a deleted entry
 * leaves `facts` empty. Either way nothing is written and the two-statement path runs, which
 * answers the 404, or the 400, or plans again from fresh facts.
 */
import { isToMany } from '../../content-types/model.js'
import type { MediaKind } from '../../content-types/definition.js'
import { intArray, join, raw, sql, type Sql } from '../../sql/index.js'
import type { LinkWrite, RowPlan, ScalarWrite, UidToGenerate } from '../../write-plan/plan.js'
import type { EntryAnswer } from '../read/reader.js'
import type { WrittenEntry } from './entry-writes.js'
import { NO_ITEMS, NO_LINKS, NO_VALUES, entryLock, needsUniqueCheck, uidCandidates, type CurrentItem, type CurrentLink, type EntryLock, type ReferencedRow, type WriteFacts } from './facts.js'
import { toOneChange, toOneParts, type ToOneChange } from './one-link.js'
import { connectableIds } from './link-order.js'
import { RowWrites } from './rows.js'
import type { WriteSession } from './session.js'
import { nextId } from './sql.js'
import { otherRowsThan } from './other-rows.js'

/** The statement's first CTE. */
const FACTS = 'facts'

/**
 * New rows a create may have to be one statement: each id is a column of `facts` (at most
 * 1,664 in a target list). A body of more rows (thousands of
 * component items) is rare and its two statements are a small part of its cost.
 */
const MAX_ROWS = 64

/** What a related row is taken to be: its existence (and a file's kind) is the statement's check. */
const REFERENCED: ReferencedRow = { mime: null }

export interface OneStatementWrite {
  /** Values the system sets on the root row (timestamps, creator fields). */
  extra: Record<string, unknown>
  answer?: EntryAnswer | undefined
}

/**
 * Writes `root` in one statement when it can (a new entry, or an existing one's update): its
 * id (and its answer, when asked), or null when nothing was written (the plan does not suit,
 * the updated entry is absent or moved, or a check failed): then the two-statement path is to run.
 */
export async function writeInOneStatement (session: WriteSession, root: RowPlan, { extra, answer }: OneStatementWrite): Promise<WrittenEntry | null> {
  const facts = OneStatementFacts.of(session, root)
  if (facts === null) return null
  const rows = new RowWrites(session, facts)
  // An update's links are the statement's own parts (write/one-link): its rows see none.
  const prepared = rows.prepare(root.id === null ? root : { ...root, links: [] })
  // Problems found without the database (two rows of the body claiming one value): the other path words them.
  if (!session.issues.isEmpty || !session.deletes.isEmpty) return null
  rows.materialize(prepared, extra)
  if (root.id !== null) for (const [write, change] of facts.toOne) session.data.add(toOneParts(session, { write, self: root.id, change, facts: FACTS }))
  session.data.precondition({ name: FACTS, facts: facts.select() })
  const overRow = answer?.overRow ?? null
  const returned = await session.flush({ table: session.table(root.model.entity), ...(overRow === null ? {} : { answer: overRow }) })
  const id = root.id ?? returned?.id
  if (returned?.written !== true || id === undefined) return null
  return overRow === null ? { id } : { id, answer: returned.data }
}

/** The facts as the statement will have them: everything it needs to be true, asked in its first CTE. */
class OneStatementFacts implements WriteFacts {
  readonly lockPending = false
  readonly version = null
  readonly kindsChecked = true
  readonly #session: WriteSession
  /** The uids picked (`… as u1`), read by the checks. */
  readonly #columns: Sql[] = []
  /** The new rows' ids (`nextval(…) as i1`), drawn once the checks hold. */
  readonly #draws: Sql[] = []
  /** What must hold for the statement to write. */
  readonly #checks: Sql[] = []
  readonly #ids = new Map<RowPlan, Sql>()
  readonly #uids = new Map<UidToGenerate, Sql>()
  /** Related ids per target model, and per media attribute with allowed kinds. */
  readonly #referenced = new Map<string, Set<number>>()
  readonly #kinds: Array<{ target: string, ids: number[], allowed: MediaKind[] }> = []
  /** `entity attribute` of the uids generated and of the unique values sent, per row. */
  readonly #uidColumns = new Set<string>()
  readonly #sentUnique: string[] = []
  /** An update's entry, locked by `facts`. */
  #lock: EntryLock | null = null
  /** An update's to-one links, written by parts of their own. */
  readonly toOne = new Map<LinkWrite, ToOneChange>()

  private constructor (session: WriteSession) {
    this.#session = session
  }

  /** Null when the plan needs what only the two-statement path knows. */
  static of (session: WriteSession, root: RowPlan): OneStatementFacts | null {
    const facts = new OneStatementFacts(session)
    if (!(root.id === null ? facts.#addRow(root) : facts.#addEntry(root, root.id))) return null
    // A uid picked in SQL cannot see what other rows of the body claim: such bodies take the other path.
    if (facts.#sentUnique.some(column => facts.#uidColumns.has(column))) return null
    return facts
  }

  currentLinks (): readonly CurrentLink[] {
    return NO_LINKS
  }

  currentItems (): readonly CurrentItem[] {
    return NO_ITEMS
  }

  referenced (): ReferencedRow {
    return REFERENCED
  }

  isTaken (): boolean {
    return false
  }

  takenUids (): ReadonlySet<string> {
    return NO_VALUES
  }

  chosenUid (uid: UidToGenerate): Sql {
    const chosen = this.#uids.get(uid)
    if (chosen === undefined) throw new Error('A uid not picked by the statement')
    return chosen
  }

  newId (row: RowPlan): Sql {
    const id = this.#ids.get(row)
    if (id === undefined) throw new Error('A new row without an id drawn')
    return id
  }

  /** The CTE: one row of the ids and uids (and the update's locked entry), and `ok`; none when the entry is absent. */
  select (): Sql {
    for (const [target, ids] of this.#referenced) this.#checkExisting(target, [...ids])
    for (const { target, ids, allowed } of this.#kinds) this.#checkKinds(target, ids, allowed)
    const ok = this.#checks.length === 0 ? raw('true') : join(this.#checks, ' and ')
    const sources = [
      ...(this.#columns.length === 0 ? [] : [sql`(select ${join(this.#columns)}) as picked`]),
      ...(this.#lock === null ? [] : [sql`(${this.#lock.select}) ${raw(`as ${this.#lock.name}`)}`])
    ]
    const checked = sources.length === 0 ? sql`select ${ok} as ok` : sql`select *, ${ok} as ok from ${join(sources)}`
    if (this.#draws.length === 0) return checked
    // `offset 0` keeps the checks a subquery of their own, evaluated once, before any id is drawn.
    return sql`select checked.*, ${join(this.#draws)} from (${checked} offset 0) as checked`
  }

  /** An update's entry: its scalars, its to-one links; false for anything else. */
  #addEntry (row: RowPlan, id: number): boolean {
    if (row.uids.length > 0 || row.lists.length > 0) return false
    const lock = entryLock(this.#session, { entity: row.model.entity, id })
    this.#lock = lock
    this.#checks.push(lock.fresh)
    for (const write of row.scalars) {
      if (needsUniqueCheck(write)) this.#checkFree(row, write)
    }
    for (const write of row.links) {
      const change = toOneChange(write)
      if (change === null) return false
      this.toOne.set(write, change)
      if (change.kind === 'link') this.#refer(write, [change.target])
    }
    return true
  }

  #addRow (row: RowPlan): boolean {
    if (row.id !== null || this.#ids.size >= MAX_ROWS) return false
    const session = this.#session
    const entity = row.model.entity
    // Ids are drawn in the order of the walk, as the two-statement path draws them (the target list is evaluated left to right).
    const id = `i${this.#ids.size + 1}`
    this.#draws.push(sql`case when checked.ok then ${nextId(session, entity)} end as ${raw(id)}`)
    this.#ids.set(row, raw(`${FACTS}.${id}`))
    for (const write of row.scalars) {
      if (!needsUniqueCheck(write)) continue
      this.#sentUnique.push(`${entity} ${write.attribute.name}`)
      this.#checkFree(row, write)
    }
    for (const uid of row.uids) {
      const column = `${entity} ${uid.attribute.name}`
      if (this.#uidColumns.has(column)) return false
      this.#uidColumns.add(column)
      this.#pickUid(row, uid)
    }
    for (const write of row.links) {
      const ids = connectableIds(write.operation, { toMany: isToMany(write.attribute) })
      if (ids.length === 0) continue
      const { attribute } = write
      // A related entry with a single owner is taken from its owner first: a deletion before the inserts.
      if (attribute.kind === 'relation' && !attribute.otherToMany) return false
      this.#refer(write, ids)
    }
    for (const write of row.lists) {
      for (const item of write.items) if (!this.#addRow(item)) return false
    }
    return true
  }

  /** The linked ids must exist (and files be of an allowed kind). */
  #refer ({ attribute }: LinkWrite, ids: number[]): void {
    const known = this.#referenced.get(attribute.target) ?? new Set<number>()
    for (const linked of ids) known.add(linked)
    this.#referenced.set(attribute.target, known)
    if (attribute.kind === 'media' && attribute.allowedTypes !== null) this.#kinds.push({ target: attribute.target, ids, allowed: attribute.allowedTypes })
  }

  /** The value converted for its column as when it is written (write/facts `#askTaken`); an existing row may hold it. */
  #checkFree (row: RowPlan, write: ScalarWrite): void {
    const session = this.#session
    const entity = row.model.entity
    const value = session.columnValue(entity, write.attribute.name, write.value)
    const column = raw(`${session.table(entity)} where ${session.column(entity, write.attribute.name)}`)
    const others = otherRowsThan(session, row.model, row.id)
    this.#checks.push(sql`not exists (select 1 from ${column} = ${value}${others})`)
  }

  /**
   * The first candidate (`base`, `base-1` …, in that order) that no row holds, the candidates
   * taken found by ONE probe of the unique index (as the facts read does); none free: not ok.
   */
  #pickUid (row: RowPlan, uid: UidToGenerate): void {
    const session = this.#session
    const entity = row.model.entity
    const table = session.table(entity)
    const column = session.column(entity, uid.attribute.name)
    // The candidates the facts read probes by index: past them, the two-statement path searches.
    const candidates = uidCandidates(uid.base)
    const name = `u${this.#uids.size + 1}`
    const taken = raw(`(select ${column} from ${table} where ${column}`)
    this.#columns.push(sql`(select c from unnest(${candidates}::text[]) with ordinality as x(c, n) where c not in ${taken} = any(${candidates}::text[])) order by n limit 1) as ${raw(name)}`)
    this.#checks.push(raw(`${name} is not null`))
    this.#uids.set(uid, raw(`${FACTS}.${name}`))
  }

  #checkExisting (target: string, ids: number[]): void {
    const session = this.#session
    const model = session.registry.model(target)
    const id = session.column(model.entity, 'id')
    this.#checks.push(sql`(select count(*) from ${raw(`${session.table(model.entity)} where ${id}`)} = any(${intArray(ids)}::int[])) = ${ids.length}`)
  }

  /** The kinds of `mediaKindOf` (content-types/media-kind), told from the mime in SQL. */
  #checkKinds (target: string, ids: number[], allowed: MediaKind[]): void {
    const session = this.#session
    const entity = session.registry.model(target).entity
    const id = session.column(entity, 'id')
    const mime = session.column(entity, 'mime')
    const kind = raw(`case when ${mime} like 'image/%' then 'images' when ${mime} like 'video/%' then 'videos' when ${mime} like 'audio/%' then 'audios' else 'files' end`)
    const distinct = new Set(ids).size
    this.#checks.push(sql`(select count(*) from ${raw(`${session.table(entity)} where ${id}`)} = any(${intArray(ids)}::int[]) and ${kind} = any(${`{${allowed.join(',')}}`}::text[])) = ${distinct}`)
  }
}
