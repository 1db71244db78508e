/**
 * The abort signal of a request's reads: aborted when the client goes away before it is
 * answered, so its statement is cancelled in PostgreSQL. Not Fastify's `request.signal`:
 * without a logger or an `onResponse` hook Fastify leaves that signal's listener on, so it
 * also aborts after every answered request, and each abort builds a DOMException with its
 * stack trace, a large share of a light read's CPU (benchmarks/journal/2026-11-25.md).
 *
 * Only reads that may run long use it: a read of one entry by its key with nothing populated
 * is sent without (plugin/repository/read/reader.ts, `keyedWeight`), since the watch (a checked-out
 * connection, this listener, an abort listener) costs such a read more than it could save.
 */
import type { FastifyRequest } from 'fastify'

/** One reason for every abort: a statement cancelled for it has no caller left to see it. */
const CLIENT_GONE = new Error('the client went away before its answer')

export function clientGoneSignal (request: FastifyRequest): AbortSignal {
  const controller = new AbortController()
  const raw = request.raw
  // An answered request closes too, over a live socket; a client that went away closed its socket first.
  // `on`, not `once`: 'close' comes once, and once's wrapper is removed from the stream on the
  // way, a cost on every cache hit (the listener dies with the request).
  raw.on('close', () => { if (raw.socket?.destroyed !== false) controller.abort(CLIENT_GONE) })
  return controller.signal
}
