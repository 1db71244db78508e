/**
 * Who calls the admin API: an admin token (`Authorization: Bearer`), resolved once per request
 * to the admin account and its role. Without one, or with a bad one, a 401. The request's
 * content caller is that admin, with full access: what it may do is the admin role's to
 * decide (roles/), and the shared write path records it as `createdBy`/`updatedBy`.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { FULL_ACCESS } from '../../auth/abilities.js'
import type { JwtSigner } from '../../auth/jwt.js'
import { UnauthorizedError } from '../../errors.js'
import type { AdminAccount, AdminUsers } from '../admin-users.js'

declare module 'fastify' {
  interface FastifyRequest {
    contentApiAdmin: AdminAccount | null
  }
  interface FastifyContextConfig {
    /** An admin API route open without an admin token (the first-run routes). */
    adminPublic?: boolean
  }
}

const BEARER = /^Bearer\s+([\w-]+\.[\w-]+\.[\w-]+)$/i

/** Routes registered in `scope` after this need an admin token, except those whose config says `adminPublic: true`. */
export function installAdminAuthentication (scope: FastifyInstance, admins: AdminUsers, signer: JwtSigner): void {
  scope.decorateRequest('contentApiAdmin', null)
  scope.decorateRequest('contentApiCaller', null)
  scope.addHook('onRequest', async (request) => {
    if (request.routeOptions.config?.adminPublic === true) return
    const token = BEARER.exec(request.headers.authorization ?? '')?.[1]
    const claims = token === undefined ? null : signer.verify(token)
    const account = claims?.kind === 'admin' ? await admins.account(claims.id) : null
    if (account === null) throw new UnauthorizedError(token === undefined ? 'Missing or invalid credentials' : 'Invalid or expired credentials')
    request.contentApiAdmin = account
    request.contentApiCaller = { kind: 'admin', adminId: account.id, ability: FULL_ACCESS }
  })
}

export function adminOf (request: FastifyRequest): AdminAccount {
  const admin = request.contentApiAdmin
  if (admin === null) throw new UnauthorizedError()
  return admin
}
