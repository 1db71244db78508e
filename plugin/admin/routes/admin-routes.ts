/**
 * Strapi v4's admin routes of the first run and of the signed-in admin (docs/admin-api.md,
 * 'Admin routes'): `GET /admin/init`, `POST /admin/register-admin`, `GET /admin/users/me`,
 * `GET /admin/users/me/permissions`. `POST /admin/login` is served with or without the
 * admin API (../routes.ts).
 */
import type { FastifyInstance } from 'fastify'
import type { JwtSigner } from '../../auth/jwt.js'
import type { RouteLimiter } from '../../auth/rate-limit.js'
import type { Registry } from '../../content-types/registry.js'
import { adminExistsError, type AdminAccount, type AdminUsers } from '../admin-users.js'
import { adminRole, rolePermissions } from '../roles/roles.js'
import { isRecord } from '../../is-record.js'
import { ValidationError } from '../../errors.js'
import { adminOf } from './authentication.js'

export interface AdminRoutesContext {
  admins: AdminUsers
  signer: JwtSigner
  registry: Registry
  limited: RouteLimiter
}

/** The user as Strapi's admin answers it: no password, its roles. */
export function adminUserView (account: AdminAccount): Record<string, unknown> {
  const { role, ...user } = account
  return { ...user, username: null, preferedLanguage: null, roles: [adminRole(role)] }
}

export function registerAdminRoutes ({ admins, signer, registry, limited }: AdminRoutesContext) {
  return (scope: FastifyInstance): void => {
    scope.get('/admin/init', { config: { adminPublic: true } }, async () => {
      return { data: { uuid: false, hasAdmin: await admins.exists(), authLogo: null, menuLogo: null } }
    })
    scope.post('/admin/register-admin', { config: { adminPublic: true }, ...limited(body => body.email) }, async (request) => {
      const body = request.body
      if (!isRecord(body)) throw new ValidationError('The body must be an object: { email, firstname, lastname, password }')
      const created = await admins.registerFirst(body as never)
      if (created === null) throw adminExistsError()
      const account = await admins.account(created.id)
      return { data: { token: signer.sign({ id: created.id, kind: 'admin' }), user: adminUserView(account!) } }
    })
    scope.get('/admin/users/me', async (request) => ({ data: adminUserView(adminOf(request)) }))
    scope.get('/admin/users/me/permissions', async (request) => ({ data: rolePermissions(adminOf(request).role, registry.contentTypes.keys()) }))
  }
}
