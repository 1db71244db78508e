/**
 * A write request's parsed JSON body → the write plan of its entry (docs/writing.md,
 * 'The body'). Everything that can be judged without the database is judged here, and
 * every problem is collected; the repository adds what only the database can tell (missing
 * related ids, uniqueness) to the same list before anything is written.
 */
import type { ContentTypeModel } from '../content-types/model.js'
import type { Registry } from '../content-types/registry.js'
import { ValidationError } from '../errors.js'
import { IssueList } from './issues.js'
import { withoutLocale } from './plan.js'
import type { EntryWritePlan, LocaleInput, ScalarWrite, SentRelation } from './plan.js'
import { isRecord } from '../is-record.js'
import { planRow } from './input-row.js'
import { planLocale } from './input-locale.js'
import { sharedAttributeNames } from '../content-types/model.js'

export const MISSING_DATA_MESSAGE = 'Missing "data" payload in the request body'

/** Keys of an entry a client reads and may send back; a write ignores them. */
export const IGNORED_ENTRY_KEYS: ReadonlySet<string> = new Set(['id', 'createdAt', 'updatedAt', 'createdBy', 'updatedBy'])

/** One entry write to plan: a create (`id` null) or a partial update of entry `id`. */
export interface EntryWriteInput {
  registry: Registry
  model: ContentTypeModel
  body: unknown
  id: number | null
  locale?: LocaleInput
  /** Unknown and read-only attributes are 400s rather than dropped (the `strict` option). */
  strict?: boolean
  /** Where the problems go (a write planned inside its transaction shares its session's list). */
  issues?: IssueList
}

/** The `data` object of a write body, or the 400 every write answers without one. */
export function readDataPayload (body: unknown): Record<string, unknown> {
  const data = isRecord(body) ? body.data : undefined
  if (!isRecord(data)) throw new ValidationError(MISSING_DATA_MESSAGE)
  return data
}

/**
 * Plans a create (`id` null) or a partial update of entry `id`. On create a
 * draftAndPublish entry is published at once unless `publishedAt` is sent (null: a draft),
 * and a localized one gets its locale. What clients send back from a read is dropped, as
 * Strapi drops it (docs/writing.md, 'The body'): the server-set keys always, unknown and read-only
 * attributes unless `strict`.
 */
export function planEntryWrite ({ registry, model, body, id, locale = {}, strict = false, issues = new IssueList() }: EntryWriteInput): EntryWritePlan {
  const data = readDataPayload(body)
  const fields = model.localized ? withoutLocale(data) : data
  const inherited = locale.localization === true ? sharedAttributeNames(model) : undefined
  const sentRelations: SentRelation[] = []
  const context = { registry, issues, strict, ignored: IGNORED_ENTRY_KEYS, relations: sentRelations, ...(inherited === undefined ? {} : { inherited }) }
  const row = planRow(context, { model, fields, path: [], id })
  const { write: localeWrite, sentLocale } = planLocale({ registry, model, data, id, input: locale, issues })
  const published = id === null && model.draftAndPublish && !('publishedAt' in data) ? publishedNow(model) : undefined
  const added = [localeWrite, published].filter(write => write !== undefined)
  const root = added.length === 0 ? row : { ...row, scalars: [...row.scalars, ...added] }
  return { root, issues, sentRelations, ...(sentLocale === undefined ? {} : { sentLocale }) }
}

/** A new entry of a draftAndPublish type published as it is created. */
function publishedNow (model: ContentTypeModel): ScalarWrite | undefined {
  const publishedAt = model.attributes.get('publishedAt')
  return publishedAt?.kind === 'scalar' ? { attribute: publishedAt, value: new Date(), path: ['publishedAt'] } : undefined
}
