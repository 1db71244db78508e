/**
 * `PUT /users/:id` and `DELETE /users/:id` of Strapi's users-permissions (and GraphQL's
 * `createUsersPermissionsUser`, which Strapi serves as `POST /users`): the body is the
 * user itself (no `{ data }`), checked attribute by attribute against the user model, the
 * password hashed, the role changed by id, each write one transaction. As in Strapi a
 * username or email already held by another user is a 400 `ApplicationError`, and keys
 * a client reads and sends back (`id`, timestamps, unknown ones) are dropped.
 */
import type { PluginModel, ScalarAttribute } from '../content-types/model.js'
import { ApplicationError, NotFoundError, ValidationError } from '../errors.js'
import type { ValidationIssue } from '../errors.js'
import type { Database, SqlTransaction } from '../repository/connection/database.js'
import { entitySql, type SqlNames } from '../repository/schema/sql-names.js'
import { isRecord } from '../is-record.js'
import { checkScalarValue } from '../content-types/attributes.js'
import { parseRowId } from '../content-types/row-ids.js'
import { ROLE_ENTITY } from '../repository/schema/auth-entities.js'
import { hashPassword } from '../passwords.js'
import { join, raw, runSql, sql } from '../sql/index.js'

export interface UserEditContext {
  db: Database
  names: SqlNames
  model: PluginModel
  /** Unknown attributes are a 400 instead of dropped. */
  strict: boolean
}

/** Keys a client sends back from what it read; never written. */
const READ_BACK = new Set(['id', 'createdAt', 'updatedAt'])

/** The password is a secret a client may set; the other private attributes (tokens) are the plugin's own. */
function writableScalar (attribute: ScalarAttribute): boolean {
  return attribute.writable && !attribute.system && (!attribute.private || attribute.type === 'password')
}

interface UserChanges {
  /** Column → value, in body order. */
  columns: Array<[string, unknown]>
  username?: string
  email?: string
  roleId?: number
}

/** `2`, `"2"`, `{ id: 2 }` (what a client read back), or `{ set | connect: [2] }`. */
function roleIdOf (raw: unknown): number | null {
  let value = raw
  if (isRecord(value)) {
    const list = value.set ?? value.connect
    value = Array.isArray(list) && list.length === 1 ? list[0] : value.id
    if (isRecord(value)) value = value.id
  }
  // An id past the int4 column would make the role lookup fail in PostgreSQL, not miss.
  return parseRowId(value)
}

async function changesOf (context: UserEditContext, body: unknown): Promise<UserChanges> {
  if (!isRecord(body)) throw new ValidationError('The body must be the user\'s attributes as a JSON object')
  const { model, names } = context
  const issues: ValidationIssue[] = []
  const problem = (name: string, message: string): void => { issues.push({ path: [name], message, name: 'ValidationError' }) }
  const changes: UserChanges = { columns: [] }
  for (const [name, raw] of Object.entries(body)) {
    if (READ_BACK.has(name)) continue
    const attribute = model.attributes.get(name)
    if (name === 'role' && attribute?.kind === 'relation') {
      const roleId = roleIdOf(raw)
      if (roleId === null) problem(name, 'role must be the id of a role')
      else changes.roleId = roleId
      continue
    }
    if (attribute?.kind !== 'scalar' || !writableScalar(attribute)) {
      if (context.strict) problem(name, `Invalid key ${name}`)
      continue
    }
    if (raw === null || (raw === '' && attribute.type === 'password')) {
      // Strapi's own words for an emptied password; the other required ones as its validator says them.
      if (attribute.type === 'password') problem(name, 'password.notNull')
      else if (attribute.required) problem(name, `${name} must be defined.`)
      else changes.columns.push([names.column(model.entity, name), null])
      continue
    }
    const checked = checkScalarValue(attribute, raw)
    if (!checked.ok) {
      problem(name, `${name} ${checked.problem}`)
      continue
    }
    let value = checked.value
    if (attribute.type === 'password') {
      // The same rule as registration.
      if (typeof value !== 'string' || value.length < 6) { problem(name, 'password must be at least 6 characters'); continue }
      value = await hashPassword(value)
    }
    if (name === 'email' && typeof value === 'string') value = changes.email = value.toLowerCase()
    if (name === 'username' && typeof value === 'string') changes.username = value
    changes.columns.push([names.column(model.entity, name), value])
  }
  if (issues.length > 0) throw new ValidationError(issues[0]!.message, issues)
  return changes
}

/** Strapi's checks and words: another user holding the name is a 400 `ApplicationError`. */
async function checkUnique (tx: SqlTransaction, context: UserEditContext, id: number, changes: UserChanges): Promise<void> {
  const { table, column } = entitySql(context.names, context.model.entity)
  const taken = async (property: 'username' | 'email', value: string): Promise<boolean> => {
    const rows = await runSql(tx, sql`select 1 from ${table} where ${column(property)} = ${value} and ${column('id')} <> ${id}`)
    return rows.length > 0
  }
  if (changes.username !== undefined && await taken('username', changes.username)) throw new ApplicationError('Username already taken', 400)
  if (changes.email !== undefined && await taken('email', changes.email)) throw new ApplicationError('Email already taken', 400)
}

/** Two edits racing for one name: the unique index decides, with Strapi's answer. */
function withStrapiWords (error: unknown): unknown {
  if ((error as { code?: string }).code !== '23505') return error
  const constraint = String((error as { constraint?: string }).constraint ?? '')
  return new ApplicationError(constraint.includes('email') ? 'Email already taken' : 'Username already taken', 400)
}

/** Updates user `id` with the attributes of `body`; a missing user is a 404. */
export async function updateUser (context: UserEditContext, id: number, body: unknown): Promise<void> {
  const { names, model } = context
  const changes = await changesOf(context, body)
  const { table, column } = entitySql(names, model.entity)
  try {
    await context.db.transaction(async (tx) => {
      const [user] = await runSql(tx, sql`select ${column('id')} from ${table} where ${column('id')} = ${id} for update`)
      if (user === undefined) throw new NotFoundError('User not found')
      await checkUnique(tx, context, id, changes)
      const columns = [...changes.columns]
      if (changes.roleId !== undefined) {
        const roles = entitySql(names, ROLE_ENTITY)
        const [role] = await runSql(tx, sql`select ${roles.column('id')} from ${roles.table} where ${roles.column('id')} = ${changes.roleId}`)
        if (role === undefined) throw ValidationError.at(['role'], `No role with id ${changes.roleId}`)
        columns.push([names.column(model.entity, 'role'), changes.roleId])
      }
      const sets = [...columns.map(([name, value]) => sql`${raw(name)} = ${value}`), sql`${column('updatedAt')} = now()`]
      await runSql(tx, sql`update ${table} set ${join(sets)} where ${column('id')} = ${id}`)
    })
  } catch (error) {
    throw withStrapiWords(error)
  }
}

/** The schema's defaults of the attributes a create was not given (`confirmed: false`, `blocked: false`). */
function schemaDefaults (model: PluginModel, given: ReadonlySet<string>): Array<[string, unknown]> {
  return [...model.attributes.values()].flatMap(attribute =>
    attribute.kind === 'scalar' && attribute.default !== undefined && !given.has(attribute.name) ? [[attribute.name, attribute.default] as [string, unknown]] : [])
}

/** What a create must be given, as Strapi's `POST /users` validates it. */
const REQUIRED_ON_CREATE = ['username', 'email', 'password'] as const

/**
 * Creates a user from the attributes of `body` (the same checks as an update), as Strapi's
 * `POST /users` does: username, email and password required, `provider` local, the
 * `authenticated` role unless `role` names one, the schema's defaults for the rest. Every
 * check runs before the insert, so a refused user spends no id. Returns the new id.
 */
export async function createUser (context: UserEditContext, body: unknown): Promise<number> {
  const { names, model } = context
  const changes = await changesOf(context, body)
  const given = new Set(Object.keys(isRecord(body) ? body : {}))
  const missing = REQUIRED_ON_CREATE.find(name => !given.has(name))
  if (missing !== undefined) throw ValidationError.at([missing], `${missing} is a required field`)
  const { table, column } = entitySql(names, model.entity)
  const roles = entitySql(names, ROLE_ENTITY)
  try {
    return await context.db.transaction(async (tx) => {
      await checkUnique(tx, context, 0, changes)
      const [role] = changes.roleId === undefined
        ? await runSql(tx, sql`select ${roles.column('id')} as id from ${roles.table} where ${roles.column('type')} = 'authenticated'`)
        : await runSql(tx, sql`select ${roles.column('id')} as id from ${roles.table} where ${roles.column('id')} = ${changes.roleId}`)
      if (role === undefined) throw ValidationError.at(['role'], `No role with id ${changes.roleId}`)
      const providerColumn = names.column(model.entity, 'provider')
      const columns: Array<[string, unknown]> = [
        ...changes.columns.filter(([name]) => name !== providerColumn),
        ...schemaDefaults(model, given).map(([name, value]): [string, unknown] => [names.column(model.entity, name), value]),
        [providerColumn, 'local'],
        [names.column(model.entity, 'role'), role.id]
      ]
      const [created] = await runSql(tx, sql`insert into ${table} (${join(columns.map(([name]) => raw(name)))}, ${column('createdAt')}, ${column('updatedAt')})
        values (${join(columns.map(([, value]) => sql`${value}`))}, now(), now()) returning ${column('id')} as id`)
      return Number(created!.id)
    })
  } catch (error) {
    throw withStrapiWords(error)
  }
}

/** Deletes user `id`; its links from content entries go with it (the link tables cascade). */
export async function deleteUser (context: Pick<UserEditContext, 'db' | 'names' | 'model'>, id: number): Promise<boolean> {
  const { table, column } = entitySql(context.names, context.model.entity)
  const deleted = await runSql(context.db, sql`delete from ${table} where ${column('id')} = ${id} returning ${column('id')}`)
  return deleted.length > 0
}
