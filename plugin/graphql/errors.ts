/**
 * Every failure at the GraphQL endpoint answers GraphQL errors with the `extensions` Strapi's
 * plugin (through Apollo Server 3) gives them: `code` (`GRAPHQL_PARSE_FAILED`,
 * `GRAPHQL_VALIDATION_FAILED`, `BAD_USER_INPUT`, `FORBIDDEN`, `STRAPI_<NAME>`,
 * `INTERNAL_SERVER_ERROR`) and, for the API's own errors, `error: { name, message, details }`.
 * An error in one root field leaves the others' data (200; also when a non-null root field's
 * error nulls the whole data); a request that cannot run at all
 * answers its status with no data: 400 for a bad query, 401 for a bad token, 413 for too
 * large a body, 503 when the database cannot answer. Nothing internal is ever shown.
 */
import { GraphQLError } from 'graphql'
import type { ExecutionResult, GraphQLFormattedError } from 'graphql'
import type { FastifyBaseLogger, FastifyReply } from 'fastify'
import { ApiError, ServiceUnavailableError, UnauthorizedError } from '../errors.js'
import { isDatabaseUnavailable } from '../repository/connection/unavailable.js'

interface Classified {
  formatted: GraphQLFormattedError
  /** The status a request that failed as a whole answers. */
  status: number
  retryAfter?: number
}

/** Strapi's `formatToCode`: `PaginationError` → STRAPI_PAGINATION_ERROR. */
function strapiCode (name: string): string {
  return `STRAPI_${name.replace(/([a-z0-9])([A-Z])/g, '$1_$2').toUpperCase()}`
}

function withCode (error: GraphQLError, code: string, extra: Record<string, unknown> = {}, message = error.message): GraphQLFormattedError {
  const formatted = error.toJSON()
  return { ...formatted, message, extensions: { ...extra, code } }
}

/** What depth the query was, from mercurius's own message, in words naming the option. */
function depthMessage (error: Error, depthLimit: number): string {
  const depth = /query depth \((\d+)\)/.exec(error.message)?.[1]
  return `the query is ${depth ?? 'too many'} selection sets deep; at most ${depthLimit} are allowed (option graphql.depthLimit)`
}

function classify (error: GraphQLError, depthLimit: number, log: FastifyBaseLogger): Classified {
  const original = error.originalError
  if (original instanceof ApiError) {
    const extra = { error: { name: original.name, message: original.message, details: original.details } }
    const code = original.name === 'ValidationError'
      ? 'BAD_USER_INPUT'
      : original.name === 'ForbiddenError' || original instanceof UnauthorizedError ? 'FORBIDDEN' : strapiCode(original.name)
    const classified: Classified = { formatted: withCode(error, code, extra), status: original.status }
    if (original instanceof ServiceUnavailableError) classified.retryAfter = original.retryAfter
    return classified
  }
  if (original !== undefined && isDatabaseUnavailable(original)) {
    const unavailable = new ServiceUnavailableError()
    log.warn({ err: original }, 'database unavailable')
    return { formatted: withCode(error, strapiCode(unavailable.name), {}, unavailable.message), status: 503, retryAfter: unavailable.retryAfter }
  }
  const fastifyCode = (original as { code?: unknown } | undefined)?.code
  if (fastifyCode === 'MER_ERR_GQL_QUERY_DEPTH') return { formatted: withCode(error, 'GRAPHQL_VALIDATION_FAILED', {}, depthMessage(original!, depthLimit)), status: 400 }
  const statusCode = (original as { statusCode?: unknown } | undefined)?.statusCode
  // The request itself was refused before GraphQL saw it: its body, its method, no query.
  if (original !== undefined && !(original instanceof GraphQLError) && typeof statusCode === 'number' && statusCode >= 400 && statusCode < 500) {
    const message = original instanceof SyntaxError ? 'Invalid JSON in the request body' : original.message
    return { formatted: withCode(error, 'BAD_REQUEST', {}, message), status: statusCode }
  }
  // Without a path, the query failed before it ran: its text, its fields, its variables.
  if (error.path === undefined) {
    if (error.message.startsWith('Syntax Error')) return { formatted: withCode(error, 'GRAPHQL_PARSE_FAILED'), status: 400 }
    if (error.message.startsWith('Variable "$')) return { formatted: withCode(error, 'BAD_USER_INPUT'), status: 400 }
    if (original === undefined || original instanceof GraphQLError || original instanceof TypeError) {
      return { formatted: withCode(error, 'GRAPHQL_VALIDATION_FAILED'), status: 400 }
    }
  }
  // graphql-js's own word on an answer it cannot complete says nothing internal.
  if (original === undefined) return { formatted: withCode(error, 'INTERNAL_SERVER_ERROR'), status: 500 }
  log.error({ err: original }, 'GraphQL request failed')
  return { formatted: { message: 'Internal Server Error', ...(error.path === undefined ? {} : { path: error.path }), extensions: { code: 'INTERNAL_SERVER_ERROR' } }, status: 500 }
}

/**
 * mercurius wraps the errors of parsing, validation and variables in one error holding them.
 * A wrapper that refuses the request itself (its 405 for a mutation sent by GET) lends its
 * status to the plain errors it holds, so they answer that status rather than a 500.
 */
function unwrap (error: GraphQLError): GraphQLError[] {
  const wrapper = error.originalError as { errors?: unknown, statusCode?: unknown } | undefined
  const inner = wrapper?.errors
  if (!Array.isArray(inner)) return [error]
  const refusal = typeof wrapper?.statusCode === 'number' && wrapper.statusCode >= 400 && wrapper.statusCode < 500 ? wrapper.statusCode : undefined
  return inner.map(item => {
    if (item instanceof GraphQLError) return item
    const original = item as Error & { statusCode?: unknown }
    if (refusal !== undefined && original.statusCode === undefined) original.statusCode = refusal
    return new GraphQLError(original.message, { originalError: original })
  })
}

export interface ErrorFormatting {
  depthLimit: number
}

/** mercurius's `errorFormatter`: the errors as Strapi's, and the status of the answer. */
export function formatErrors (formatting: ErrorFormatting) {
  return (execution: ExecutionResult & { errors: readonly GraphQLError[] }, context: { reply?: FastifyReply, app: { log: FastifyBaseLogger } }): { statusCode: number, response: ExecutionResult } => {
    const log = context.reply?.log ?? context.app.log
    const classified = execution.errors.flatMap(unwrap).map(error => classify(error, formatting.depthLimit, log))
    const retryAfter = classified.find(item => item.retryAfter !== undefined)?.retryAfter
    if (retryAfter !== undefined) void context.reply?.header('retry-after', String(retryAfter))
    const errors = classified.map(item => item.formatted) as unknown as GraphQLError[]
    // Execution ran: its data stands beside the errors of the fields that failed.
    if (execution.data !== undefined && execution.data !== null) return { statusCode: 200, response: { data: execution.data, errors } }
    const statusCode = Math.max(...classified.map(item => item.status))
    // A caller's mistake in a non-null root field (`login`'s wrong password) nulls the whole
    // data, yet execution ran: 200, as Apollo Server answers it.
    const ran = 'data' in execution
    return { statusCode: ran && statusCode < 500 ? 200 : statusCode >= 500 && statusCode !== 503 ? 500 : statusCode, response: { ...(ran ? { data: null } : {}), errors } }
  }
}
