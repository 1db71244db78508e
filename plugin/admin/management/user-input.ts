/**
 * The bodies of `POST /admin/users` and `PUT /admin/users/:id` (docs/admin-api.md,
 * 'Administrators'): each field checked by the rules every admin user is held to, the role
 * given as Strapi's `roles` list of one role id (or code). A password is hashed here, before
 * any lock is taken: hashing is the slow part of the write.
 */
import { ValidationError } from '../../errors.js'
import { isRecord } from '../../is-record.js'
import { hashPassword } from '../../passwords.js'
import { checkedEmail, checkedFirstname, checkedLastname, checkedPassword } from '../admin-user-fields.js'
import { ADMIN_ROLES, roleCodeOf, type AdminRoleCode } from '../roles/roles.js'

export interface NewAdminUserRow {
  email: string
  firstname: string
  lastname: string | null
  /** Hashed. */
  password: string
  role: AdminRoleCode
  isActive: boolean
}

/** What an update changes; a key left out is kept. */
export type AdminUserChanges = Partial<NewAdminUserRow>

const CREATE_KEYS = new Set(['email', 'firstname', 'lastname', 'password', 'roles', 'isActive'])
const ROLES_MESSAGE = `roles must be a list of one role id (${ADMIN_ROLES.map(role => role.id).join(', ')})`

export async function newAdminUser (body: unknown): Promise<NewAdminUserRow> {
  const input = bodyOf(body)
  if (input.roles === undefined) throw ValidationError.at(['roles'], ROLES_MESSAGE)
  return {
    email: checkedEmail(input.email),
    firstname: checkedFirstname(input.firstname),
    lastname: checkedLastname(input.lastname),
    password: await hashPassword(checkedPassword(input.password)),
    role: roleOf(input.roles),
    isActive: input.isActive === undefined ? true : activeFlag(input.isActive)
  }
}

export async function adminUserChanges (body: unknown): Promise<AdminUserChanges> {
  const input = bodyOf(body)
  const changes: AdminUserChanges = {}
  if (input.email !== undefined) changes.email = checkedEmail(input.email)
  if (input.firstname !== undefined) changes.firstname = checkedFirstname(input.firstname)
  if (input.lastname !== undefined) changes.lastname = checkedLastname(input.lastname)
  if (input.roles !== undefined) changes.role = roleOf(input.roles)
  if (input.isActive !== undefined) changes.isActive = activeFlag(input.isActive)
  // The panel sends an empty password for "unchanged".
  if (input.password !== undefined && input.password !== '' && input.password !== null) changes.password = await hashPassword(checkedPassword(input.password))
  return changes
}

/** `POST /admin/users/batch-delete`'s `{ ids }`: 1 to 100 positive integers. */
export function idList (body: unknown): number[] {
  const ids = isRecord(body) ? body.ids : undefined
  if (!Array.isArray(ids) || ids.length === 0 || ids.length > 100) throw ValidationError.at(['ids'], 'ids must be a list of 1 to 100 admin user ids')
  return ids.map((id, index) => {
    const value = typeof id === 'string' && /^\d+$/.test(id) ? Number(id) : id
    if (!Number.isSafeInteger(value) || (value as number) < 1) throw ValidationError.at(['ids', index], 'ids must be positive integers')
    return value as number
  })
}

function bodyOf (body: unknown): Record<string, unknown> {
  if (!isRecord(body)) throw new ValidationError('The body must be an object: { email, firstname, lastname, password, roles, isActive }')
  for (const key of Object.keys(body)) {
    if (!CREATE_KEYS.has(key)) throw ValidationError.at([key], `${key} is not a field of an admin user`)
  }
  return body
}

/** Strapi's `roles: [id]`; one role per admin user here, so exactly one. */
function roleOf (roles: unknown): AdminRoleCode {
  if (!Array.isArray(roles) || roles.length !== 1) throw ValidationError.at(['roles'], ROLES_MESSAGE)
  const [given] = roles as unknown[]
  const byId = ADMIN_ROLES.find(role => role.id === Number(given))
  const code = byId?.code ?? roleCodeOf(given)
  if (code === undefined) throw ValidationError.at(['roles', 0], ROLES_MESSAGE)
  return code
}

function activeFlag (value: unknown): boolean {
  if (typeof value !== 'boolean') throw ValidationError.at(['isActive'], 'isActive must be true or false')
  return value
}
