/**
 * The database's own refusals of a write, as 400s. The checks before the flush catch bad
 * input, but a concurrent write can still collide with a unique index or delete a related
 * row between check and insert; a client error must never surface as a 500.
 */
import type { RuntimeOrm } from '../connection/database.js'
import type { LinkSide } from '../../content-types/model.js'
import { ValidationError } from '../../errors.js'
import { issueMessage, issuePath } from '../../write-plan/issues.js'
import type { InputPath, RowPlan, ScalarWrite, UidToGenerate } from '../../write-plan/plan.js'
import { UNIQUE_MESSAGE } from './unique.js'

/** PostgreSQL SQLSTATEs that a request body can cause, and what they mean for a client. */
const CLIENT_ERRORS: Readonly<Record<string, string>> = {
  23505: UNIQUE_MESSAGE,
  23503: 'refers to an entry that does not exist (any more)',
  22001: 'is too long for its column',
  22003: 'is out of range for its column',
  22007: 'is not a valid date or time',
  22008: 'is not a valid date or time',
  22021: 'holds characters the database cannot store',
  '22P02': 'is not a valid value for its column',
  '22P05': 'holds characters the database cannot store'
}

interface DriverError {
  code?: unknown
  table?: unknown
  detail?: unknown
  column?: unknown
}

export function translateDatabaseError (error: unknown, orm: RuntimeOrm, root: RowPlan | null): ValidationError | null {
  const { code, table } = (error ?? {}) as DriverError
  const problem = typeof code === 'string' ? CLIENT_ERRORS[code] : undefined
  if (problem === undefined) return null
  const where = { table: typeof table === 'string' ? table : '', column: refusedColumn(error) }
  const path = (root === null ? null : locate(orm, root, where)) ?? []
  if (problem === UNIQUE_MESSAGE) return ValidationError.at(issuePath(path), problem)
  // Not located in the plan: the body as a whole is the subject.
  return ValidationError.at(issuePath(path), path.length === 0 ? `A value ${problem}` : issueMessage(path, problem))
}

/** The column the database names, or the first of the key it quotes (`Key (slug)=(…)`). */
function refusedColumn (error: unknown): string | undefined {
  const { detail, column } = (error ?? {}) as DriverError
  if (typeof column === 'string') return column
  // The first column of the index: a unique value's own (a versioned one's index adds whether the row is a draft: schema/version-unique-indexes.ts).
  return typeof detail === 'string' ? /^Key \(([^),]+)[,)]/.exec(detail)?.[1] : undefined
}

/**
 * Whether `error` is a unique index refusing a uid the write generated itself (the client sent
 * none): a concurrent create took the candidate between the pick and the insert. Written
 * again, the write picks the next free one; the client did nothing wrong.
 */
export function isGeneratedUidTaken (error: unknown, orm: RuntimeOrm, root: RowPlan | null): boolean {
  const { code, table } = (error ?? {}) as DriverError
  if (code !== '23505' || root === null || typeof table !== 'string') return false
  const where = { table, column: refusedColumn(error) }
  const generates = (row: RowPlan): boolean => {
    const written = columnWrite(orm, row, where)
    return (written !== undefined && 'base' in written) || row.lists.some(list => list.items.some(generates))
  }
  return generates(root)
}

/** The scalar or generated uid of `row` itself stored in `table`/`column`. */
function columnWrite (orm: RuntimeOrm, row: RowPlan, where: { table: string, column: string | undefined }): ScalarWrite | UidToGenerate | undefined {
  const meta = orm.getMetadata().getByClassName(row.model.entity)
  if (meta.tableName !== where.table) return undefined
  return [...row.scalars, ...row.uids].find(write => meta.properties[write.attribute.name]?.fieldNames[0] === where.column)
}

/** The path of the written attribute stored in `table`/`column`, searching the whole plan. */
function locate (
  orm: RuntimeOrm,
  row: RowPlan,
  where: { table: string, column: string | undefined }
): InputPath | null {
  const metadata = orm.getMetadata()
  const tableOf = (entity: string): string => metadata.getByClassName(entity).tableName
  const written = columnWrite(orm, row, where)
  if (written !== undefined) return written.path
  const linkPath = (sides: LinkSide[], path: InputPath): InputPath | null =>
    sides.some(side => tableOf(side.entity) === where.table) ? path : null
  for (const write of row.links) {
    const found = linkPath([write.attribute.link], write.path)
    if (found !== null) return found
  }
  for (const list of row.lists) {
    const sides = list.attribute.kind === 'component' ? [list.attribute.link] : Object.values(list.attribute.links)
    const found = linkPath(sides, list.path)
    if (found !== null) return found
    for (const item of list.items) {
      const nested = locate(orm, item, where)
      if (nested !== null) return nested
    }
  }
  return null
}
