/**
 * The users-and-permissions tables (Strapi's `up_*` plus API tokens). Users and roles exist
 * whenever a schema points at them or `permissions` is set (the entity builder adds their
 * columns below to what the schemas declare); permissions and tokens only with `permissions`.
 */
import { EntitySchema } from '@mikro-orm/core'
import { PLUGIN_TYPES, USER_UID } from '../../content-types/plugin-types.js'

const id = { type: 'integer', primary: true, autoincrement: true }
const varchar = (extra: Record<string, unknown> = {}): Record<string, unknown> => ({ type: 'string', columnType: 'varchar(255)', ...extra })
const timestamp = (fieldName: string, extra: Record<string, unknown> = {}): Record<string, unknown> =>
  ({ type: 'datetime', columnType: 'timestamptz(3)', fieldName, ...extra })

export const ROLE_ENTITY = 'UpRole'
/** The users' entity, named where the plugin types are defined. */
export const USER_ENTITY = PLUGIN_TYPES[USER_UID]!.entity
export const PERMISSION_ENTITY = 'UpPermission'
export const API_TOKEN_ENTITY = 'ApiToken'

type PropertyMap = Record<string, Record<string, unknown>>

/** The role columns access control relies on. */
export function roleProperties (): PropertyMap {
  return { id, name: varchar(), description: varchar({ nullable: true }), type: varchar({ unique: true }) }
}

/** The user columns login and access control rely on; `role` points at the role entity. */
export function userProperties (role: () => EntitySchema): PropertyMap {
  return {
    id,
    username: varchar({ unique: true }),
    email: varchar({ unique: true }),
    provider: varchar({ default: 'local' }),
    password: varchar(),
    resetPasswordToken: varchar({ nullable: true, fieldName: 'reset_password_token' }),
    confirmationToken: varchar({ nullable: true, fieldName: 'confirmation_token' }),
    confirmed: { type: 'boolean', default: true },
    blocked: { type: 'boolean', default: false },
    role: { kind: 'm:1', entity: role, deleteRule: 'restrict', fieldName: 'role_id' },
    createdAt: timestamp('created_at', { onCreate: () => new Date() }),
    updatedAt: timestamp('updated_at', { onCreate: () => new Date(), onUpdate: () => new Date() })
  }
}

/** Permissions and API tokens: present only when the `permissions` option installs access control. */
export function authEntitySchemas (role: EntitySchema): EntitySchema[] {
  const permission = new EntitySchema({
    name: PERMISSION_ENTITY,
    tableName: 'up_permissions',
    properties: {
      id,
      action: varchar(),
      role: { kind: 'm:1', entity: () => role, deleteRule: 'cascade', fieldName: 'role_id' }
    } as never
  })
  const apiToken = new EntitySchema({
    name: API_TOKEN_ENTITY,
    tableName: 'api_tokens',
    properties: {
      id,
      name: varchar({ unique: true }),
      description: { type: 'text', nullable: true },
      type: varchar(),
      accessKey: varchar({ unique: true, fieldName: 'access_key' }),
      permissions: { type: 'json', columnType: 'jsonb', nullable: true },
      expiresAt: timestamp('expires_at', { nullable: true }),
      createdAt: timestamp('created_at', { onCreate: () => new Date() })
    } as never
  })
  return [permission, apiToken]
}
