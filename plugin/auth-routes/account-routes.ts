/**
 * users-permissions' password and email routes, as Strapi v4 serves them under the prefix
 * (docs/access-control.md, 'Passwords and email'): forgot and reset password, change
 * password, follow a confirmation link, send the confirmation again. The flows themselves
 * (auth/account-flows.ts) are GraphQL's too. The routes that send mail or take a password
 * or a code are rate limited as log in is.
 */
import type { FastifyInstance } from 'fastify'
import type { AccountFlows } from '../auth/account-flows.js'
import { callerOf } from '../auth/caller.js'
import type { JwtSigner } from '../auth/jwt.js'
import type { RouteLimiter } from '../auth/rate-limit.js'
import type { PublicUser } from '../auth/users.js'
import { ForbiddenError } from '../errors.js'

export function registerAccountRoutes (app: FastifyInstance, accounts: AccountFlows, signer: JwtSigner, limited: RouteLimiter): void {
  const signedIn = (user: PublicUser): { jwt: string, user: PublicUser } => ({ jwt: signer.sign({ id: user.id, kind: 'user' }), user })
  // Per address only where the body names no account.
  const perAddress = limited(() => undefined)

  app.post('/auth/forgot-password', limited(body => body.email), async request => await accounts.forgotPassword(request.body))
  app.post('/auth/reset-password', perAddress, async request => signedIn(await accounts.resetPassword(request.body)))
  app.post('/auth/change-password', perAddress, async request => {
    const caller = callerOf(request)
    // Strapi grants changePassword to its authenticated role only: anyone else is refused as its permissions refuse.
    if (caller.kind !== 'user') throw new ForbiddenError()
    return signedIn(await accounts.changePassword(caller.userId, request.body))
  })
  app.get('/auth/email-confirmation', async (request, reply) => {
    await accounts.confirmEmail((request.query as Record<string, unknown>).confirmation)
    return await reply.redirect(accounts.confirmationRedirect)
  })
  app.post('/auth/send-email-confirmation', limited(body => body.email), async request => await accounts.sendEmailConfirmation(request.body))
}
