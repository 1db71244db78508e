/**
 * A field's GraphQL arguments, already coerced by graphql-js to the schema's types, as the
 * parts of a QueryTree: `filters` and `sort` through the REST compilers (the same names
 * checked, the same values coerced, the same 400s), `pagination` as Strapi's
 * `withDefaultPagination` reads it, capped by `maxLimit`, and `locale`.
 */
import type { Model } from '../content-types/model.js'
import type { Registry } from '../content-types/registry.js'
import { ApiError } from '../errors.js'
import { ALL_LOCALES, isConfiguredLocale, unknownLocaleProblem } from '../i18n/locale-settings.js'
import { isRecord } from '../is-record.js'
import { compileFilters } from '../query/filters.js'
import { invalidValue } from '../query/parse.js'
import { compileSort } from '../query/sort.js'
import type { Filter, ItemWindow, SortTerm } from '../query/tree.js'

export interface ListLimits {
  /** Items of a list when `pagination` does not say. */
  defaultLimit: number
  /** The most items of a list; `limit: -1` asks for this many. */
  maxLimit: number
}

/** A list's window, and whether it was asked with `limit: -1` (Strapi then reports the page as the whole rest). */
export interface ListWindow extends ItemWindow {
  unlimited: boolean
}

const NO_LIMIT = -1

/**
 * `pagination: { page, pageSize }` or `{ start, limit }` as Strapi reads them: page mode
 * becomes a start and a limit (a `page` alone has a `pageSize` of 1, as Strapi's has); sizes
 * below 1 are 1, starts below 0 are 0; `limit: -1` is
 * every item Strapi has, here `maxLimit` of them; mixing the modes is Strapi's
 * `PaginationError`. Sizes above `maxLimit` are cut to it, as REST's page sizes are.
 */
export function listWindow (raw: unknown, limits: ListLimits): ListWindow {
  const given = isRecord(raw) ? raw : {}
  const number = (key: string): number | undefined => typeof given[key] === 'number' ? given[key] : undefined
  const page = number('page')
  const pageSize = number('pageSize')
  const start = number('start')
  const limit = number('limit')
  const pageMode = page !== undefined || pageSize !== undefined
  const offsetMode = start !== undefined || limit !== undefined
  if (pageMode && offsetMode) throw new ApiError('PaginationError', 400, 'Cannot use both page & offset pagination in the same query')
  const cap = (size: number): number => Math.min(Math.max(size, 1), limits.maxLimit)
  if (pageMode) {
    // As Strapi: `page` without `pageSize` is pages of one item.
    const size = cap(pageSize ?? 1)
    return { start: Math.max(((page ?? 1) - 1) * size, 0), limit: size, unlimited: false }
  }
  const unlimited = limit === NO_LIMIT
  return { start: Math.max(start ?? 0, 0), limit: unlimited ? limits.maxLimit : cap(limit ?? limits.defaultLimit), unlimited }
}

/** Strapi's filter operators by their GraphQL names; `and`/`or`/`not` also combine whole conditions. */
const OPERATOR = (name: string): string => `$${name}`

/**
 * `filters` as the REST compiler reads them: GraphQL writes `{ title: { eq: "x" }, and: [...] }`
 * where REST writes `filters[title][$eq]=x`. An empty condition (`filters: {}`, which front
 * ends send by default) filters nothing; a null operand is no condition, as an absent one.
 */
export function compileGraphqlFilters (registry: Registry, model: Model, raw: unknown): Filter | null {
  const condition = modelCondition(registry, model, raw)
  return condition === undefined ? null : compileFilters(registry, model, condition, ['filters'])
}

function modelCondition (registry: Registry, model: Model, raw: unknown): Record<string, unknown> | undefined {
  if (!isRecord(raw)) return undefined
  const condition: Record<string, unknown> = {}
  for (const [key, value] of Object.entries(raw)) {
    if (value === null || value === undefined) continue
    let converted: unknown
    if (key === 'and' || key === 'or') converted = conditions(value, item => modelCondition(registry, model, item))
    else if (key === 'not') converted = modelCondition(registry, model, value)
    else {
      const attribute = model.attributes.get(key)
      // Names the schema does not have cannot pass validation; kept, the REST compiler names them.
      if (attribute === undefined) converted = value
      else if (attribute.kind === 'scalar') converted = scalarCondition(value)
      else if (attribute.kind === 'relation' || attribute.kind === 'media') converted = modelCondition(registry, registry.model(attribute.target), value)
      else if (attribute.kind === 'component') converted = modelCondition(registry, registry.model(attribute.component), value)
      else converted = value
    }
    if (converted !== undefined) condition[key === 'and' || key === 'or' || key === 'not' ? OPERATOR(key) : key] = converted
  }
  return Object.keys(condition).length === 0 ? undefined : condition
}

/** The operators of one scalar attribute: `and`/`or` hold values, `not` another set of operators. */
function scalarCondition (raw: unknown): Record<string, unknown> | undefined {
  if (!isRecord(raw)) return undefined
  const condition: Record<string, unknown> = {}
  for (const [operator, value] of Object.entries(raw)) {
    if (value === null || value === undefined) continue
    const converted = operator === 'not' ? scalarCondition(value) : Array.isArray(value) && value.length === 0 ? undefined : value
    if (converted !== undefined) condition[OPERATOR(operator)] = converted
  }
  return Object.keys(condition).length === 0 ? undefined : condition
}

function conditions (raw: unknown, each: (item: unknown) => Record<string, unknown> | undefined): unknown[] | undefined {
  const items = (Array.isArray(raw) ? raw : [raw]).map(each).filter(item => item !== undefined)
  return items.length === 0 ? undefined : items
}

/** `sort: ["title:desc", "author.name"]`, as REST's `sort` list. */
export function compileGraphqlSort (registry: Registry, model: Model, raw: unknown): SortTerm[] {
  const terms = Array.isArray(raw) ? raw.filter((term): term is string => typeof term === 'string') : []
  return terms.length === 0 ? [] : compileSort(registry, model, terms, ['sort'])
}

/** A list's `locale`: the default one when absent, every locale for `all`, else a configured one. */
export function compileGraphqlLocale (registry: Registry, raw: unknown): string | null {
  const settings = registry.i18n
  if (settings === null) return null
  if (raw === undefined || raw === null) return settings.defaultLocale
  if (raw === ALL_LOCALES) return null
  if (isConfiguredLocale(settings, raw)) return raw
  throw invalidValue(['locale'], unknownLocaleProblem(settings))
}

/** A single type's `locale`: the default one when absent, else a configured one; null when it is not localized. */
export function compileGraphqlSingleLocale (registry: Registry, localized: boolean, raw: unknown): string | null {
  const settings = registry.i18n
  if (!localized || settings === null) return null
  if (raw === undefined || raw === null) return settings.defaultLocale
  if (isConfiguredLocale(settings, raw)) return raw
  throw invalidValue(['locale'], unknownLocaleProblem(settings))
}
