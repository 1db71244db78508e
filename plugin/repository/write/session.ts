/**
 * What one write transaction shares: its connection, the ORM metadata its statements are
 * compiled from, the registry, the problems found so far, the deletions it has decided on,
 * the link rows it will write and its one data-modifying statement. MikroORM's unit of work
 * is not involved: the ORM gives the names and the value conversions, the statements are
 * the plugin's own.
 *
 * Deletions wait until every check has passed; they ride in the data statement unless one
 * of them could collide with an insert (then they run just before it). Link rows go last, in
 * the same statement as the rows they join.
 */
import type { EntityMetadata, EntityProperty, Platform } from '@mikro-orm/core'
import type { Registry } from '../../content-types/registry.js'
import { Sql, sql } from '../../sql/index.js'
import type { IssueList } from '../../write-plan/issues.js'
import type { Database, Row, RuntimeOrm, SqlTransaction } from '../connection/database.js'
import type { SqlNames } from '../schema/sql-names.js'
import { PendingDeletes } from './deletes.js'
import { PendingLinkRows } from './link-rows.js'
import type { WriteSql } from './sql.js'
import { DataStatement, type ReturnedRow, type RowValues } from './data-statement.js'

/** A write sent without a transaction found it needs more than one statement: it starts again inside one. */
export class NeedsTransaction extends Error {}

/** A write sent without a transaction was planned from a version of its entry that a concurrent write changed: nothing was written. */
export class StaleFacts extends Error {}

/** A row object of one of the runtime EntitySchemas (no class of ours behind it). */
export type Entity = Record<string, unknown>

/** What a session is made of. */
export interface WriteSessionParts {
  tx: SqlTransaction
  /** Its ORM and its one name resolver, shared with the reads. */
  db: Pick<Database, 'orm' | 'names'>
  registry: Registry
  /** Where the write's problems go. */
  issues: IssueList
}

/** How `rowValues` fills a row. */
export interface RowValuesOptions {
  /** A new row: the properties the schema fills on create (`onCreate`: timestamps) join the values when unsent. */
  creating: boolean
}

export class WriteSession implements WriteSql {
  readonly tx: SqlTransaction
  readonly orm: RuntimeOrm
  readonly registry: Registry
  readonly issues: IssueList
  readonly deletes = new PendingDeletes()
  readonly linkRows = new PendingLinkRows()
  readonly data = new DataStatement()
  readonly #names: SqlNames
  readonly #platform: Platform

  constructor ({ tx, db, registry, issues }: WriteSessionParts) {
    this.tx = tx
    this.orm = db.orm
    this.registry = registry
    this.issues = issues
    this.#names = db.names
    this.#platform = db.orm.config.getPlatform()
  }

  metadata (entityName: string): EntityMetadata<Entity> {
    return this.orm.getMetadata().getByClassName<Entity>(entityName)
  }

  /** Quoted table name of an entity, from the ORM metadata. */
  table (entityName: string): string {
    return this.#names.table(entityName)
  }

  /** Quoted column of an entity property, from the ORM metadata. */
  column (entityName: string, property: string): string {
    return this.#names.column(entityName, property)
  }

  /** Column name of an entity property, unquoted. */
  fieldName (entityName: string, property: string): string {
    const field = this.metadata(entityName).properties[property]?.fieldNames[0]
    if (field === undefined) throw new Error(`${entityName} has no property ${property}`)
    return field
  }

  idSequence (entityName: string): string | undefined {
    return this.#names.idSequence(entityName)
  }

  /**
   * A property's value as its column takes it, converted by the ORM's type of the property
   * (json as JSON text — `pg` would send a JavaScript array as a PostgreSQL array —, big
   * integers as text); a relation column takes the related id.
   */
  columnValue (entityName: string, property: string, value: unknown): unknown {
    const prop: EntityProperty | undefined = this.metadata(entityName).properties[property]
    if (prop === undefined) throw new Error(`${entityName} has no property ${property}`)
    if (value === null || value === undefined) return null
    // SQL the statement computes the value with (a uid it picks itself: write/one-statement).
    if (value instanceof Sql) return value
    return prop.customType === undefined ? value : prop.customType.convertToDatabaseValue(value, this.#platform, { mode: 'query-data' })
  }

  /** The columns and values of a row of `entityName` from values by property name. */
  rowValues (entityName: string, values: Record<string, unknown>, { creating }: RowValuesOptions): RowValues {
    const meta = this.metadata(entityName)
    const columns: string[] = []
    const types: string[] = []
    const params: unknown[] = []
    const all = { ...values }
    if (creating) {
      for (const prop of meta.props) {
        if (prop.onCreate !== undefined && all[prop.name] === undefined) all[prop.name] = prop.onCreate(all, this.orm.em)
      }
    }
    for (const [property, value] of Object.entries(all)) {
      if (value === undefined) continue
      columns.push(this.column(entityName, property))
      types.push(meta.properties[property]?.columnTypes[0] ?? 'text')
      params.push(this.columnValue(entityName, property, value))
    }
    return { table: this.table(entityName), idColumn: this.column(entityName, 'id'), columns, types, values: params }
  }

  /** Before the statement that needs the ones after it in the same transaction: a write sent without one starts again. */
  requireTransaction (): void {
    if (!this.tx.transactional) throw new NeedsTransaction()
  }

  /** A hand-written statement inside the transaction. */
  async select (statement: Sql): Promise<Row[]> {
    const { text, values } = statement.render()
    return await this.tx.query(text, values)
  }

  /** Queues this transaction behind every other one holding the lock named `key`, until commit. */
  async lockNamed (key: string): Promise<void> {
    await this.select(sql`select pg_advisory_xact_lock(hashtext(${`fastify-content-api:${key}`}))`)
  }

  /**
   * Sends the data statement: the rows, their link rows, the mergeable deletions. With
   * `returned`, the statement ends by telling of the row it writes in that table: whether
   * it was written, and the answer built from it (null when not asked, or not visible to
   * the answer's selection); undefined when the statement has no such row to write.
   */
  async flush (returned?: ReturnedRow): Promise<{ written: boolean, data: string | null, id?: number } | undefined> {
    this.data.add(this.linkRows.parts(this))
    if (!this.data.guardable) this.requireTransaction()
    if (this.data.isEmpty) return undefined
    const { sql, params, returns } = this.data.take(returned)
    const [row] = await this.tx.query(sql, params)
    if (!returns || row === undefined) return undefined
    const written = { written: Number(row.written) > 0, data: row.data === null ? null : String(row.data) }
    return row.id === undefined || row.id === null ? written : { ...written, id: Number(row.id) }
  }
}
