/**
 * The last body sent for each request line (an entry read's: for each
 * compiled query and id), kept with its bytes and ETag. A read whose JSON text equals the one kept (the same string when the response cache
 * answered it, equal text when PostgreSQL did) is sent as the kept body: not concatenated,
 * UTF-8 encoded, measured or hashed again — on a cache hit of a 65 KB list that work was most
 * of the request's time in Node. Equality of the text, not trust in invalidation, is what
 * makes a kept body right, so nothing here can be stale.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { BoundedCache } from '../query/bounded-cache.js'
import type { CacheBounds } from '../query/bounded-cache.js'

export interface RenderedAnswer {
  /** The JSON text the body was built around, and what else went into it (a list's meta). */
  readonly data: string
  readonly meta: string
  readonly body: string
  /** The body as sent, and its ETag; made when it is first sent. */
  sent: { bytes: Buffer, etag: string } | null
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The body the handler built from a kept answer, for the ETag hook to recognise. */
    contentApiAnswer: RenderedAnswer | null
  }
}

/**
 * One entry read to answer: `data` read with compiled query `query` (the handlers' cached
 * object) for entry `id` (a row id, or the v5 format's documentId), its body `build` of it.
 */
export interface EntryRendering {
  query: object
  id: number | string
  data: string
  build: (data: string) => string
}

/**
 * One read to answer: `data` (and `meta`), its body `build` around them. `kind` tells apart
 * the reads one request line can make (a controller may call several handlers, with other options).
 */
export interface BodyRendering {
  kind: string
  data: string
  meta?: string
  build: () => string
}

/** Kept per plugin instance: at most this many request lines and about this many bytes. */
export const RENDERED_ANSWER_BOUNDS: CacheBounds = { maxEntries: 1000, maxBytes: 8 * 1024 * 1024 }

/** The text twice (data and body, UTF-16) and its bytes (mostly ASCII). */
function sizeOf (key: string, answer: RenderedAnswer): number {
  return 128 + (key.length + answer.data.length + answer.meta.length + answer.body.length) * 2 + answer.body.length
}

export function installRenderedAnswers (scope: FastifyInstance): void {
  scope.decorateRequest('contentApiAnswer', null)
}

export class RenderedAnswers {
  readonly #answers: BoundedCache<RenderedAnswer>
  readonly #bounds: CacheBounds
  /** Entry answers by compiled query object, then id; dropped all at once past the bounds. */
  #entries = new WeakMap<object, Map<number | string, RenderedAnswer>>()
  #entryCount = 0
  #entryBytes = 0

  constructor (bounds: CacheBounds = RENDERED_ANSWER_BOUNDS) {
    this.#answers = new BoundedCache(bounds, sizeOf)
    this.#bounds = bounds
  }

  /**
   * The body of one entry read, as `body`, but found by its query object and the id instead
   * of by the request line: its body is `build` of `data` alone, so no key string is built and
   * hashed per read (with the query's own lookup, two per light read,
   * benchmarks/journal/2026-11-25.md). Bounded like the rest, but started again rather than
   * aged: a query object the handlers drop takes its answers with it, and past the bounds all
   * of them go.
   */
  entry (request: FastifyRequest, { query, id, data, build }: EntryRendering): string {
    let answer = this.#entries.get(query)?.get(id)
    if (answer === undefined || answer.data !== data) {
      answer = { data, meta: '', body: build(data), sent: null }
      this.#keepEntry(query, id, answer)
    }
    request.contentApiAnswer = answer
    return answer.body
  }

  /** Keeps `answer` in place of the one before it; past the bounds, after all the others are dropped. */
  #keepEntry (query: object, id: number | string, answer: RenderedAnswer): void {
    let byId = this.#entries.get(query)
    const replaced = byId?.get(id)
    if (replaced !== undefined) {
      byId!.delete(id)
      this.#entryCount -= 1
      this.#entryBytes -= sizeOf('', replaced)
    }
    const bytes = sizeOf('', answer)
    if (bytes > this.#bounds.maxBytes) return
    if (this.#entryCount >= this.#bounds.maxEntries || this.#entryBytes + bytes > this.#bounds.maxBytes) {
      this.#entries = new WeakMap()
      this.#entryCount = 0
      this.#entryBytes = 0
      byId = undefined
    }
    if (byId === undefined) this.#entries.set(query, byId = new Map())
    byId.set(id, answer)
    this.#entryCount += 1
    this.#entryBytes += bytes
  }

  /** The body of `request` built around its parts, or the same body as last time when they are equal. */
  body (request: FastifyRequest, { kind, data, meta = '', build }: BodyRendering): string {
    const key = `${kind}|${request.contentApiCaller?.ability.key ?? ''}|${request.url}`
    let answer = this.#answers.find(key)
    if (answer === undefined || answer.data !== data || answer.meta !== meta) {
      answer = { data, meta, body: build(), sent: null }
      this.#answers.put(key, answer)
    }
    request.contentApiAnswer = answer
    return answer.body
  }
}
