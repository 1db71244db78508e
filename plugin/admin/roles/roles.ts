/**
 * Strapi v4's three default admin roles (docs/admin-api.md, 'Roles'), fixed: the Super Admin may
 * do everything, the Editor everything with content and media, the Author the same on the
 * entries it created (Strapi's `admin::is-creator` condition) and never publish.
 */

export const SUPER_ADMIN = 'strapi-super-admin'
export const EDITOR = 'strapi-editor'
export const AUTHOR = 'strapi-author'

export type AdminRoleCode = typeof SUPER_ADMIN | typeof EDITOR | typeof AUTHOR

export interface AdminRole {
  id: number
  code: AdminRoleCode
  name: string
  description: string
}

export const ADMIN_ROLES: readonly AdminRole[] = [
  { id: 1, code: SUPER_ADMIN, name: 'Super Admin', description: 'Super Admins can access and manage all features and settings.' },
  { id: 2, code: EDITOR, name: 'Editor', description: 'Editors can manage and publish contents including those of other users.' },
  { id: 3, code: AUTHOR, name: 'Author', description: 'Authors can manage the content they have created.' }
]

export function isAdminRoleCode (value: unknown): value is AdminRoleCode {
  return ADMIN_ROLES.some(role => role.code === value)
}

/** The short names `admin:create --role` takes, and `createUser({ role })` beside the codes. */
export type RoleName = 'super-admin' | 'editor' | 'author'

export const ROLE_NAMES: Readonly<Record<RoleName, AdminRoleCode>> = { 'super-admin': SUPER_ADMIN, editor: EDITOR, author: AUTHOR }

/** A role code, or a short name (`editor`) turned into its code; undefined for anything else. */
export function roleCodeOf (value: unknown): AdminRoleCode | undefined {
  if (isAdminRoleCode(value)) return value
  return typeof value === 'string' && Object.hasOwn(ROLE_NAMES, value) ? ROLE_NAMES[value as RoleName] : undefined
}

export function adminRole (code: AdminRoleCode): AdminRole {
  return ADMIN_ROLES.find(role => role.code === code)!
}

/** The content manager's actions on entries (`plugin::content-manager.explorer.<action>`). */
export type EntryAction = 'read' | 'create' | 'update' | 'delete' | 'publish'

export const ENTRY_ACTIONS: readonly EntryAction[] = ['read', 'create', 'update', 'delete', 'publish']

/**
 * What a role may do with the entries of any content type: `all`, `own` (those whose
 * `createdBy` is the caller) or `none`.
 */
export type EntryReach = 'all' | 'own' | 'none'

export function entryReach (role: AdminRoleCode, action: EntryAction): EntryReach {
  if (role !== AUTHOR) return 'all'
  if (action === 'publish') return 'none'
  return action === 'create' ? 'all' : 'own'
}

/** Settings the panel writes (the content manager's configuration): the Super Admin only. */
export function mayConfigure (role: AdminRoleCode): boolean {
  return role === SUPER_ADMIN
}

/** Administrators and their roles (`/admin/users`, `/admin/roles`): the Super Admin only. */
export function mayManageAdmins (role: AdminRoleCode): boolean {
  return role === SUPER_ADMIN
}

const ADMIN_MANAGEMENT_ACTIONS = ['admin::users.read', 'admin::users.create', 'admin::users.update', 'admin::users.delete', 'admin::roles.read']

export interface PermissionView {
  action: string
  subject: string | null
  properties: Record<string, unknown>
  conditions: string[]
}

const UPLOAD_ACTIONS = ['plugin::upload.read', 'plugin::upload.assets.create', 'plugin::upload.assets.update', 'plugin::upload.assets.download', 'plugin::upload.assets.copy-link']

/** `GET /admin/users/me/permissions`: what the role may do, in Strapi's permission shape. */
export function rolePermissions (role: AdminRoleCode, contentTypeUids: Iterable<string>): PermissionView[] {
  const permissions: PermissionView[] = []
  for (const subject of contentTypeUids) {
    for (const action of ENTRY_ACTIONS) {
      const reach = entryReach(role, action)
      if (reach === 'none') continue
      permissions.push({ action: `plugin::content-manager.explorer.${action}`, subject, properties: {}, conditions: reach === 'own' ? ['admin::is-creator'] : [] })
    }
  }
  for (const action of UPLOAD_ACTIONS) permissions.push({ action, subject: null, properties: {}, conditions: [] })
  if (mayConfigure(role)) {
    permissions.push({ action: 'plugin::content-manager.collection-types.configure-view', subject: null, properties: {}, conditions: [] })
    permissions.push({ action: 'plugin::content-manager.single-types.configure-view', subject: null, properties: {}, conditions: [] })
    permissions.push({ action: 'plugin::content-manager.components.configure-layout', subject: null, properties: {}, conditions: [] })
  }
  if (mayManageAdmins(role)) {
    for (const action of ADMIN_MANAGEMENT_ACTIONS) permissions.push({ action, subject: null, properties: {}, conditions: [] })
  }
  return permissions
}
