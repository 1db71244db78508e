/** `POST /admin/login` → `{ data: { token, user } }` (docs/access-control.md, 'Admin users and creator fields'). */
import type { FastifyInstance } from 'fastify'
import type { JwtSigner } from '../auth/jwt.js'
import type { RouteLimiter } from '../auth/rate-limit.js'
import type { AdminUsers } from './admin-users.js'

export function registerAdminRoutes (app: FastifyInstance, admins: AdminUsers, signer: JwtSigner, limited: RouteLimiter): void {
  app.post('/admin/login', limited(body => body.email), async (request) => {
    const body = (request.body ?? {}) as { email?: unknown, password?: unknown }
    const user = await admins.authenticate(body.email, body.password)
    return { data: { token: signer.sign({ id: user.id, kind: 'admin' }), user } }
  })
}
