/**
 * The localization group of an entry (docs/i18n.md): the entry and every entry its
 * `localizations` link to. Members link to each other both ways, so each one reads the
 * whole group as its `localizations`.
 */
import { DOCUMENT_ID } from '../../content-types/documents.js'
import type { ContentTypeModel, RelationAttribute } from '../../content-types/model.js'
import { NotFoundError } from '../../errors.js'
import { join, raw, sql, type Sql } from '../../sql/index.js'
import { APPENDED_POSITION } from './link-rows.js'
import type { WriteSession } from './session.js'

export interface LocalizationMember {
  id: number
  locale: string
  /** The group's one documentId: a new member takes it. */
  documentId: string
}

function localizationsOf (model: ContentTypeModel): RelationAttribute {
  const attribute = model.attributes.get('localizations')
  if (attribute?.kind !== 'relation') throw new Error(`${model.uid} is not localized`)
  return attribute
}

/** A subquery: the ids of the localizations of the entry `id`. */
function localizationIds (session: WriteSession, model: ContentTypeModel, id: number): Sql {
  const { link } = localizationsOf(model)
  return sql`select ${raw(`l.${session.column(link.entity, link.other)} from ${session.table(link.entity)} l where l.${session.column(link.entity, link.self)}`)} = ${id}`
}

/**
 * The source entry and its localizations, locked for the rest of the transaction so
 * concurrent writes of their rows queue; 404 if the source is absent. `forNewMember`: the
 * caller adds an entry to the group, and queues first behind every other request adding
 * one to this type — row locks alone cannot do it, as a statement that waited for them still
 * reads the rows of its snapshot, without the entry just added, so two requests could both
 * add the same locale, or two new localizations miss each other.
 */
export async function lockLocalizationGroup (
  session: WriteSession, model: ContentTypeModel, sourceId: number, forNewMember = false
): Promise<LocalizationMember[]> {
  if (forNewMember) await session.lockNamed(`localizations:${model.uid}`)
  const id = session.column(model.entity, 'id')
  const columns = `e.${id} as id, e.${session.column(model.entity, 'locale')} as locale, e.${session.column(model.entity, DOCUMENT_ID)} as document_id`
  const selected = raw(`${columns} from ${session.table(model.entity)} e where e.${id}`)
  const entryId = raw(`e.${id}`)
  const rows = await session.select(
    sql`select ${selected} = ${sourceId} or ${entryId} in (${localizationIds(session, model, sourceId)}) order by ${entryId} for update`)
  if (!rows.some(row => Number(row.id) === sourceId)) throw new NotFoundError()
  return rows.map(row => ({ id: Number(row.id), locale: String(row.locale), documentId: String(row.document_id) }))
}

/** The insert linking the new entry to every member of the group, both ways (a part of the statement that copies shared attributes). */
export function joinLocalizationGroup (session: WriteSession, model: ContentTypeModel, entryId: number, members: LocalizationMember[]): Sql {
  const { link } = localizationsOf(model)
  const columns = ['owner', 'target', 'ord', 'invOrd'].map(property => session.column(link.entity, property)).join(', ')
  const pairs = members.flatMap(member => [[entryId, member.id], [member.id, entryId]])
  // Appended as relations are: at the sentinel position, read in link-id order.
  const positions = raw(`, ${APPENDED_POSITION}, ${APPENDED_POSITION})`)
  const values = join(pairs.map(([owner, target]) => sql`(${owner}, ${target}${positions}`))
  return sql`insert into ${raw(`${session.table(link.entity)} (${columns})`)} values ${values}`
}
