/**
 * The few SQL text primitives the read compiler needs. Identifiers come only from ORM
 * metadata and pass through `identifier`; values only ever become `$n` parameters.
 */

export function identifier (name: string): string {
  return `"${name.replaceAll('"', '""')}"`
}

/** A string constant known at compile time (attribute names, component uids). */
export function literal (text: string): string {
  return `'${text.replaceAll("'", "''")}'`
}

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
