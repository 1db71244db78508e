/**
 * The scalars of Strapi v4's GraphQL schema and which one each attribute type is served as
 * (its plugin's scalar associations). Answers come from PostgreSQL already rendered as the
 * REST API renders them, so output passes through; input values (filter operands) are only
 * shaped here: their type's rules are the REST filters' own (query/filters.ts), applied when
 * the arguments become a QueryTree, so a bad date is refused with the same message as in REST.
 */
import { GraphQLBoolean, GraphQLFloat, GraphQLID, GraphQLInt, GraphQLScalarType, GraphQLString, Kind, valueFromASTUntyped } from 'graphql'
import type { GraphQLScalarType as ScalarType, ValueNode } from 'graphql'
import type { ScalarType as AttributeType } from '../content-types/definition.js'
import { StagedUpload } from './staged-upload.js'

const passThrough = (value: unknown): unknown => value

/** A scalar written as a string in queries and answers (dates, times, locale codes). */
function textScalar (name: string, description: string): ScalarType {
  return new GraphQLScalarType({
    name,
    description,
    serialize: passThrough,
    parseValue: (value) => {
      if (typeof value !== 'string') throw new TypeError(`${name} cannot represent a non string value: ${JSON.stringify(value)}`)
      return value
    },
    parseLiteral: (node) => {
      if (node.kind !== Kind.STRING) throw new TypeError(`${name} cannot represent a non string value`)
      return node.value
    }
  })
}

export const JSON_SCALAR = new GraphQLScalarType({
  name: 'JSON',
  description: 'The `JSON` scalar type represents JSON values as specified by [ECMA-404](http://www.ecma-international.org/publications/files/ECMA-ST/ECMA-404.pdf).',
  serialize: passThrough,
  parseValue: passThrough,
  parseLiteral: (node: ValueNode, variables?: Record<string, unknown> | null) => valueFromASTUntyped(node, variables)
})

export const DATETIME_SCALAR = textScalar('DateTime',
  'A date-time string at UTC, such as 2007-12-03T10:15:30Z, compliant with the `date-time` format outlined in section 5.6 of the RFC 3339 profile of the ISO 8601 standard for representation of dates and times using the Gregorian calendar.')

export const DATE_SCALAR = textScalar('Date',
  'A date string, such as 2007-12-03, compliant with the `full-date` format outlined in section 5.6 of the RFC 3339 profile of the ISO 8601 standard for representation of dates and times using the Gregorian calendar.')

/**
 * Strapi answers `HH:mm:ss.SSS`; the REST answer (and so the JSON PostgreSQL writes) is
 * `HH:mm:ss`, to which the milliseconds are added as zeros.
 */
export const TIME_SCALAR = new GraphQLScalarType({
  ...textScalar('Time', 'A time string with format HH:mm:ss.SSS').toConfig(),
  serialize: (value) => typeof value === 'string' && /^\d{2}:\d{2}:\d{2}$/.test(value) ? `${value}.000` : value
})

const WHOLE = /^-?\d+$/

/**
 * 64-bit integers. The REST answer writes them as strings so no digit is lost; Strapi's
 * GraphQL answers a number where it is exact and the string beyond 2^53, and so does this.
 * Input keeps the digits as written (an Int literal beyond 2^53 would lose them as a number).
 */
export const LONG_SCALAR = new GraphQLScalarType({
  name: 'Long',
  description: 'The `BigInt` scalar type represents non-fractional signed whole numeric values.',
  serialize: (value) => {
    if (typeof value !== 'string' || !WHOLE.test(value)) return value
    const number = Number(value)
    return Number.isSafeInteger(number) ? number : value
  },
  parseValue: (value) => {
    if ((typeof value === 'number' && Number.isInteger(value)) || (typeof value === 'string' && WHOLE.test(value))) return String(value)
    throw new TypeError(`Long cannot represent a non-integer value: ${JSON.stringify(value)}`)
  },
  parseLiteral: (node) => {
    if ((node.kind === Kind.INT) || (node.kind === Kind.STRING && WHOLE.test(node.value))) return node.value
    throw new TypeError('Long cannot represent a non-integer value')
  }
})

/**
 * A file: the value a GraphQL multipart request puts where its map says (./multipart-request.ts).
 * Anything else (a string, an object sent as JSON, a literal in the query) is refused with
 * graphql-upload's words, which Strapi's Apollo Server answers.
 */
export const UPLOAD_SCALAR = new GraphQLScalarType({
  name: 'Upload',
  description: 'The `Upload` scalar type represents a file upload.',
  serialize: passThrough,
  parseValue: (value) => {
    if (value instanceof StagedUpload) return value
    throw new TypeError('Upload value invalid.')
  },
  parseLiteral: () => { throw new TypeError('Upload literal unsupported.') }
})

export const LOCALE_CODE_SCALAR = textScalar('I18NLocaleCode', 'A string used to identify an i18n locale')

/** Every scalar a content schema may need, in the order Strapi's printed schema lists them. */
export const CUSTOM_SCALARS: readonly ScalarType[] = [JSON_SCALAR, DATETIME_SCALAR, TIME_SCALAR, DATE_SCALAR, LONG_SCALAR, UPLOAD_SCALAR, LOCALE_CODE_SCALAR]

/** The scalar an attribute of each type is served (and filtered) as; enumerations are Strings in filters, their enum in answers. */
export const ATTRIBUTE_SCALARS: Readonly<Record<AttributeType, ScalarType>> = {
  string: GraphQLString,
  text: GraphQLString,
  richtext: GraphQLString,
  enumeration: GraphQLString,
  email: GraphQLString,
  password: GraphQLString,
  uid: GraphQLString,
  date: DATE_SCALAR,
  time: TIME_SCALAR,
  datetime: DATETIME_SCALAR,
  timestamp: DATETIME_SCALAR,
  integer: GraphQLInt,
  biginteger: LONG_SCALAR,
  float: GraphQLFloat,
  decimal: GraphQLFloat,
  boolean: GraphQLBoolean,
  json: JSON_SCALAR,
  array: JSON_SCALAR,
  blocks: JSON_SCALAR
}

/** The scalars that have a `<Name>FilterInput`, in Strapi's order. */
export const FILTERED_SCALARS: readonly ScalarType[] = [
  GraphQLID, GraphQLBoolean, GraphQLString, GraphQLInt, LONG_SCALAR, GraphQLFloat, DATE_SCALAR, TIME_SCALAR, DATETIME_SCALAR, JSON_SCALAR
]
