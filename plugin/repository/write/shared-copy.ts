/**
 * The attributes a localized type shares across locales (`pluginOptions.i18n.localized:
 * false`, Strapi v4's non-localized fields) copied from one entry onto others, as ONE
 * statement: scalars by an UPDATE, media and relations as the same links (same targets,
 * same order), components and dynamic zones as fresh copies of the source's component rows
 * at every depth, with their own links — each entry owns its component rows, as in Strapi v4,
 * which copies them into each localization.
 *
 * Component rows are copied in SQL, never through Node: a mapping of old to new ids per
 * level, its new ids drawn from the table's sequence in a MATERIALIZED CTE (so each row draws
 * once), feeds the insert of the rows, of their links, and the next level. The statement reads
 * what earlier statements of the transaction wrote, so it runs after the data statement.
 *
 * The targets' own values of those attributes must already be gone (`dropSharedData`, in the
 * data statement): a to-one link or a kept target would collide with its copy.
 */
import type { ContentTypeModel, LinkSide, Model } from '../../content-types/model.js'
import type { RowPlan } from '../../write-plan/plan.js'
import { APPENDED_POSITION } from './link-rows.js'
import { appendsToOtherList } from './links.js'
import type { WriteSession } from './session.js'
import { nextId } from './sql.js'
import { identifier, intArray, join, raw, sql, type Sql } from '../../sql/index.js'

export interface SharedCopy {
  from: number
  to: readonly number[]
  /** Shared attributes to copy. */
  names: readonly string[]
  /** The targets' `updatedAt` follows the source's: the change is theirs too. */
  touch: boolean
  /** The targets are versions of the source (write/pending-drafts.ts): their links take the source's places in the other side's lists. */
  samePlaces?: boolean
}

/** How a CTE is computed: `materialized`, once, whoever reads it (a row drawing an id draws it once). */
interface CteOptions {
  materialized?: boolean
}

/** CTEs that refer to each other by name, sent as one statement. */
class CopyStatement {
  readonly #ctes: Sql[] = []

  /** `part` as the next CTE; answers its name. */
  add (part: Sql, { materialized = false }: CteOptions = {}): string {
    const name = `c${this.#ctes.length + 1}`
    this.#ctes.push(sql`${raw(`${name} as ${materialized ? 'materialized ' : ''}`)}(${part})`)
    return name
  }

  take (): Sql | null {
    if (this.#ctes.length === 0) return null
    return sql`with ${join(this.#ctes)} select 1 as done`
  }
}

export interface SharedCopies {
  model: ContentTypeModel
  copies: readonly SharedCopy[]
  /** Independent writes of the same moment, sent in the same statement. */
  parts?: readonly Sql[]
}

/** Runs `copies` (and `parts`) as one statement; nothing when there is nothing to do. */
export async function copySharedAttributes (session: WriteSession, { model, copies, parts = [] }: SharedCopies): Promise<void> {
  const statement = new CopyStatement()
  for (const part of parts) statement.add(part)
  for (const copy of copies) {
    if (copy.to.length > 0 && copy.names.length > 0) addCopy({ session, statement }, model, copy)
  }
  const whole = statement.take()
  if (whole !== null) await session.select(whole)
}

export interface SharedDrop {
  model: ContentTypeModel
  /** The entries whose data goes. */
  owners: readonly number[]
  /** The shared attributes it goes of. */
  names: readonly string[]
}

/**
 * Queues, with the write's other deletions, the removal of what `owners` hold of the shared
 * attributes `names` that are not scalars (links, and component rows with everything nested).
 */
export function dropSharedData (session: WriteSession, { model, owners, names }: SharedDrop): void {
  if (owners.length === 0) return
  for (const name of names) {
    const attribute = model.attributes.get(name)
    if (attribute === undefined) continue
    if (attribute.kind === 'relation' || attribute.kind === 'media') session.deletes.linksOf(attribute.link, owners)
    if (attribute.kind === 'component') session.deletes.componentsOf(attribute.link, attribute.component, owners)
    if (attribute.kind === 'dynamiczone') {
      for (const [component, side] of Object.entries(attribute.links)) session.deletes.componentsOf(side, component, owners)
    }
  }
}

/** The statement a copy is built into, and the session it is built for. */
interface Copying {
  session: WriteSession
  statement: CopyStatement
}

function addCopy (copying: Copying, model: ContentTypeModel, { from, to, names, touch, samePlaces = false }: SharedCopy): void {
  const { session, statement } = copying
  const attributes = names.map(name => model.attributes.get(name)).filter(attribute => attribute !== undefined)
  const scalars = attributes.filter(attribute => attribute.kind === 'scalar').map(attribute => attribute.name)
  const assigned = [...scalars, ...(touch ? ['updatedAt'] : [])]
  if (assigned.length > 0) {
    const column = (property: string): string => session.column(model.entity, property)
    const table = session.table(model.entity)
    const set = raw(`update ${table} as t set ${assigned.map(name => `${column(name)} = f.${column(name)}`).join(', ')} from ${table} as f where f.${column('id')}`)
    statement.add(sql`${set} = ${from} and ${raw(`t.${column('id')}`)} = any(${intArray([...to])}::int[])`)
  }
  if (attributes.every(attribute => attribute.kind === 'scalar')) return
  // Old id → new id of the rows whose links are copied; here the source, once per target.
  const root = statement.add(sql`select ${from}::int as old_id, m.id as new_id from unnest(${intArray([...to])}::int[]) as m(id)`)
  for (const attribute of attributes) {
    if (attribute.kind === 'relation' || attribute.kind === 'media') {
      copyLinks(copying, { mapping: root, side: attribute.link, otherPosition: !samePlaces && appendsToOtherList(attribute) ? String(APPENDED_POSITION) : null })
    } else if (attribute.kind === 'component') {
      copyComponents(copying, { mapping: root, side: attribute.link, component: attribute.component })
    } else if (attribute.kind === 'dynamiczone') {
      for (const [component, side] of Object.entries(attribute.links)) copyComponents(copying, { mapping: root, side, component })
    }
  }
}

interface LinkCopy {
  /** The CTE mapping old row ids to new ones. */
  mapping: string
  side: LinkSide
  /** Where the copies go in the other side's list (null: where the originals are). */
  otherPosition: string | null
}

/** The links of the rows `mapping` maps, copied to their new rows in the same order. */
function copyLinks ({ session, statement }: Copying, { mapping, side, otherPosition }: LinkCopy): void {
  const column = (property: string): string => session.column(side.entity, property)
  const otherOrder = side.order === 'ord' ? 'invOrd' : 'ord'
  statement.add(raw(`insert into ${session.table(side.entity)} (${column(side.self)}, ${column(side.other)}, ${column(side.order)}, ${column(otherOrder)}) ` +
    `select p.new_id, l.${column(side.other)}, l.${column(side.order)}, ${otherPosition ?? `l.${column(otherOrder)}`} ` +
    `from ${mapping} p join ${session.table(side.entity)} l on l.${column(side.self)} = p.old_id ` +
    // Link ids follow the list's order, as reads break ties of position by link id.
    `order by p.new_id, l.${column(side.order)}, l.${column('id')}`))
}

interface ComponentCopy {
  /** The CTE mapping old row ids to new ones. */
  mapping: string
  side: LinkSide
  component: string
}

/** The component rows of `component` linked through `side` from the rows `mapping` maps, copied with what they hold. */
function copyComponents (copying: Copying, { mapping, side, component }: ComponentCopy): void {
  const { session, statement } = copying
  const model = session.registry.model(component)
  const column = (property: string): string => session.column(side.entity, property)
  const otherOrder = side.order === 'ord' ? 'invOrd' : 'ord'
  const linked = raw(`select l.${column(side.other)} as old_id, p.new_id as owner, l.${column(side.order)} as position, l.${column(otherOrder)} as other_position`)
  const rows = statement.add(
    sql`${linked}, ${nextId(session, model.entity)} as new_id from ${raw(`${mapping} p join ${session.table(side.entity)} l on l.${column(side.self)} = p.old_id`)}`, { materialized: true })
  const columns = valueColumns(session, model)
  const id = session.column(model.entity, 'id')
  statement.add(raw(`insert into ${session.table(model.entity)} (${[id, ...columns].join(', ')}) ` +
    `select c.new_id${columns.map(name => `, s.${name}`).join('')} from ${rows} c join ${session.table(model.entity)} s on s.${id} = c.old_id`))
  statement.add(raw(`insert into ${session.table(side.entity)} (${column(side.self)}, ${column(side.other)}, ${column(side.order)}, ${column(otherOrder)}) ` +
    `select c.owner, c.new_id, c.position, c.other_position from ${rows} c`))
  for (const attribute of model.attributes.values()) {
    if (attribute.kind === 'relation' || attribute.kind === 'media') copyLinks(copying, { mapping: rows, side: attribute.link, otherPosition: null })
    else if (attribute.kind === 'component') copyComponents(copying, { mapping: rows, side: attribute.link, component: attribute.component })
    else if (attribute.kind === 'dynamiczone') {
      for (const [nested, nestedSide] of Object.entries(attribute.links)) copyComponents(copying, { mapping: rows, side: nestedSide, component: nested })
    }
  }
}

/** The quoted columns of a row's own values: every scalar column but the id. */
function valueColumns (session: WriteSession, model: Model): string[] {
  return session.metadata(model.entity).props
    .filter(prop => prop.kind === 'scalar' && prop.primary !== true)
    .flatMap(prop => prop.fieldNames.map(identifier))
}

/** The attributes shared across locales that a body sends (a localized type's: docs/i18n.md, 'Attributes shared by all localizations'). */
export function sentSharedAttributes (root: RowPlan): string[] {
  return [...root.scalars, ...root.links, ...root.lists]
    .filter(write => write.attribute.sharedAcrossLocales === true)
    .map(write => write.attribute.name)
}
