/**
 * Requests Node rejects before Fastify sees them (a request line or headers over the size
 * limit, a malformed request, a timeout) answered in the API's error envelope instead of
 * Fastify's default shape. A host passes these to `Fastify()`: the plugin cannot, because
 * the HTTP server exists before any plugin is registered.
 */
import { STATUS_CODES } from 'node:http'
import type { Socket } from 'node:net'
import { QUERY_STRING_MAX_LENGTH } from '../query/parse.js'
import { errorBody } from '../transform/envelope.js'

/** Room for the plugin's own query-string limit plus ordinary headers, so that limit is the one a client meets. */
export const MAX_HEADER_SIZE = 4 * QUERY_STRING_MAX_LENGTH

function answerFor (code: string | undefined): { status: number, name: string, message: string } {
  if (code === 'HPE_HEADER_OVERFLOW') {
    return { status: 431, name: 'RequestHeaderFieldsTooLargeError', message: `The request line and headers are larger than ${MAX_HEADER_SIZE} bytes` }
  }
  if (code === 'ERR_HTTP_REQUEST_TIMEOUT') return { status: 408, name: 'RequestTimeoutError', message: 'The request took too long to arrive' }
  return { status: 400, name: 'ValidationError', message: 'Malformed HTTP request' }
}

export function clientErrorHandler (error: Error & { code?: string }, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return
  const { status, name, message } = answerFor(error.code)
  const body = JSON.stringify(errorBody({ status, name, message, details: {} }))
  if (socket.writable) {
    socket.write(`HTTP/1.1 ${status} ${STATUS_CODES[status] ?? ''}\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`)
  }
  socket.destroy(error)
}

/** The Fastify server options this plugin is meant to run with: `Fastify({ ...contentApiServerOptions, logger })`. */
export const contentApiServerOptions = {
  http: { maxHeaderSize: MAX_HEADER_SIZE },
  clientErrorHandler
}
