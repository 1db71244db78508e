/** A small seeded PRNG (mulberry32): the same seed gives the same dataset everywhere. */
export class Random {
  #state: number

  constructor (seed: number) {
    this.#state = seed >>> 0
  }

  /** A float in [0, 1). */
  next (): number {
    this.#state = (this.#state + 0x6D2B79F5) >>> 0
    let t = this.#state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }

  /** An integer in [min, max]. */
  int (min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1))
  }

  chance (probability: number): boolean {
    return this.next() < probability
  }

  pick<T> (items: readonly T[]): T {
    const item = items[Math.floor(this.next() * items.length)]
    if (item === undefined) throw new Error('Random.pick of an empty list')
    return item
  }

  /** `count` distinct integers of [0, size), in the order drawn. */
  distinct (count: number, size: number): number[] {
    const chosen = new Set<number>()
    const wanted = Math.min(count, size)
    while (chosen.size < wanted) chosen.add(this.int(0, size - 1))
    return [...chosen]
  }

  words (vocabulary: readonly string[], count: number): string {
    return Array.from({ length: count }, () => this.pick(vocabulary)).join(' ')
  }
}
