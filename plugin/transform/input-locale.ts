/**
 * The `locale` of a localized entry (DECISIONS §6): chosen on create — from the body's
 * `data.locale`, else the request's `?locale=`, else the default locale — and fixed after.
 * A different locale of the same entry is a new entry: `POST /:id/localizations`.
 */
import type { ContentTypeModel } from '../content-types/model.js'
import type { Registry } from '../content-types/registry.js'
import type { IssueList } from './input-issues.js'
import type { InputPath, RowPlan } from './input-plan.js'
import { isConfiguredLocale, unknownLocaleProblem } from '../i18n/locale-settings.js'

export interface LocaleInput {
  /** The request's `locale` query parameter, if any. */
  query?: unknown
  /**
   * A localization (`POST /:id/localizations`) must name its locale, and takes the attributes
   * shared across locales from its source when it does not send them.
   */
  localization?: boolean
}

/** Names of the attributes a localized type shares across locales. */
export function sharedAttributeNames (model: ContentTypeModel): ReadonlySet<string> {
  const names = new Set<string>()
  for (const attribute of model.attributes.values()) {
    if (attribute.sharedAcrossLocales === true) names.add(attribute.name)
  }
  return names
}

/** The body's fields without `locale`, which is planned here rather than as an attribute. */
export function withoutLocale (data: Record<string, unknown>): Record<string, unknown> {
  const rest = { ...data }
  delete rest.locale
  return rest
}

/**
 * Plans a create's locale. An update cannot change it, but may send back the one it read:
 * that one is answered for the repository to compare with the entry's own (null otherwise).
 */
export function planLocale (
  registry: Registry, model: ContentTypeModel, data: Record<string, unknown>, root: RowPlan, issues: IssueList, input: LocaleInput
): { value: unknown, path: InputPath } | null {
  const attribute = model.attributes.get('locale')
  if (!model.localized || attribute?.kind !== 'scalar') return null
  const path = ['locale']
  if (root.id !== null) return 'locale' in data ? { value: data.locale, path } : null
  const sent = 'locale' in data ? data.locale : input.query
  if (sent === undefined && input.localization === true) {
    issues.add(path, 'must be defined.')
    return null
  }
  const settings = registry.i18n!
  const locale = sent === undefined ? settings.defaultLocale : sent
  if (isConfiguredLocale(settings, locale)) root.scalars.push({ attribute, value: locale, path })
  else issues.add(path, unknownLocaleProblem(settings))
  return null
}

/** The 400 of an update whose `locale` is not the entry's own. */
export const LOCALE_CHANGE_PROBLEM = 'cannot be changed: create a localization with POST /:id/localizations instead'
