/**
 * How a value from outside (a query string, mostly text) becomes a typed value of a
 * scalar attribute: the parsers the attribute table (`attributes.ts`) hands each type.
 * Answers a result instead of throwing, so each caller names the offending key in its own error.
 */
import { unstorableTextProblem } from './storable-text.js'
import { INT4_MAX, INT4_MIN } from './row-ids.js'

export type CoercedValue = string | number | boolean

export type Coercion =
  | { ok: true, value: CoercedValue }
  | { ok: false, problem: string }

/** One type's reading of a value's text. */
export type TextParser = (text: string) => Coercion

const INT64_MIN = -(2n ** 63n)
const INT64_MAX = 2n ** 63n - 1n
/** Bounds the digits a decimal exponent may add (`1e999999` must not build a huge string). */
const DECIMAL_MAX_EXPONENT = 1000

const INTEGER_TEXT = /^[+-]?\d+$/
const FLOAT_TEXT = /^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/
const DECIMAL_TEXT = /^([+-]?)(\d*)(?:\.(\d*))?(?:[eE]([+-]?\d+))?$/
const DATE_TEXT = /^(\d{4})-(\d{2})-(\d{2})$/
const TIME_TEXT = /^(\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,3}))?)?$/
const DATETIME_TEXT = /^(\d{4}-\d{2}-\d{2})(?:[T ](\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?)(Z|[+-]\d{2}:?\d{2})?)?$/i

const TRUE_TEXTS = new Set(['true', 't', '1'])
const FALSE_TEXTS = new Set(['false', 'f', '0'])

/** `true/t/1` and `false/f/0` (any case); anything else undefined. */
export function parseBoolean (raw: unknown): boolean | undefined {
  if (typeof raw === 'boolean') return raw
  if (typeof raw === 'number') return raw === 1 ? true : raw === 0 ? false : undefined
  if (typeof raw !== 'string') return undefined
  const text = raw.toLowerCase()
  if (TRUE_TEXTS.has(text)) return true
  if (FALSE_TEXTS.has(text)) return false
  return undefined
}

/** A single value read by `parse`: any other shape, and text PostgreSQL cannot take, fail first. */
export function coerceWith (parse: TextParser, raw: unknown): Coercion {
  const text = asText(raw)
  if (text === null) return fail('must be a single value')
  // Checked before any type: a filter value reaches SQL as a parameter, which PostgreSQL refuses.
  const unstorable = unstorableTextProblem(text)
  if (unstorable !== null) return fail(unstorable)
  return parse(text)
}

export const coerceText: TextParser = text => ok(text)

export const coerceBoolean: TextParser = text => {
  const value = parseBoolean(text)
  return value === undefined ? fail('must be true or false') : ok(value)
}

export const coerceDate: TextParser = text => isCalendarDate(text) ? ok(text) : fail('must be a date (YYYY-MM-DD)')

/** JSON values have no one text form to compare with. */
export function incomparable (type: string): TextParser {
  return () => fail(`${type} values cannot be compared`)
}

function ok (value: CoercedValue): Coercion { return { ok: true, value } }
function fail (problem: string): Coercion { return { ok: false, problem } }

function asText (raw: unknown): string | null {
  if (typeof raw === 'string') return raw
  if (typeof raw === 'number' && Number.isFinite(raw)) return String(raw)
  if (typeof raw === 'boolean' || typeof raw === 'bigint') return String(raw)
  return null
}

export function coerceInteger (text: string): Coercion {
  if (!INTEGER_TEXT.test(text)) return fail('must be an integer')
  const value = Number(text)
  if (value < INT4_MIN || value > INT4_MAX) return fail('is out of range for an integer')
  return ok(value === 0 ? 0 : value)
}

export function coerceBigInteger (text: string): Coercion {
  if (!INTEGER_TEXT.test(text)) return fail('must be an integer')
  const value = BigInt(text)
  if (value < INT64_MIN || value > INT64_MAX) return fail('is out of range for a big integer')
  return ok(value.toString())
}

export function coerceFloat (text: string): Coercion {
  if (!FLOAT_TEXT.test(text)) return fail('must be a number')
  const value = Number(text)
  if (!Number.isFinite(value)) return fail('is out of range for a number')
  return ok(value === 0 ? 0 : value)
}

/** Exact: digits are moved, never through a float, into plain `-123.45` form. */
export function coerceDecimal (text: string): Coercion {
  const match = DECIMAL_TEXT.exec(text)
  if (match === null) return fail('must be a number')
  const [, sign = '', whole = '', fraction = '', exponentText] = match
  if (whole === '' && fraction === '') return fail('must be a number')
  const exponent = exponentText === undefined ? 0 : Number(exponentText)
  if (Math.abs(exponent) > DECIMAL_MAX_EXPONENT) return fail('is out of range for a decimal')
  let digits = whole + fraction
  let point = whole.length + exponent
  if (point < 0) {
    digits = '0'.repeat(-point) + digits
    point = 0
  }
  if (point > digits.length) digits += '0'.repeat(point - digits.length)
  const integerPart = digits.slice(0, point).replace(/^0+/, '') || '0'
  const fractionPart = digits.slice(point).replace(/0+$/, '')
  const body = fractionPart === '' ? integerPart : `${integerPart}.${fractionPart}`
  return ok(sign === '-' && body !== '0' ? `-${body}` : body)
}

function isCalendarDate (text: string): boolean {
  const match = DATE_TEXT.exec(text)
  if (match === null) return false
  const [year, month, day] = match.slice(1).map(Number) as [number, number, number]
  // PostgreSQL has no year 0.
  return year >= 1 && month >= 1 && month <= 12 && day >= 1 && day <= daysInMonth(year, month)
}

function daysInMonth (year: number, month: number): number {
  // Day 0 of the next month is the last day of this one (setUTCFullYear, unlike Date.UTC,
  // keeps years below 100 as written).
  const date = new Date(0)
  date.setUTCFullYear(year, month, 0)
  return date.getUTCDate()
}

export function coerceTime (text: string): Coercion {
  const match = TIME_TEXT.exec(text)
  if (match === null) return fail('must be a time (HH:mm[:ss[.SSS]])')
  const [, hours = '', minutes = '', seconds = '00', millis = ''] = match
  if (Number(hours) > 23 || Number(minutes) > 59 || Number(seconds) > 59) return fail('must be a time (HH:mm[:ss[.SSS]])')
  return ok(`${hours}:${minutes}:${seconds}.${millis.padEnd(3, '0')}`)
}

/**
 * ISO 8601 only (Date.parse alone accepts `1`, `March 7` and reads zone-less times in the
 * server's zone); a time without a zone is UTC. Answers `YYYY-MM-DDTHH:mm:ss.SSSZ`.
 */
export function coerceDateTime (text: string): Coercion {
  const match = DATETIME_TEXT.exec(text)
  const problem = 'must be an ISO 8601 date-time'
  if (match === null) return fail(problem)
  const [, date = '', time = '00:00', zone = 'Z'] = match
  if (!isCalendarDate(date)) return fail(problem)
  const [clock = '', fraction = ''] = time.split('.')
  const [hours = 0, minutes = 0, seconds = 0] = clock.split(':').map(Number)
  if (hours > 23 || minutes > 59 || seconds > 59) return fail(problem)
  const offset = zone.toUpperCase() === 'Z' ? 'Z' : `${zone.slice(0, 3)}:${zone.slice(-2)}`
  if (offset !== 'Z' && (Number(zone.slice(1, 3)) > 23 || Number(zone.slice(-2)) > 59)) return fail(problem)
  const normalised = `${date}T${pad(hours)}:${pad(minutes)}:${pad(seconds)}.${fraction.slice(0, 3).padEnd(3, '0')}${offset}`
  const milliseconds = Date.parse(normalised)
  if (Number.isNaN(milliseconds)) return fail(problem)
  return ok(new Date(milliseconds).toISOString())
}

function pad (value: number): string {
  return String(value).padStart(2, '0')
}
