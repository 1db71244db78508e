/**
 * The one change of a role the API makes: its name and description (GraphQL's
 * `updateUsersPermissionsRole`). A role's `type` ties it to its grants in the `permissions`
 * option, so it stays; roles are added and removed in the option (auth/roles-sync.ts keeps
 * a renamed role's name across restarts: it inserts only missing roles).
 */
import { NotFoundError, ValidationError } from '../errors.js'
import type { ValidationIssue } from '../errors.js'
import { isRecord } from '../is-record.js'
import type { Database } from '../repository/connection/database.js'
import { ROLE_ENTITY } from '../repository/schema/auth-entities.js'
import { entitySql, type TableNames } from '../repository/schema/sql-names.js'
import { join, runSql, sql } from '../sql/index.js'
import type { Sql } from '../sql/index.js'

/** Strapi's role schema: a name of at least 3 characters. */
const NAME_MIN_LENGTH = 3

/** Updates role `id` with `name` and `description` of `data`; a missing role is a 404. */
export async function updateRole (db: Database, names: TableNames, id: number, data: unknown): Promise<void> {
  const { table, column } = entitySql(names, ROLE_ENTITY)
  const body = isRecord(data) ? data : {}
  const issues: ValidationIssue[] = []
  const sets: Sql[] = []
  const text = (key: 'name' | 'description', value: unknown): void => {
    if (value === undefined) return
    if (key === 'name' && (typeof value !== 'string' || value.length < NAME_MIN_LENGTH)) {
      issues.push({ path: [key], message: `name must be at least ${NAME_MIN_LENGTH} characters`, name: 'ValidationError' })
      return
    }
    if (value !== null && typeof value !== 'string') {
      issues.push({ path: [key], message: `${key} must be a string`, name: 'ValidationError' })
      return
    }
    sets.push(sql`${column(key)} = ${value}`)
  }
  text('name', body.name)
  text('description', body.description)
  await db.transaction(async (tx) => {
    const [role] = await runSql(tx, sql`select ${column('type')} as type from ${table} where ${column('id')} = ${id} for update`)
    if (role === undefined) throw new NotFoundError('Role not found')
    if (body.type !== undefined && body.type !== role.type) {
      issues.push({ path: ['type'], message: 'A role\'s type names its grants in the permissions option: it cannot change', name: 'ValidationError' })
    }
    if (issues.length > 0) throw new ValidationError(issues[0]!.message, issues)
    if (sets.length > 0) await runSql(tx, sql`update ${table} set ${join(sets)} where ${column('id')} = ${id}`)
  })
}
