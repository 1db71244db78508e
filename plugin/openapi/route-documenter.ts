/**
 * The swagger `transform` hook, assembled from documenters: each recognises its own routes
 * and answers the schema swagger should read for them (the route's own schema, plus what
 * must stay out of Fastify's validation). Routes no documenter claims keep their schema.
 */
import { Type } from '@sinclair/typebox'
import type { TSchema } from '@sinclair/typebox'
import type { FastifySchema } from 'fastify'
import type { SwaggerTransform } from '@fastify/swagger'
import { ERROR_RESPONSE_ID } from '../../schemas/ids.js'

export interface DocumentedRoute {
  method: string
  url: string
  schema: FastifySchema
  /** Component schemas already in the document, by name: what a `$ref` may point at. */
  knownSchemas: Record<string, unknown>
}

export type RouteDocumenter = (route: DocumentedRoute) => FastifySchema | undefined

const ERROR_DESCRIPTIONS: Record<number, string> = {
  400: 'ValidationError: a query parameter, the id or the body is invalid; `details.errors` lists each problem',
  401: 'UnauthorizedError: the token is invalid or expired (when permissions are configured)',
  403: 'ForbiddenError: the caller may not do this (when permissions are configured)',
  404: 'NotFoundError: no such entry',
  413: 'PayloadTooLargeError: the body is too large',
  500: 'ApplicationError: an unexpected failure; the message reveals nothing internal',
  503: 'ServiceUnavailableError: the database is unreachable, restarting or did not answer in time; retry after `Retry-After` seconds'
}

/** The error envelope under each status, described. */
export function errorResponses (statuses: readonly number[]): Record<string, unknown> {
  return Object.fromEntries(statuses.map(status => [status, { $ref: `${ERROR_RESPONSE_ID}#`, description: ERROR_DESCRIPTIONS[status] }]))
}

/** Query parameters are all optional. */
export function optionalProperties (schemas: Record<string, TSchema>): TSchema {
  return Type.Object(Object.fromEntries(Object.entries(schemas).map(([name, schema]) => [name, Type.Optional(schema)])))
}

export function documentRoutes (documenters: readonly RouteDocumenter[]): SwaggerTransform {
  return ({ schema, url, route, ...document }) => {
    // Routes declared without a schema (the media routes) arrive with none.
    const own: FastifySchema = (schema as FastifySchema | undefined) ?? {}
    if (own.hide === true) return { schema: own, url }
    const knownSchemas = 'openapiObject' in document ? (document.openapiObject.components?.schemas ?? {}) : {}
    const method = Array.isArray(route.method) ? String(route.method[0]) : String(route.method)
    for (const documenter of documenters) {
      const documented = documenter({ method, url, schema: own, knownSchemas })
      if (documented !== undefined) return { schema: documented, url }
    }
    return { schema: own, url }
  }
}
