/**
 * The front half of the query language: the parsed query string of a read becomes a
 * QueryTree, every name checked against the registry and every value coerced. Unknown
 * top-level parameters are ignored as Strapi does (docs/querying.md, 'What Strapi 4.26 ignores'); anything wrong under a known one is a 400.
 */
import type { ReadableModel } from '../content-types/model.js'
import type { Registry } from '../content-types/registry.js'
import type { EntryQuery, PublicationState, QueryTree, Selection } from './tree.js'
import { compileCreatorSelection } from './creator-fields.js'
import { QUIET_LENIENCY, type Leniency } from './leniency.js'
import { compileFields } from './fields.js'
import { compileFilters } from './filters.js'
import { compilePagination, type PageSizeLimits } from './pagination.js'
import { invalidValue } from './parse.js'
import { compilePopulate } from './populate.js'
import { compileSort } from './sort.js'
import { ALL_LOCALES, isConfiguredLocale, unknownLocaleProblem } from '../i18n/locale-settings.js'

export interface ListQueryOptions extends PageSizeLimits {
  /** Strict or Strapi-lenient populate, and who hears of ignored keys; default lenient and quiet. */
  leniency?: Leniency
}

/**
 * A list read: `fields`, `populate`, `filters`, `sort`, `pagination`, `publicationState`,
 * and `locale` on localized types.
 */
export function compileListQuery (
  registry: Registry, model: ReadableModel, raw: Record<string, unknown>, options: ListQueryOptions
): QueryTree {
  const tree: QueryTree = {
    ...compileSelection(registry, model, raw, options.leniency ?? QUIET_LENIENCY),
    filters: compileFilters(registry, model, raw.filters, ['filters']),
    sort: compileSort(registry, model, raw.sort, ['sort']),
    pagination: compilePagination(raw.pagination, ['pagination'], options),
    publicationState: compilePublicationState(raw.publicationState)
  }
  if (model.kind === 'contentType' && model.localized) tree.locale = compileListLocale(registry, raw.locale)
  const creatorSelection = compileCreatorSelection(raw.populate, ['populate'])
  if (creatorSelection !== undefined) tree.creatorSelection = creatorSelection
  const search = compileSearch(raw._q)
  if (search !== undefined) tree.search = search
  return tree
}

/** A single-entry read (and the answer of a write): filters, sort and pagination do not apply. */
export function compileEntryQuery (
  registry: Registry, model: ReadableModel, raw: Record<string, unknown>, leniency: Leniency = QUIET_LENIENCY
): EntryQuery {
  return {
    ...compileSelection(registry, model, raw, leniency),
    publicationState: compilePublicationState(raw.publicationState)
  }
}

function compileSelection (registry: Registry, model: ReadableModel, raw: Record<string, unknown>, leniency: Leniency): Selection {
  return {
    fields: compileFields(model, raw.fields, ['fields']),
    populate: compilePopulate(registry, model, raw.populate, ['populate'], leniency)
  }
}

/** `_q=<text>`; an empty one searches nothing, as in Strapi. */
function compileSearch (raw: unknown): string | undefined {
  if (raw === undefined || raw === '') return undefined
  if (typeof raw !== 'string') throw invalidValue(['_q'], 'must be a single text')
  return raw
}

/**
 * `live` (default) or `preview`. Kept as asked even on a type without draftAndPublish:
 * relations to draftAndPublish types still follow it (docs/querying.md, 'Drafts').
 */
export function compilePublicationState (raw: unknown): PublicationState {
  if (raw === undefined) return 'live'
  if (raw === 'live' || raw === 'preview') return raw
  throw invalidValue(['publicationState'], 'must be live or preview')
}

/** A configured locale, the default one when absent, or null for `all` (docs/i18n.md, 'Requests'). */
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
