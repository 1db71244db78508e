/**
 * The `locale` of a localized entry (docs/i18n.md, 'Rules'): chosen on create — from the body's
 * `data.locale`, else the request's `?locale=`, else the default locale — and fixed after.
 * A different locale of the same entry is a new entry: `POST /:id/localizations`.
 */
import type { ContentTypeModel } from '../content-types/model.js'
import type { Registry } from '../content-types/registry.js'
import type { IssueList } from './issues.js'
import type { InputPath, LocaleInput, RowPlan } from './plan.js'
import { isConfiguredLocale, unknownLocaleProblem } from '../i18n/locale-settings.js'

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
