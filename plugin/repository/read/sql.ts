/** The values of one read statement, numbered as they are added. */

/** Collects the values of one statement and hands out their placeholders. */
export class Parameters {
  readonly values: unknown[] = []
  /** The number of the first placeholder: 1, or the one after those of the statement this SQL ends. */
  readonly #first: number

  constructor (first = 1) {
    this.#first = first
  }

  add (value: unknown): string {
    this.values.push(value)
    return `$${this.#first + this.values.length - 1}`
  }
}
