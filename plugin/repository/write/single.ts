/**
 * Writes of a single type (one entry, per locale when localized): PUT updates the entry
 * when there is one and creates it otherwise, as Strapi does. Creates of one single type
 * queue on an advisory lock and look again inside it, so two concurrent first PUTs make
 * one entry: the later one finds the new entry and updates it instead.
 */
import type { ContentTypeModel } from '../../content-types/model.js'
import type { Registry } from '../../content-types/registry.js'
import { NotFoundError, ValidationError } from '../../errors.js'
import { EMPTY_SQL, raw, sql, type Sql } from '../../sql/index.js'
import { IssueList } from '../../write-plan/issues.js'
import { withoutLocale } from '../../write-plan/plan.js'
import type { Database } from '../connection/database.js'
import type { WriteSession } from './session.js'
import { isConfiguredLocale, unknownLocaleProblem } from '../../i18n/locale-settings.js'
import { createEntry, createLocalization } from './create-entry.js'
import type { EntryTarget, WriteContext, WrittenEntry } from './entry-writes.js'
import { updateEntry } from './update-entry.js'

/** Thrown inside a create that found the entry made meanwhile; the write is retried as an update. */
class SingleEntryExists extends Error {}

export interface SentLocale {
  registry: Registry
  model: ContentTypeModel
  /** `data.locale`, else `?locale=`. */
  sent: unknown
  /** Where it was sent: a bad one is a 400 there. */
  path?: string[]
}

/** The locale a single type's request is about, else the default one; null when not localized. */
export function singleTypeLocale ({ registry, model, sent, path = ['locale'] }: SentLocale): string | null {
  if (!model.localized) return null
  const settings = registry.i18n!
  const locale = sent === undefined ? settings.defaultLocale : sent
  if (isConfiguredLocale(settings, locale)) return locale
  throw ValidationError.at(path, `locale ${unknownLocaleProblem(settings)}`)
}

/** The id of the single type's entry in `locale` (drafts included; null: any locale), or null. */
export async function singleEntryId (db: Database, model: ContentTypeModel, locale: string | null): Promise<number | null> {
  const { text, values } = singleEntryQuery(db.names, model, locale).render()
  const [row] = await db.query(text, values)
  return row === undefined ? null : Number(row.id)
}

export interface SingleWrite {
  body: unknown
  context: WriteContext
}

/** The PUT of a single type: an update of its entry (in the locale sent) when there is one, else a create. */
export async function writeSingleEntry (target: EntryTarget, { body, context: given }: SingleWrite): Promise<WrittenEntry> {
  const { db, registry, model } = target
  const { admit, ...context } = given
  const data = context.planner.data(body)
  // Judged before the entry is looked for, as any write is before it reads: on an outline of
  // the body (its relations are the same whether it updates or creates), not again after.
  admit?.(context.planner.outline(body, { id: null, locale: { query: context.locale }, issues: new IssueList() }))
  const locale = 'locale' in data
    ? singleTypeLocale({ registry, model, sent: data.locale, path: ['locale'] })
    : singleTypeLocale({ registry, model, sent: context.locale })
  for (let attempt = 1; ; attempt++) {
    const retry = attempt < 3
    const id = await singleEntryId(db, model, locale)
    try {
      // `data.locale` picks a localized type's entry; elsewhere it is an unknown key, a 400 like on create.
      if (id !== null) return await updateEntry(target, { id, body: { data: locale === null ? data : withoutLocale(data) }, context })
      // A localized single type's entries are the localizations of one another: a new locale
      // joins them and takes the attributes they share, like POST /:id/localizations.
      const member = locale === null ? null : await singleEntryId(db, model, null)
      if (member !== null) {
        return await createLocalization(target, {
          sourceId: member,
          body: { data: { ...data, locale } },
          context,
          claim: async session => { await claimSingleEntry(session, model, locale) }
        })
      }
      return await createEntry(target, {
        body: { data: locale === null ? data : { ...data, locale } },
        context,
        // The first entry of all: none may have appeared meanwhile, in this locale or another.
        hooks: { before: async (session) => { await claimSingleEntry(session, model, null) } }
      })
    } catch (error) {
      // Deleted since it was found, or created since it was not: look again.
      if (retry && (error instanceof SingleEntryExists || error instanceof NotFoundError)) continue
      throw error
    }
  }
}

/**
 * Queues the creates of this single type, then makes sure the entry (in `locale`; null: in
 * any locale) still does not exist. The look runs after the lock is granted, so it sees
 * what the write that held it committed.
 */
async function claimSingleEntry (session: WriteSession, model: ContentTypeModel, locale: string | null): Promise<void> {
  await session.lockNamed(model.uid)
  if ((await session.select(singleEntryQuery(session, model, locale))).length > 0) throw new SingleEntryExists()
}

/** Where a statement's table and column names come from: ORM metadata, read side or write side. */
interface QuotedNames {
  table: (entity: string) => string
  column: (entity: string, property: string) => string
}

/** `select id … where locale = … order by id limit 1`, for `db.query` or inside a write. */
function singleEntryQuery (names: QuotedNames, model: ContentTypeModel, locale: string | null): Sql {
  const id = names.column(model.entity, 'id')
  const where = locale === null ? EMPTY_SQL : sql` where ${raw(names.column(model.entity, 'locale'))} = ${locale}`
  return sql`select ${raw(`${id} as id from ${names.table(model.entity)}`)}${where}${raw(` order by ${id} limit 1`)}`
}
