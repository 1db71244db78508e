/**
 * Names of prepared statements, one per distinct text: a deep populate statement costs
 * PostgreSQL far more to plan than to run, and a named one is planned once per connection.
 * The names are capped, because every distinct query shape a client sends would otherwise
 * stay prepared on every pooled connection.
 */
import { createHash } from 'node:crypto'

const MAX_PREPARED_STATEMENTS = 256

/** The name of a known text, and that text as it was first seen. */
export interface PreparedStatement {
  name: string
  /**
   * Handed to pg instead of an equal fresh text: pg compares the text of a named statement
   * with the one the connection prepared, and the same string compares at once.
   */
  text: string
}

/** The prepared statement of a text; undefined past the cap (the text is then sent unnamed). */
export type NameOf = (text: string) => PreparedStatement | undefined

/**
 * A write renders its text afresh on every request (same body shape, same text). A Map keyed
 * by the text would hash all of it each time (a create's text is kilobytes);
 * known texts are kept by length instead, and a fresh text is compared only with those of its
 * length, a comparison that stops at the first differing character.
 */
export function statementNames (): NameOf {
  const byLength = new Map<number, PreparedStatement[]>()
  let count = 0
  return (text) => {
    const sameLength = byLength.get(text.length)
    const known = sameLength?.find(statement => statement.text === text)
    if (known !== undefined || count >= MAX_PREPARED_STATEMENTS) return known
    const statement = { name: `fca_${createHash('sha1').update(text).digest('hex').slice(0, 24)}`, text }
    if (sameLength === undefined) byLength.set(text.length, [statement])
    else sameLength.push(statement)
    count += 1
    return statement
  }
}
