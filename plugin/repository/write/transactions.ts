/**
 * How a write runs: alone or in a transaction, retried when PostgreSQL rolled it back to break
 * a deadlock or when a concurrent create took its generated uid, its refusals turned into 400s,
 * and the observer told of the commit.
 */
import { IssueList } from '../../write-plan/issues.js'
import type { EntryWritePlan } from '../../write-plan/plan.js'
import type { Database, SqlTransaction } from '../connection/database.js'
import type { EntryTarget, WrittenEntry } from './entry-writes.js'
import { isGeneratedUidTaken, translateDatabaseError } from './errors.js'
import type { WritePlans } from './observer.js'
import { NeedsTransaction, WriteSession } from './session.js'

/** `db` whose writes run inside `tx`: an entry's write becomes a part of a larger one. */
export function within (db: Database, tx: SqlTransaction): Database {
  return { ...db, transaction: async work => await work(tx), autocommit: async work => await work(tx) }
}

/** The one-statement write of an entry (write/one-statement), and what it runs in. */
export interface OneStatementRun extends Pick<EntryTarget, 'db' | 'registry'> {
  plans: WritePlans
  /** The entry it updates; null for a create. */
  id: number | null
  /** What it wrote, or null when it wrote nothing. */
  write: (session: WriteSession, plan: EntryWritePlan) => Promise<WrittenEntry | null>
}

/**
 * The one-statement write (write/one-statement), alone: what it wrote, or null when it wrote
 * nothing (the plan does not suit, or a check failed) and the two-statement path is to run.
 */
export async function firstInOneStatement ({ db, registry, plans, id, write }: OneStatementRun): Promise<WrittenEntry | null> {
  return await inTransaction({
    db,
    plans,
    work: async tx => {
      const session = new WriteSession({ tx, db, registry, issues: new IssueList() })
      return await write(session, await plans.inTransaction(id))
    },
    alone: true,
    committed: written => written !== null
  })
}

/** `work` alone (`alone`), or in a transaction: from the start, or once it found it needs one. */
export async function transactionIfNeeded<T> (run: WriteRun<T> & { alone: boolean }): Promise<T> {
  try {
    return await inTransaction(run)
  } catch (error) {
    if (run.alone && error instanceof NeedsTransaction) return await inTransaction({ ...run, alone: false })
    throw error
  }
}

/** Attempts of an update without a transaction whose entry concurrent writes keep moving, before it locks the entry instead. */
export const OPTIMISTIC_ATTEMPTS = 3

/** One run of a write's work. */
export interface WriteRun<T> {
  db: Database
  /** The write's plans: the database's refusals are located in their root, their observer hears of the commit. Null for a delete. */
  plans: WritePlans | null
  work: (tx: SqlTransaction) => Promise<T>
  /** Its one data-modifying statement is its own: no transaction. */
  alone?: boolean
  /** Whether `work` wrote, given its result: the observer hears of the commit only then. */
  committed?: (result: T) => boolean
}

/**
 * Runs `work` in one transaction (or `alone`); the database's refusals of the plan become
 * 400s; the observer hears of the commit.
 */
export async function inTransaction<T> ({ db, plans, work, alone = false, committed = () => true }: WriteRun<T>): Promise<T> {
  let result: T
  for (let attempt = 1; ; attempt++) {
    try {
      result = alone ? await db.autocommit(work) : await db.transaction(work)
      break
    } catch (error) {
      // PostgreSQL broke a deadlock (or a serialization conflict) by rolling this write back:
      // nothing of it stayed, and running it again usually goes through. Past the attempts,
      // it is a 503 (repository/connection/unavailable.ts): the client may retry later.
      if (attempt < WRITE_ATTEMPTS && isRolledBackConflict(error)) continue
      // A concurrent create took the uid this one generated: it picks the next one.
      if (attempt < UID_RACE_ATTEMPTS && isGeneratedUidTaken(error, db.orm, plans?.root ?? null)) continue
      throw translateDatabaseError(error, db.orm, plans?.root ?? null) ?? error
    }
  }
  if (committed(result)) plans?.committed()
  return result
}

/** Attempts of a write that PostgreSQL rolled back to break a deadlock or a serialization conflict. */
const WRITE_ATTEMPTS = 3

/**
 * Attempts of a create whose generated uid a concurrent create took first. Each loss means
 * another create of the same base won, so N creates racing on one title need at most N tries.
 */
const UID_RACE_ATTEMPTS = 8

/** Also through MikroORM's wrapping (`cause`). */
function isRolledBackConflict (error: unknown, depth = 0): boolean {
  if (error === null || typeof error !== 'object' || depth > 5) return false
  const { code, cause } = error as { code?: unknown, cause?: unknown }
  return code === '40P01' || code === '40001' || isRolledBackConflict(cause, depth + 1)
}
