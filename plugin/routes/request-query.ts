/** The raw query string and the `:id` path parameter of a content API request. */
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { NotFoundError, ValidationError } from '../errors.js'
import { parseQueryString } from '../query/parse.js'
import { isRowId } from '../content-types/row-ids.js'

/** The part of the URL after `?`, as the client sent it. */
export function rawQueryString (request: FastifyRequest): string {
  const start = request.url.indexOf('?')
  return start === -1 ? '' : request.url.slice(start + 1)
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The query string as qs parsed it, once per request, when something first asks. */
    contentApiQuery: Record<string, unknown> | null
  }
}

/** Gives the scope's requests the slot their parsed query string is kept in. */
export function installRequestQuery (scope: FastifyInstance): void {
  scope.decorateRequest('contentApiQuery', null)
}

/**
 * Parsed by the plugin itself with qs under limits, so the host needs no configuration;
 * once per request (a write reads its locale, then its populate), and only when asked: a
 * list answered from the compiled-query cache never parses its query string at all.
 */
export function requestQuery (request: FastifyRequest): Record<string, unknown> {
  request.contentApiQuery ??= parseQueryString(rawQueryString(request))
  return request.contentApiQuery
}

export function entryId (request: FastifyRequest): number {
  const raw = (request.params as { id?: string }).id ?? ''
  if (!/^\d+$/.test(raw)) throw ValidationError.at(['id'], `Invalid id "${raw}": ids are positive integers`)
  const id = Number(raw)
  // An id no row can have is simply not found.
  if (!isRowId(id)) throw new NotFoundError()
  return id
}
