/**
 * The `apiFormat` and `alsoServe` options (docs/options.md, 'API formats'): which of Strapi's
 * REST formats the content routes at `prefix` answer, and a second mount of the same content
 * in the other format, so a front end can move from one to the other page by page.
 */
import { isRecord } from '../is-record.js'

/** Strapi v4's REST format (`{ id, attributes }`, numeric ids) or Strapi v5's (flat entries, documentIds). */
export type ApiFormat = 'v4' | 'v5'

export const API_FORMATS: readonly ApiFormat[] = ['v4', 'v5']

export interface AlsoServeOptions {
  apiFormat: ApiFormat
  /** Where the second mount's content routes are, e.g. `/api/v5`. */
  prefix: string
}

/** One set of content routes: a format at a prefix. */
export interface ContentMount {
  format: ApiFormat
  prefix: string
}

export interface ResolvedApiFormats {
  /** The routes at the `prefix` option, where the media library and the users routes are too. */
  primary: ContentMount
  /** The second mount; null when `alsoServe` is not given. */
  also: ContentMount | null
}

type Resolution = { ok: true, value: ResolvedApiFormats } | { ok: false, problem: string }

export const PREFIX_SHAPE = /^\/[A-Za-z0-9/_-]*[A-Za-z0-9_-]$/

function isApiFormat (value: unknown): value is ApiFormat {
  return API_FORMATS.includes(value as ApiFormat)
}

/**
 * `prefix` is the resolved `prefix` option. The second mount must be the other format (one
 * format twice is one API at two addresses: a proxy's job) at a prefix of its own.
 */
export function resolveApiFormats (apiFormat: unknown, alsoServe: unknown, prefix: string): Resolution {
  const format = apiFormat ?? 'v4'
  if (!isApiFormat(format)) return { ok: false, problem: `apiFormat must be 'v4' or 'v5', got ${JSON.stringify(apiFormat)}` }
  const primary: ContentMount = { format, prefix }
  if (alsoServe === undefined) return { ok: true, value: { primary, also: null } }
  if (!isRecord(alsoServe)) return { ok: false, problem: 'alsoServe must be { apiFormat, prefix }' }
  for (const key of Object.keys(alsoServe)) {
    if (key !== 'apiFormat' && key !== 'prefix') return { ok: false, problem: `alsoServe: unknown key "${key}" (expected apiFormat and prefix)` }
  }
  if (!isApiFormat(alsoServe.apiFormat)) return { ok: false, problem: `alsoServe.apiFormat must be 'v4' or 'v5', got ${JSON.stringify(alsoServe.apiFormat)}` }
  if (alsoServe.apiFormat === format) return { ok: false, problem: `alsoServe.apiFormat must be the other format than apiFormat ('${format}')` }
  const other = alsoServe.prefix
  if (typeof other !== 'string' || !PREFIX_SHAPE.test(other)) {
    return { ok: false, problem: `alsoServe.prefix must look like /api/v5, got ${JSON.stringify(other)}` }
  }
  if (other === prefix) return { ok: false, problem: `alsoServe.prefix must differ from prefix ("${prefix}")` }
  return { ok: true, value: { primary, also: { format: alsoServe.apiFormat, prefix: other } } }
}
