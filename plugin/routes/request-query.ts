/** The raw query string and the `:id` path parameter of a content API request. */
import type { FastifyRequest } from 'fastify'
import { NotFoundError, ValidationError } from '../errors.js'
import { parseQueryString } from '../query/parse.js'

const INT32_MAX = 2_147_483_647

/** The part of the URL after `?`, as the client sent it. */
export function rawQueryString (request: FastifyRequest): string {
  const start = request.url.indexOf('?')
  return start === -1 ? '' : request.url.slice(start + 1)
}

/** Parsed by the plugin itself with qs under limits, so the host needs no configuration. */
export function requestQuery (request: FastifyRequest): Record<string, unknown> {
  return parseQueryString(rawQueryString(request))
}

export function entryId (request: FastifyRequest): number {
  const raw = (request.params as { id?: string }).id ?? ''
  if (!/^\d+$/.test(raw)) throw ValidationError.at(['id'], `Invalid id "${raw}": ids are positive integers`)
  const id = Number(raw)
  // An id no row can have is simply not found.
  if (id < 1 || id > INT32_MAX) throw new NotFoundError()
  return id
}
