/**
 * What the write path's statements are made of, beside the SQL module's fragments
 * (plugin/sql): the parts of a data statement, and the session's names and reads.
 */
import type { Registry } from '../../content-types/registry.js'
import { literal, raw, sql, type Sql } from '../../sql/index.js'
import type { Row } from '../connection/database.js'

/**
 * What the pending writes (write/deletes, write/link-rows) ask of the write session that
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
  /** The sequence drawing the entity's ids, when known (read at startup). */
  idSequence: (entityName: string) => string | undefined
  select: (statement: Sql) => Promise<Row[]>
}

/**
 * The next id of `entity`'s table, drawn from its sequence as an insert would draw it: the
 * sequence named as a constant (resolved once, when the statement is prepared), or, when it
 * is not known, found by the table's name on every call.
 */
export function nextId (session: WriteSql, entity: string): Sql {
  const sequence = session.idSequence(entity)
  if (sequence !== undefined) return raw(`nextval(${literal(sequence)}::regclass)`)
  return sql`nextval(pg_get_serial_sequence(${session.table(entity)}, ${session.fieldName(entity, 'id')}))`
}

/**
 * A row's id in a write: a number, or, for a new row whose id the data statement draws
 * itself (the one-statement create, write/one-statement), the SQL that reads it there.
 */
export type RowId = number | Sql

/** A data-modifying part of a statement (a CTE of the data statement). */
export interface SqlPart {
  sql: Sql
  /**
   * How a condition joins the part's text, when it can be made to write only if the
   * condition holds: `where` (an `insert … select` without a WHERE of its own) or `and` (an
   * UPDATE or DELETE whose text ends with its top-level WHERE). Said by the builder that
   * writes the text, never read back from it.
   */
  conditionJoin?: 'where' | 'and'
  /**
   * The part with one more FROM item, the statement's first CTE (the one-statement write's
   * `facts`, or `new_ids`, the ids the data statement draws: write/data-statement), whose columns
   * its values may read (`facts.i1`, `new_ids.d1`), written only when its `ok` holds: one
   * scan of it per part, where a scalar subquery per value would cost PostgreSQL one each.
   */
  fromFacts?: (facts: string) => Sql
}

/** A part that can be made conditional. */
export interface ConditionalPart extends SqlPart {
  conditionJoin: 'where' | 'and'
}
