/**
 * Strapi's users-permissions GraphQL (its plugin's `me`, `login` and `register`), served when
 * the `permissions` option is: the same users, passwords, JWTs and rate limits as the REST
 * routes `/auth/local`, `/auth/local/register` and `/users/me` (auth/users.ts,
 * auth/rate-limit.ts), named and shaped as Strapi's schema has them.
 */
import { GraphQLBoolean, GraphQLID, GraphQLInputObjectType, GraphQLNonNull, GraphQLObjectType, GraphQLString } from 'graphql'
import type { GraphQLFieldConfig, GraphQLFieldConfigArgumentMap, GraphQLFieldConfigMap } from 'graphql'
import type { Database } from '../repository/connection/database.js'
import type { InputBuilder } from './inputs.js'
import type { PluginMutation } from './mutation-fields.js'
import { roleMutations } from './role-mutations.js'
import type { MercuriusContext } from 'mercurius'
import { callerOf } from '../auth/caller.js'
import type { JwtSigner } from '../auth/jwt.js'
import type { CredentialLimit } from '../auth/rate-limit.js'
import type { PublicUser, UserWithRole, Users } from '../auth/users.js'
import type { AccountFlows } from '../auth/account-flows.js'
import { accountMutations } from './account-mutations.js'
import type { PluginModel } from '../content-types/model.js'
import { ROLE_UID, USER_UID } from '../content-types/plugin-types.js'
import type { Registry } from '../content-types/registry.js'
import { UnauthorizedError, ValidationError } from '../errors.js'

export interface UsersPermissionsContext {
  registry: Registry
  db: Database
  users: Users
  /** The password and email flows (./account-mutations.ts). */
  flows: AccountFlows
  signer: JwtSigner
  /** The rate limits of the REST routes that take a password. */
  limit: CredentialLimit
}

export interface PluginFields {
  query: GraphQLFieldConfigMap<unknown, unknown>
  /** In Strapi's order. */
  mutation: readonly PluginMutation[]
}

/** The users-permissions types served with Strapi's queries, in its order: roles, then users. */
export function usersPermissionsModels (registry: Registry): PluginModel[] {
  return [ROLE_UID, USER_UID].flatMap(uid => registry.plugins.get(uid) ?? [])
}

const nonNull = <T extends GraphQLObjectType | typeof GraphQLString | typeof GraphQLID>(type: T): GraphQLNonNull<T> => new GraphQLNonNull(type)

export function usersPermissionsFields ({ registry, db, users, flows, signer, limit }: UsersPermissionsContext): PluginFields {
  const userModel = registry.plugins.get(USER_UID)!
  const userData = (inputs: InputBuilder): GraphQLFieldConfigArgumentMap => ({ data: { type: new GraphQLNonNull(inputs.input(userModel)) } })
  const id: GraphQLFieldConfigArgumentMap = { id: { type: nonNull(GraphQLID) } }
  const meRole = new GraphQLObjectType({
    name: 'UsersPermissionsMeRole',
    fields: { id: { type: nonNull(GraphQLID) }, name: { type: nonNull(GraphQLString) }, description: { type: GraphQLString }, type: { type: GraphQLString } }
  })
  // `me` reads the role with the user; `login` and `register` read it only when it is asked.
  const me = new GraphQLObjectType<PublicUser | UserWithRole>({
    name: 'UsersPermissionsMe',
    fields: {
      id: { type: nonNull(GraphQLID) },
      username: { type: nonNull(GraphQLString) },
      email: { type: GraphQLString },
      confirmed: { type: GraphQLBoolean },
      blocked: { type: GraphQLBoolean },
      role: { type: meRole, resolve: async (user) => 'roleDetails' in user ? user.roleDetails : await users.roleOf(user.id) }
    }
  })
  const loginPayload = new GraphQLObjectType({
    name: 'UsersPermissionsLoginPayload',
    fields: { jwt: { type: GraphQLString }, user: { type: nonNull(me) } }
  })
  const registerInput = new GraphQLInputObjectType({
    name: 'UsersPermissionsRegisterInput',
    fields: { username: { type: nonNull(GraphQLString) }, email: { type: nonNull(GraphQLString) }, password: { type: nonNull(GraphQLString) } }
  })
  const loginInput = new GraphQLInputObjectType({
    name: 'UsersPermissionsLoginInput',
    fields: {
      identifier: { type: nonNull(GraphQLString) },
      password: { type: nonNull(GraphQLString) },
      provider: { type: nonNull(GraphQLString), defaultValue: 'local' }
    }
  })
  const signedIn = (user: PublicUser): { jwt: string, user: PublicUser } => ({ jwt: signer.sign({ id: user.id, kind: 'user' }), user })
  type Context = MercuriusContext

  return {
    query: {
      me: {
        type: me,
        resolve: async (_source: unknown, _args: unknown, context: Context) => {
          const caller = callerOf(context.reply.request)
          if (caller.kind !== 'user') throw new UnauthorizedError()
          const user = await users.byIdWithRole(caller.userId)
          if (user === null) throw new UnauthorizedError()
          return user
        }
      }
    },
    mutation: [
      ...roleMutations({ db, role: registry.plugins.get(ROLE_UID)! }),
      { name: 'createUsersPermissionsUser', role: { kind: 'createUser', model: userModel }, args: userData, description: 'Create a new user', nonNull: true },
      { name: 'updateUsersPermissionsUser', role: { kind: 'updateUser', model: userModel }, args: inputs => ({ ...id, ...userData(inputs) }), description: 'Update an existing user', nonNull: true },
      { name: 'deleteUsersPermissionsUser', role: { kind: 'deleteUser', model: userModel }, args: () => id, description: 'Delete an existing user', nonNull: true },
      { name: 'login', field: () => ({
        type: nonNull(loginPayload),
        args: { input: { type: new GraphQLNonNull(loginInput) } },
        resolve: async (_source: unknown, { input }: { input: { identifier: string, password: string, provider: string } }, context: Context) => {
          if (input.provider !== 'local') throw ValidationError.at(['provider'], `Provider ${input.provider} is not served: only local accounts log in here`)
          await limit(context.reply, input.identifier)
          return signedIn(await users.authenticate(input.identifier, input.password))
        }
      }) as GraphQLFieldConfig<unknown, unknown> },
      { name: 'register', field: () => ({
        type: nonNull(loginPayload),
        description: 'Register a user',
        args: { input: { type: new GraphQLNonNull(registerInput) } },
        resolve: async (_source: unknown, { input }: { input: { username: string, email: string, password: string } }, context: Context) => {
          await limit(context.reply, input.email)
          const { user, confirmed } = await flows.register(input)
          // As Strapi: no JWT until the email is confirmed.
          return confirmed ? signedIn(user) : { jwt: null, user }
        }
      }) as GraphQLFieldConfig<unknown, unknown> },
      ...accountMutations({ flows, limit, loginPayload, signedIn })
    ]
  } as PluginFields
}
