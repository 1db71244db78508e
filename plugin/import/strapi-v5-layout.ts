/**
 * Where Strapi v5 keeps a model's data, read from Strapi's own description of the tables it
 * built (`strapi_database_schema`), never derived alone: v5 shortens identifiers that grow
 * too long with a hashed suffix, so a name computed from the model may not be the table's.
 * A link table is found by what it links (its two foreign keys, `…_fk` to the owner and
 * `…_ifk` to the target, as Strapi names them) and, when several link the same two tables,
 * by the name Strapi would give it before shortening; its order columns by Strapi's index
 * suffixes (`…_ofk`: the targets' order within an owner, `…_oifk`: the owners' within a
 * target).
 */
import { StrapiSourceError } from '../errors.js'
import type { StrapiColumns } from './import-steps.js'
import { strapiSnakeCase } from './strapi-layout.js'
import type { StrapiRelationSide } from './strapi-layout.js'

interface DescribedTable {
  name: string
  columns: Array<{ name: string }>
  indexes?: Array<{ name?: string, columns?: string[] }>
  foreignKeys?: Array<{ name?: string, columns?: string[], referencedTable?: string }>
}

/** Strapi v5's tables as its `strapi_database_schema` row describes them. */
export class StrapiV5Description {
  readonly #tables: Map<string, DescribedTable>

  constructor (schema: unknown) {
    const tables = (schema as { tables?: unknown } | null)?.tables
    if (!Array.isArray(tables)) throw new StrapiSourceError('--from: Strapi\'s strapi_database_schema holds no description of its tables')
    this.#tables = new Map((tables as DescribedTable[]).map(table => [table.name, table]))
  }

  /** Every described table must be in the database: one missing means a damaged or partial copy. */
  checkPresent (columns: StrapiColumns): void {
    const missing = [...this.#tables.keys()].filter(name => !columns.has(name))
    if (missing.length > 0) {
      throw new StrapiSourceError(`--from: Strapi's schema describes ${missing.length === 1 ? 'a table' : 'tables'} the database does not have: ${missing.join(', ')}`)
    }
  }

  has (table: string): boolean {
    return this.#tables.has(table)
  }

  /** The components table of an entry or component table: the one whose `entity_id` points at it and has `cmp_id`. */
  componentsTable (owner: string): string | null {
    const preferred = `${owner}_cmps`
    if (this.#tables.has(preferred)) return preferred
    const found = [...this.#tables.values()].filter(table =>
      table.columns.some(column => column.name === 'cmp_id') &&
      (table.foreignKeys ?? []).some(key => key.referencedTable === owner && key.columns?.[0] === 'entity_id'))
    return found.length === 1 ? found[0]!.name : null
  }

  /** The `_lnk` table of `ownerTable.attribute` → `targetTable`, read as the owning side. */
  linkTable (options: { ownerTable: string, attribute: string, targetTable: string }): StrapiRelationSide | null {
    const expected = `${options.ownerTable}_${strapiSnakeCase(options.attribute)}_lnk`
    const candidates = [...this.#tables.values()].filter(table =>
      this.#keyColumn(table, '_fk', options.ownerTable) !== undefined && this.#keyColumn(table, '_ifk', options.targetTable) !== undefined)
    let table = candidates.find(candidate => candidate.name === expected)
    if (table === undefined) {
      const prefixed = candidates.filter(candidate => sharedPrefix(candidate.name, expected) >= Math.min(candidate.name.length, expected.length) - 10)
      if (prefixed.length > 1) throw new StrapiSourceError(`--from: more than one of Strapi's link tables may hold ${options.ownerTable}.${options.attribute}: ${prefixed.map(candidate => candidate.name).join(', ')}`)
      table = prefixed[0]
    }
    if (table === undefined) return null
    return {
      table: table.name,
      selfColumn: this.#keyColumn(table, '_fk', options.ownerTable)!,
      otherColumn: this.#keyColumn(table, '_ifk', options.targetTable)!,
      orderColumn: this.#indexColumn(table, '_ofk'),
      otherOrderColumn: this.#indexColumn(table, '_oifk')
    }
  }

  #keyColumn (table: DescribedTable, suffix: string, referenced: string): string | undefined {
    const key = (table.foreignKeys ?? []).find(candidate => candidate.name?.endsWith(suffix) === true && candidate.referencedTable === referenced && candidate.columns?.length === 1)
    return key?.columns?.[0]
  }

  #indexColumn (table: DescribedTable, suffix: string): string | null {
    return (table.indexes ?? []).find(index => index.name?.endsWith(suffix) === true && index.columns?.length === 1)?.columns?.[0] ?? null
  }
}

function sharedPrefix (a: string, b: string): number {
  let length = 0
  while (length < a.length && length < b.length && a[length] === b[length]) length++
  return length
}
