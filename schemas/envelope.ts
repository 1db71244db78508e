/** The `{ data, meta }` and `{ data: null, error }` envelopes (docs/api.md, 'Entries' and 'Errors') as schemas. */
import { Type } from '@sinclair/typebox'
import type { TSchema } from '@sinclair/typebox'
import type { Model } from './model-types.js'
import { ERROR_RESPONSE_ID, schemaId } from './ids.js'

export const PAGINATION_SCHEMA = Type.Union([
  Type.Object({ page: Type.Integer(), pageSize: Type.Integer(), pageCount: Type.Optional(Type.Integer()), total: Type.Optional(Type.Integer()) }),
  Type.Object({ start: Type.Integer(), limit: Type.Integer(), total: Type.Optional(Type.Integer()) })
])

/**
 * The top-level meta may carry keys of the host's (a controller wrapping the core handler,
 * docs/access-control.md, 'Admin users and creator fields'): the serializer keeps them rather than drop them silently.
 */
const HOST_META = { additionalProperties: true }

const entryRef = (model: Model): TSchema => Type.Unsafe({ $ref: `${schemaId(model, 'Entry')}#` })

export function listResponseSchema (model: Model): TSchema {
  return Type.Object({
    data: Type.Array(entryRef(model)),
    meta: Type.Object({ pagination: PAGINATION_SCHEMA }, HOST_META)
  }, { $id: schemaId(model, 'ListResponse') })
}

export function entryResponseSchema (model: Model): TSchema {
  return Type.Object({
    data: entryRef(model),
    meta: Type.Object({}, HOST_META)
  }, { $id: schemaId(model, 'EntryResponse') })
}

export const errorResponseSchema = Type.Object({
  data: Type.Null(),
  error: Type.Object({
    status: Type.Integer(),
    name: Type.Union(['ValidationError', 'UnauthorizedError', 'ForbiddenError', 'NotFoundError', 'PayloadTooLargeError', 'RateLimitError', 'ServiceUnavailableError', 'ApplicationError', 'NotImplementedError']
      .map(name => Type.Literal(name))),
    message: Type.String(),
    details: Type.Object({
      errors: Type.Optional(Type.Array(Type.Object({
        path: Type.Array(Type.Union([Type.String(), Type.Integer()])),
        message: Type.String(),
        name: Type.String(),
        value: Type.Optional(Type.Unknown())
      })))
    }, { additionalProperties: true })
  })
}, { $id: ERROR_RESPONSE_ID })
