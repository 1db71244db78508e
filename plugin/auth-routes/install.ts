/**
 * Access control and admin login, installed in the plugin's scope: the JWT signer, the
 * per-request caller resolution for the API routes, and the services behind the
 * decorations. Without `permissions` every caller may do everything (Strapi without its
 * users-permissions plugin) and only admin tokens are read, to record creator fields.
 */
import { randomBytes } from 'node:crypto'
import type { FastifyInstance } from 'fastify'
import { AdminUsers } from '../admin/admin-users.js'
import { registerAdminRoutes } from '../admin/routes.js'
import type { Registry } from '../content-types/registry.js'
import type { ResolvedOptions } from '../options.js'
import type { Database } from '../repository/connection/database.js'
import { ApiTokens } from '../auth/api-tokens.js'
import { installCallerResolution } from '../auth/caller.js'
import { installJwt } from '../auth/jwt.js'
import type { JwtSigner } from '../auth/jwt.js'
import type { ResolvedPermissions } from '../options/permissions.js'
import { prepareDummyHash } from '../passwords.js'
import { installRateLimiting, routeLimiter } from '../auth/rate-limit.js'
import type { ResolvedRateLimit } from '../options/rate-limit.js'
import { registerRoleRoutes } from './role-routes.js'
import { registerAuthRoutes } from './routes.js'
import { registerUserRoutes } from './user-routes.js'
import { syncRoles } from '../auth/roles-sync.js'
import { Users } from '../auth/users.js'
import { AccountFlows } from '../auth/account-flows.js'
import { registerAccountRoutes } from './account-routes.js'
import { DOCUMENT_ID } from '../content-types/documents.js'
import { USER_UID } from '../content-types/plugin-types.js'

export interface AccessServices {
  permissions: ResolvedPermissions | null
  admin: AdminUsers
  users: Users | null
  /** The password and email flows of `users` (REST and GraphQL). */
  accounts: AccountFlows | null
  tokens: ApiTokens | null
  /** Limits of the routes that take a password; null: none. */
  rateLimit: ResolvedRateLimit | null
}

export interface AccessServicesContext {
  db: Database
  registry: Registry
  permissions: ResolvedPermissions | null
  rateLimit: ResolvedRateLimit | null
  /** The REST prefix, where the confirmation links of the mails point. */
  prefix: string
  log: FastifyInstance['log']
}

export async function accessServices ({ db, registry, permissions, rateLimit, prefix, log }: AccessServicesContext): Promise<AccessServices> {
  if (permissions !== null) await syncRoles(db, permissions)
  // Made now, so the first login of an unknown account takes no longer than the next ones.
  await prepareDummyHash()
  const email = permissions?.email ?? null
  const users = permissions === null
    ? null
    // The format at the prefix answers the users routes: v5's shows their documentIds.
    : new Users(db, { documentIds: registry.model(USER_UID).attributes.has(DOCUMENT_ID), requireConfirmation: email?.emailConfirmation === true })
  return {
    permissions,
    rateLimit,
    admin: new AdminUsers(db),
    users,
    accounts: users === null
      ? null
      : new AccountFlows({ db, users, email, prefix, logError: (err, what) => { log.error({ err }, `fastify-content-api: ${what} failed`) } }),
    tokens: permissions === null ? null : new ApiTokens(db, permissions, registry.contentTypes.keys())
  }
}

function adminSecret (secret: string | null, log: FastifyInstance['log']): string {
  if (secret !== null) return secret
  log.warn('fastify-content-api: no admin JWT secret configured (admin.jwtSecret or ADMIN_JWT_SECRET); admin tokens last until restart')
  return randomBytes(32).toString('hex')
}

/** JWT and `/admin/login` on the plugin scope; `jwtSecret`: the resolved option (null: none set). Returns what the API scope needs. */
export async function installAdminScope (
  scope: FastifyInstance, jwtSecret: string | null, services: AccessServices
): Promise<JwtSigner> {
  const signer = await installJwt(scope, adminSecret(jwtSecret, scope.log), services.permissions?.jwtExpiresIn ?? '30d')
  await installRateLimiting(scope, services.rateLimit)
  registerAdminRoutes(scope, services.admin, signer, routeLimiter(scope, services.rateLimit))
  return signer
}

export interface ApiAccessContext {
  db: Database
  registry: Registry
  options: ResolvedOptions
  services: AccessServices
  signer: JwtSigner
}

/** Caller resolution and the users-permissions endpoints on the API scope (under the prefix). */
export function installApiAccess (api: FastifyInstance, { db, registry, options, services, signer }: ApiAccessContext): void {
  installCallerResolution(api, { db, permissions: services.permissions, verifyJwt: signer.verify })
  if (services.users === null || services.accounts === null || services.permissions === null) return
  const limited = routeLimiter(api, services.rateLimit)
  registerAuthRoutes(api, services.users, services.accounts, signer, limited)
  registerAccountRoutes(api, services.accounts, signer, limited)
  registerUserRoutes(api, { registry, db, options })
  registerRoleRoutes(api, { registry, db, permissions: services.permissions })
}
