/**
 * A relation's value in a Strapi v5 write body (docs/strapi-v5.md, 'Writes'), every form the
 * v5 routes take (write-plan/v5-body.ts): a documentId, a list of them, the longhand
 * `{ documentId, locale, status, position }`, `connect` / `disconnect` / `set` lists of
 * either, positions next to a documentId; row ids (a number, or `{ id }`) are taken too.
 */
import { Type, type TSchema } from '@sinclair/typebox'
import { ROW_ID } from './row-id.js'

const DOCUMENT_ID = Type.String({ pattern: '\\D', description: 'A documentId' })

const ANCHOR = Type.Union([DOCUMENT_ID, ROW_ID])
const POSITION = Type.Union([
  Type.Object({ before: ANCHOR }, { additionalProperties: false }),
  Type.Object({ after: ANCHOR }, { additionalProperties: false }),
  Type.Object({ start: Type.Literal(true) }, { additionalProperties: false }),
  Type.Object({ end: Type.Literal(true) }, { additionalProperties: false })
])
const LONGHAND = Type.Object({
  documentId: DOCUMENT_ID,
  locale: Type.Optional(Type.Union([Type.String(), Type.Null()], { description: 'The locale of the document meant; default: the written entry\'s' })),
  status: Type.Optional(Type.Union([Type.Literal('draft'), Type.Literal('published')], { description: 'Accepted; links point at a document, whichever version is read' })),
  position: Type.Optional(POSITION)
}, { additionalProperties: false })
const BY_ROW_ID = Type.Object({ id: ROW_ID, position: Type.Optional(POSITION) }, { additionalProperties: false })
const REFERENCE = Type.Union([DOCUMENT_ID, ROW_ID, LONGHAND, BY_ROW_ID])
const OPERATIONS = Type.Object({
  connect: Type.Optional(Type.Array(REFERENCE)),
  disconnect: Type.Optional(Type.Array(REFERENCE)),
  set: Type.Optional(Type.Array(REFERENCE)),
  options: Type.Optional(Type.Object({
    strict: Type.Optional(Type.Boolean({ description: 'false: a connect placed next to an entry that is not linked is appended. Default true' }))
  }, { additionalProperties: false }))
}, { additionalProperties: false, minProperties: 1 })
const TO_MANY = Type.Union([REFERENCE, Type.Array(REFERENCE), OPERATIONS])
const TO_ONE = Type.Union([REFERENCE, Type.Array(REFERENCE, { maxItems: 1 }), OPERATIONS])

export function v5RelationSchema (toMany: boolean): TSchema {
  return toMany ? TO_MANY : TO_ONE
}
