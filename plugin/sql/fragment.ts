/**
 * SQL as fragments that hold their text and their values together: a fragment nests in
 * another at any place, in any order, and the whole statement is rendered ONCE into
 * PostgreSQL's text with `$1..$n` and the list of its values, numbered in text order.
 * Nothing ever scans text for placeholders, so a `?` or `$1` inside a literal stays text.
 *
 * Written here rather than taken from `sql-template-tag` (read at 5.2.1): that library
 * copies every nested fragment's strings and values into its parent when it is built (a
 * cost paid again at every level of nesting: component rows within component rows, populate
 * within populate), renders only from `$1` (the one-statement delete numbers its parts after
 * values that come before them) and throws on an empty `join`. A fragment here keeps its
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

export class Sql {
  /** One more text than items: text, item, text, … , text. */
  readonly #texts: readonly string[]
  /** A nested fragment, or a value. */
  readonly #items: readonly unknown[]

  constructor (texts: readonly string[], items: readonly unknown[]) {
    if (texts.length !== items.length + 1) throw new TypeError(`A fragment of ${texts.length} texts takes ${texts.length - 1} items, not ${items.length}`)
    this.#texts = texts
    this.#items = items
  }

  /** Text and values; the first value is `$first` (past the values of SQL the text follows). */
  render (first = 1): RenderedSql {
    const out: string[] = []
    const values: unknown[] = []
    this.#write(out, values, first)
    return { text: out.join(''), values }
  }

  #write (out: string[], values: unknown[], first: number): void {
    const items = this.#items
    out.push(this.#texts[0]!)
    for (let index = 0; index < items.length; index++) {
      const item = items[index]
      if (item instanceof Sql) {
        item.#write(out, values, first)
      } else {
        values.push(item)
        out.push(`$${first + values.length - 1}`)
      }
      out.push(this.#texts[index + 1]!)
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
  return new Sql(['', ...Array.from({ length: parts.length - 1 }, () => separator), ''], parts)
}

/** Each value as a placeholder, `separator` between them (`$1, $2, $3`). */
export function valueList (values: readonly unknown[], separator = ', '): Sql {
  if (values.length === 0) return EMPTY_SQL
  return new Sql(['', ...Array.from({ length: values.length - 1 }, () => separator), ''], values)
}
