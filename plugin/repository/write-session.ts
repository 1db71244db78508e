/**
 * What one write transaction shares: its EntityManager, the registry, the problems found so
 * far, the deletions it has decided on and the link rows it will write. Deletions wait until
 * every check has passed and then run (one statement) before the unit of work flushes,
 * because a link to a to-one relation can only be inserted once the old one is gone. Link
 * rows go last, in one statement, once the rows they join have ids.
 */
import type { EntityClass, EntityMetadata } from '@mikro-orm/core'
import type { SqlEntityManager } from '@mikro-orm/sql'
import type { Registry } from '../content-types/registry.js'
import type { IssueList } from '../transform/input-issues.js'
import type { Row } from './database.js'
import { PendingDeletes } from './write-deletes.js'
import { PendingLinkRows } from './write-link-rows.js'
import { quote } from './write-sql.js'

/** A row object of one of the runtime EntitySchemas (no class of ours behind it). */
export type Entity = Record<string, unknown>

export class WriteSession {
  readonly em: SqlEntityManager
  readonly registry: Registry
  readonly issues: IssueList
  readonly deletes = new PendingDeletes()
  readonly linkRows = new PendingLinkRows()

  constructor (em: SqlEntityManager, registry: Registry, issues: IssueList) {
    this.em = em
    this.registry = registry
    this.issues = issues
  }

  metadata (entityName: string): EntityMetadata<Entity> {
    return this.em.getMetadata().getByClassName<Entity>(entityName)
  }

  entityClass (entityName: string): EntityClass<Entity> {
    return this.metadata(entityName).class as EntityClass<Entity>
  }

  /** Quoted table name of an entity, from the ORM metadata. */
  table (entityName: string): string {
    return quote(this.metadata(entityName).tableName)
  }

  /** Quoted column of an entity property, from the ORM metadata. */
  column (entityName: string, property: string): string {
    return quote(this.fieldName(entityName, property))
  }

  /** Column name of an entity property, unquoted. */
  fieldName (entityName: string, property: string): string {
    const field = this.metadata(entityName).properties[property]?.fieldNames[0]
    if (field === undefined) throw new Error(`${entityName} has no property ${property}`)
    return field
  }

  /** A hand-written statement inside the transaction; `?` placeholders, values bound. */
  async select (sql: string, params: readonly unknown[]): Promise<Row[]> {
    return await this.em.execute<Row[]>(sql, [...params])
  }

  /** Queues this transaction behind every other one holding the lock named `key`, until commit. */
  async lockNamed (key: string): Promise<void> {
    await this.select('select pg_advisory_xact_lock(hashtext(?))', [`fastify-content-api:${key}`])
  }

  /** Sends the unit of work, then the link rows between the rows it wrote. */
  async flush (): Promise<void> {
    await this.em.flush()
    await this.linkRows.write(this)
  }
}
