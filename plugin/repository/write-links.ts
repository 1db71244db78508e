/**
 * Writes one relation or media attribute of a row as link rows (model.ts `LinkSide`):
 * reads the current links, computes the new ordered list, checks that added ids exist, and
 * schedules the removals. `apply` then inserts the new links and renumbers the kept ones.
 *
 * Orders: the side being written gets 1..n in list order. A link created from one side is
 * appended at the end of the other side's list when that side is a list of a two-way
 * relation; otherwise the other order is 1. When the other side is to-one (a related entry
 * belongs to a single owner), linking an entry first unlinks it from its previous owner.
 */
import type { LinkSide, MediaAttribute, RelationAttribute } from '../content-types/model.js'
import type { InputPath, LinkWrite, RowPlan } from '../transform/input-plan.js'
import { nextLinkOrder } from './write-link-order.js'
import type { Entity, WriteSession } from './write-session.js'
import { chunks, placeholders } from './write-sql.js'

export interface PreparedLinks {
  apply: (owner: Entity) => void
}

type LinkAttribute = RelationAttribute | MediaAttribute

export async function prepareLinks (session: WriteSession, row: RowPlan, write: LinkWrite): Promise<PreparedLinks | null> {
  const { attribute, path } = write
  const side = attribute.link
  const current = row.id === null ? [] : await currentLinks(session, side, row.id)
  const currentByOther = new Map(current.map(link => [link.other, link]))
  const order = nextLinkOrder([...currentByOther.keys()], write.operation, isToMany(attribute))
  if (!order.ok) {
    session.issues.add(order.path, order.problem)
    return null
  }
  const ids = order.ids
  if (attribute.required && ids.length === 0) {
    session.issues.add(path, 'must be defined')
    return null
  }
  const kept = new Set(ids)
  const added = ids.filter(id => !currentByOther.has(id))
  const otherOrders = await resolveAdded(session, attribute, added, path)
  if (otherOrders === null) return null

  const removed = current.filter(link => !kept.has(link.other))
  for (const slice of chunks(removed.map(link => link.id))) session.deleteLinks(side.entity, { id: { $in: slice } })
  if (added.length > 0 && attribute.kind === 'relation' && !attribute.otherToMany) {
    const stolen = { [side.other]: { $in: added } }
    session.deleteLinks(side.entity, row.id === null ? stolen : { ...stolen, [side.self]: { $ne: row.id } })
  }

  const linkClass = session.entityClass(side.entity)
  const otherClass = session.entityClass(session.registry.model(attribute.target).entity)
  const otherOrder = side.order === 'ord' ? 'invOrd' : 'ord'
  return {
    apply (owner) {
      ids.forEach((id, index) => {
        const existing = currentByOther.get(id)
        if (existing === undefined) {
          session.em.create(linkClass, {
            [side.self]: owner,
            [side.other]: session.em.getReference(otherClass, id),
            [side.order]: index + 1,
            [otherOrder]: otherOrders.get(id) ?? 1
          })
        } else if (existing.order !== index + 1) {
          session.em.getReference(linkClass, existing.id)[side.order] = index + 1
        }
      })
    }
  }
}

/** A link row as seen from the side being written. */
interface CurrentLink {
  id: number
  other: number
  order: number
}

async function currentLinks (session: WriteSession, side: LinkSide, rowId: number): Promise<CurrentLink[]> {
  const column = (property: string): string => session.column(side.entity, property)
  const rows = await session.select(
    `select ${column('id')} as id, ${column(side.other)} as other, ${column(side.order)} as "order" from ${session.table(side.entity)} ` +
    `where ${column(side.self)} = ? order by 3, 1`, [rowId])
  return rows.map(row => ({ id: Number(row.id), other: Number(row.other), order: Number(row.order) }))
}

function isToMany (attribute: LinkAttribute): boolean {
  return attribute.kind === 'media' ? attribute.multiple : attribute.toMany
}

/**
 * Checks in one statement that every added id exists (media: and is an allowed kind of
 * file), and answers the other-side order each new link gets; null after reporting.
 */
async function resolveAdded (
  session: WriteSession,
  attribute: LinkAttribute,
  added: readonly number[],
  path: InputPath
): Promise<Map<number, number> | null> {
  const orders = new Map<number, number>()
  if (added.length === 0) return orders
  const target = session.registry.model(attribute.target).entity
  const id = `t.${session.column(target, 'id')}`
  const rows = await session.select(
    `select ${id} as id${addedDetails(session, attribute, id)} from ${session.table(target)} t where ${id} in (${placeholders(added.length)})`,
    added)
  for (const row of rows) orders.set(Number(row.id), Number(row.last ?? 0) + 1)

  const missing = added.filter(id => !orders.has(id))
  if (missing.length > 0) {
    session.issues.add(path, `has ${missing.length} relation(s) of type ${attribute.target} that do not exist (${missing.join(', ')})`)
    return null
  }
  if (attribute.kind === 'media' && attribute.allowedTypes !== null) {
    const allowed = attribute.allowedTypes
    const refused = rows.filter(row => !allowed.includes(mediaKind(String(row.mime))))
    if (refused.length > 0) {
      session.issues.add(path, `accepts only ${allowed.join(', ')}; file(s) ${refused.map(row => String(row.id)).join(', ')} are not`)
      return null
    }
  }
  return orders
}

/**
 * What else the existence check reads: a file's mime type, or, when the new link joins the
 * end of a list on the other side, that list's last position (`last`).
 */
function addedDetails (session: WriteSession, attribute: LinkAttribute, targetId: string): string {
  if (attribute.kind === 'media') return `, t.${session.column(session.registry.file.entity, 'mime')} as mime`
  const appendsToOtherList = attribute.inverse !== undefined && attribute.otherToMany
  if (!appendsToOtherList) return ''
  const side = attribute.link
  const column = (property: string): string => `l.${session.column(side.entity, property)}`
  return `, (select max(${column(side.order === 'ord' ? 'invOrd' : 'ord')}) from ${session.table(side.entity)} l ` +
    `where ${column(side.other)} = ${targetId}) as last`
}

/** Strapi's media kinds: `files` is everything that is not an image, a video or a sound. */
function mediaKind (mime: string): 'images' | 'videos' | 'audios' | 'files' {
  if (mime.startsWith('image/')) return 'images'
  if (mime.startsWith('video/')) return 'videos'
  if (mime.startsWith('audio/')) return 'audios'
  return 'files'
}
