/**
 * The front half of the query language: the parsed query string of a read becomes a
 * QueryTree, every name checked against the registry and every value coerced. Unknown
 * top-level parameters are ignored (DECISIONS §3); anything wrong under a known one is a 400.
 */
import type { ContentTypeModel } from '../content-types/model.js'
import type { Registry } from '../content-types/registry.js'
import type { EntryQuery, PublicationState, QueryTree, Selection } from './tree.js'
import { compileFields } from './fields.js'
import { compileFilters } from './filters.js'
import { compilePagination, type PageSizeLimits } from './pagination.js'
import { invalidValue } from './parse.js'
import { compilePopulate } from './populate.js'
import { compileSort } from './sort.js'
import { ALL_LOCALES, isConfiguredLocale, unknownLocaleProblem } from '../i18n/locale-settings.js'

export type ListQueryOptions = PageSizeLimits

/**
 * A list read: `fields`, `populate`, `filters`, `sort`, `pagination`, `publicationState`,
 * and `locale` on localized types.
 */
export function compileListQuery (
  registry: Registry, model: ContentTypeModel, raw: Record<string, unknown>, options: ListQueryOptions
): QueryTree {
  const tree: QueryTree = {
    ...compileSelection(registry, model, raw),
    filters: compileFilters(registry, model, raw.filters, ['filters']),
    sort: compileSort(registry, model, raw.sort, ['sort']),
    pagination: compilePagination(raw.pagination, ['pagination'], options),
    publicationState: compilePublicationState(raw.publicationState)
  }
  if (model.localized) tree.locale = compileListLocale(registry, raw.locale)
  return tree
}

/** A single-entry read (and the answer of a write): filters, sort and pagination do not apply. */
export function compileEntryQuery (registry: Registry, model: ContentTypeModel, raw: Record<string, unknown>): EntryQuery {
  return {
    ...compileSelection(registry, model, raw),
    publicationState: compilePublicationState(raw.publicationState)
  }
}

function compileSelection (registry: Registry, model: ContentTypeModel, raw: Record<string, unknown>): Selection {
  return {
    fields: compileFields(model, raw.fields, ['fields']),
    populate: compilePopulate(registry, model, raw.populate, ['populate'])
  }
}

/**
 * `live` (default) or `preview`. Kept as asked even on a type without draftAndPublish:
 * relations to draftAndPublish types still follow it (DECISIONS §3).
 */
export function compilePublicationState (raw: unknown): PublicationState {
  if (raw === undefined) return 'live'
  if (raw === 'live' || raw === 'preview') return raw
  throw invalidValue(['publicationState'], 'must be live or preview')
}

/** A configured locale, the default one when absent, or null for `all` (DECISIONS §6). */
function compileListLocale (registry: Registry, raw: unknown): string | null {
  const settings = registry.i18n!
  if (raw === undefined) return settings.defaultLocale
  if (raw === ALL_LOCALES) return null
  return compileLocale(registry, raw, ['locale'])
}

/** A locale a localized entry may have: one of the `i18n.locales` option. */
function compileLocale (registry: Registry, raw: unknown, path: string[]): string {
  if (isConfiguredLocale(registry.i18n!, raw)) return raw
  throw invalidValue(path, unknownLocaleProblem(registry.i18n!))
}
