/**
 * The content types of Strapi's own plugins that a project's schemas point at: relations
 * to `plugin::users-permissions.user` (an article's author), to its role, and to
 * `admin::user`. Their attributes follow Strapi 4.26's schemas, so a populated user reads
 * as Strapi answers it; secrets are private and never leave the database.
 */
import type { AttributeSchema } from './definition.js'

export const USER_UID = 'plugin::users-permissions.user'
export const ROLE_UID = 'plugin::users-permissions.role'
export const ADMIN_USER_UID = 'admin::user'

export interface PluginTypeDefinition {
  uid: string
  table: string
  /** MikroORM entity name; the auth and admin modules own the tables under these names. */
  entity: string
  schemaName: string
  displayName: string
  /** Strapi's attributes, kept whatever an extension file says: the plugin's code relies on them. */
  attributes: Record<string, AttributeSchema>
  /** Strapi's own relations of the plugin (user → role…): stored by the plugin, not served. */
  internal: string[]
  timestamps: boolean
}

const secret = (type: 'string' | 'password'): AttributeSchema => ({ type, private: true })

export const PLUGIN_TYPES: Readonly<Record<string, PluginTypeDefinition>> = {
  [USER_UID]: {
    uid: USER_UID,
    table: 'up_users',
    entity: 'UpUser',
    schemaName: 'UsersPermissionsUser',
    displayName: 'User',
    attributes: {
      username: { type: 'string', minLength: 3, required: true, unique: true },
      // Δ Strapi checks email uniqueness in its service only; here the column is unique too.
      email: { type: 'email', minLength: 6, required: true, unique: true },
      provider: { type: 'string' },
      password: secret('password'),
      resetPasswordToken: secret('string'),
      confirmationToken: secret('string'),
      confirmed: { type: 'boolean', default: false },
      blocked: { type: 'boolean', default: false }
    },
    internal: ['role'],
    timestamps: true
  },
  [ROLE_UID]: {
    uid: ROLE_UID,
    table: 'up_roles',
    entity: 'UpRole',
    schemaName: 'UsersPermissionsRole',
    displayName: 'Role',
    attributes: {
      name: { type: 'string', minLength: 3, required: true },
      description: { type: 'string' },
      type: { type: 'string', unique: true }
    },
    internal: ['permissions', 'users'],
    // Δ The roles table has no timestamps: roles are written from the options at start-up.
    timestamps: false
  },
  [ADMIN_USER_UID]: {
    uid: ADMIN_USER_UID,
    table: 'admin_users',
    entity: 'AdminUser',
    schemaName: 'AdminUser',
    displayName: 'User',
    attributes: {
      firstname: { type: 'string' },
      lastname: { type: 'string' },
      username: { type: 'string' },
      email: { type: 'email', required: true, unique: true, private: true },
      password: secret('password'),
      resetPasswordToken: secret('string'),
      registrationToken: secret('string'),
      isActive: { type: 'boolean', default: false, private: true },
      blocked: { type: 'boolean', default: false, private: true },
      preferedLanguage: { type: 'string' }
    },
    internal: ['roles'],
    timestamps: true
  }
}

/** The plugin type a uid names, when it is one this package models. */
export function pluginType (uid: string): PluginTypeDefinition | undefined {
  return Object.hasOwn(PLUGIN_TYPES, uid) ? PLUGIN_TYPES[uid] : undefined
}
