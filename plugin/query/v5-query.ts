/**
 * Strapi v5's query string (docs/strapi-v5.md, 'Reads') → the same QueryTree as v4's: v5
 * keeps v4's `fields`, `populate`, `filters`, `sort`, `pagination` and `_q`, and changes what
 * is around them, which is all this module does before and after v4's compilers:
 *
 * - `status` (`published`, the default, or `draft`; any other value reads as `draft`, as
 *   Strapi 5 does) instead of `publicationState`, which is accepted and ignored;
 * - `locale`: absent, the default locale; `*`, every locale; any other text is matched as it
 *   is (an unknown locale lists nothing, as in Strapi 5; `all` is no locale either);
 * - `pagination[page]` and `[pageSize]` below 1 are taken as 1;
 * - unknown `populate` keys and options are refused (Strapi 5 refuses them), and every
 *   unknown key is worded as Strapi 5 words it (`Invalid key color`, `details: { key, path,
 *   source, param }`);
 * - `fields` always keeps `documentId`, as it keeps `id`.
 *
 * A list without `sort` is in id order, as in v4 (docs/decisions.md, 'The v5 format').
 */
import { DOCUMENT_ID } from '../content-types/documents.js'
import type { ContentTypeModel, Model } from '../content-types/model.js'
import type { Registry } from '../content-types/registry.js'
import { ValidationError } from '../errors.js'
import { isRecord } from '../is-record.js'
import { compileEntryQuery, compileListQuery } from './compile-query.js'
import type { ListQueryOptions } from './compile-query.js'
import type { Leniency } from './leniency.js'
import { invalidValue } from './parse.js'
import type { KeyPath } from './parse.js'
import type { DocumentQuery, Filter, Populate, PublicationState, QueryTree, Selection } from './tree.js'

/** The locale value that reads every locale. */
export const EVERY_LOCALE = '*'

/** `status`: `published` (or absent) reads the published entries; anything else, the drafts. */
export function compileStatus (raw: unknown): PublicationState {
  return raw === undefined || raw === 'published' ? 'live' : 'draft'
}

/** A list read of Strapi v5 (`GET /<pluralName>`). */
export function compileV5ListQuery (registry: Registry, model: ContentTypeModel, raw: Record<string, unknown>, options: ListQueryOptions): QueryTree {
  const publicationState = compileStatus(raw.status)
  const v4 = { ...withoutV5Keys(raw), ...(raw.pagination === undefined ? {} : { pagination: atLeastOne(raw.pagination) }) }
  const tree = inV5Words(() => compileListQuery(registry, model, v4, { ...options, leniency: refusing(options.leniency) }))
  const listed: QueryTree = { ...keepDocumentIds(registry, model, tree), publicationState }
  // A filter on `locale` chooses the locales itself, as in Strapi 5: the default one is not added.
  if (model.localized) listed.locale = raw.locale === undefined && filtersLocale(tree.filters) ? null : listLocale(registry, raw.locale)
  else delete listed.locale
  return listed
}

/**
 * A read of one entry (`GET /:documentId`, a single type's `GET`, a write's answer). Null:
 * no entry can answer (`locale=*` or `all` names no one locale), a 404 without SQL.
 */
export function compileV5EntryQuery (registry: Registry, model: ContentTypeModel, raw: Record<string, unknown>, leniency: Leniency): DocumentQuery | null {
  const entry = inV5Words(() => compileEntryQuery(registry, model, withoutV5Keys(raw), refusing(leniency)))
  const locale = model.localized ? entryLocale(registry, raw.locale) : null
  if (locale === undefined) return null
  // v5 entries have no `meta`: its available locales are not read.
  return { ...keepDocumentIds(registry, model, entry), publicationState: compileStatus(raw.status), availableLocales: false, locale }
}

/** The parameters v4's compilers would read differently, left to this module. */
function withoutV5Keys (raw: Record<string, unknown>): Record<string, unknown> {
  const rest = { ...raw }
  delete rest.status
  delete rest.publicationState
  delete rest.locale
  return rest
}

function filtersLocale (filter: Filter | null): boolean {
  if (filter === null) return false
  switch (filter.kind) {
    case 'and': case 'or': return filter.filters.some(filtersLocale)
    case 'not': return filtersLocale(filter.filter)
    case 'compare': return filter.path.length === 1 && filter.path[0] === 'locale'
  }
}

function listLocale (registry: Registry, raw: unknown): string | null {
  if (raw === undefined) return registry.i18n!.defaultLocale
  if (raw === EVERY_LOCALE) return null
  if (typeof raw !== 'string') throw invalidValue(['locale'], 'must be a locale code or *')
  return raw
}

/** undefined: no one locale (`*`, `all`). */
function entryLocale (registry: Registry, raw: unknown): string | undefined {
  if (raw === undefined) return registry.i18n!.defaultLocale
  if (raw === EVERY_LOCALE || raw === 'all') return undefined
  if (typeof raw !== 'string') throw invalidValue(['locale'], 'must be a locale code')
  return raw
}

/** `pagination[page]` and `[pageSize]` below 1 read as 1, as Strapi 5 reads them. */
function atLeastOne (raw: unknown): unknown {
  if (!isRecord(raw)) return raw
  const fixed = { ...raw }
  for (const key of ['page', 'pageSize']) {
    const value = fixed[key]
    if (typeof value === 'string' && /^-?\d+$/.test(value) && Number(value) < 1) fixed[key] = '1'
  }
  return fixed
}

function refusing (leniency: Leniency | undefined): Leniency {
  return { strict: true, ignored: leniency?.ignored ?? (() => {}) }
}

/** `documentId` in every selection of a model that has one, as `id` is. */
function keepDocumentIds<S extends Selection> (registry: Registry, model: Model, selection: S): S {
  const fields = model.attributes.has(DOCUMENT_ID) && !selection.fields.includes(DOCUMENT_ID)
    ? [DOCUMENT_ID, ...selection.fields]
    : selection.fields
  const populate: Record<string, Populate> = {}
  for (const [name, node] of Object.entries(selection.populate)) populate[name] = populateWithDocumentIds(registry, model, name, node)
  return { ...selection, fields, populate }
}

function populateWithDocumentIds (registry: Registry, model: Model, name: string, node: Populate): Populate {
  const attribute = model.attributes.get(name)
  if (node.kind === 'dynamiczone') {
    const components = Object.fromEntries(Object.entries(node.components).map(([uid, selection]) => [uid, keepDocumentIds(registry, registry.model(uid), selection)]))
    return { ...node, components }
  }
  if (attribute === undefined || attribute.kind === 'scalar' || attribute.kind === 'dynamiczone') return node
  const target = registry.model(attribute.kind === 'component' ? attribute.component : attribute.target)
  return keepDocumentIds(registry, target, node)
}

/** Keys that shape a query rather than name an attribute: skipped when Strapi 5 says where a key was. */
const STRUCTURE = new Set(['populate', 'fields', 'filters', 'sort', 'on', 'count'])

/**
 * Runs a v4 compile, and words what it refuses as an unknown key the way Strapi 5 does:
 * `Invalid key <key>[ at <path>]`, `details: { key, path, source: 'query', param }`, where
 * `param` is the parameter and `path` the attributes leading to the key (null in `fields`).
 * Other refusals (a bad value) keep their v4 answer.
 */
function inV5Words<T> (compile: () => T): T {
  try {
    return compile()
  } catch (error) {
    throw error instanceof ValidationError ? asUnknownKey(error) ?? error : error
  }
}

/** The reasons a v4 compile gives for a key it does not know (none: an unknown or private attribute). */
const UNKNOWN_KEY = /^Invalid parameter (\S+)(?:: (unknown operator|unknown populate option|only relations, media, components and dynamic zones can be populated|relations, media, components and dynamic zones are selected with populate))?$/

function asUnknownKey (error: ValidationError): ValidationError | null {
  const issues = error.details.errors
  if (!Array.isArray(issues) || issues.length !== 1) return null
  const { path, message } = issues[0] as { path: KeyPath, message: string }
  const match = UNKNOWN_KEY.exec(message)
  const param = path[0]
  if (match === null || typeof param !== 'string') return null
  const key = match[1]!
  const steps = path.slice(1).filter((step): step is string => typeof step === 'string')
  const named = steps.at(-1) === key ? steps.slice(0, -1) : steps
  let attributes: string[] | null
  if (steps.includes('fields') || (param === 'fields')) attributes = null
  else if (steps.includes('filters')) attributes = named.slice(named.lastIndexOf('filters') + 1).filter(step => !step.startsWith('$'))
  else attributes = named.filter(step => !STRUCTURE.has(step) && !step.startsWith('$'))
  // An unknown attribute to populate is named with its own path, as Strapi 5 names it.
  const ownPath = param === 'populate' && attributes !== null && (match[2] === undefined || match[2].startsWith('only'))
  const at = attributes === null || attributes.length === 0 ? null : attributes.join('.')
  const pathValue = ownPath ? [...attributes!, key].join('.') : at
  const details = { key, path: pathValue, source: 'query', param }
  return new ValidationError(`Invalid key ${key}${at === null ? '' : ` at ${at}`}`, [], details)
}
