/** How an admin user's row is read for the admin API: the one select list and its mapping, shared by sign-in and management. */
import type { EntitySql } from '../repository/schema/sql-names.js'
import { sql, type Sql } from '../sql/index.js'
import { SUPER_ADMIN, isAdminRoleCode, type AdminRoleCode } from './roles/roles.js'

/** An admin user as the admin API shows it (`/admin/users/me`, `/admin/users`), with its role. */
export interface AdminAccount {
  id: number
  firstname: string
  lastname: string | null
  email: string
  role: AdminRoleCode
  isActive: boolean
  blocked: boolean
  createdAt: string
  updatedAt: string
}

/** The columns of an AdminAccount, as the aliases accountOf reads; never the password. */
export function accountColumns ({ column }: EntitySql): Sql {
  return sql`${column('id')} as id, ${column('firstname')} as firstname, ${column('lastname')} as lastname,
    ${column('email')} as email, ${column('role')} as role, ${column('isActive')} as "isActive", ${column('blocked')} as blocked,
    ${column('createdAt')} as "createdAt", ${column('updatedAt')} as "updatedAt"`
}

export function accountOf (row: Record<string, unknown>): AdminAccount {
  return {
    id: Number(row.id),
    firstname: String(row.firstname),
    lastname: row.lastname === null ? null : String(row.lastname),
    email: String(row.email),
    // A role this version does not know (written by hand) keeps the rights the column's default gives.
    role: isAdminRoleCode(row.role) ? row.role : SUPER_ADMIN,
    isActive: row.isActive === true,
    blocked: row.blocked === true,
    createdAt: new Date(row.createdAt as string).toISOString(),
    updatedAt: new Date(row.updatedAt as string).toISOString()
  }
}

/** Signs in, and its tokens work: active and not blocked. */
export function usableAccount ({ column }: EntitySql): Sql {
  return sql`${column('isActive')} and not ${column('blocked')}`
}
