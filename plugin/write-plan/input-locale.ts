/**
 * The `locale` of a localized entry (docs/i18n.md, 'Rules'): chosen on create — from the body's
 * `data.locale`, else the request's `?locale=`, else the default locale — and fixed after.
 * A different locale of the same entry is a new entry: `POST /:id/localizations`.
 */
import type { ContentTypeModel } from '../content-types/model.js'
import type { Registry } from '../content-types/registry.js'
import type { IssueList } from './issues.js'
import type { EntryWritePlan, LocaleInput, ScalarWrite } from './plan.js'
import { isConfiguredLocale, unknownLocaleProblem } from '../i18n/locale-settings.js'

/** What the locale of one entry write is planned from. */
export interface LocaleRequest {
  registry: Registry
  model: ContentTypeModel
  /** The body's `data`. */
  data: Record<string, unknown>
  /** The entry updated, or null for a create. */
  id: number | null
  input: LocaleInput
  issues: IssueList
}

/** A create's locale to write, or the locale an update sent back; neither when not localized. */
export interface PlannedLocale {
  write?: ScalarWrite
  sentLocale?: NonNullable<EntryWritePlan['sentLocale']>
}

/**
 * Plans a create's locale. An update cannot change it, but may send back the one it read:
 * that one is answered for the repository to compare with the entry's own.
 */
export function planLocale ({ registry, model, data, id, input, issues }: LocaleRequest): PlannedLocale {
  const attribute = model.attributes.get('locale')
  if (!model.localized || attribute?.kind !== 'scalar') return {}
  const path = ['locale']
  if (id !== null) return 'locale' in data ? { sentLocale: { value: data.locale, path } } : {}
  const sent = 'locale' in data ? data.locale : input.query
  if (sent === undefined && input.localization === true) {
    issues.add(path, 'must be defined.')
    return {}
  }
  const settings = registry.i18n!
  const locale = sent === undefined ? settings.defaultLocale : sent
  if (isConfiguredLocale(settings, locale)) return { write: { attribute, value: locale, path } }
  issues.add(path, unknownLocaleProblem(settings))
  return {}
}
