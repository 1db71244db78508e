/**
 * The warnings of lenient query compiles (docs/querying.md, 'What Strapi 4.26 ignores'): each distinct ignored key is
 * logged once per plugin instance, through the request's logger so it carries the
 * request id. The memory of what was logged is bounded: past the cap one last warning
 * says so and the rest go unlogged, since every client-chosen name could otherwise fill
 * the log or the memory.
 */
import type { FastifyBaseLogger } from 'fastify'
import type { IgnoredKey } from '../query/leniency.js'

export const IGNORED_KEYS_LOGGED_MAX = 1000

export class IgnoredKeyLog {
  readonly #seen = new Set<string>()
  readonly #max: number
  #capped = false

  constructor (max = IGNORED_KEYS_LOGGED_MAX) {
    this.#max = max
  }

  warn (log: FastifyBaseLogger, ignored: IgnoredKey): void {
    // A stale key is the same mistake wherever the query puts it: one warning per model and name.
    const id = `${ignored.model}\u0000${ignored.name}`
    if (this.#seen.has(id)) return
    if (this.#seen.size >= this.#max) {
      if (!this.#capped) log.warn(`fastify-content-api: ${this.#max} distinct ignored query keys logged; further ones are not`)
      this.#capped = true
      return
    }
    this.#seen.add(id)
    log.warn({ ignoredQueryKey: ignored },
      `fastify-content-api: ignored ${ignored.key} (${ignored.name} on ${ignored.model}: ${ignored.reason}); the strict option would answer 400`)
  }
}
