/**
 * Reads a create's `Idempotency-Key` header into the key the write records: whose it is
 * (the caller) and which request it stands for (a digest of content type, query and body).
 */
import { createHash } from 'node:crypto'
import type { FastifyRequest } from 'fastify'
import { callerKey } from '../auth/caller.js'
import type { Caller } from '../auth/caller.js'
import type { ContentTypeModel } from '../content-types/model.js'
import { ValidationError } from '../errors.js'
import type { IdempotencyKey } from '../repository/write/idempotency.js'
import { rawQueryString } from './request-query.js'

const KEY_PATTERN = /^[\x21-\x7e]{1,255}$/

/** null when the request sends no key; a malformed key is a 400. */
export function idempotencyKeyOf (request: FastifyRequest, caller: Caller, model: ContentTypeModel): IdempotencyKey | null {
  return idempotencyKey({ header: request.headers['idempotency-key'], caller, request: [model.uid, rawQueryString(request), JSON.stringify(request.body ?? null)] })
}

export interface IdempotencyKeySource {
  /** The `Idempotency-Key` header as received. */
  header: string | string[] | undefined
  caller: Caller
  /** What the request writes, in parts: a replay with other parts is refused. */
  request: readonly string[]
}

/** The key of a create (a REST route's, or a GraphQL mutation field's); null without a header. */
export function idempotencyKey ({ header, caller, request }: IdempotencyKeySource): IdempotencyKey | null {
  if (header === undefined) return null
  if (typeof header !== 'string' || !KEY_PATTERN.test(header)) {
    throw ValidationError.at(['Idempotency-Key'], 'Idempotency-Key must be 1 to 255 visible ASCII characters')
  }
  return { scope: callerKey(caller), key: header, fingerprint: createHash('sha256').update(request.join('\0')).digest('hex') }
}
