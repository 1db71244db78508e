/**
 * Admin users: created by the CLI or the `admin.createUser` decoration, logged in at
 * `POST /admin/login`. Only their id, firstname and lastname ever reach a content answer.
 */
import { EMAIL_PATTERN } from '../content-types/email.js'
import type { Database } from '../repository/connection/database.js'
import { ValidationError } from '../errors.js'
import { unstorableTextProblem } from '../content-types/storable-text.js'
import { hashPassword, passwordMatches } from '../passwords.js'

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
  constructor (db: Database) { this.#db = db }

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
      const [row] = await this.#db.query(
        `insert into admin_users (firstname, lastname, email, password, is_active, blocked, created_at, updated_at)
         values ($1, $2, $3, $4, true, false, now(), now()) returning id`,
        [input.firstname.trim(), input.lastname ?? null, email, password])
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
    const [row] = await this.#db.query(
      'select id, firstname, lastname, email, password from admin_users where email = $1 and is_active and not blocked', [email.toLowerCase()])
    const matches = await passwordMatches((row?.password ?? null) as string | null, password)
    if (row === undefined || !matches) throw invalid
    return { id: Number(row.id), firstname: String(row.firstname), lastname: row.lastname === null ? null : String(row.lastname), email: String(row.email) }
  }
}
