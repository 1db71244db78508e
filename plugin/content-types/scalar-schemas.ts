/**
 * JSON Schemas (TypeBox) of scalar values, per family of types: what a write body may send
 * (as `write-plan/input` accepts it: numbers also as text) and what an answer holds. The
 * attribute table (`attributes.ts`) hands each type its pair; `schemas/` joins them into
 * entry and body schemas.
 */
import { Type, type TSchema } from '@sinclair/typebox'
import type { ScalarAttribute } from './model.js'
import { INT4_MAX, INT4_MIN } from './row-ids.js'

export type InputSchema = (attribute: ScalarAttribute) => TSchema

const INTEGER_TEXT = Type.String({ pattern: '^[+-]?\\d+$' })
const NUMBER_TEXT = Type.String({ pattern: '^[+-]?(\\d+\\.?\\d*|\\.\\d+)([eE][+-]?\\d+)?$' })

function range (attribute: ScalarAttribute): Record<string, number> {
  return {
    ...(attribute.min === undefined ? {} : { minimum: Number(attribute.min) }),
    ...(attribute.max === undefined ? {} : { maximum: Number(attribute.max) })
  }
}

export const integerInput: InputSchema = attribute =>
  Type.Union([Type.Integer({ minimum: INT4_MIN, maximum: INT4_MAX, ...range(attribute) }), INTEGER_TEXT])

export const bigIntegerInput: InputSchema = attribute =>
  Type.Union([Type.Integer(range(attribute)), INTEGER_TEXT], { description: 'Send values beyond 2^53 as strings' })

export const numberInput: InputSchema = attribute => Type.Union([Type.Number(range(attribute)), NUMBER_TEXT])

export const booleanInput: InputSchema = () =>
  Type.Union([Type.Boolean(), Type.Integer({ minimum: 0, maximum: 1 }), Type.String({ pattern: '^([Tt]([Rr][Uu][Ee])?|[Ff]([Aa][Ll][Ss][Ee])?|[01])$' })])

export const dateInput: InputSchema = () => Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$', description: 'YYYY-MM-DD' })

export const timeInput: InputSchema = () =>
  Type.String({ pattern: '^\\d{2}:\\d{2}(:\\d{2}(\\.\\d{1,3})?)?$', description: 'HH:mm, HH:mm:ss or HH:mm:ss.SSS' })

export const dateTimeInput: InputSchema = () =>
  Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}([T ]\\d{2}:\\d{2}(:\\d{2}(\\.\\d+)?)?([Zz]|[+-]\\d{2}:?\\d{2})?)?$', description: 'ISO 8601' })

export const enumerationInput: InputSchema = attribute => Type.Union((attribute.enum ?? []).map(value => Type.Literal(value)))

export const jsonInput: InputSchema = () => Type.Unknown()

export const arrayInput: InputSchema = () => Type.Array(Type.Unknown())

export const blocksInput: InputSchema = () =>
  Type.Array(Type.Object({ type: Type.String() }, { additionalProperties: true }), { description: 'Rich text blocks' })

/**
 * A text within its lengths (`maxChars`: the varchar column's) and its pattern: the type's
 * own (`pattern`), else the declared regex, which as in the write planner an empty optional
 * text need not match.
 */
export function textInput (options: { maxChars?: number, pattern?: RegExp } = {}): InputSchema {
  const { maxChars, pattern } = options
  return attribute => {
    const schema: Record<string, unknown> = {}
    const max = maxChars === undefined ? attribute.maxLength : Math.min(attribute.maxLength ?? maxChars, maxChars)
    if (max !== undefined) schema.maxLength = max
    if (attribute.minLength !== undefined) schema.minLength = attribute.minLength
    if (pattern !== undefined) schema.pattern = pattern.source
    else if (attribute.regex !== undefined) schema.pattern = attribute.required ? attribute.regex : `^$|${attribute.regex}`
    return Type.String(schema)
  }
}
