/**
 * SQL text that is safe by construction: quoted identifiers (names from the ORM metadata),
 * string constants known when the SQL is written, table aliases. Values never go here: they
 * go into fragments (./fragment.ts) as `$n` parameters.
 */

export function identifier (name: string): string {
  return `"${name.replaceAll('"', '""')}"`
}

/** A string constant known at compile time (attribute names, component uids). */
export function literal (text: string): string {
  return `'${text.replaceAll("'", "''")}'`
}

/** Hands out the table aliases of one statement. */
export class Aliases {
  #next = 0

  take (prefix: string): string {
    this.#next += 1
    return `${prefix}${this.#next}`
  }
}
