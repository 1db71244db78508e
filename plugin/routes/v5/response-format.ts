/**
 * Strapi v5's `Strapi-Response-Format: v4` request header (docs/strapi-v5.md, 'The v4
 * response format'): the same read or write, answered in v4's `{ id, documentId, attributes }`
 * shape. The answer depends on the header, so caches are told so (`Vary`).
 */
import type { FastifyRequest } from 'fastify'

export const RESPONSE_FORMAT_HEADER = 'strapi-response-format'

/** `Vary` of the v5 routes' answers: the caller (as on every route), and the format asked for. */
export const V5_VARY = 'Authorization, Strapi-Response-Format'

export function wantsV4Shape (request: FastifyRequest): boolean {
  return request.headers[RESPONSE_FORMAT_HEADER] === 'v4'
}
