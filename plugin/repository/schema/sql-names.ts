/**
 * Table and column names read from MikroORM's metadata, so the compiled SQL can never
 * drift from the schema the ORM created; and the sequences of the tables' ids, which only
 * the catalog knows (read once at startup: ./id-sequences.ts).
 */
import type { MetadataStorage } from '@mikro-orm/core'
import { identifier, raw, type Sql } from '../../sql/index.js'

export class SqlNames {
  readonly #metadata: MetadataStorage
  readonly #tables = new Map<string, string>()
  /** By entity, then property: a write asks for hundreds of columns, and a key made of both would be a new string to hash every time. */
  readonly #columns = new Map<string, Map<string, string>>()
  readonly #sequences: ReadonlyMap<string, string>

  /** `sequences`: entity → the sequence of its ids, read from the catalog (./id-sequences.ts). */
  constructor (metadata: MetadataStorage, sequences: ReadonlyMap<string, string> = new Map()) {
    this.#metadata = metadata
    this.#sequences = sequences
  }

  table (entity: string): string {
    let table = this.#tables.get(entity)
    if (table === undefined) {
      table = identifier(this.#metadata.get(entity as never).tableName)
      this.#tables.set(entity, table)
    }
    return table
  }

  /** The table's name as PostgreSQL reports it (unquoted), e.g. in a trigger's TG_TABLE_NAME. */
  tableName (entity: string): string {
    return this.#metadata.get(entity as never).tableName
  }

  /** The column's name as PostgreSQL reports it (unquoted), e.g. in the catalog's `pg_attribute`. */
  columnName (entity: string, property: string): string {
    const field = this.#metadata.get(entity as never).properties[property]?.fieldNames?.[0]
    if (field === undefined) throw new Error(`No column for ${entity}.${property}`)
    return field
  }

  /** The sequence drawing the entity's ids, as PostgreSQL names it (unquoted text); undefined when not known. */
  idSequence (entity: string): string | undefined {
    return this.#sequences.get(entity)
  }

  column (entity: string, property: string): string {
    let columns = this.#columns.get(entity)
    if (columns === undefined) this.#columns.set(entity, columns = new Map())
    let column = columns.get(property)
    if (column === undefined) {
      column = identifier(this.columnName(entity, property))
      columns.set(property, column)
    }
    return column
  }
}

/** What a statement's compilation asks of names: quoted table and column identifiers. */
export type TableNames = Pick<SqlNames, 'table' | 'column'>

/**
 * Table names that remember which tables they named: one per compiled read, so its cached
 * answer is dropped when any table it reads changes. (Not the names of prepared statements:
 * those are connection/statement-names.ts.)
 */
export class TableNamesRecorder implements TableNames {
  readonly #names: SqlNames
  readonly tables = new Set<string>()

  constructor (names: SqlNames) {
    this.#names = names
  }

  table (entity: string): string {
    this.tables.add(this.#names.tableName(entity))
    return this.#names.table(entity)
  }

  column (entity: string, property: string): string {
    return this.#names.column(entity, property)
  }
}

/** An entity's table and columns as fragments, for the statements written by hand (users, tokens, roles). */
export interface EntitySql {
  table: Sql
  column: (property: string) => Sql
}

export function entitySql (names: TableNames, entity: string): EntitySql {
  return { table: raw(names.table(entity)), column: property => raw(names.column(entity, property)) }
}
