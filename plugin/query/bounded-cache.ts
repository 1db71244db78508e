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
 * tree and the SQL compiled from it grow with the query string, about 56 bytes per character
 * (measured on the example model's list queries).
 */
function estimatedBytes (key: string): number {
  return 2048 + key.length * 56
}

export class BoundedCache<V> {
  readonly #entries = new Map<string, { value: V, bytes: number }>()
  readonly #bounds: CacheBounds
  readonly #sizeOf: (key: string, value: V) => number
  #bytes = 0

  /** `sizeOf`: what an entry costs, when its value and not its key dominates (default: estimated from the key). */
  constructor (bounds: CacheBounds, sizeOf: (key: string, value: V) => number = estimatedBytes) {
    this.#bounds = bounds
    this.#sizeOf = sizeOf
  }

  get bytes (): number { return this.#bytes }

  get (key: string, make: () => V): V {
    const cached = this.find(key)
    if (cached !== undefined) return cached
    const made = make()
    this.put(key, made)
    return made
  }

  /** The value kept under `key`, now the most recently used; undefined if none. */
  find (key: string): V | undefined {
    const cached = this.#entries.get(key)
    if (cached === undefined) return undefined
    // Re-inserting moves the key to the young end of the Map's order.
    this.#entries.delete(key)
    this.#entries.set(key, cached)
    return cached.value
  }

  /**
   * Keeps `value` under `key` (replacing what was there), then drops the oldest past the
   * bounds. A value larger than the whole bound is not kept, rather than emptying the cache.
   */
  put (key: string, value: V): void {
    const known = this.#entries.get(key)
    if (known !== undefined) {
      this.#entries.delete(key)
      this.#bytes -= known.bytes
    }
    const bytes = this.#sizeOf(key, value)
    if (bytes > this.#bounds.maxBytes) return
    this.#entries.set(key, { value, bytes })
    this.#bytes += bytes
    while (this.#entries.size > this.#bounds.maxEntries || this.#bytes > this.#bounds.maxBytes) {
      const [oldest, entry] = this.#entries.entries().next().value as [string, { bytes: number }]
      this.#entries.delete(oldest)
      this.#bytes -= entry.bytes
    }
  }
}
