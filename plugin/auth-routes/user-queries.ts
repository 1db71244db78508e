/**
 * The query strings of the users routes → QueryTrees, through the content API's own
 * compilers and access pruning, so `fields`, `populate`, `filters`, `sort` and `_q` mean
 * what they mean on content lists. Strapi reads users through its entity service, which
 * also takes `start`/`limit` (and `page`/`pageSize`) at the top level: accepted here beside
 * `pagination[...]`.
 */
import type { FastifyRequest } from 'fastify'
import { pruneListQuery, pruneSelection } from '../access/prune.js'
import type { PluginModel } from '../content-types/model.js'
import type { Registry } from '../content-types/registry.js'
import type { ResolvedOptions } from '../options.js'
import { BoundedCache } from '../query/bounded-cache.js'
import { compileEntryQuery, compileListQuery } from '../query/compile-query.js'
import type { Leniency } from '../query/leniency.js'
import { checkPopulateBudget } from '../query/populate-budget.js'
import type { EntryQuery, QueryTree } from '../query/tree.js'
import { IgnoredKeyLog } from '../routes/ignored-key-log.js'
import { rawQueryString, requestQuery } from '../routes/request-query.js'
import type { Caller } from '../auth/caller.js'

export interface UserQueries {
  /** `GET /users`: a bare array has no total, so none is counted. */
  list: (request: FastifyRequest, caller: Caller) => QueryTree
  /** `GET /users/count`: the list's filters (and `_q`), no rows. */
  count: (request: FastifyRequest, caller: Caller) => QueryTree
  entry: (request: FastifyRequest, caller: Caller) => EntryQuery
  /** What an update answers, as Strapi's does: the user with its role (when the caller may see roles). */
  written: (caller: Caller) => EntryQuery
}

const TOP_LEVEL_PAGINATION = ['start', 'limit', 'page', 'pageSize'] as const

/** `?start=10&limit=5` read as `pagination[start]=10&pagination[limit]=5`; page and offset keys together are a 400, as on content lists. */
function withTopLevelPagination (raw: Record<string, unknown>): Record<string, unknown> {
  const given = TOP_LEVEL_PAGINATION.filter(key => raw[key] !== undefined)
  if (given.length === 0) return raw
  const nested = typeof raw.pagination === 'object' && raw.pagination !== null ? raw.pagination as Record<string, unknown> : {}
  return { ...raw, pagination: { ...nested, ...Object.fromEntries(given.map(key => [key, raw[key]])) } }
}

/**
 * What `/users/count` counts: `filters[...]`, and, as Strapi's count takes its query as the
 * `where` of the users (`/users/count?confirmed=true`), top-level keys naming attributes.
 */
function countFilters (model: PluginModel, raw: Record<string, unknown>): unknown {
  const where = Object.fromEntries(Object.entries(raw).filter(([key]) => key !== 'id' && model.attributes.has(key)))
  if (Object.keys(where).length === 0) return raw.filters
  return raw.filters === undefined ? where : { $and: [raw.filters, where] }
}

/** Parsed and pruned queries, per grant set and query string, as the content handlers keep them. */
const QUERY_CACHE_BOUNDS = { maxEntries: 200, maxBytes: 2 * 1024 * 1024 }

export function userQueries (registry: Registry, model: PluginModel, options: ResolvedOptions): UserQueries {
  const lists = new BoundedCache<QueryTree>(QUERY_CACHE_BOUNDS)
  const entries = new BoundedCache<EntryQuery>(QUERY_CACHE_BOUNDS)
  const ignoredKeys = new IgnoredKeyLog()
  const leniency = (request: FastifyRequest): Leniency => ({
    strict: options.strict,
    ignored: (key) => { ignoredKeys.warn(request.log, key) }
  })
  // A bare array has no meta to announce a page: without pagination, the largest page (as the media list).
  const pageSizes = { maxPageSize: options.pagination.maxPageSize, defaultPageSize: options.pagination.maxPageSize }
  const listQuery = (request: FastifyRequest, caller: Caller): QueryTree => {
    const raw = withTopLevelPagination(requestQuery(request))
    const parsed = compileListQuery(registry, model, raw, { ...pageSizes, leniency: leniency(request) })
    const estimatedRows = checkPopulateBudget({ registry, model, query: parsed }, options.limits)
    return { ...pruneListQuery({ registry, ability: caller.ability }, model, parsed), estimatedRows }
  }
  const written = new BoundedCache<EntryQuery>(QUERY_CACHE_BOUNDS)
  return {
    list: (request, caller) => lists.get(`${caller.ability.key}|l|${rawQueryString(request)}`, () => {
      const tree = listQuery(request, caller)
      return { ...tree, pagination: { ...tree.pagination, withCount: false } }
    }),
    count: (request, caller) => lists.get(`${caller.ability.key}|c|${rawQueryString(request)}`, () => {
      const raw = requestQuery(request)
      const parsed = compileListQuery(registry, model, { filters: countFilters(model, raw), _q: raw._q }, pageSizes)
      return { ...pruneListQuery({ registry, ability: caller.ability }, model, parsed), pagination: { mode: 'offset', start: 0, limit: 0, withCount: true } }
    }),
    written: (caller) => written.get(caller.ability.key, () =>
      pruneSelection({ registry, ability: caller.ability }, model, compileEntryQuery(registry, model, { populate: ['role'] }))),
    entry: (request, caller) => entries.get(`${caller.ability.key}|${rawQueryString(request)}`, () => {
      const compiled = compileEntryQuery(registry, model, requestQuery(request), leniency(request))
      const estimatedRows = checkPopulateBudget({ registry, model, query: compiled }, options.limits)
      return { ...pruneSelection({ registry, ability: caller.ability }, model, compiled), estimatedRows }
    })
  }
}
