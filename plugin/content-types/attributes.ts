/**
 * The one table of scalar attribute types: how each is stored (ORM type and column),
 * how PostgreSQL renders it into the JSON answer (DECISIONS §3 "Values"), and which
 * group of spec 2.4 it belongs to. Everything that depends on an attribute's type reads it here.
 */
import type { ScalarType } from './definition.js'

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
}

const asIs = (column: string): string => column
const isoUtc = (column: string): string =>
  `to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`

const text = (columnType: string): ScalarTypeInfo =>
  ({ group: 'string', ormType: 'string', columnType, toJson: asIs, textual: true, ordered: true })

const datetime: ScalarTypeInfo = {
  group: 'date', ormType: 'datetime', columnType: 'timestamptz(3)', toJson: isoUtc, textual: false, ordered: true
}

export const SCALAR_TYPE_INFO: Readonly<Record<ScalarType, ScalarTypeInfo>> = {
  string: text('varchar(255)'),
  email: text('varchar(255)'),
  password: text('varchar(255)'),
  uid: text('varchar(255)'),
  enumeration: text('varchar(255)'),
  text: { ...text('text'), ormType: 'text' },
  richtext: { ...text('text'), ormType: 'text' },
  date: {
    group: 'date', ormType: 'date', columnType: 'date', toJson: column => `to_char(${column}, 'YYYY-MM-DD')`, textual: false, ordered: true
  },
  time: {
    group: 'date', ormType: 'time', columnType: 'time(3)', toJson: column => `to_char(${column}, 'HH24:MI:SS')`, textual: false, ordered: true
  },
  datetime,
  timestamp: datetime,
  integer: { group: 'number', ormType: 'integer', columnType: 'int', toJson: asIs, textual: false, ordered: true },
  // JavaScript numbers lose integers past 2^53: bigints travel as strings.
  biginteger: { group: 'number', ormType: 'bigint', columnType: 'bigint', toJson: column => `${column}::text`, textual: false, ordered: true },
  float: { group: 'number', ormType: 'double', columnType: 'double precision', toJson: asIs, textual: false, ordered: true },
  // numeric without precision keeps exactly what was written (DECISIONS §3, Δ Strapi rounds).
  decimal: { group: 'number', ormType: 'decimal', columnType: 'numeric', toJson: asIs, textual: false, ordered: true },
  boolean: { group: 'generic', ormType: 'boolean', columnType: 'boolean', toJson: asIs, textual: false, ordered: false },
  json: { group: 'generic', ormType: 'json', columnType: 'jsonb', toJson: asIs, textual: false, ordered: false },
  array: { group: 'generic', ormType: 'json', columnType: 'jsonb', toJson: asIs, textual: false, ordered: false },
  // Strapi 4.15+ rich text blocks: a JSON array of block nodes, read and stored like json.
  blocks: { group: 'generic', ormType: 'json', columnType: 'jsonb', toJson: asIs, textual: false, ordered: false }
}
