/**
 * users-permissions' `forgotPassword`, `resetPassword`, `changePassword` and
 * `emailConfirmation`, named, typed and ordered as Strapi 4.26.2's schema has them: the REST
 * flows of auth/account-flows.ts, with the login mutations' rate limits. `emailConfirmation`
 * answers `{ jwt, user }` where the REST link redirects, as Strapi's does.
 */
import { GraphQLBoolean, GraphQLNonNull, GraphQLObjectType, GraphQLString } from 'graphql'
import type { GraphQLFieldConfig, GraphQLFieldConfigArgumentMap } from 'graphql'
import type { MercuriusContext } from 'mercurius'
import type { AccountFlows } from '../auth/account-flows.js'
import { callerOf } from '../auth/caller.js'
import type { CredentialLimit } from '../auth/rate-limit.js'
import type { PublicUser } from '../auth/users.js'
import { ForbiddenError } from '../errors.js'
import type { PluginMutation } from './mutation-fields.js'

export interface AccountMutationsContext {
  flows: AccountFlows
  limit: CredentialLimit
  /** `UsersPermissionsLoginPayload`, login's answer. */
  loginPayload: GraphQLObjectType
  signedIn: (user: PublicUser) => { jwt: string, user: PublicUser }
}

const requiredString = { type: new GraphQLNonNull(GraphQLString) }

type Resolve = (args: Record<string, string>, context: MercuriusContext) => Promise<unknown>

function mutation (name: string, type: GraphQLObjectType, description: string, args: GraphQLFieldConfigArgumentMap, resolve: Resolve): PluginMutation {
  const field: GraphQLFieldConfig<unknown, MercuriusContext, Record<string, string>> = {
    type, description, args, resolve: async (_source, given, context) => await resolve(given, context)
  }
  return { name, field: () => field as GraphQLFieldConfig<unknown, unknown> }
}

export function accountMutations ({ flows, limit, loginPayload, signedIn }: AccountMutationsContext): PluginMutation[] {
  const passwordPayload = new GraphQLObjectType({ name: 'UsersPermissionsPasswordPayload', fields: { ok: { type: new GraphQLNonNull(GraphQLBoolean) } } })
  return [
    mutation('forgotPassword', passwordPayload, 'Request a reset password token', { email: requiredString }, async (args, context) => {
      await limit(context.reply, args.email)
      return await flows.forgotPassword(args)
    }),
    mutation('resetPassword', loginPayload, 'Reset user password. Confirm with a code (resetToken from forgotPassword)',
      { password: requiredString, passwordConfirmation: requiredString, code: requiredString }, async (args, context) => {
        await limit(context.reply, undefined)
        return signedIn(await flows.resetPassword(args))
      }),
    mutation('changePassword', loginPayload, 'Change user password. Confirm with the current password.',
      { currentPassword: requiredString, password: requiredString, passwordConfirmation: requiredString }, async (args, context) => {
        const caller = callerOf(context.reply.request)
        // Strapi's words here differ from its REST route's "Forbidden".
        if (caller.kind !== 'user') throw new ForbiddenError('Forbidden access')
        await limit(context.reply, undefined)
        return signedIn(await flows.changePassword(caller.userId, args))
      }),
    mutation('emailConfirmation', loginPayload, 'Confirm an email users email address', { confirmation: requiredString },
      async (args) => signedIn(await flows.confirmEmail(args.confirmation)))
  ]
}
