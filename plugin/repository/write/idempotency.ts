/**
 * `Idempotency-Key` on creates (docs/writing.md, 'Retrying a create'): a create whose connection died after its commit
 * answered an error although the entry exists, and the client's retry made a duplicate.
 * The key is recorded in the create's own transaction, so it exists exactly when the entry
 * does; a retry with the same key (same caller, same request) answers that entry instead of
 * writing again. Retries of one key queue on an advisory lock, so two that race still make
 * one entry. Keys are remembered for a day.
 */
import { EntitySchema } from '@mikro-orm/core'
import { ValidationError } from '../../errors.js'
import { raw, sql } from '../../sql/index.js'
import type { CreateHooks } from './create-entry.js'
import type { WriteSession } from './session.js'

export const IDEMPOTENCY_ENTITY = 'FcaIdempotencyKey'

export function idempotencyEntity (): EntitySchema {
  const text = (columnType: string, extra: Record<string, unknown> = {}): Record<string, unknown> => ({ type: 'string', columnType, ...extra })
  return new EntitySchema({
    name: IDEMPOTENCY_ENTITY,
    tableName: 'fca_idempotency_keys',
    properties: {
      scope: text('varchar(255)', { primary: true }),
      key: text('varchar(255)', { primary: true }),
      fingerprint: text('varchar(64)'),
      entryId: { type: 'integer', fieldName: 'entry_id' },
      createdAt: { type: 'datetime', columnType: 'timestamptz(3)', fieldName: 'created_at', index: true }
    } as never
  })
}

export interface IdempotencyKey {
  /** Who sent it (`public`, `user:7`, `token:3`, `admin:1`): one caller's keys never answer another's requests. */
  scope: string
  key: string
  /** A digest of the request (content type, query and body): a key reused for another request is refused. */
  fingerprint: string
}

/** Thrown inside the transaction when the key was already used: the create is rolled back and the first entry answered. */
export class IdempotentReplay extends Error {
  readonly entryId: number
  constructor (entryId: number) {
    super('replay of an idempotent create')
    this.entryId = entryId
  }
}

const REMEMBERED = raw("interval '24 hours'")

async function findRecorded (session: WriteSession, key: IdempotencyKey): Promise<{ fingerprint: string, entryId: number } | null> {
  const table = raw(session.table(IDEMPOTENCY_ENTITY))
  const [row] = await session.select(
    sql`select fingerprint, entry_id from ${table} where scope = ${key.scope} and key = ${key.key} and created_at > now() - ${REMEMBERED}`)
  return row === undefined ? null : { fingerprint: String(row.fingerprint), entryId: Number(row.entry_id) }
}

/** Every so many recorded keys, the expired ones go. */
const SWEEP_EVERY = 100

/** The hooks that make one create idempotent under `key`. */
export function idempotentCreate (key: IdempotencyKey, sweep: () => boolean): CreateHooks {
  return {
    before: async (session) => {
      await session.lockNamed(`idempotency:${key.scope}:${key.key}`)
      const recorded = await findRecorded(session, key)
      if (recorded === null) return
      if (recorded.fingerprint !== key.fingerprint) {
        throw ValidationError.at(['Idempotency-Key'], 'This Idempotency-Key was already used for a different request')
      }
      throw new IdempotentReplay(recorded.entryId)
    },
    after: async (session, id) => {
      const table = raw(session.table(IDEMPOTENCY_ENTITY))
      await session.select(
        sql`insert into ${table} (scope, key, fingerprint, entry_id, created_at) values (${key.scope}, ${key.key}, ${key.fingerprint}, ${id}, now())
         on conflict (scope, key) do update set fingerprint = excluded.fingerprint, entry_id = excluded.entry_id, created_at = excluded.created_at`)
      if (sweep()) await session.select(sql`delete from ${table} where created_at < now() - ${REMEMBERED}`)
    }
  }
}

/** A counter per plugin instance deciding when a create also sweeps expired keys. */
export function sweepCounter (): () => boolean {
  let recorded = 0
  return () => {
    recorded += 1
    return recorded % SWEEP_EVERY === 0
  }
}

export interface CreateOnce<Written> {
  /** The create itself, given the hooks that make it idempotent (none without a key). */
  create: (hooks: CreateHooks | undefined) => Promise<Written>
  key: IdempotencyKey | null
  sweep: () => boolean
}

/**
 * A create made at most once per key, whichever API surface asks: a retry rolls back and
 * answers the entry the first attempt wrote (docs/writing.md, 'Retrying a create'), as it is now.
 */
export async function createOnce<Written> ({ create, key, sweep }: CreateOnce<Written>): Promise<Written | { id: number }> {
  if (key === null) return await create(undefined)
  try {
    return await create(idempotentCreate(key, sweep))
  } catch (error) {
    if (error instanceof IdempotentReplay) return { id: error.entryId }
    throw error
  }
}
