/**
 * Heavy reads take turns, so that a few of them cannot take every connection: a read the populate budget estimates to build many rows
 * runs only while fewer than `slots` heavy reads run, so that however many heavy reads
 * arrive at once, the rest of the pool stays free for ordinary ones. A heavy read that
 * cannot start within `wait` ms answers 503 with Retry-After rather than queue without end.
 *
 * The few slots are for the ordinary reads' sake, so they apply while there are ordinary
 * reads to protect: when none has run for `aloneAfter` ms, heavy reads may take
 * `aloneSlots` (held to a quarter of the pool, a server answering only heavy
 * reads used a fraction of what PostgreSQL could give it). The first ordinary read brings
 * the limit back down; heavy reads already running finish, none starts above it.
 */
import { ServiceUnavailableError } from '../../errors.js'

export interface ReadGateOptions {
  /** Heavy reads at once while ordinary reads run. */
  slots: number
  /** Heavy reads at once when no ordinary read has run for `aloneAfter` ms (at least `slots`). */
  aloneSlots?: number
  aloneAfter?: number
  /** Longest wait for a slot, in ms, before the read answers 503. */
  wait: number
  /** The clock, in ms (tests set it). */
  now?: () => number
}

export class ReadGate {
  readonly #slots: number
  readonly #aloneSlots: number
  readonly #aloneAfter: number
  readonly #wait: number
  readonly #now: () => number
  #lastOrdinary = Number.NEGATIVE_INFINITY
  #running = 0
  readonly #queue: Array<() => void> = []

  constructor (options: ReadGateOptions) {
    this.#slots = options.slots
    this.#aloneSlots = Math.max(options.slots, options.aloneSlots ?? options.slots)
    this.#aloneAfter = options.aloneAfter ?? 0
    this.#wait = options.wait
    this.#now = options.now ?? performance.now.bind(performance)
  }

  /** An ordinary read starts: heavy reads keep to `slots` until it has been quiet for `aloneAfter` ms. */
  ordinary (): void {
    this.#lastOrdinary = this.#now()
  }

  async run<T> (work: () => Promise<T>): Promise<T> {
    await this.#enter()
    try {
      return await work()
    } finally {
      this.#leave()
    }
  }

  #limit (): number {
    return this.#now() - this.#lastOrdinary < this.#aloneAfter ? this.#slots : this.#aloneSlots
  }

  async #enter (): Promise<void> {
    if (this.#queue.length === 0 && this.#running < this.#limit()) {
      this.#running += 1
      return
    }
    await new Promise<void>((resolve, reject) => {
      const admit = (): void => {
        clearTimeout(timer)
        this.#running += 1
        resolve()
      }
      const timer = setTimeout(() => {
        const index = this.#queue.indexOf(admit)
        if (index !== -1) this.#queue.splice(index, 1)
        reject(new ServiceUnavailableError('Too many heavy reads are running; retry shortly'))
      }, this.#wait)
      this.#queue.push(admit)
    })
  }

  #leave (): void {
    this.#running -= 1
    const limit = this.#limit()
    while (this.#queue.length > 0 && this.#running < limit) this.#queue.shift()!()
  }
}
