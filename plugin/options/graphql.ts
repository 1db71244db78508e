/**
 * The `graphql` option (docs/graphql.md): Strapi v4's GraphQL API beside the REST one, its
 * endpoint and its limits; checked with the other options. Off unless given: Strapi serves
 * GraphQL only with its plugin installed, and an endpoint nobody asked for is one more door.
 */
import { isRecord } from '../is-record.js'

export interface GraphqlOptions {
  /** Where the endpoint is served, outside the REST prefix as in Strapi. Default `/graphql`. */
  endpoint?: string
  /** Items of a list when `pagination` does not say, at the root and in nested lists alike. Default 10 (Strapi's). */
  defaultLimit?: number
  /** The most items one list may answer, at any depth; `limit: -1` asks for this many. Default: `pagination.maxPageSize`. */
  maxLimit?: number
  /** Selection sets nested in each other, counted on the query text before anything runs. Default 20. */
  depthLimit?: number
  /** GraphiQL at `<endpoint>/graphiql`, and `GET <endpoint>` from a browser sent there. Default false. */
  landingPage?: boolean
  /** `__schema` and `__type` answered. Default: on unless `NODE_ENV` is `production` (as Strapi's Apollo Server). */
  introspection?: boolean
  /**
   * Automatic persisted queries (Apollo's protocol, on by default in Strapi's Apollo Server):
   * a client sends a query's SHA-256 and, when unknown, the query once. Default true.
   */
  persistedQueries?: boolean
}

export interface ResolvedGraphqlOptions {
  endpoint: string
  defaultLimit: number
  maxLimit: number
  depthLimit: number
  landingPage: boolean
  introspection: boolean
  persistedQueries: boolean
}

/**
 * A page builder's query (page → zone → repeatable card → link → page → its cover's
 * attributes) is 14 selection sets deep; each populated level costs three (`x { data {
 * attributes {`). 20 leaves room for a level more, and the populate budget bounds the rest.
 */
export const DEFAULT_DEPTH_LIMIT = 20

/** Strapi's nested and root lists give 10 items when not told otherwise. */
export const DEFAULT_LIMIT = 10

const KEYS = ['endpoint', 'defaultLimit', 'maxLimit', 'depthLimit', 'landingPage', 'introspection', 'persistedQueries'] as const

type Resolution = { ok: true, value: ResolvedGraphqlOptions | null } | { ok: false, problem: string }

/** `maxPageSize`: the REST maximum, the default of `maxLimit`. */
export function resolveGraphqlOptions (raw: unknown, maxPageSize: number, env: NodeJS.ProcessEnv = process.env): Resolution {
  if (raw === undefined || raw === false) return { ok: true, value: null }
  const given = raw === true ? {} : raw
  if (!isRecord(given)) return { ok: false, problem: 'graphql must be false, true or { endpoint, defaultLimit, maxLimit, depthLimit, landingPage, introspection, persistedQueries }' }
  for (const key of Object.keys(given)) {
    if (!(KEYS as readonly string[]).includes(key)) return { ok: false, problem: `graphql.${key} is not an option (known: ${KEYS.join(', ')})` }
  }
  const endpoint = given.endpoint ?? '/graphql'
  if (typeof endpoint !== 'string' || !/^\/[A-Za-z0-9/_-]*[A-Za-z0-9_-]$/.test(endpoint)) {
    return { ok: false, problem: `graphql.endpoint must look like /graphql, got ${JSON.stringify(endpoint)}` }
  }
  const numbers: Record<'defaultLimit' | 'maxLimit' | 'depthLimit', number> = {
    defaultLimit: DEFAULT_LIMIT, maxLimit: maxPageSize, depthLimit: DEFAULT_DEPTH_LIMIT
  }
  for (const key of ['defaultLimit', 'maxLimit', 'depthLimit'] as const) {
    const value = given[key]
    if (value === undefined) continue
    if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < 1) {
      return { ok: false, problem: `graphql.${key} must be a positive integer, got ${JSON.stringify(value)}` }
    }
    numbers[key] = value
  }
  if (numbers.defaultLimit > numbers.maxLimit) return { ok: false, problem: 'graphql.defaultLimit cannot exceed graphql.maxLimit' }
  for (const key of ['landingPage', 'introspection', 'persistedQueries'] as const) {
    if (given[key] !== undefined && typeof given[key] !== 'boolean') return { ok: false, problem: `graphql.${key} must be a boolean` }
  }
  return {
    ok: true,
    value: {
      endpoint,
      ...numbers,
      landingPage: given.landingPage === true,
      persistedQueries: given.persistedQueries !== false,
      introspection: typeof given.introspection === 'boolean' ? given.introspection : env.NODE_ENV !== 'production'
    }
  }
}
