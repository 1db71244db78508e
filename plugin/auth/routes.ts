/**
 * Users-and-permissions endpoints: register, log in, who am I. Like Strapi's plugin they
 * answer `{ jwt, user }` outside the content envelope (spec 1); errors keep the envelope.
 */
import type { FastifyInstance } from 'fastify'
import { UnauthorizedError } from '../errors.js'
import { callerOf } from './caller.js'
import type { JwtSigner } from './jwt.js'
import type { RouteLimiter } from './rate-limit.js'
import type { Users } from './users.js'

/** Log in and register are rate limited (issue 11): per address, and per identifier or email. */
export function registerAuthRoutes (app: FastifyInstance, users: Users, signer: JwtSigner, limited: RouteLimiter): void {
  app.post('/auth/local/register', limited(body => body.email), async (request) => {
    const body = (request.body ?? {}) as { username?: string, email?: string, password?: string }
    const user = await users.create({ username: body.username, email: body.email, password: body.password })
    return { jwt: signer.sign({ id: user.id, kind: 'user' }), user }
  })
  app.post('/auth/local', limited(body => body.identifier), async (request) => {
    const body = (request.body ?? {}) as { identifier?: unknown, password?: unknown }
    const user = await users.authenticate(body.identifier, body.password)
    return { jwt: signer.sign({ id: user.id, kind: 'user' }), user }
  })
  app.get('/users/me', async (request) => {
    const caller = callerOf(request)
    if (caller.kind !== 'user') throw new UnauthorizedError()
    const user = await users.byId(caller.userId)
    if (user === null) throw new UnauthorizedError()
    return user
  })
}
