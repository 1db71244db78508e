/**
 * The admin role each imported admin user gets. Strapi links admin users to any number of
 * roles (`admin_roles`, through v4's `admin_users_roles_links` or v5's `admin_users_roles_lnk`);
 * this plugin gives each user one of Strapi's three default roles, fixed
 * (admin/roles/roles.ts), so roles are matched by code, never by id or name. A user with
 * several default roles keeps the most powerful of them. A custom role's permissions cannot be
 * represented: such a user gets only what the default roles it also holds grant, at least
 * the Author's (the least powerful role here), and is reported; so is a user with no role,
 * who could do nothing in Strapi and is an Author here.
 */
import { ADMIN_ROLES, AUTHOR, SUPER_ADMIN } from '../admin/roles/roles.js'
import { identifier as id, literal } from '../sql/index.js'

/** Where Strapi keeps which roles each admin user holds. */
export interface AdminRoleLinks {
  table: string
  /** Points at `admin_users`. */
  userColumn: string
  /** Points at `admin_roles`. */
  roleColumn: string
}

export const V4_ADMIN_ROLE_LINKS: AdminRoleLinks = { table: 'admin_users_roles_links', userColumn: 'user_id', roleColumn: 'role_id' }

/** An admin user whose Strapi roles did not come over as they were. */
export interface AdminRoleNote {
  id: number
  email: string
  /** The role code imported. */
  role: string
  why: string
}

const STANDARD = ADMIN_ROLES.map(role => literal(role.code)).join(', ')

/** The default roles user `user` (an SQL expression) holds, as ranks: 1 the most powerful (ADMIN_ROLES' order). */
function bestRank (links: AdminRoleLinks, user: string): string {
  const rank = `case r.code ${ADMIN_ROLES.map((role, index) => `when ${literal(role.code)} then ${index + 1}`).join(' ')} end`
  return `(select min(${rank}) from ${id(links.table)} l join admin_roles r on r.id = l.${id(links.roleColumn)} where l.${id(links.userColumn)} = ${user})`
}

/** The role code of the admin user row `s`: its most powerful default role, the Author's without one. */
export function adminRoleColumn (links: AdminRoleLinks): string {
  return `coalesce((array[${STANDARD}])[${bestRank(links, 's.id')}], ${literal(AUTHOR)})`
}

/**
 * The users whose Strapi roles do not come over as they were: `id`, `email`, `role` (the code
 * imported) and `why`. A Super Admin holding a custom role loses nothing, so is not listed.
 */
export function adminRoleNotes (links: AdminRoleLinks): string {
  const custom = `(select string_agg(coalesce(r.name, r.code), ', ' order by r.id) from ${id(links.table)} l join admin_roles r on r.id = l.${id(links.roleColumn)} ` +
    `where l.${id(links.userColumn)} = s.id and coalesce(r.code, '') <> all (array[${STANDARD}]))`
  const users = `select s.id, s.email, ${adminRoleColumn(links)} as role, ${custom} as custom, ${bestRank(links, 's.id')} as rank from admin_users s`
  return 'select u.id, u.email, u.role, case when u.custom is null ' +
    'then \'has no admin role in Strapi: imported with the least powerful one, \' || u.role ' +
    'else \'holds the custom admin role(s) \' || u.custom || \', whose permissions this plugin cannot represent: imported as \' || u.role || ' +
    'case when u.rank is null then \', the least powerful role\' else \', its most powerful default role\' end end as why ' +
    `from (${users}) u where u.role <> ${literal(SUPER_ADMIN)} and (u.custom is not null or u.rank is null) order by u.id`
}
