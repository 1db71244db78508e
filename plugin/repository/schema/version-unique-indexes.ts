/**
 * Unique values of a type whose documents may have a pending draft (content-types/pending-drafts.ts):
 * a document's draft and published rows share their values, so a plain unique index cannot
 * hold. Each such column is unique together with whether the row is a draft instead: unique
 * among the published rows, and among the drafts. That a draft's value is not another
 * document's published one is the write's own check (write/other-rows.ts), as every unique
 * value is checked before it is written. One index, not two partial ones: a partial index
 * over the published rows would also serve, and change, the plans of every published read.
 * A raw index the ORM compares by name, as the search indexes are.
 */
import { createHash } from 'node:crypto'
import { identifier } from '../../sql/index.js'

export interface VersionUniqueIndex {
  name: string
  expression: string
}

/** The index of column `column` of `table` (both unquoted), `publishedColumn` telling drafts. */
export function versionUniqueIndex (table: string, column: string, publishedColumn: string): VersionUniqueIndex {
  const hash = createHash('sha1').update(`${table} ${column}`).digest('hex').slice(0, 10)
  const name = `fca_u_${`${table}_${column}`.replace(/[^A-Za-z0-9_]+/g, '_').slice(0, 40)}_${hash}`.toLowerCase()
  return {
    name,
    expression: `create unique index ${identifier(name)} on ${identifier(table)} (${identifier(column)}, (${identifier(publishedColumn)} is null))`
  }
}
