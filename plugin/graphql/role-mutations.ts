/**
 * users-permissions' role mutations, named and shaped as Strapi's (`{ ok }` payloads), each
 * taking Strapi's role action (`createRole`, `updateRole`, `deleteRole` on
 * `plugin::users-permissions.role`): without it, FORBIDDEN. Roles here are the `permissions`
 * option's (docs/access-control.md), so an update renames a role (auth/role-edits.ts), and a
 * create or a delete is refused with an ApplicationError saying to edit the option.
 */
import { GraphQLBoolean, GraphQLID, GraphQLNonNull, GraphQLObjectType } from 'graphql'
import type { GraphQLFieldConfig } from 'graphql'
import type { MercuriusContext } from 'mercurius'
import { callerOf } from '../auth/caller.js'
import { updateRole } from '../auth/role-edits.js'
import type { PluginModel } from '../content-types/model.js'
import { ROLE_UID } from '../content-types/plugin-types.js'
import { ApplicationError, ForbiddenError, NotFoundError } from '../errors.js'
import type { Database } from '../repository/connection/database.js'
import type { InputBuilder } from './inputs.js'
import type { PluginMutation } from './mutation-fields.js'
import { entryId } from './entry-id.js'

type RoleAction = 'createRole' | 'updateRole' | 'deleteRole'

function allow (context: MercuriusContext, action: RoleAction): void {
  if (!callerOf(context.reply.request).ability.can(ROLE_UID, action)) throw new ForbiddenError('Forbidden access')
}

function roleId (raw: unknown): number {
  const id = entryId(raw)
  if (id === null) throw new NotFoundError('Role not found')
  return id
}

const IN_THE_OPTION = 'Roles are defined by the permissions option: add or remove them there'

export function roleMutations ({ db, role }: { db: Database, role: PluginModel }): PluginMutation[] {
  const payload = (name: string): GraphQLObjectType => new GraphQLObjectType({ name, fields: { ok: { type: new GraphQLNonNull(GraphQLBoolean) } } })
  const data = (inputs: InputBuilder): { type: GraphQLNonNull<ReturnType<InputBuilder['input']>> } => ({ type: new GraphQLNonNull(inputs.input(role)) })
  const id = { type: new GraphQLNonNull(GraphQLID) }
  const created = payload('UsersPermissionsCreateRolePayload')
  const updated = payload('UsersPermissionsUpdateRolePayload')
  const deleted = payload('UsersPermissionsDeleteRolePayload')
  type Field = GraphQLFieldConfig<unknown, MercuriusContext>
  const field = (config: Field): GraphQLFieldConfig<unknown, unknown> => config as GraphQLFieldConfig<unknown, unknown>
  return [
    {
      name: 'createUsersPermissionsRole',
      field: inputs => field({
        type: created,
        description: 'Create a new role',
        args: { data: data(inputs) },
        resolve: (_source, _args, context) => {
          allow(context, 'createRole')
          throw new ApplicationError(IN_THE_OPTION, 400)
        }
      })
    },
    {
      name: 'updateUsersPermissionsRole',
      field: inputs => field({
        type: updated,
        description: 'Update an existing role',
        args: { id, data: data(inputs) },
        resolve: async (_source, args: Record<string, unknown>, context) => {
          allow(context, 'updateRole')
          await updateRole(db, db.names, roleId(args.id), args.data)
          return { ok: true }
        }
      })
    },
    {
      name: 'deleteUsersPermissionsRole',
      field: () => field({
        type: deleted,
        description: 'Delete an existing role',
        args: { id },
        resolve: (_source, _args, context) => {
          allow(context, 'deleteRole')
          throw new ApplicationError(IN_THE_OPTION, 400)
        }
      })
    }
  ]
}
