/**
 * The `permissions` option (docs/access-control.md, 'Roles and actions'): roles and their actions per content type,
 * its shape checked with the other options, its uids against the registry once it is
 * loaded. Its presence installs access control.
 */
import type { Registry } from '../content-types/registry.js'
import { ROLE_UID, USER_UID } from '../content-types/plugin-types.js'
import { OptionsError } from '../errors.js'
import { isRecord } from '../is-record.js'
import { resolveEmailOptions } from './email.js'
import type { EmailOptions, ResolvedEmail } from './email.js'

export const CONTENT_ACTIONS = ['find', 'findOne', 'create', 'update', 'delete'] as const
export const UPLOAD_ACTIONS = ['upload', 'find', 'findOne', 'destroy'] as const
export const UPLOAD_UID = 'plugin::upload'

/**
 * The users-permissions subjects, named as Strapi names their actions
 * (`plugin::users-permissions.user.find` → `'plugin::users-permissions.user': ['find']`):
 * `find` lets a role list users and see them populated (an article's author), `findOne`
 * read one, `count` count them, `create` make one (GraphQL's `createUsersPermissionsUser`),
 * `update` and `destroy` change or delete any of them. The roles: `find` lists them and lets
 * a role see a user's role populated, `findOne` reads one, `updateRole` renames one;
 * `createRole` and `deleteRole` are Strapi's names, whose mutations answer that roles are
 * the option's (graphql/role-mutations.ts).
 * (`/users/me` needs a logged-in user only: Strapi grants `me` to its authenticated role.)
 */
export const USER_ACTIONS = ['find', 'findOne', 'count', 'create', 'update', 'destroy'] as const
export const ROLE_ACTIONS = ['find', 'findOne', 'createRole', 'updateRole', 'deleteRole'] as const
const PLUGIN_SUBJECT_ACTIONS: ReadonlyMap<string, readonly string[]> = new Map<string, readonly string[]>([[USER_UID, USER_ACTIONS], [ROLE_UID, ROLE_ACTIONS]])

export type ContentAction = typeof CONTENT_ACTIONS[number]
export type UploadAction = typeof UPLOAD_ACTIONS[number]
export type UserAction = typeof USER_ACTIONS[number]
export type Action = ContentAction | UploadAction | UserAction

/** Role name → subject uid → allowed actions. */
export type RoleActions = Record<string, Record<string, string[]>>

export interface PermissionsOptions {
  jwtSecret: string
  /** JWT lifetime, as @fastify/jwt's expiresIn (`'30d'`, seconds). Default 30 days. */
  jwtExpiresIn?: string | number
  roles?: RoleActions
  /** How the password and email flows send mail (./email.ts); omitted, none is sent. */
  email?: EmailOptions
}

export interface ResolvedPermissions {
  jwtSecret: string
  jwtExpiresIn: string | number
  /** null: no mail is sent. */
  email: ResolvedEmail | null
  /** Always has `public` and `authenticated`. */
  roles: Record<string, Map<string, Set<string>>>
}

/** The actions a subject takes: those of the upload plugin, a users-permissions type, or a content type in `contentTypes`; null for an unknown subject. */
export function subjectActions (uid: string, contentTypes: { has: (uid: string) => boolean }): readonly string[] | null {
  if (uid === UPLOAD_UID) return UPLOAD_ACTIONS
  return PLUGIN_SUBJECT_ACTIONS.get(uid) ?? (contentTypes.has(uid) ? CONTENT_ACTIONS : null)
}

/** The option with its shape checked and its defaults filled; its uids are checked once the model is loaded. */
export interface CheckedPermissions {
  jwtSecret: string
  jwtExpiresIn: string | number
  roles: RoleActions
  email: ResolvedEmail | null
}

type Resolution = { ok: true, value: CheckedPermissions | null } | { ok: false, problem: string }

/** The option's shape, checked before the model is loaded (its uids and actions: `resolvePermissions`, after). */
export function checkPermissions (raw: unknown): Resolution {
  if (raw === undefined || raw === null || raw === false) return { ok: true, value: null }
  if (!isRecord(raw)) return { ok: false, problem: 'permissions must be an object' }
  const { jwtSecret, jwtExpiresIn = '30d', roles = {}, email } = raw
  if (typeof jwtSecret !== 'string' || jwtSecret.length < 16) {
    return { ok: false, problem: 'permissions.jwtSecret must be a string of at least 16 characters' }
  }
  if (typeof jwtExpiresIn !== 'number' && (typeof jwtExpiresIn !== 'string' || jwtExpiresIn === '')) {
    return { ok: false, problem: `permissions.jwtExpiresIn must be seconds or a duration such as '30d', got ${JSON.stringify(jwtExpiresIn)}` }
  }
  if (!isRecord(roles)) return { ok: false, problem: 'permissions.roles must be an object keyed by role name' }
  for (const [role, subjects] of Object.entries(roles)) {
    if (!/^[a-z][a-z0-9-]*$/.test(role)) return { ok: false, problem: `permissions.roles: role name "${role}" must be kebab-case` }
    if (!isRecord(subjects)) return { ok: false, problem: `permissions.roles.${role} must map uids to action lists` }
  }
  const mail = resolveEmailOptions(email)
  if (!mail.ok) return mail
  return { ok: true, value: { jwtSecret, jwtExpiresIn, roles: roles as RoleActions, email: mail.value } }
}

/** The roles against the loaded model: every subject known, every action one it takes. */
export function resolvePermissions (checked: CheckedPermissions | null, registry: Registry): ResolvedPermissions | null {
  if (checked === null) return null
  // Strapi's order of creation, so a fresh database numbers them as Strapi's does (authenticated 1, public 2).
  const roles: ResolvedPermissions['roles'] = { authenticated: new Map(), public: new Map() }
  for (const [role, subjects] of Object.entries(checked.roles)) {
    const allowed = new Map<string, Set<string>>()
    for (const [uid, actions] of Object.entries(subjects)) {
      const valid = subjectActions(uid, registry.contentTypes)
      if (valid === null) throw new OptionsError(`permissions.roles.${role}: unknown content type "${uid}"`)
      if (!Array.isArray(actions) || actions.some(action => !valid.includes(action))) {
        throw new OptionsError(`permissions.roles.${role}.${uid}: actions must be a list of ${valid.join(', ')}`)
      }
      allowed.set(uid, new Set(actions))
    }
    roles[role] = allowed
  }
  return { jwtSecret: checked.jwtSecret, jwtExpiresIn: checked.jwtExpiresIn, email: checked.email, roles }
}
