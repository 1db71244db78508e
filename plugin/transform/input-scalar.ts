/**
 * One scalar value of a write body → the value stored in its column, or the problem with
 * it. Parsing of numbers, dates and times is shared with the query side (`coerce.ts`); the
 * rules only a write has (lengths, regex, email, enum, uid, min/max) live here.
 */
import { EMAIL_PATTERN } from '../content-types/email.js'
import { coerceScalar } from '../content-types/coerce.js'
import type { ScalarAttribute } from '../content-types/model.js'
import type { ColumnValue } from '../write-plan/plan.js'
import { unstorableTextProblem } from '../content-types/storable-text.js'

export type ScalarCheck =
  | { ok: true, value: ColumnValue }
  | { ok: false, problem: string }

/** Characters a uid may hold (Strapi's default uid rule). */
export const UID_PATTERN = /^[A-Za-z0-9-_.~]*$/

/** The column of string, email, password, uid and enumeration values is varchar(255). */
export const VARCHAR_LIMIT = 255

export const VARCHAR_TYPES: ReadonlySet<string> = new Set(['string', 'email', 'password', 'uid', 'enumeration'])
const TEXT_TYPES: ReadonlySet<string> = new Set([...VARCHAR_TYPES, 'text', 'richtext'])

/** The usual "something@host.tld" shape: strict enough to catch typos, loose enough for IDNs. */
// Deeper JSON would overflow the stack of JSON.stringify and of PostgreSQL's jsonb parser.
const JSON_MAX_DEPTH = 200

export function checkScalarValue (attribute: ScalarAttribute, raw: unknown): ScalarCheck {
  if (raw === null) return { ok: true, value: null }
  if (TEXT_TYPES.has(attribute.type)) return checkText(attribute, raw)
  switch (attribute.type) {
    case 'json': return checkJson(raw)
    case 'array': return Array.isArray(raw) ? checkJson(raw) : fail('must be an array')
    case 'blocks': return checkBlocks(raw)
    case 'biginteger':
      if (typeof raw === 'number' && !Number.isSafeInteger(raw)) {
        return fail('must be sent as a string when it is not a safe integer (beyond 2^53)')
      }
      return checkBounds(attribute, coerceScalar('biginteger', raw))
    case 'integer': case 'float': case 'decimal':
      return checkBounds(attribute, coerceScalar(attribute.type, raw))
    case 'datetime': case 'timestamp': {
      const coerced = coerceScalar(attribute.type, raw)
      return coerced.ok ? { ok: true, value: new Date(coerced.value as string) } : coerced
    }
    default:
      // boolean, date, time: the coerced text form is what the column takes.
      return coerceScalar(attribute.type, raw)
  }
}

function fail (problem: string): ScalarCheck {
  return { ok: false, problem }
}

function checkText (attribute: ScalarAttribute, raw: unknown): ScalarCheck {
  if (typeof raw !== 'string') return fail('must be a string')
  const problem = unstorableTextProblem(raw)
  if (problem !== null) return fail(problem)
  // PostgreSQL counts characters (code points), not UTF-16 units.
  const length = [...raw].length
  const declaredMax = attribute.maxLength ?? Infinity
  const max = VARCHAR_TYPES.has(attribute.type) ? Math.min(declaredMax, VARCHAR_LIMIT) : declaredMax
  if (length > max) return fail(`must be at most ${max} characters`)
  if (attribute.minLength !== undefined && length < attribute.minLength) return fail(`must be at least ${attribute.minLength} characters`)
  if (attribute.type === 'email' && !EMAIL_PATTERN.test(raw)) return fail('must be a valid email')
  if (attribute.type === 'enumeration' && !(attribute.enum ?? []).includes(raw)) {
    return fail(`must be one of the following values: ${(attribute.enum ?? []).join(', ')}`)
  }
  if (attribute.type === 'uid' && !UID_PATTERN.test(raw)) return fail(`must match the pattern ${UID_PATTERN.source}`)
  // As in Strapi, an empty optional text is not held to the regex.
  if (attribute.regex !== undefined && (raw !== '' || attribute.required) && !new RegExp(attribute.regex).test(raw)) {
    return fail(`must match the following: "${attribute.regex}"`)
  }
  return { ok: true, value: raw }
}

/** Strapi's rich text blocks: a list of nodes, each an object naming its `type`. */
function checkBlocks (raw: unknown): ScalarCheck {
  if (!Array.isArray(raw)) return fail('must be an array of blocks')
  const bad = raw.findIndex(block => block === null || typeof block !== 'object' || Array.isArray(block) || typeof (block as { type?: unknown }).type !== 'string')
  if (bad !== -1) return fail(`block ${bad} must be an object with a string "type"`)
  return checkJson(raw)
}

function checkJson (raw: unknown): ScalarCheck {
  const problem = jsonProblem(raw)
  return problem === null ? { ok: true, value: raw } : fail(problem)
}

/** Walks without recursion: a hostile body may nest far deeper than the call stack. */
function jsonProblem (root: unknown): string | null {
  const pending: Array<[unknown, number]> = [[root, 0]]
  for (let next = pending.pop(); next !== undefined; next = pending.pop()) {
    const [value, depth] = next
    if (typeof value === 'string') {
      const problem = unstorableTextProblem(value)
      if (problem !== null) return problem
    } else if (value !== null && typeof value === 'object') {
      if (depth >= JSON_MAX_DEPTH) return `must not nest deeper than ${JSON_MAX_DEPTH} levels`
      for (const [key, item] of Object.entries(value)) {
        const problem = unstorableTextProblem(key)
        if (problem !== null) return problem
        pending.push([item, depth + 1])
      }
    }
  }
  return null
}

function checkBounds (attribute: ScalarAttribute, coerced: ReturnType<typeof coerceScalar>): ScalarCheck {
  if (!coerced.ok) return coerced
  const value = coerced.value
  if (attribute.min !== undefined && compareNumbers(value, attribute.min) < 0) {
    return fail(`must be greater than or equal to ${attribute.min}`)
  }
  if (attribute.max !== undefined && compareNumbers(value, attribute.max) > 0) {
    return fail(`must be less than or equal to ${attribute.max}`)
  }
  return { ok: true, value }
}

/** Exact for integers of any size (bigint), otherwise as doubles. */
function compareNumbers (value: string | number | boolean, bound: number | string): number {
  const integer = /^[+-]?\d+$/
  if (integer.test(String(value)) && integer.test(String(bound))) {
    const difference = BigInt(String(value)) - BigInt(String(bound))
    return difference < 0n ? -1 : difference > 0n ? 1 : 0
  }
  return Math.sign(Number(value) - Number(bound))
}
