/**
 * Strapi v4's administrators routes (docs/admin-api.md, 'Administrators'): `/admin/users` and
 * `/admin/roles`, for the Super Admin only; every other role is answered 403 before anything
 * is read.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { ForbiddenError, ValidationError } from '../../errors.js'
import type { AdminUserManagement } from '../management/admin-user-management.js'
import { adminUserChanges, idList, newAdminUser } from '../management/user-input.js'
import { adminUserPage } from '../management/user-list-query.js'
import { ADMIN_ROLES, mayManageAdmins } from '../roles/roles.js'
import { adminUserView } from './admin-routes.js'
import { adminOf } from './authentication.js'

export interface UserRoutesContext {
  management: AdminUserManagement
  maxPageSize: number
}

function idParam (request: FastifyRequest): number {
  const id = (request.params as { id?: string }).id ?? ''
  if (!/^\d{1,9}$/.test(id) || Number(id) < 1) throw ValidationError.at(['id'], 'id must be a positive integer')
  return Number(id)
}

export function registerUserRoutes ({ management, maxPageSize }: UserRoutesContext) {
  return (scope: FastifyInstance): void => {
    scope.register(async (users) => {
      users.addHook('preHandler', async (request) => {
        if (!mayManageAdmins(adminOf(request).role)) throw new ForbiddenError()
      })
      users.get('/admin/users', async (request) => {
        const page = adminUserPage(request.query as Record<string, unknown>, maxPageSize)
        const { results, pagination } = await management.list(page)
        return { data: { results: results.map(adminUserView), pagination } }
      })
      users.post('/admin/users', async (request, reply) => {
        const created = await management.create(await newAdminUser(request.body))
        return await reply.code(201).send({ data: adminUserView(created) })
      })
      users.get('/admin/users/:id', async (request) => ({ data: adminUserView(await management.one(idParam(request))) }))
      users.put('/admin/users/:id', async (request) => {
        const id = idParam(request)
        return { data: adminUserView(await management.update(id, await adminUserChanges(request.body))) }
      })
      users.delete('/admin/users/:id', async (request) => {
        return { data: adminUserView(await management.deleteOne(idParam(request))) }
      })
      users.post('/admin/users/batch-delete', async (request) => {
        const deleted = await management.delete(idList(request.body))
        return { data: deleted.map(adminUserView) }
      })
      users.get('/admin/roles', async () => {
        const counts = await management.usersPerRole()
        return { data: ADMIN_ROLES.map(role => ({ ...role, usersCount: counts.get(role.code) ?? 0 })) }
      })
    })
  }
}
