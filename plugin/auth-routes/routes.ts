/**
 * Users-and-permissions endpoints: register and log in. Like Strapi's plugin they answer
 * `{ jwt, user }` outside the content envelope, as Strapi's plugin answers; errors keep the envelope. The
 * users routes (`/users`, `/users/me`…) are in user-routes.ts, the password and email flows in account-routes.ts.
 */
import type { FastifyInstance } from 'fastify'
import type { AccountFlows } from '../auth/account-flows.js'
import type { JwtSigner } from '../auth/jwt.js'
import type { RouteLimiter } from '../auth/rate-limit.js'
import type { Users } from '../auth/users.js'

/** Log in and register are rate limited, so that guessing a password costs time: per address, and per identifier or email. */
export function registerAuthRoutes (app: FastifyInstance, users: Users, accounts: AccountFlows, signer: JwtSigner, limited: RouteLimiter): void {
  app.post('/auth/local/register', limited(body => body.email), async (request) => {
    const body = (request.body ?? {}) as { username?: string, email?: string, password?: string }
    const { user, confirmed } = await accounts.register({ username: body.username, email: body.email, password: body.password })
    // As Strapi: no JWT until the email is confirmed.
    return confirmed ? { jwt: signer.sign({ id: user.id, kind: 'user' }), user } : { user }
  })
  app.post('/auth/local', limited(body => body.identifier), async (request) => {
    const body = (request.body ?? {}) as { identifier?: unknown, password?: unknown }
    const user = await users.authenticate(body.identifier, body.password)
    return { jwt: signer.sign({ id: user.id, kind: 'user' }), user }
  })
}
