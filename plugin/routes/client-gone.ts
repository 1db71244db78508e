/**
 * What cancels a request's reads: the client going away before it is answered, so its
 * statement is cancelled in PostgreSQL. Not Fastify's `request.signal`: without a logger or
 * an `onResponse` hook Fastify leaves that signal's listener on, so it also aborts after
 * every answered request, and each abort builds a DOMException with its stack trace (7 % of
 * the server's CPU time in the `entry` benchmark, profiled). Not an AbortSignal of our own
 * either: making one per request and listening to it cost three times the one EventEmitter
 * listener on the request that this keeps (see Cancellation).
 */
import type { FastifyRequest } from 'fastify'
import type { Cancellation } from '../repository/cancellation.js'

export function clientGone (request: FastifyRequest): Cancellation {
  const raw = request.raw
  let watchers: Set<() => void> | null = null
  let gone = false
  // An answered request closes too, over a live socket; a client that went away closed its socket first.
  raw.once('close', () => {
    if (raw.socket?.destroyed === false) return
    gone = true
    for (const cancel of watchers ?? []) cancel()
  })
  return {
    get aborted () { return gone },
    watch: (cancel) => {
      (watchers ??= new Set()).add(cancel)
      return () => { watchers?.delete(cancel) }
    }
  }
}
