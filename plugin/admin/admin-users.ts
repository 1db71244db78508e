/**
 * Admin users: created by the CLI, the `admin.createUser` decoration or the first-run
 * `POST /admin/register-admin`, logged in at `POST /admin/login`. Only their id, firstname and
 * lastname ever reach a content answer; each has one of the default roles (roles/roles.ts).
 */
import type { Database } from '../repository/connection/database.js'
import type { SqlTransaction } from '../repository/connection/database.js'
import { ApplicationError, ValidationError } from '../errors.js'
import { unstorableTextProblem } from '../content-types/storable-text.js'
import { hashPassword, passwordMatches } from '../passwords.js'
import { checkedEmail, checkedFirstname, checkedLastname, checkedPassword } from './admin-user-fields.js'
import { ADMIN_USER_ENTITY } from '../repository/schema/admin-entity.js'
import { entitySql, type EntitySql } from '../repository/schema/sql-names.js'
import { EMPTY_SQL, runSql, sql, type Sql } from '../sql/index.js'
import { accountColumns, accountOf, usableAccount, type AdminAccount } from './account-row.js'
import { SUPER_ADMIN, roleCodeOf, type AdminRoleCode, type RoleName } from './roles/roles.js'

export type { AdminAccount }

export interface NewAdminUser {
  email: string
  firstname: string
  lastname?: string
  password: string
  /** One of the default roles: its code (`strapi-editor`) or short name (`editor`); default the Super Admin. */
  role?: AdminRoleCode | RoleName
}

export interface AdminUser {
  id: number
  firstname: string
  lastname: string | null
  email: string
}

/** Only one first Super Admin: concurrent first-run registrations queue on this lock. */
const FIRST_ADMIN_LOCK = 'fastify-content-api:register-admin'

export class AdminUsers {
  readonly #db: Database
  readonly #admins: EntitySql
  constructor (db: Database) {
    this.#db = db
    this.#admins = entitySql(db.names, ADMIN_USER_ENTITY)
  }

  async createUser (input: NewAdminUser): Promise<AdminUser> {
    const checked = await this.#checked(input)
    try {
      const [row] = await runSql(this.#db, this.#insert(checked))
      return this.#created(Number(row!.id), checked)
    } catch (error) {
      throw duplicateEmail(error)
    }
  }

  /** The first admin user, a Super Admin, only while there is none (Strapi's `register-admin`); null when one exists. */
  async registerFirst (input: NewAdminUser): Promise<AdminUser | null> {
    const checked = await this.#checked({ ...input, role: SUPER_ADMIN })
    const { table } = this.#admins
    return await this.#db.transaction(async (tx: SqlTransaction) => {
      await runSql(tx, sql`select pg_advisory_xact_lock(hashtextextended(${FIRST_ADMIN_LOCK}, 0))`)
      const [row] = await runSql(tx, this.#insert(checked, sql`where not exists (select from ${table})`))
      return row === undefined ? null : this.#created(Number(row.id), checked)
    })
  }

  /** Whether any admin user exists (`GET /admin/init`'s `hasAdmin`). */
  async exists (): Promise<boolean> {
    const [row] = await runSql(this.#db, sql`select exists (select from ${this.#admins.table}) as found`)
    return row?.found === true
  }

  /** The active, unblocked admin user `id` with its role, or null. */
  async account (id: number): Promise<AdminAccount | null> {
    const { table, column } = this.#admins
    const [row] = await runSql(this.#db, sql`select ${accountColumns(this.#admins)}
      from ${table} where ${column('id')} = ${id} and ${usableAccount(this.#admins)}`)
    return row === undefined ? null : accountOf(row)
  }

  async authenticate (email: unknown, password: unknown): Promise<AdminUser> {
    const invalid = new ValidationError('Invalid credentials')
    if (typeof email !== 'string' || typeof password !== 'string') throw invalid
    const unstorable = unstorableTextProblem(email)
    if (unstorable !== null) throw ValidationError.at(['email'], `email ${unstorable}`)
    const { table, column } = this.#admins
    const [row] = await runSql(this.#db, sql`select ${column('id')} as id, ${column('firstname')} as firstname,
        ${column('lastname')} as lastname, ${column('email')} as email, ${column('password')} as password
      from ${table} where ${column('email')} = ${email.toLowerCase()} and ${usableAccount(this.#admins)}`)
    const matches = await passwordMatches((row?.password ?? null) as string | null, password)
    if (row === undefined || !matches) throw invalid
    return { id: Number(row.id), firstname: String(row.firstname), lastname: row.lastname === null ? null : String(row.lastname), email: String(row.email) }
  }

  async #checked (input: NewAdminUser): Promise<CheckedAdminUser> {
    const email = checkedEmail(input?.email)
    const firstname = checkedFirstname(input.firstname)
    const password = checkedPassword(input.password)
    const lastname = checkedLastname(input.lastname)
    const role = roleCodeOf(input.role ?? SUPER_ADMIN)
    if (role === undefined) throw ValidationError.at(['role'], 'role must be super-admin, editor or author (or strapi-super-admin, strapi-editor, strapi-author)')
    return { email, firstname, lastname, password: await hashPassword(password), role }
  }

  #insert (user: CheckedAdminUser, condition?: Sql): Sql {
    const { table, column } = this.#admins
    return sql`insert into ${table} (${column('firstname')}, ${column('lastname')}, ${column('email')},
        ${column('password')}, ${column('isActive')}, ${column('blocked')}, ${column('role')}, ${column('createdAt')}, ${column('updatedAt')})
      select ${user.firstname}, ${user.lastname}, ${user.email}, ${user.password}, true, false, ${user.role}, now(), now()
      ${condition ?? EMPTY_SQL}
      returning ${column('id')} as id`
  }

  #created (id: number, user: CheckedAdminUser): AdminUser {
    return { id, firstname: user.firstname, lastname: user.lastname, email: user.email }
  }
}

interface CheckedAdminUser {
  email: string
  firstname: string
  lastname: string | null
  /** Hashed. */
  password: string
  role: AdminRoleCode
}

function duplicateEmail (error: unknown): unknown {
  if ((error as { code?: string }).code === '23505') return ValidationError.at(['email'], 'This email is already used by an admin user')
  return error
}

/** Strapi's answer to a second `register-admin`. */
export function adminExistsError (): ApplicationError {
  return new ApplicationError('You cannot register a new super admin', 400)
}
