/**
 * users-permissions' `createUsersPermissionsUser`, `updateUsersPermissionsUser` and
 * `deleteUsersPermissionsUser`: the writes of the REST `/users` routes (auth/user-edits.ts:
 * the same checks, hashing and Strapi's words), answered as Strapi's GraphQL answers them, the
 * user with the mutation's selection (`UsersPermissionsUserEntityResponse`), read from the
 * primary. A delete answers the user as it was.
 */
import type { PluginModel } from '../content-types/model.js'
import { createUser, deleteUser, updateUser } from '../auth/user-edits.js'
import type { UserEditContext } from '../auth/user-edits.js'
import { NotFoundError, ValidationError } from '../errors.js'
import { isRecord } from '../is-record.js'
import type { EntryQuery } from '../query/tree.js'
import type { Reader } from '../repository/read/reader.js'
import type { MutationRole } from './mutation-fields.js'
import { entryId } from './entry-id.js'

export type UserMutationRole = Extract<MutationRole, { model: PluginModel }>

export interface UserMutation {
  role: UserMutationRole
  args: Record<string, unknown>
  /** The answer's selection (operation.ts, prepareWritten). */
  query: EntryQuery
}

/** Runs a user mutation; returns the user's JSON text in the GraphQL shape. */
export async function runUserMutation (edits: UserEditContext, reader: Reader, { role, args, query }: UserMutation): Promise<string | null> {
  const { model } = role
  const read = async (id: number): Promise<string> => {
    const user = await reader.entry(model, id, query)
    if (user === null) throw new NotFoundError('User not found')
    return user
  }
  switch (role.kind) {
    case 'createUser':
      return await read(await createUser(edits, userData(args)))
    case 'updateUser': {
      const id = userId(args.id)
      await updateUser(edits, id, userData(args))
      return await read(id)
    }
    case 'deleteUser': {
      const id = userId(args.id)
      const user = await read(id)
      if (!await deleteUser(edits, id)) throw new NotFoundError('User not found')
      return user
    }
  }
}

/** `data: UsersPermissionsUserInput`, as the REST body: a field sent as null is a value to write (or refuse), an absent one is left alone. */
function userData (args: Record<string, unknown>): Record<string, unknown> {
  return isRecord(args.data) ? { ...args.data } : {}
}

function userId (raw: unknown): number {
  if (raw === undefined || raw === null) throw ValidationError.at(['id'], 'id is required')
  const id = entryId(raw)
  if (id === null) throw new NotFoundError('User not found')
  return id
}
