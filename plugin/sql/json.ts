/** JSON that PostgreSQL builds: the read compiler's answers are written with these. */
import { join, raw, sql, type Sql } from './fragment.js'
import { literal } from './text.js'

const JSON_BUILD_OBJECT_MAX_PAIRS = 50

/** `json_build_object` over key/value pairs, staying under PostgreSQL's 100-argument cap. */
export function jsonObject (pairs: ReadonlyArray<readonly [string, Sql]>): Sql {
  if (pairs.length <= JSON_BUILD_OBJECT_MAX_PAIRS) return buildObject(pairs)
  const chunks: Sql[] = []
  for (let start = 0; start < pairs.length; start += JSON_BUILD_OBJECT_MAX_PAIRS) {
    chunks.push(buildObject(pairs.slice(start, start + JSON_BUILD_OBJECT_MAX_PAIRS)))
  }
  // Past 50 attributes the pieces are merged as jsonb, which reorders the keys.
  return sql`(${join(chunks.map(chunk => sql`${chunk}::jsonb`), ' || ')})::json`
}

function buildObject (pairs: ReadonlyArray<readonly [string, Sql]>): Sql {
  return sql`json_build_object(${join(pairs.map(([key, value]) => sql`${raw(literal(key))}, ${value}`))})`
}
