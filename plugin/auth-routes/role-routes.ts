/**
 * `GET /users-permissions/roles` and `/users-permissions/roles/:id`, as Strapi v4 answers
 * them: `{ roles: [{ id, name, description, type, nb_users }] }` and `{ role: { ...,
 * permissions } }`, the permissions grouped as Strapi groups them (`api::article` →
 * `controllers.article.find.enabled`). Roles come from the `permissions` option, so the
 * grants are read from it, not from the table. (Δ no `createdAt`/`updatedAt`: the roles
 * table has no timestamps, see plugin-types.ts.)
 */
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { ROLE_UID, USER_UID } from '../content-types/plugin-types.js'
import type { Registry } from '../content-types/registry.js'
import { ForbiddenError, NotFoundError } from '../errors.js'
import type { Database } from '../repository/connection/database.js'
import { ROLE_ENTITY, USER_ENTITY } from '../repository/schema/auth-entities.js'
import { entitySql, type TableNames } from '../repository/schema/sql-names.js'
import { raw, runSql, sql, type Sql } from '../sql/index.js'
import { entryId } from '../routes/request-query.js'
import { callerOf } from '../auth/caller.js'
import { CONTENT_ACTIONS, ROLE_ACTIONS, UPLOAD_ACTIONS, UPLOAD_UID, USER_ACTIONS } from '../options/permissions.js'
import type { ResolvedPermissions } from '../options/permissions.js'
import { jsonRoute } from './user-routes.js'

export interface RoleRoutesContext {
  registry: Registry
  db: Database
  permissions: ResolvedPermissions
}

/** The role `r` as Strapi shows it, without its users and permissions. */
function roleJson (names: TableNames): Sql {
  const fields = ['id', 'name', 'description', 'type'].map(property => `'${property}', r.${names.column(ROLE_ENTITY, property)}`)
  return raw(`json_build_object(${fields.join(', ')})`)
}

function authorizeRoles (request: FastifyRequest, action: 'find' | 'findOne'): void {
  if (!callerOf(request).ability.can(ROLE_UID, action)) throw new ForbiddenError()
}

type ControllerActions = Record<string, Record<string, { enabled: boolean, policy: string }>>

/** Every action Strapi would list for the role, enabled or not, grouped by plugin or API and controller. */
function rolePermissions (registry: Registry, grants: ReadonlyMap<string, ReadonlySet<string>>, type: string): Record<string, { controllers: ControllerActions }> {
  const actions = (uid: string, names: readonly string[], always: readonly string[] = []): Record<string, { enabled: boolean, policy: string }> =>
    Object.fromEntries([...names, ...always].map(name => [name, { enabled: always.includes(name) || grants.get(uid)?.has(name) === true, policy: '' }]))
  const groups: Record<string, { controllers: ControllerActions }> = {}
  for (const model of registry.contentTypes.values()) {
    const actionNames = model.single ? CONTENT_ACTIONS.filter(name => name !== 'findOne' && name !== 'create') : CONTENT_ACTIONS
    groups[`api::${model.singularName}`] = { controllers: { [model.singularName]: actions(model.uid, actionNames) } }
  }
  groups[UPLOAD_UID] = { controllers: { 'content-api': actions(UPLOAD_UID, UPLOAD_ACTIONS) } }
  // `me` is every logged-in user's (see options/permissions.ts), so enabled for all roles but public.
  groups['plugin::users-permissions'] = {
    controllers: { user: actions(USER_UID, USER_ACTIONS, type === 'public' ? [] : ['me']), role: actions(ROLE_UID, ROLE_ACTIONS) }
  }
  return groups
}

export function registerRoleRoutes (app: FastifyInstance, { registry, db, permissions }: RoleRoutesContext): void {
  const roles = entitySql(db.names, ROLE_ENTITY)
  const users = entitySql(db.names, USER_ENTITY)
  const roleObject = roleJson(db.names)
  const roleId = sql`r.${roles.column('id')}`
  app.get('/users-permissions/roles', jsonRoute(async request => {
    authorizeRoles(request, 'find')
    const [row] = await runSql(db, sql`select coalesce(json_agg((${roleObject}::jsonb || jsonb_build_object('nb_users',
      (select count(*) from ${users.table} u where u.${users.column('role')} = ${roleId})))::json order by ${roleId}), '[]'::json)::text as roles
      from ${roles.table} r`)
    return `{"roles":${String(row!.roles)}}`
  }))
  app.get('/users-permissions/roles/:id', jsonRoute(async request => {
    authorizeRoles(request, 'findOne')
    const [row] = await runSql(db, sql`select ${roleObject}::text as role, r.${roles.column('type')} as type from ${roles.table} r where ${roleId} = ${entryId(request)}`)
    if (row === undefined) throw new NotFoundError('Role not found')
    const type = String(row.type)
    const role = { ...JSON.parse(String(row.role)) as object, permissions: rolePermissions(registry, permissions.roles[type] ?? new Map(), type) }
    return JSON.stringify({ role })
  }))
}
