/**
 * The qs boundary: the raw query string becomes a plain tree of strings, arrays and
 * objects, under hard limits (docs/querying.md, 'Limits of the query string'). Also the few helpers every query compiler
 * needs to read that tree and to name a bad key in its error.
 */
import qs from 'qs'
import { ValidationError } from '../errors.js'
import { isRecord } from '../is-record.js'

export const QUERY_STRING_MAX_LENGTH = 16 * 1024

const QS_OPTIONS = {
  // Each populate level costs two levels (`[a][populate]`): 40 leaves room for 15 levels
  // with fields and filters inside.
  depth: 40,
  strictDepth: true,
  arrayLimit: 100,
  parameterLimit: 1000,
  throwOnLimitExceeded: true,
  allowPrototypes: false,
  // Null-prototype objects: names like `constructor` reach the compilers (and are refused
  // there as unknown attributes) instead of being dropped without a word.
  plainObjects: true,
  allowDots: false,
  ignoreQueryPrefix: true
} as const

/** Where a value sits in the query, e.g. `['populate', 'author', 'fields', 0]`. */
export type KeyPath = ReadonlyArray<string | number>

/** Parses the part of the URL after `?`. Any limit exceeded is a 400. */
export function parseQueryString (raw: string): Record<string, unknown> {
  if (raw.length > QUERY_STRING_MAX_LENGTH) {
    throw new ValidationError(`Query string too long: at most ${QUERY_STRING_MAX_LENGTH} characters`)
  }
  try {
    return qs.parse(raw, QS_OPTIONS) as Record<string, unknown>
  } catch (error) {
    // qs reports every exceeded limit (depth, arrayLimit, parameterLimit) as a RangeError.
    if (error instanceof RangeError) throw new ValidationError(`Invalid query string: ${error.message}`)
    throw error
  }
}

export { isRecord } from '../is-record.js'

const INDEX = /^(0|[1-9]\d*)$/

/**
 * The items of a list as qs makes them: an array, or an object whose keys are all indices
 * (qs builds one when indices meet other keys or a raw object comes from elsewhere).
 * Anything else is not a list: null.
 */
export function listItems (value: unknown): Array<[number, unknown]> | null {
  if (Array.isArray(value)) return value.map((item: unknown, index) => [index, item])
  if (!isRecord(value)) return null
  const keys = Object.keys(value)
  if (keys.length === 0 || !keys.every(key => INDEX.test(key))) return null
  return keys.map(key => [Number(key), value[key]] as [number, unknown]).sort((a, b) => a[0] - b[0])
}

/** A record key as a path step: indices become numbers, like array positions. */
export function keyStep (key: string): string | number {
  return INDEX.test(key) ? Number(key) : key
}

/** `['populate', 'author', 'fields', 0]` → `populate[author][fields][0]`. */
export function formatKey (path: KeyPath): string {
  const [head, ...rest] = path
  return `${String(head ?? '')}${rest.map(step => `[${String(step)}]`).join('')}`
}

/**
 * The one error of the query language: `Invalid parameter <subject>`, with a reason when
 * it helps. The subject is the offending name (an attribute, an operator) or, for a bad
 * value, the key; the details path is always where it sits in the query.
 */
export function invalidParameter (path: KeyPath, subject: string, reason?: string): ValidationError {
  const message = reason === undefined ? `Invalid parameter ${subject}` : `Invalid parameter ${subject}: ${reason}`
  return ValidationError.at([...path], message)
}

/** A bad value at `path`, named by its key. */
export function invalidValue (path: KeyPath, reason: string): ValidationError {
  return invalidParameter(path, formatKey(path), reason)
}

/** Splits `a, b` lists; an empty item (`a,,b`, a blank value) is a 400. */
export function splitCommaList (value: string, path: KeyPath): string[] {
  return value.split(',').map(item => {
    const trimmed = item.trim()
    if (trimmed === '') throw invalidValue(path, 'empty name in list')
    return trimmed
  })
}
