/**
 * What one write transaction shares: its EntityManager, the registry, the problems found so
 * far, and the deletions it has decided on. Deletions wait until every check has passed and
 * then run before the unit of work flushes, because MikroORM flushes inserts before deletes
 * and a link to a to-one relation can only be inserted once the old one is gone.
 */
import type { EntityClass, EntityMetadata, FilterQuery } from '@mikro-orm/core'
import type { SqlEntityManager } from '@mikro-orm/sql'
import type { Registry } from '../content-types/registry.js'
import type { IssueList } from '../transform/input-issues.js'
import type { Row } from './database.js'
import { componentTree } from './write-cleanup.js'
import { chunks, quote } from './write-sql.js'

/** A row object of one of the runtime EntitySchemas (no class of ours behind it). */
export type Entity = Record<string, unknown>

export class WriteSession {
  readonly em: SqlEntityManager
  readonly registry: Registry
  readonly issues: IssueList
  readonly #linkDeletes = new Map<string, Array<FilterQuery<Entity>>>()
  readonly #componentDeletes = new Map<string, Set<number>>()

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
    const field = this.metadata(entityName).properties[property]?.fieldNames[0]
    if (field === undefined) throw new Error(`${entityName} has no property ${property}`)
    return quote(field)
  }

  /** A read inside the transaction; `?` placeholders, values bound. */
  async select (sql: string, params: readonly unknown[]): Promise<Row[]> {
    return await this.em.execute<Row[]>(sql, [...params])
  }

  /** Link rows matching `where` are deleted once the checks pass. */
  deleteLinks (linkEntity: string, where: FilterQuery<Entity>): void {
    const filters = this.#linkDeletes.get(linkEntity) ?? []
    filters.push(where)
    this.#linkDeletes.set(linkEntity, filters)
  }

  /** A component row (and, when deletions run, every component row nested in it) goes. */
  deleteComponent (uid: string, id: number): void {
    const ids = this.#componentDeletes.get(uid) ?? new Set<number>()
    ids.add(id)
    this.#componentDeletes.set(uid, ids)
  }

  /** Runs the decided deletions: link rows, then component rows with what is nested in them. */
  async runDeletes (): Promise<void> {
    for (const [entity, filters] of this.#linkDeletes) {
      for (const where of filters) await this.em.nativeDelete(this.entityClass(entity), where)
    }
    this.#linkDeletes.clear()
    const doomed = new Map<string, Set<number>>()
    for (const [uid, ids] of this.#componentDeletes) {
      addAll(doomed, uid, ids)
      for (const [nestedUid, nestedIds] of await componentTree(this, this.registry.model(uid), [...ids])) addAll(doomed, nestedUid, nestedIds)
    }
    this.#componentDeletes.clear()
    await deleteRows(this, doomed)
  }
}

/** Deletes rows by id, one statement per model (unless thousands); link rows go by FK cascade. */
export async function deleteRows (session: WriteSession, rows: ReadonlyMap<string, ReadonlySet<number>>): Promise<void> {
  for (const [uid, ids] of rows) {
    for (const slice of chunks([...ids])) {
      await session.em.nativeDelete(session.entityClass(session.registry.model(uid).entity), { id: { $in: slice } })
    }
  }
}

function addAll (rows: Map<string, Set<number>>, uid: string, ids: Iterable<number>): void {
  const all = rows.get(uid) ?? new Set<number>()
  for (const id of ids) all.add(id)
  rows.set(uid, all)
}
