/**
 * SQL as fragments that hold their text and their values together: a fragment nests in
 * another at any place, in any order, and the whole statement is rendered ONCE into
 * PostgreSQL's text with `$1..$n` and the list of its values, numbered in text order.
 * Nothing ever scans text for placeholders, so a `?` or `$1` inside a literal stays text.
 * Two exceptions to plain text order, both said where the fragment is built: an
 * `SqlParameter` is one value wherever it is used, and a `numberedFirst` fragment's values
 * come before the others (the reads keep the numbers their tests and plans know).
 *
 * Written here rather than taken from `sql-template-tag` (read at 5.2.1): that library
 * copies every nested fragment's strings and values into its parent when it is built (a
 * cost paid again at every level of nesting: component rows within component rows, populate
 * within populate) and throws on an empty `join`. A fragment here keeps its
 * children as they are and renders the tree in one walk: linear in the text, however deep.
 *
 * Text gets into a fragment only through the template's own strings or `raw` (identifiers
 * and literals quoted by ./text.ts first): whatever is interpolated is a value.
 */

/** A rendered statement, as `pg` takes it. */
export interface RenderedSql {
  text: string
  values: unknown[]
}

/** A value bound once, however many places of a statement use it: one `$n` for all of them. */
export class SqlParameter {
  readonly value: unknown
  constructor (value: unknown) {
    this.value = value
  }
}

/** One placeholder of a statement being rendered: its value (or shared parameter), and its number once given. */
interface Slot {
  value: unknown
  shared: SqlParameter | null
  first: boolean
  number: number
}

export class Sql {
  /** One more text than items: text, item, text, … , text. */
  readonly #texts: readonly string[]
  /** A nested fragment, or a value. */
  readonly #items: readonly unknown[]
  /** Its values are numbered before every other value of the statement (see `numberedFirst`). */
  readonly #first: boolean

  constructor (texts: readonly string[], items: readonly unknown[], first = false) {
    if (texts.length !== items.length + 1) throw new TypeError(`A fragment of ${texts.length} texts takes ${texts.length - 1} items, not ${items.length}`)
    this.#texts = texts
    this.#items = items
    this.#first = first
  }

  /**
   * Text and values, from `$1`. Values are numbered in text order, those of `numberedFirst`
   * fragments before the others.
   */
  render (): RenderedSql {
    const pieces: Array<string | Slot> = []
    const slots: Slot[] = []
    this.#collect(pieces, slots, false)
    const values: unknown[] = []
    const shared = new Map<SqlParameter, number>()
    const number = (slot: Slot): void => {
      const known = slot.shared === null ? undefined : shared.get(slot.shared)
      if (known !== undefined) {
        slot.number = known
        return
      }
      values.push(slot.value)
      slot.number = values.length
      if (slot.shared !== null) shared.set(slot.shared, slot.number)
    }
    for (const slot of slots) if (slot.first) number(slot)
    for (const slot of slots) if (!slot.first) number(slot)
    // A `+=` rope, flattened once by whoever reads it whole: cheaper than `map(…).join('')`.
    let text = ''
    for (const piece of pieces) text += typeof piece === 'string' ? piece : `$${piece.number}`
    return { text, values }
  }

  /**
   * The same fragment in one level: the texts between its values merged, no nested fragment
   * left. It renders as the fragment does, and costs one short walk where it is nested again
   * and again (a cached answer nested in every write of its shape). A fragment with values
   * numbered first keeps its nesting, which their numbering needs.
   */
  flat (): Sql {
    const pieces: Array<string | Slot> = []
    const slots: Slot[] = []
    this.#collect(pieces, slots, false)
    if (slots.some(slot => slot.first)) return this
    const texts: string[] = []
    const items: unknown[] = []
    let text = ''
    for (const piece of pieces) {
      if (typeof piece === 'string') {
        text += piece
      } else {
        texts.push(text)
        text = ''
        items.push(piece.shared ?? piece.value)
      }
    }
    texts.push(text)
    return new Sql(texts, items)
  }

  /** A fragment pasted into a string would lose its values: that mistake fails loudly. */
  toString (): never {
    throw new TypeError('An SQL fragment goes into sql`…`, join or render, never into a string')
  }

  #collect (pieces: Array<string | Slot>, slots: Slot[], inFirst: boolean): void {
    const first = inFirst || this.#first
    const items = this.#items
    pieces.push(this.#texts[0]!)
    for (let index = 0; index < items.length; index++) {
      const item = items[index]
      if (item instanceof Sql) {
        item.#collect(pieces, slots, first)
      } else {
        const shared = item instanceof SqlParameter ? item : null
        const slot: Slot = { value: shared === null ? item : shared.value, shared, first, number: 0 }
        slots.push(slot)
        pieces.push(slot)
      }
      pieces.push(this.#texts[index + 1]!)
    }
  }
}

/** The template's strings are text; every `${…}` is a value, or a fragment nested as it is. */
export function sql (texts: TemplateStringsArray, ...items: unknown[]): Sql {
  return new Sql(texts, items)
}

/** Text taken as it is: SQL the plugin wrote, or names quoted by `identifier`. Never a value from a request. */
export function raw (text: string): Sql {
  return new Sql([text], [])
}

export const EMPTY_SQL = raw('')

/** The fragments one after the other, `separator` between them; none: empty. */
export function join (parts: readonly Sql[], separator = ', '): Sql {
  if (parts.length === 0) return EMPTY_SQL
  return new Sql(separated(parts.length, separator), parts)
}

/**
 * `part` with its values numbered before the rest of the statement's, wherever it stands:
 * a list's page keeps `$1…` though the count beside it comes first in the text.
 */
export function numberedFirst (part: Sql): Sql {
  return new Sql(['', ''], [part], true)
}

/** Each value as a placeholder, `separator` between them (`$1, $2, $3`). */
export function valueList (values: readonly unknown[], separator = ', '): Sql {
  if (values.length === 0) return EMPTY_SQL
  return new Sql(separated(values.length, separator), values)
}

/**
 * The texts around `count` items: `separator` between them, nothing before or after. Filled
 * rather than spread from `Array.from`: 50-100 ns against 370-1,700 ns (2-30 items), and a
 * create builds dozens of lists.
 */
function separated (count: number, separator: string): string[] {
  const texts = new Array<string>(count + 1).fill(separator)
  texts[0] = ''
  texts[count] = ''
  return texts
}
