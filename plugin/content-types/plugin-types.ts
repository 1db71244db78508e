/**
 * The content types of Strapi's own plugins that a project's schemas point at: relations
 * to `plugin::users-permissions.user` (an article's author), to its role, and to
 * `admin::user`. Their attributes follow Strapi 4.26's schemas, so a populated user reads
 * as Strapi answers it; secrets are private and never leave the database.
 */
import type { AttributeSchema, ContentTypeSchema, SourcedSchema } from './definition.js'
import type { RelationAttribute } from './model.js'

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

export interface PluginTypesInput {
  contentTypes: ReadonlyArray<SourcedSchema<ContentTypeSchema>>
  components: ReadonlyArray<SourcedSchema<{ attributes: unknown }>>
  extensions?: ReadonlyArray<SourcedSchema<ContentTypeSchema>>
}

/**
 * The plugin types a project needs: those a relation points at, those an extension file
 * redefines, and the users when `permissions` is set; a user always brings its role (the
 * user row points at it). Extensions of types not modelled here are warnings.
 */
export function pluginTypesWanted (input: PluginTypesInput, usersPermissions: boolean): {
  wanted: Array<{ definition: PluginTypeDefinition, extension?: SourcedSchema<ContentTypeSchema> }>
  warnings: string[]
} {
  const needed = new Set<string>(usersPermissions ? [USER_UID] : [])
  for (const { schema } of [...input.contentTypes, ...input.components]) {
    const attributes: unknown = (schema as { attributes?: unknown } | null)?.attributes
    if (attributes === null || typeof attributes !== 'object') continue
    for (const attribute of Object.values(attributes)) {
      const { type, target } = (attribute ?? {}) as { type?: unknown, target?: unknown }
      if (type === 'relation' && typeof target === 'string' && pluginType(target) !== undefined) needed.add(target)
    }
  }
  const warnings: string[] = []
  const extensions = new Map<string, SourcedSchema<ContentTypeSchema>>()
  for (const extension of input.extensions ?? []) {
    if (pluginType(extension.uid) === undefined) {
      warnings.push(`${extension.source}: the extension of ${extension.uid} is ignored (only ${Object.keys(PLUGIN_TYPES).join(', ')} are modelled)`)
      continue
    }
    extensions.set(extension.uid, extension)
    needed.add(extension.uid)
  }
  if (needed.has(USER_UID)) needed.add(ROLE_UID)
  const wanted = Object.values(PLUGIN_TYPES)
    .filter(definition => needed.has(definition.uid))
    .map(definition => extensions.has(definition.uid) ? { definition, extension: extensions.get(definition.uid)! } : { definition })
  return { wanted, warnings }
}

/**
 * The schema a plugin type is read with: an extension's own attributes (extra fields,
 * relations back to content), then Strapi's, which win — an extension cannot make a
 * secret public — without the plugin's internal relations.
 */
export function pluginTypeSchema (definition: PluginTypeDefinition, extension: ContentTypeSchema | undefined): ContentTypeSchema {
  const attributes: Record<string, AttributeSchema> = {}
  for (const [name, attribute] of Object.entries(extension?.attributes ?? {})) {
    if (!definition.internal.includes(name)) attributes[name] = attribute
  }
  Object.assign(attributes, definition.attributes)
  return { info: { singularName: definition.uid, pluralName: definition.uid, displayName: definition.displayName }, attributes }
}

/**
 * A user's role, readable as Strapi's `role` relation (`populate=role`, `filters[role][type]`):
 * the `role_id` column of the user row, so the row is its own link. System: never written
 * through a content body (the users routes change it).
 */
export function userRoleAttribute (): RelationAttribute {
  return {
    kind: 'relation',
    name: 'role',
    required: false,
    private: false,
    system: true,
    relation: 'manyToOne',
    target: ROLE_UID,
    toMany: false,
    otherToMany: true,
    owning: true,
    link: { entity: PLUGIN_TYPES[USER_UID]!.entity, self: 'id', other: 'role', order: 'id' }
  }
}
