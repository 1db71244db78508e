/**
 * Rows in the text format of PostgreSQL's `COPY … FROM`: one line per row, values separated
 * by tabs, NULL as `\N`, and a backslash, tab, newline or carriage return inside a value
 * escaped with a backslash. The values stay the engine's text: PostgreSQL reads each one with
 * its column type's input function, the same one a `::type` cast from text uses, so a
 * bigint, a decimal, a datetime or a JSON document is parsed there, never in Node.
 */
import type { EngineValue } from './engine-reader.js'

const SPECIAL = /[\\\t\n\r]/g
const ESCAPES: Readonly<Record<string, string>> = { '\\': '\\\\', '\t': '\\t', '\n': '\\n', '\r': '\\r' }

function field (value: EngineValue): string {
  if (value === null) return '\\N'
  return value.replace(SPECIAL, character => ESCAPES[character]!)
}

/** The rows as one COPY text payload, each line ended by a newline. */
export function copyText (rows: readonly (readonly EngineValue[])[]): string {
  let text = ''
  for (const row of rows) text += row.map(field).join('\t') + '\n'
  return text
}
