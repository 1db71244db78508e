/**
 * Every failure of the content API answers the error envelope of docs/api.md, 'Errors'. Known
 * errors keep their status and message; a database that cannot be reached is a 503 with
 * `Retry-After`; anything unexpected is logged and answered as a 500 whose message reveals
 * nothing internal.
 */
import type { FastifyError, FastifyInstance } from 'fastify'
import { ApiError, NotFoundError, ServiceUnavailableError, ValidationError } from '../errors.js'
import { isDatabaseUnavailable } from '../repository/connection/unavailable.js'
import { errorBody } from '../transform/envelope.js'

const NAME_BY_STATUS: Record<number, string> = {
  400: 'ValidationError',
  401: 'UnauthorizedError',
  403: 'ForbiddenError',
  404: 'NotFoundError',
  413: 'PayloadTooLargeError'
}

function asApiError (error: FastifyError): ApiError | null {
  if (error instanceof ApiError) return error
  if (isDatabaseUnavailable(error)) return new ServiceUnavailableError()
  const status = error.statusCode
  if (status === undefined || status < 400 || status >= 500) return null
  // Fastify's own client errors: malformed JSON, empty body, body too large, bad media type.
  if (error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error instanceof SyntaxError) {
    return new ValidationError('Invalid JSON in the request body')
  }
  return new ApiError(NAME_BY_STATUS[status] ?? 'ValidationError', status, error.message)
}

/** `notFound: false`: for a scope beside one that answers the unknown routes of the same prefix (Fastify allows one). */
export function installErrorHandling (app: FastifyInstance, { notFound = true }: { notFound?: boolean } = {}): void {
  app.setErrorHandler(async (error: FastifyError, request, reply) => {
    const known = asApiError(error)
    if (known !== null) {
      if (known instanceof ServiceUnavailableError) {
        request.log.warn({ err: error }, 'database unavailable')
        void reply.header('retry-after', String(known.retryAfter))
      }
      return await reply.status(known.status).send(errorBody({ status: known.status, name: known.name, message: known.message, details: known.details }))
    }
    request.log.error({ err: error }, 'content API request failed')
    return await reply.status(500).send(errorBody({ status: 500, name: 'ApplicationError', message: 'Internal Server Error', details: {} }))
  })
  if (!notFound) return
  app.setNotFoundHandler(async (request, reply) => {
    const notFound = new NotFoundError()
    return await reply.status(404).send(errorBody({ status: 404, name: notFound.name, message: notFound.message, details: {} }))
  })
}
