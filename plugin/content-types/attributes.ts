/**
 * The one table of scalar attribute types: how each is stored (ORM type and column), how
 * PostgreSQL renders it into the JSON answer (docs/decisions.md, 'Reads'), which group of `fields`
 * it belongs to, how its values are read and checked, and its schemas and TypeScript types.
 * Everything that depends on an attribute's type reads it here; a type added without every
 * column filled does not compile.
 */
import { Type, type TSchema } from '@sinclair/typebox'
import {
  coerceBigInteger, coerceBoolean, coerceDate, coerceDateTime, coerceDecimal, coerceFloat, coerceInteger,
  coerceText, coerceTime, coerceWith, incomparable
} from './coerce.js'
import type { Coercion, TextParser } from './coerce.js'
import type { ScalarType } from './definition.js'
import { EMAIL_PATTERN } from './email.js'
import type { ScalarAttribute } from './model.js'
import {
  arrayInput, bigIntegerInput, blocksInput, booleanInput, dateInput, dateTimeInput, enumerationInput, integerInput,
  jsonInput, numberInput, textInput, timeInput
} from './scalar-schemas.js'
import type { InputSchema } from './scalar-schemas.js'
import {
  arrayValue, bigIntegerValue, blocksValue, boundedNumber, enumRule, instantValue, jsonValue, parsedValue, patternRule, textValue
} from './value-rules.js'
import type { ValueCheck, ValueRule } from './value-rules.js'

export type ScalarGroup = 'string' | 'date' | 'number' | 'generic'

export interface ScalarTypeInfo {
  group: ScalarGroup
  /** MikroORM property type name. */
  ormType: string
  /** PostgreSQL column type. */
  columnType: string
  /** SQL expression rendering the column as its JSON value; `column` is a quoted reference. */
  toJson: (column: string) => string
  /** Case-insensitive and substring operators make sense for it. */
  textual: boolean
  /** Ordered comparisons ($lt, $between, …) make sense for it. */
  ordered: boolean
  /** A filter can compare it with one value ($eq, $in, …): JSON has no one text form to compare. */
  comparable: boolean
  sortable: boolean
  /** Its declaration may bound the length (`minLength`/`maxLength`); numbers take `min`/`max`. */
  takesLength: boolean
  /** A text a `uid` may be generated from (its `targetField`). */
  slugSource: boolean
  /** Its values are the declared `enum` list (its TypeScript type their union). */
  enumerated: boolean
  /** A Strapi custom field may store its value as this type. */
  customFieldStorage: boolean
  /** A value's text (a filter value, a write's number or date) → the typed value. */
  parse: TextParser
  /** A write body's value (not null) → what the column stores, or the problem with it. */
  check: ValueRule
  /** JSON Schema of a write body's value. */
  inputSchema: InputSchema
  /** JSON Schema of the value in an answer. */
  outputSchema: () => TSchema
  /** Generated TypeScript: the value in an answer, and in a write body where it accepts more. */
  outputType: string
  inputType?: string
  /** Generated doc comments: what a client cannot guess from the type (an input note overrides the output one). */
  outputNote?: string
  inputNote?: string
}

/** Characters a uid may hold (Strapi's default uid rule). */
const UID_PATTERN = /^[A-Za-z0-9-_.~]*$/

/** The column of string, email, password, uid and enumeration values is varchar(255). */
const VARCHAR_CHARS = 255

const asIs = (column: string): string => column
const isoUtc = (column: string): string =>
  `to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`

const textFamily = {
  group: 'string', ormType: 'string', columnType: 'varchar(255)', toJson: asIs, textual: true, ordered: true,
  comparable: true, sortable: true, takesLength: true, slugSource: true, enumerated: false, customFieldStorage: true,
  parse: coerceText, check: textValue({ maxChars: VARCHAR_CHARS }), inputSchema: textInput({ maxChars: VARCHAR_CHARS }),
  outputSchema: () => Type.String(), outputType: 'string'
} as const satisfies ScalarTypeInfo

const longText = { ...textFamily, ormType: 'text', columnType: 'text', check: textValue(), inputSchema: textInput() } satisfies ScalarTypeInfo

/** A varchar text held to a pattern of its type (an email shape, uid characters). */
function patternedText (pattern: RegExp, problem: string): Pick<ScalarTypeInfo, 'check' | 'inputSchema'> {
  return {
    check: textValue({ maxChars: VARCHAR_CHARS, rule: patternRule(pattern, problem) }),
    inputSchema: textInput({ maxChars: VARCHAR_CHARS, pattern })
  }
}

const calendar = {
  group: 'date', textual: false, ordered: true, comparable: true, sortable: true, takesLength: false, slugSource: false, enumerated: false,
  customFieldStorage: true
} as const

const dateTime = {
  ...calendar, ormType: 'datetime', columnType: 'timestamptz(3)', toJson: isoUtc,
  parse: coerceDateTime, check: instantValue, inputSchema: dateTimeInput,
  outputSchema: () => Type.String({ format: 'date-time' }), outputType: 'string', outputNote: 'ISO 8601 in UTC with milliseconds', inputNote: 'ISO 8601'
} as const satisfies ScalarTypeInfo

const numberFamily = {
  group: 'number', toJson: asIs, textual: false, ordered: true,
  comparable: true, sortable: true, takesLength: false, slugSource: false, enumerated: false, customFieldStorage: true,
  outputSchema: () => Type.Number(), outputType: 'number', inputType: 'number | string'
} as const

const jsonFamily = {
  group: 'generic', ormType: 'json', columnType: 'jsonb', toJson: asIs, textual: false, ordered: false,
  comparable: false, takesLength: false, slugSource: false, enumerated: false, customFieldStorage: true
} as const

export const SCALAR_TYPE_INFO: Readonly<Record<ScalarType, ScalarTypeInfo>> = {
  string: textFamily,
  text: longText,
  richtext: { ...longText, slugSource: false },
  enumeration: {
    ...textFamily, takesLength: false, enumerated: true,
    check: textValue({ maxChars: VARCHAR_CHARS, rule: enumRule }), inputSchema: enumerationInput
  },
  email: {
    ...textFamily, ...patternedText(EMAIL_PATTERN, 'must be a valid email'), outputSchema: () => Type.String({ format: 'email' })
  },
  password: { ...textFamily, slugSource: false },
  uid: { ...textFamily, ...patternedText(UID_PATTERN, `must match the pattern ${UID_PATTERN.source}`) },
  date: {
    ...calendar, ormType: 'date', columnType: 'date', toJson: column => `to_char(${column}, 'YYYY-MM-DD')`,
    parse: coerceDate, check: parsedValue(coerceDate), inputSchema: dateInput,
    outputSchema: () => Type.String({ format: 'date' }), outputType: 'string', outputNote: 'YYYY-MM-DD'
  },
  time: {
    ...calendar, ormType: 'time', columnType: 'time(3)', toJson: column => `to_char(${column}, 'HH24:MI:SS')`,
    parse: coerceTime, check: parsedValue(coerceTime), inputSchema: timeInput,
    outputSchema: () => Type.String({ pattern: '^\\d{2}:\\d{2}:\\d{2}$' }), outputType: 'string', outputNote: 'HH:mm:ss', inputNote: 'HH:mm, HH:mm:ss or HH:mm:ss.SSS'
  },
  datetime: dateTime,
  timestamp: dateTime,
  integer: {
    ...numberFamily, ormType: 'integer', columnType: 'int', parse: coerceInteger, check: boundedNumber(coerceInteger),
    inputSchema: integerInput, outputSchema: () => Type.Integer()
  },
  // JavaScript numbers lose integers past 2^53: bigints travel as strings.
  biginteger: {
    ...numberFamily, ormType: 'bigint', columnType: 'bigint', toJson: column => `${column}::text`,
    parse: coerceBigInteger, check: bigIntegerValue, inputSchema: bigIntegerInput,
    outputSchema: () => Type.String({ pattern: '^-?\\d+$', description: 'A 64-bit integer, as a string so no digit is lost' }),
    outputType: 'string', inputType: 'string | number',
    outputNote: 'A 64-bit integer, as a string so no digit is lost', inputNote: 'A 64-bit integer: send values beyond 2^53 as strings'
  },
  float: { ...numberFamily, ormType: 'double', columnType: 'double precision', parse: coerceFloat, check: boundedNumber(coerceFloat), inputSchema: numberInput },
  // numeric without precision keeps exactly what was written (docs/decisions.md, 'Reads': Strapi rounds).
  decimal: {
    ...numberFamily, ormType: 'decimal', columnType: 'numeric', parse: coerceDecimal, check: boundedNumber(coerceDecimal),
    inputSchema: numberInput, outputNote: 'Exact as stored'
  },
  boolean: {
    group: 'generic', ormType: 'boolean', columnType: 'boolean', toJson: asIs, textual: false, ordered: false,
    comparable: true, sortable: true, takesLength: false, slugSource: false, enumerated: false, customFieldStorage: true,
    parse: coerceBoolean, check: parsedValue(coerceBoolean), inputSchema: booleanInput, outputSchema: () => Type.Boolean(), outputType: 'boolean'
  },
  json: {
    ...jsonFamily, sortable: false, parse: incomparable('json'), check: jsonValue, inputSchema: jsonInput,
    outputSchema: () => Type.Unknown(), outputType: 'unknown'
  },
  array: {
    // Strapi's legacy list type: no custom field registers as it.
    ...jsonFamily, sortable: false, customFieldStorage: false, parse: incomparable('array'), check: arrayValue, inputSchema: arrayInput,
    outputSchema: () => Type.Array(Type.Unknown()), outputType: 'unknown[]'
  },
  // Strapi 4.15+ rich text blocks: a JSON array of block nodes, read and stored like json.
  blocks: {
    ...jsonFamily, sortable: true, parse: incomparable('blocks'), check: blocksValue, inputSchema: blocksInput,
    // Stored values are checked on write, but rows may come from elsewhere: typed loosely, as json.
    outputSchema: () => Type.Unknown({ description: 'Rich text blocks: an array of block nodes, each with a string "type"' }),
    outputType: 'Array<{ type: string, [key: string]: unknown }>',
    outputNote: 'Rich text blocks: an array of block nodes, each with a string `type`'
  }
}

export function isScalarType (type: string): type is ScalarType {
  return Object.hasOwn(SCALAR_TYPE_INFO, type)
}

/** A value from outside (a filter value, mostly text) as a typed value of the type, or the problem with it. */
export function coerceScalar (type: ScalarType, raw: unknown): Coercion {
  return coerceWith(SCALAR_TYPE_INFO[type].parse, raw)
}

/** A write body's value as its column stores it; null clears. */
export function checkScalarValue (attribute: ScalarAttribute, raw: unknown): ValueCheck {
  return raw === null ? { ok: true, value: null } : SCALAR_TYPE_INFO[attribute.type].check(attribute, raw)
}
