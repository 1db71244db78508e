/**
 * A small least-recently-used cache. Repeated reads send the same query strings, and
 * parsing and compiling them again costs more Node time than the rest of the request.
 * Bounded, because clients choose the keys.
 */
export class BoundedCache<V> {
  readonly #entries = new Map<string, V>()
  readonly #capacity: number

  constructor (capacity: number) {
    this.#capacity = capacity
  }

  get (key: string, make: () => V): V {
    const cached = this.#entries.get(key)
    if (cached !== undefined) {
      // Re-inserting moves the key to the young end of the Map's order.
      this.#entries.delete(key)
      this.#entries.set(key, cached)
      return cached
    }
    const made = make()
    if (this.#entries.size >= this.#capacity) this.#entries.delete(this.#entries.keys().next().value as string)
    this.#entries.set(key, made)
    return made
  }
}
