/**
 * Admin users: created by the CLI or the `admin.createUser` decoration, logged in at
 * `POST /admin/login`. Only their id, firstname and lastname ever reach a content answer.
 */
import { EMAIL_PATTERN } from '../content-types/email.js'
import type { Database } from '../repository/connection/database.js'
import { ValidationError } from '../errors.js'
import { unstorableTextProblem } from '../content-types/storable-text.js'
import { hashPassword, passwordMatches } from '../passwords.js'
import { ADMIN_USER_ENTITY } from '../repository/schema/admin-entity.js'
import { entitySql, type EntitySql } from '../repository/schema/sql-names.js'
import { runSql, sql } from '../sql/index.js'

export interface NewAdminUser {
  email: string
  firstname: string
  lastname?: string
  password: string
}

export interface AdminUser {
  id: number
  firstname: string
  lastname: string | null
  email: string
}

export class AdminUsers {
  readonly #db: Database
  readonly #admins: EntitySql
  constructor (db: Database) {
    this.#db = db
    this.#admins = entitySql(db.names, ADMIN_USER_ENTITY)
  }

  async createUser (input: NewAdminUser): Promise<AdminUser> {
    const email = typeof input?.email === 'string' ? input.email.toLowerCase() : ''
    if (!EMAIL_PATTERN.test(email)) throw ValidationError.at(['email'], 'email must be a valid email')
    if (typeof input.firstname !== 'string' || input.firstname.trim() === '') throw ValidationError.at(['firstname'], 'firstname is required')
    if (typeof input.password !== 'string' || input.password.length < 8) throw ValidationError.at(['password'], 'password must be at least 8 characters')
    for (const key of ['email', 'firstname', 'lastname', 'password'] as const) {
      const value = input[key]
      const problem = typeof value === 'string' ? unstorableTextProblem(value) : null
      if (problem !== null) throw ValidationError.at([key], `${key} ${problem}`)
    }
    const password = await hashPassword(input.password)
    try {
      const { table, column } = this.#admins
      const [row] = await runSql(this.#db, sql`insert into ${table} (${column('firstname')}, ${column('lastname')}, ${column('email')},
          ${column('password')}, ${column('isActive')}, ${column('blocked')}, ${column('createdAt')}, ${column('updatedAt')})
        values (${input.firstname.trim()}, ${input.lastname ?? null}, ${email}, ${password}, true, false, now(), now())
        returning ${column('id')} as id`)
      return { id: Number(row!.id), firstname: input.firstname.trim(), lastname: input.lastname ?? null, email }
    } catch (error) {
      if ((error as { code?: string }).code === '23505') throw ValidationError.at(['email'], 'This email is already used by an admin user')
      throw error
    }
  }

  async authenticate (email: unknown, password: unknown): Promise<AdminUser> {
    const invalid = new ValidationError('Invalid credentials')
    if (typeof email !== 'string' || typeof password !== 'string') throw invalid
    const unstorable = unstorableTextProblem(email)
    if (unstorable !== null) throw ValidationError.at(['email'], `email ${unstorable}`)
    const { table, column } = this.#admins
    const [row] = await runSql(this.#db, sql`select ${column('id')} as id, ${column('firstname')} as firstname,
        ${column('lastname')} as lastname, ${column('email')} as email, ${column('password')} as password
      from ${table} where ${column('email')} = ${email.toLowerCase()} and ${column('isActive')} and not ${column('blocked')}`)
    const matches = await passwordMatches((row?.password ?? null) as string | null, password)
    if (row === undefined || !matches) throw invalid
    return { id: Number(row.id), firstname: String(row.firstname), lastname: row.lastname === null ? null : String(row.lastname), email: String(row.email) }
  }
}
