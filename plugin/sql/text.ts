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

const JSON_BUILD_OBJECT_MAX_PAIRS = 50

/** `json_build_object` over key/value SQL pairs, staying under PostgreSQL's 100-argument cap. */
export function jsonObject (pairs: Array<[string, string]>): string {
  const chunks: string[] = []
  for (let start = 0; start < pairs.length || start === 0; start += JSON_BUILD_OBJECT_MAX_PAIRS) {
    const chunk = pairs.slice(start, start + JSON_BUILD_OBJECT_MAX_PAIRS)
    chunks.push(`json_build_object(${chunk.map(([key, value]) => `${literal(key)}, ${value}`).join(', ')})`)
    if (pairs.length === 0) break
  }
  if (chunks.length === 1) return chunks[0]!
  // Past 50 attributes the pieces are merged as jsonb, which reorders the keys.
  return `(${chunks.map(chunk => `${chunk}::jsonb`).join(' || ')})::json`
}
