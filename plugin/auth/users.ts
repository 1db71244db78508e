/**
 * End users of the content API (Strapi's users-permissions): register, log in, and the
 * decoration that creates them with a role. Passwords are hashed and never returned.
 */
import { SCALAR_TYPE_INFO } from '../content-types/attributes.js'
import { EMAIL_PATTERN } from '../content-types/email.js'
import type { Database, Row } from '../repository/connection/database.js'
import { ApplicationError, ValidationError } from '../errors.js'
import { unstorableTextProblem } from '../content-types/storable-text.js'
import { hashPassword, passwordMatches } from '../passwords.js'
import { ROLE_ENTITY, USER_ENTITY } from '../repository/schema/auth-entities.js'
import { entitySql, type EntitySql, type TableNames } from '../repository/schema/sql-names.js'
import { raw, runSql, sql, type Sql } from '../sql/index.js'

export interface PublicUser {
  id: number
  username: string
  email: string
  provider: string
  confirmed: boolean
  blocked: boolean
  createdAt: string
  updatedAt: string
  /** Where users are answered as Strapi v5 answers them (UsersOptions.documentIds). */
  documentId?: string
  /** With documentId: the time of the user's last write, as Strapi v5 sets it. */
  publishedAt?: string
}

export interface UserRole {
  id: number
  name: string
  description: string | null
  type: string
}

/** A user and its role, read in one statement (GraphQL's `me`). */
export interface UserWithRole extends PublicUser {
  roleDetails: UserRole
}

export interface UsersOptions {
  /** Users are answered with their documentId and a publishedAt, as Strapi v5 answers them. */
  documentIds?: boolean
  /** A user whose email is not confirmed may not log in (`permissions.email.emailConfirmation`). */
  requireConfirmation?: boolean
}

/** How register creates a user when its email must be confirmed first. */
export interface Unconfirmed {
  /** The hash of the code the confirmation mail carries. */
  confirmationToken: string
  /** Runs after every check and before the insert, so a refused mail writes nothing. */
  beforeInsert: (user: NewUser) => Promise<void>
}

export interface NewUser {
  username: string
  email: string
  password: string
  role?: string
}

const asDatetime = SCALAR_TYPE_INFO.datetime.toJson

/** The public user's columns, of `u` joined to its role `r`. */
function userColumns (names: TableNames, documentIds: boolean): Sql {
  const column = (property: string): string => `u.${names.column(USER_ENTITY, property)}`
  const plain = ['id', 'username', 'email', 'provider', 'confirmed', 'blocked'].map(property => `${column(property)} as ${property}`)
  const documentId = documentIds ? `, ${column('documentId')} as document_id` : ''
  return raw(`${plain.join(', ')},
  ${asDatetime(column('createdAt'))} as created_at, ${asDatetime(column('updatedAt'))} as updated_at${documentId}`)
}

/** The role's columns of `r`, beside the user's, for `userRole`. */
function roleColumns (names: TableNames): Sql {
  const column = (property: string): string => `r.${names.column(ROLE_ENTITY, property)}`
  return raw(['id', 'name', 'description', 'type'].map(property => `${column(property)} as role_${property}`).join(', '))
}

function userRole (row: Row): UserRole {
  return { id: Number(row.role_id), name: String(row.role_name), description: row.role_description === null ? null : String(row.role_description), type: String(row.role_type) }
}

function publicUser (row: Row): PublicUser {
  const v5 = row.document_id === undefined ? {} : { documentId: String(row.document_id), publishedAt: String(row.updated_at) }
  return {
    ...v5,
    id: Number(row.id),
    username: String(row.username),
    email: String(row.email),
    provider: String(row.provider),
    confirmed: row.confirmed === true,
    blocked: row.blocked === true,
    createdAt: String(row.created_at),
    updatedAt: String(row.updated_at)
  }
}

/** The username and email columns are varchar(255); PostgreSQL counts characters. */
const MAX_NAME_LENGTH = 255

function checkNewUser (input: Partial<NewUser>): NewUser {
  const issues: Array<[string, string]> = []
  if (typeof input.username !== 'string' || input.username.trim().length < 3) issues.push(['username', 'username must be at least 3 characters'])
  if (typeof input.email !== 'string' || !EMAIL_PATTERN.test(input.email)) issues.push(['email', 'email must be a valid email'])
  if (typeof input.password !== 'string' || input.password.length < 6) issues.push(['password', 'password must be at least 6 characters'])
  for (const key of ['username', 'email', 'password'] as const) {
    const value = input[key]
    if (typeof value !== 'string') continue
    const problem = unstorableTextProblem(value) ?? (key !== 'password' && [...value].length > MAX_NAME_LENGTH ? `must be at most ${MAX_NAME_LENGTH} characters` : null)
    if (problem !== null) issues.push([key, `${key} ${problem}`])
  }
  if (issues.length > 0) {
    throw new ValidationError(issues[0]![1], issues.map(([key, message]) => ({ path: [key], message, name: 'ValidationError' as const })))
  }
  return { username: input.username!.trim(), email: input.email!.toLowerCase(), password: input.password!, role: input.role }
}

export class Users {
  readonly #db: Database
  readonly #users: EntitySql
  readonly #roles: EntitySql
  readonly #userColumns: Sql
  readonly #requireConfirmation: boolean
  readonly #roleColumns: Sql
  constructor (db: Database, options: UsersOptions = {}) {
    this.#db = db
    this.#requireConfirmation = options.requireConfirmation === true
    this.#users = entitySql(db.names, USER_ENTITY)
    this.#roles = entitySql(db.names, ROLE_ENTITY)
    this.#userColumns = userColumns(db.names, options.documentIds === true)
    this.#roleColumns = roleColumns(db.names)
  }

  /** Without `unconfirmed`, the user is confirmed at once (Strapi without email confirmation). */
  async create (input: Partial<NewUser>, unconfirmed?: Unconfirmed): Promise<PublicUser> {
    const user = checkNewUser(input)
    const role = user.role ?? 'authenticated'
    const { table: users, column } = this.#users
    const roles = this.#roles
    const [taken] = await runSql(this.#db, sql`select 1 from ${users} where ${column('email')} = ${user.email} or ${column('username')} = ${user.username}`)
    if (taken !== undefined) throw new ApplicationError('Email or Username are already taken', 400)
    const [roleRow] = await runSql(this.#db, sql`select ${roles.column('id')} as id from ${roles.table} where ${roles.column('type')} = ${role}`)
    if (roleRow === undefined) throw new ValidationError(`Unknown role ${role}`)
    const password = await hashPassword(user.password)
    await unconfirmed?.beforeInsert(user)
    try {
      const [created] = await runSql(this.#db, sql`insert into ${users} (${column('username')}, ${column('email')}, ${column('provider')},
          ${column('password')}, ${column('confirmed')}, ${column('confirmationToken')}, ${column('blocked')}, ${column('role')}, ${column('createdAt')}, ${column('updatedAt')})
        values (${user.username}, ${user.email}, 'local', ${password}, ${unconfirmed === undefined}, ${unconfirmed?.confirmationToken ?? null},
          false, ${roleRow.id}, now(), now())
        returning ${column('id')} as id`)
      return await this.byId(Number(created!.id)) as PublicUser
    } catch (error) {
      if ((error as { code?: string }).code === '23505') throw new ApplicationError('Email or Username are already taken', 400)
      throw error
    }
  }

  async byId (id: number): Promise<PublicUser | null> {
    const [row] = await runSql(this.#db, this.#userJoinedToRole(this.#userColumns, id))
    return row === undefined ? null : publicUser(row)
  }

  /** A user with its role, as GraphQL's `me` answers them: one statement, the role joined. */
  async byIdWithRole (id: number): Promise<UserWithRole | null> {
    const [row] = await runSql(this.#db, this.#userJoinedToRole(sql`${this.#userColumns}, ${this.#roleColumns}`, id))
    return row === undefined ? null : { ...publicUser(row), roleDetails: userRole(row) }
  }

  /** A user's role, as GraphQL's `login` and `register` show it when asked; null when the user is gone. */
  async roleOf (userId: number): Promise<UserRole | null> {
    const [row] = await runSql(this.#db, this.#userJoinedToRole(this.#roleColumns, userId))
    return row === undefined ? null : userRole(row)
  }

  /** `columns` of user `id` (as `u`) joined to its role (as `r`). */
  #userJoinedToRole (columns: Sql, id: number): Sql {
    const { table: users, column } = this.#users
    const roles = this.#roles
    return sql`select ${columns} from ${users} u join ${roles.table} r on r.${roles.column('id')} = u.${column('role')}
      where u.${column('id')} = ${id}`
  }

  /** The same answer for an unknown identifier and a wrong password: nothing to probe. */
  async authenticate (identifier: unknown, password: unknown): Promise<PublicUser> {
    const invalid = new ValidationError('Invalid identifier or password')
    if (typeof identifier !== 'string' || typeof password !== 'string' || identifier === '') throw invalid
    const unstorable = unstorableTextProblem(identifier)
    if (unstorable !== null) throw ValidationError.at(['identifier'], `identifier ${unstorable}`)
    const { table: users, column } = this.#users
    const [row] = await runSql(this.#db, sql`select ${column('id')} as id, ${column('password')} as password, ${column('blocked')} as blocked,
      ${column('confirmed')} as confirmed from ${users} where ${column('email')} = ${identifier.toLowerCase()} or ${column('username')} = ${identifier}`)
    const matches = await passwordMatches((row?.password ?? null) as string | null, password)
    if (row === undefined || !matches) throw invalid
    // Strapi's order and words: the password first, so they tell nothing to one who does not know it.
    if (this.#requireConfirmation && row.confirmed !== true) throw new ApplicationError('Your account email is not confirmed', 400)
    if (row.blocked === true) throw new ValidationError('Your account has been blocked by an administrator')
    return await this.byId(Number(row.id)) as PublicUser
  }
}
