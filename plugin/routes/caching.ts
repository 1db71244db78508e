/**
 * HTTP caching of the content API's answers (docs/caching.md, 'HTTP: ETag, 304 and Cache-Control'): an `ETag` on every successful GET
 * (a hash of the body) and `304` for a matching `If-None-Match`, `Cache-Control` from the
 * `cache` option (per content type where given; `no-cache` by default, so clients
 * revalidate), `Vary: Authorization` because the caller's grants change the answer. A
 * successful write drops this process's cached answers before it is answered.
 */
import { hash } from 'node:crypto'
import type { FastifyInstance } from 'fastify'
import type { Registry } from '../content-types/registry.js'
import type { CacheControlOptions, HttpCachingOptions } from '../options.js'
import type { ResponseCache } from '../repository/cache/response-cache.js'

/** `authorized`: the request carries credentials, so its answer is the caller's own. */
function cacheControl (options: CacheControlOptions, { authorized }: { authorized: boolean }): string {
  if (options.maxAge === undefined || options.maxAge === 0) return 'no-cache'
  const parts = [authorized ? 'private' : 'public', `max-age=${options.maxAge}`]
  if (options.staleWhileRevalidate !== undefined) parts.push(`stale-while-revalidate=${options.staleWhileRevalidate}`)
  return parts.join(', ')
}

/** Encoded once: the ETag is hashed from the bytes that are sent, which are then not encoded again. */
function encoded (payload: string | Buffer): { bytes: Buffer, etag: string } {
  const bytes = typeof payload === 'string' ? Buffer.from(payload) : payload
  return { bytes, etag: `"${hash('sha1', bytes, 'base64url')}"` }
}

function matches (ifNoneMatch: string, etag: string): boolean {
  if (ifNoneMatch.trim() === '*') return true
  const bare = etag.replace(/^W\//, '')
  return ifNoneMatch.split(',').some(candidate => candidate.trim().replace(/^W\//, '') === bare)
}

/** The content type each read route belongs to, by route path, for per-type settings. */
export function routeUids (registry: Registry, prefix: string): Map<string, string> {
  const uids = new Map<string, string>()
  for (const model of registry.contentTypes.values()) {
    const paths = model.single
      ? [`${prefix}/${model.singularName}`]
      : [`${prefix}/${model.pluralName}`, `${prefix}/${model.pluralName}/`, `${prefix}/${model.pluralName}/:id`]
    for (const path of paths) uids.set(path, model.uid)
  }
  return uids
}

/**
 * Callback hooks, as is the local invalidation's: they never wait, and an async hook costs
 * every request a promise and a turn of the microtask queue.
 */
/** `vary`: what besides the URL an answer depends on (a format's request header, with the caller's grants). */
export function installHttpCaching (app: FastifyInstance, options: HttpCachingOptions, uids: Map<string, string>, vary = 'Authorization'): void {
  // `request.routeOptions` builds a dozen-field object on every read: asked only when some type has settings of its own.
  const perType = Object.keys(options.contentTypes ?? {}).length === 0 ? undefined : options.contentTypes
  const settingsOf = (url: string | undefined, settings: Record<string, CacheControlOptions>): CacheControlOptions => {
    const uid = uids.get(url ?? '')
    return (uid === undefined ? undefined : settings[uid]) ?? options
  }
  app.addHook('onSend', (request, reply, payload, done) => {
    if ((request.method !== 'GET' && request.method !== 'HEAD') || reply.statusCode !== 200) return done(null, payload)
    if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return done(null, payload)
    const settings = perType === undefined ? options : settingsOf(request.routeOptions.url, perType)
    const answer = request.contentApiAnswer
    // A kept body is the very string sent (or equal text): its bytes and ETag are made once.
    const { bytes, etag } = answer !== null && answer.body === payload ? answer.sent ??= encoded(payload) : encoded(payload)
    void reply.header('etag', etag)
    void reply.header('cache-control', cacheControl(settings, { authorized: request.headers.authorization !== undefined }))
    void reply.header('vary', vary)
    const ifNoneMatch = request.headers['if-none-match']
    if (typeof ifNoneMatch === 'string' && matches(ifNoneMatch, etag)) {
      void reply.code(304)
      void reply.removeHeader('content-length')
      return done(null, '')
    }
    done(null, bytes)
  })
}

export function installLocalInvalidation (app: FastifyInstance, cache: ResponseCache): void {
  app.addHook('onSend', (request, reply, payload, done) => {
    // Also after a failure: a write whose connection died after its commit answers 503.
    if (request.method !== 'GET' && request.method !== 'HEAD') cache.clear()
    done(null, payload)
  })
}
