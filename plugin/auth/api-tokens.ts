/**
 * API tokens (read-only, full-access, custom): the key is shown once at creation and
 * stored only as an HMAC, so a database leak does not leak working keys.
 */
import { randomBytes } from 'node:crypto'
import type { Database } from '../repository/connection/database.js'
import { ValidationError } from '../errors.js'
import { accessKeyHash } from './caller.js'
import type { ResolvedPermissions } from '../options/permissions.js'
import { subjectActions } from '../options/permissions.js'
import { API_TOKEN_ENTITY } from '../repository/schema/auth-entities.js'
import { entitySql } from '../repository/schema/sql-names.js'
import { runSql, sql } from '../sql/index.js'

export type ApiTokenType = 'read-only' | 'full-access' | 'custom'

export interface NewApiToken {
  name: string
  type: ApiTokenType
  description?: string
  /** For `custom`: uid → actions. */
  permissions?: Record<string, string[]>
  /** Lifetime in days; absent: never expires. */
  lifespanDays?: number
}

export interface CreatedApiToken {
  id: number
  name: string
  type: ApiTokenType
  accessKey: string
  expiresAt: string | null
}

export class ApiTokens {
  readonly #db: Database
  readonly #permissions: ResolvedPermissions
  readonly #knownUids: ReadonlySet<string>

  constructor (db: Database, permissions: ResolvedPermissions, knownUids: Iterable<string>) {
    this.#db = db
    this.#permissions = permissions
    this.#knownUids = new Set(knownUids)
  }

  async create (input: NewApiToken): Promise<CreatedApiToken> {
    if (typeof input.name !== 'string' || input.name.trim() === '') throw new ValidationError('name is required')
    if (!['read-only', 'full-access', 'custom'].includes(input.type)) throw new ValidationError('type must be read-only, full-access or custom')
    const permissions = input.type === 'custom' ? this.#checkedPermissions(input.permissions ?? {}) : null
    const accessKey = randomBytes(48).toString('hex')
    const expiresAt = input.lifespanDays === undefined ? null : new Date(Date.now() + input.lifespanDays * 86_400_000)
    const { table, column } = entitySql(this.#db.names, API_TOKEN_ENTITY)
    const [row] = await runSql(this.#db, sql`insert into ${table} (${column('name')}, ${column('description')}, ${column('type')},
        ${column('accessKey')}, ${column('permissions')}, ${column('expiresAt')}, ${column('createdAt')})
      values (${input.name.trim()}, ${input.description ?? null}, ${input.type}, ${accessKeyHash(this.#permissions.jwtSecret, accessKey)},
        ${permissions === null ? null : JSON.stringify(permissions)}, ${expiresAt}, now())
      returning ${column('id')} as id`)
    return { id: Number(row!.id), name: input.name.trim(), type: input.type, accessKey, expiresAt: expiresAt?.toISOString() ?? null }
  }

  #checkedPermissions (permissions: Record<string, string[]>): Record<string, string[]> {
    for (const [uid, actions] of Object.entries(permissions)) {
      const valid = subjectActions(uid, this.#knownUids)
      if (valid === null) throw new ValidationError(`Unknown content type ${uid}`)
      if (!Array.isArray(actions) || actions.some(action => !valid.includes(action))) {
        throw new ValidationError(`Actions of ${uid} must be among ${valid.join(', ')}`)
      }
    }
    return permissions
  }
}
