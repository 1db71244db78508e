/**
 * A small least-recently-used cache. Repeated reads send the same query strings, and
 * parsing and compiling them again costs more Node time than the rest of the request.
 * Bounded in entries and in estimated bytes, because clients choose the keys: a hostile
 * client sending thousands of distinct 16 KiB query strings must not grow the heap.
 */
export interface CacheBounds {
  maxEntries: number
  maxBytes: number
}

/**
 * What one cached query costs, estimated from its key (the query string): its compiled
 * tree and the SQL compiled from it grow with the query string (measured on the example
 * model: a 251-character list query with four nested populates, filters and sort kept 14 KB
 * of heap with its compiled statement, about 56 bytes per character).
 */
function estimatedBytes (key: string): number {
  return 2048 + key.length * 56
}

export class BoundedCache<V> {
  readonly #entries = new Map<string, V>()
  readonly #bounds: CacheBounds
  #bytes = 0

  constructor (bounds: CacheBounds) {
    this.#bounds = bounds
  }

  get bytes (): number { return this.#bytes }

  get (key: string, make: () => V): V {
    const cached = this.#entries.get(key)
    if (cached !== undefined) {
      // Re-inserting moves the key to the young end of the Map's order.
      this.#entries.delete(key)
      this.#entries.set(key, cached)
      return cached
    }
    const made = make()
    this.#entries.set(key, made)
    this.#bytes += estimatedBytes(key)
    while (this.#entries.size > this.#bounds.maxEntries || this.#bytes > this.#bounds.maxBytes) {
      const oldest = this.#entries.keys().next().value as string
      this.#entries.delete(oldest)
      this.#bytes -= estimatedBytes(oldest)
    }
    return made
  }
}
