/**
 * Heavy reads take turns (issue 11): a read the populate budget estimates to build many rows
 * runs only while fewer than `slots` heavy reads run, so that however many heavy reads
 * arrive at once, the rest of the pool stays free for ordinary ones. A heavy read that
 * cannot start within `wait` ms answers 503 with Retry-After rather than queue without end.
 */
import { ServiceUnavailableError } from '../errors.js'

export class ReadGate {
  readonly #slots: number
  readonly #wait: number
  #running = 0
  readonly #queue: Array<() => void> = []

  constructor (options: { slots: number, wait: number }) {
    this.#slots = options.slots
    this.#wait = options.wait
  }

  async run<T> (work: () => Promise<T>): Promise<T> {
    await this.#enter()
    try {
      return await work()
    } finally {
      this.#leave()
    }
  }

  async #enter (): Promise<void> {
    if (this.#running < this.#slots) {
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
    this.#queue.shift()?.()
  }
}
