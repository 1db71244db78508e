/**
 * Attributes shared across locales (`i18n.localized: false`) in a document with pending
 * drafts, as Strapi 5 keeps them: a write copies them to the other locales' versions of the
 * same status only. A draft write reaches the other locales' drafts (opened where a locale
 * has only its published row, so published readers see nothing of it); a publication
 * reaches the other locales' published rows, with every shared value the published version
 * now has, and leaves their drafts alone. Run in the write's transaction, after it.
 */
import { DOCUMENT_ID } from '../../content-types/documents.js'
import type { ContentTypeModel } from '../../content-types/model.js'
import { sharedAttributeNames } from '../../content-types/model.js'
import { raw, sql } from '../../sql/index.js'
import { openDraft } from './draft-rows.js'
import type { WriteSession } from './session.js'
import { copySharedAttributes, dropSharedData } from './shared-copy.js'

/** The shared attributes of `model` that `data` sends. */
export function sentShared (model: ContentTypeModel, data: Record<string, unknown>): string[] {
  return model.localized ? [...sharedAttributeNames(model)].filter(name => Object.hasOwn(data, name)) : []
}

interface OtherLocale {
  /** The locale's main row: its published row, or its only row. */
  main: number
  published: boolean
  /** Its pending draft, when it has one. */
  draft: number | null
}

/** The other locales of the document of row `id`, their main rows locked (so a draft is opened once). */
async function otherLocales (session: WriteSession, model: ContentTypeModel, id: number): Promise<OtherLocale[]> {
  const column = (property: string): string => session.column(model.entity, property)
  const table = session.table(model.entity)
  const [key, locale, published, rowId] = [column(DOCUMENT_ID), column('locale'), column('publishedAt'), column('id')]
  const rows = await session.select(sql`${raw(`select o.${rowId} as main, o.${published} is not null as published, d.${rowId} as draft from ${table} s ` +
    `join ${table} o on o.${key} = s.${key} and o.${locale} <> s.${locale} and (o.${published} is not null or not exists (select 1 from ${table} x where x.${key} = o.${key} and x.${locale} = o.${locale} and x.${published} is not null)) ` +
    `left join ${table} d on o.${published} is not null and d.${published} is null and d.${key} = o.${key} and d.${locale} = o.${locale} where s.${rowId}`)} = ${id} ${raw(`order by o.${rowId} for no key update of o`)}`)
  return rows.map(row => ({ main: Number(row.main), published: row.published === true, draft: row.draft === null ? null : Number(row.draft) }))
}

/** A draft write of row `draftId` sent the shared attributes `names`: the other locales' drafts take them. */
export async function draftsTakeShared (session: WriteSession, { model, draftId, names }: { model: ContentTypeModel, draftId: number, names: readonly string[] }): Promise<void> {
  if (names.length === 0) return
  const targets: number[] = []
  for (const other of await otherLocales(session, model, draftId)) {
    targets.push(other.draft ?? (other.published ? await openDraft(session, model, other.main) : other.main))
  }
  await copyOnto(session, { model, from: draftId, to: targets, names })
}

/** Row `publishedId` was published: the other locales' published rows take every shared value it has. */
export async function publishedTakeShared (session: WriteSession, { model, publishedId }: { model: ContentTypeModel, publishedId: number }): Promise<void> {
  const names = model.localized ? [...sharedAttributeNames(model)] : []
  if (names.length === 0) return
  const targets = (await otherLocales(session, model, publishedId)).filter(other => other.published).map(other => other.main)
  await copyOnto(session, { model, from: publishedId, to: targets, names })
}

async function copyOnto (session: WriteSession, { model, from, to, names }: { model: ContentTypeModel, from: number, to: number[], names: readonly string[] }): Promise<void> {
  if (to.length === 0) return
  dropSharedData(session, { model, owners: to, names })
  await session.deletes.run(session)
  await copySharedAttributes(session, { model, copies: [{ from, to, names, touch: true }] })
}
