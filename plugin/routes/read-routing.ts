/**
 * Which reads a replica may answer (docs/production.md, 'Read replicas'). A replica lags its primary a little, so a
 * caller who has just written reads from the primary for a while: the caller's own later
 * requests on this node (by user, token or admin), and on any node through a cookie the
 * write's answer sets (a load balancer may send the next request elsewhere; anonymous
 * callers have nothing else to be told apart by).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { callerKey } from '../auth/caller.js'
import type { Caller } from '../auth/caller.js'
import type { QueryOptions } from '../repository/connection/database.js'
import { clientGoneSignal } from './client-gone.js'

export const READ_PRIMARY_COOKIE = 'fca_read_primary_until'

/** Authenticated callers remembered per node; the oldest go first past this many. */
const REMEMBERED_CALLERS = 10_000

export interface ReadRouting {
  /** The options of a request's read: its abort signal, and whether a replica may answer it. */
  readOptions: (request: FastifyRequest) => QueryOptions
}

/** Anonymous callers cannot be told apart: only the cookie speaks for them. */
function knownCallerKey (caller: Caller | null): string | null {
  return caller === null || caller.kind === 'public' ? null : callerKey(caller)
}

function cookieDeadline (request: FastifyRequest): number {
  const header = request.headers.cookie
  if (header === undefined) return 0
  const match = new RegExp(`(?:^|;\\s*)${READ_PRIMARY_COOKIE}=(\\d{1,16})`).exec(header)
  return match === null ? 0 : Number(match[1])
}

/**
 * `window`: how long after a write its caller reads from the primary, in ms; null: no
 * replicas, every read goes to the primary and nothing is installed.
 */
export function installReadRouting (app: FastifyInstance, window: number | null): ReadRouting {
  if (window === null) return { readOptions: (request) => ({ signal: () => clientGoneSignal(request) }) }
  const wroteUntil = new Map<string, number>()
  app.addHook('onSend', async (request, reply, payload) => {
    if (request.method === 'GET' || request.method === 'HEAD' || reply.statusCode >= 400) return payload
    const until = Date.now() + window
    void reply.header('set-cookie', `${READ_PRIMARY_COOKIE}=${until}; Max-Age=${Math.ceil(window / 1000)}; Path=/; HttpOnly; SameSite=Lax`)
    const key = knownCallerKey(request.contentApiCaller)
    if (key !== null) {
      wroteUntil.delete(key)
      wroteUntil.set(key, until)
      if (wroteUntil.size > REMEMBERED_CALLERS) wroteUntil.delete(wroteUntil.keys().next().value!)
    }
    return payload
  })
  return {
    readOptions: (request) => {
      const now = Date.now()
      const key = knownCallerKey(request.contentApiCaller)
      const recent = cookieDeadline(request) > now || (key !== null && (wroteUntil.get(key) ?? 0) > now)
      return { signal: () => clientGoneSignal(request), replica: !recent }
    }
  }
}
