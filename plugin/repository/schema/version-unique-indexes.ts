/**
 * Unique values of a type whose documents may have a pending draft (content-types/pending-drafts.ts):
 * a document's draft and published rows share their values, so a plain unique index cannot
 * hold. Each such column has two partial unique indexes instead, one over the published rows
 * and one over the drafts; that a draft's value is not another document's published one is
 * the write's own check (write/unique-scope.ts), as every unique value is checked before it is
 * written. Raw indexes the ORM compares by name, as the search indexes are.
 */
import { createHash } from 'node:crypto'
import { identifier } from '../../sql/index.js'

export interface VersionUniqueIndex {
  name: string
  expression: string
}

/** The two indexes of column `column` of `table` (both unquoted), published rows and drafts. */
export function versionUniqueIndexes (table: string, column: string, publishedColumn: string): VersionUniqueIndex[] {
  return (['is not null', 'is null'] as const).map(publication => {
    const hash = createHash('sha1').update(`${table} ${column} ${publication}`).digest('hex').slice(0, 10)
    const name = `fca_u_${`${table}_${column}`.replace(/[^A-Za-z0-9_]+/g, '_').slice(0, 40)}_${publication === 'is null' ? 'd' : 'p'}_${hash}`.toLowerCase()
    return {
      name,
      expression: `create unique index ${identifier(name)} on ${identifier(table)} (${identifier(column)}) where ${identifier(publishedColumn)} ${publication}`
    }
  })
}
