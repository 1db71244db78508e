/**
 * The bits of SQL text the write path's statements need. Parts are written with `?`
 * placeholders so they compose in any order; `numbered` turns the composed text into `$n`.
 */
import type { Registry } from '../content-types/registry.js'
import type { Row } from './database.js'

/**
 * What the pending writes (write-deletes, write-link-rows) ask of the write session that
 * holds them: names from the ORM metadata, the model, a statement inside its transaction.
 * Declared beneath the session, so that it builds them without their importing it back.
 */
export interface WriteSql {
  readonly registry: Registry
  /** Quoted table name of an entity. */
  table: (entityName: string) => string
  /** Quoted column of an entity property. */
  column: (entityName: string, property: string) => string
  /** Column name of an entity property, unquoted. */
  fieldName: (entityName: string, property: string) => string
  /** `?` placeholders, values bound. */
  select: (sql: string, params: readonly unknown[]) => Promise<Row[]>
}

/** A piece of SQL with `?` placeholders and their values, in order. */
export interface SqlPart {
  sql: string
  params: unknown[]
}

/**
 * A data-modifying part that can be made to write only when a condition holds, and how the
 * condition joins its text: `where` (an `insert … select` without a WHERE of its own) or
 * `and` (an UPDATE or DELETE whose text ends with its top-level WHERE). Said by the builder
 * that writes the text, never read back from it.
 */
export interface ConditionalPart extends SqlPart {
  conditionJoin: 'where' | 'and'
}

export function quote (identifier: string): string {
  return `"${identifier.replaceAll('"', '""')}"`
}

/**
 * A PostgreSQL array literal (`{1,NULL,3}`) bound as one text value (`?::int[]`): one
 * parameter however long the list, and MikroORM, which inlines a JavaScript array as a bare
 * comma list, could not hold a null in one.
 */
export function intArray (values: ReadonlyArray<number | null>): string {
  return `{${values.map(value => value ?? 'NULL').join(',')}}`
}

/**
 * Data-modifying statements sent as one. Every part of a WITH runs whether or not the last
 * part reads it; the parts run in no defined order and all see the rows as they were when
 * the statement began, so no part may depend on another's effect.
 */
export function oneStatement (parts: readonly SqlPart[]): SqlPart {
  const last = parts.at(-1)
  if (last === undefined) throw new Error('oneStatement needs a part')
  const before = parts.slice(0, -1)
  if (before.length === 0) return last
  return {
    sql: `with ${before.map((part, index) => `w${index} as (${part.sql})`).join(', ')} ${last.sql}`,
    params: [...before.flatMap(part => part.params), ...last.params]
  }
}

/**
 * The statement with its `?` placeholders numbered `$1`, `$2` … (or from `first`, after the
 * values of the SQL before it), the form PostgreSQL (and the read compiler) uses. A `?` inside a quoted literal or identifier is text, not a value.
 */
export function numbered (sql: string, first = 1): string {
  let out = ''
  let n = first - 1
  let quote: string | null = null
  for (const char of sql) {
    if (quote !== null) {
      if (char === quote) quote = null
    } else if (char === "'" || char === '"') {
      quote = char
    } else if (char === '?') {
      n += 1
      out += `$${n}`
      continue
    }
    out += char
  }
  return out
}
