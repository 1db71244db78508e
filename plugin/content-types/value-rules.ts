/**
 * What a scalar value of a write body must be, per family of types: the rules the attribute
 * table (`attributes.ts`) hands each type. Parsing of numbers, dates and times is shared
 * with the query side (`coerce.ts`); the rules only a write has (lengths, regex, email,
 * enum, uid, min/max, JSON depth) live here.
 */
import { coerceBigInteger, coerceDateTime, coerceWith } from './coerce.js'
import type { Coercion, TextParser } from './coerce.js'
import type { ScalarAttribute } from './model.js'
import { unstorableTextProblem } from './storable-text.js'

/** The value to store (text, number, boolean, Date or any JSON value), or the problem with it. */
export type ValueCheck =
  | { ok: true, value: unknown }
  | { ok: false, problem: string }

/** Checks a value that is not null (null is a clear, decided before the type is asked). */
export type ValueRule = (attribute: ScalarAttribute, raw: unknown) => ValueCheck

/** A rule one text type adds to the shared ones: the problem with `text`, or null. */
export type TextRule = (attribute: ScalarAttribute, text: string) => string | null

// Deeper JSON would overflow the stack of JSON.stringify and of PostgreSQL's jsonb parser.
const JSON_MAX_DEPTH = 200

function fail (problem: string): ValueCheck {
  return { ok: false, problem }
}

/** The parsed text form is what the column takes (boolean, date, time). */
export function parsedValue (parse: TextParser): ValueRule {
  return (_attribute, raw) => coerceWith(parse, raw)
}

/** A number held to the attribute's `min` and `max`. */
export function boundedNumber (parse: TextParser): ValueRule {
  return (attribute, raw) => checkBounds(attribute, coerceWith(parse, raw))
}

export const bigIntegerValue: ValueRule = (attribute, raw) => {
  if (typeof raw === 'number' && !Number.isSafeInteger(raw)) {
    return fail('must be sent as a string when it is not a safe integer (beyond 2^53)')
  }
  return checkBounds(attribute, coerceWith(coerceBigInteger, raw))
}

/** A date-time, normalised to UTC, as the Date the column is written from. */
export const instantValue: ValueRule = (_attribute, raw) => {
  const coerced = coerceWith(coerceDateTime, raw)
  return coerced.ok ? { ok: true, value: new Date(coerced.value as string) } : coerced
}

/**
 * A string within its lengths (the declared ones, and `maxChars` of a varchar column) and
 * the declared regex; `rule` is what the type itself asks (an email shape, an enum value).
 */
export function textValue (options: { maxChars?: number, rule?: TextRule } = {}): ValueRule {
  const { maxChars = Infinity, rule } = options
  return (attribute, raw) => {
    if (typeof raw !== 'string') return fail('must be a string')
    const problem = unstorableTextProblem(raw)
    if (problem !== null) return fail(problem)
    // PostgreSQL counts characters (code points), not UTF-16 units.
    const length = [...raw].length
    const max = Math.min(attribute.maxLength ?? Infinity, maxChars)
    if (length > max) return fail(`must be at most ${max} characters`)
    if (attribute.minLength !== undefined && length < attribute.minLength) return fail(`must be at least ${attribute.minLength} characters`)
    const typeProblem = rule?.(attribute, raw) ?? null
    if (typeProblem !== null) return fail(typeProblem)
    // As in Strapi, an empty optional text is not held to the regex.
    if (attribute.regex !== undefined && (raw !== '' || attribute.required) && !new RegExp(attribute.regex).test(raw)) {
      return fail(`must match the following: "${attribute.regex}"`)
    }
    return { ok: true, value: raw }
  }
}

/** A text that must match `pattern`, or be refused with `problem`. */
export function patternRule (pattern: RegExp, problem: string): TextRule {
  return (_attribute, text) => pattern.test(text) ? null : problem
}

export const enumRule: TextRule = (attribute, text) =>
  (attribute.enum ?? []).includes(text) ? null : `must be one of the following values: ${(attribute.enum ?? []).join(', ')}`

export const jsonValue: ValueRule = (_attribute, raw) => checkJson(raw)

export const arrayValue: ValueRule = (_attribute, raw) => Array.isArray(raw) ? checkJson(raw) : fail('must be an array')

/** Strapi's rich text blocks: a list of nodes, each an object naming its `type`. */
export const blocksValue: ValueRule = (_attribute, raw) => {
  if (!Array.isArray(raw)) return fail('must be an array of blocks')
  const bad = raw.findIndex(block => block === null || typeof block !== 'object' || Array.isArray(block) || typeof (block as { type?: unknown }).type !== 'string')
  if (bad !== -1) return fail(`block ${bad} must be an object with a string "type"`)
  return checkJson(raw)
}

function checkJson (raw: unknown): ValueCheck {
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

function checkBounds (attribute: ScalarAttribute, coerced: Coercion): ValueCheck {
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
