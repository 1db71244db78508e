/**
 * The `admin` option (docs/admin-api.md): the admin tokens' secret, and whether the admin panel
 * and its API are served, the panel's static app at `path`. Off by default: the admin API opens
 * write routes that a plugin added to an existing app should not grow unasked.
 */
import { OptionsError } from '../errors.js'

export interface AdminOptions {
  /** Serve the admin API and the admin panel. Default false. */
  enabled?: boolean
  /** Where the panel's static app is served. Default `/admin`. */
  path?: string
  /** Signs admin tokens when `permissions` is not given (else `ADMIN_JWT_SECRET`). */
  jwtSecret?: string
}

export interface ResolvedAdminOptions {
  enabled: boolean
  path: string
}

export interface ResolvedAdmin {
  admin: ResolvedAdminOptions
  /** null: no secret given (neither `admin.jwtSecret` nor `ADMIN_JWT_SECRET`). */
  jwtSecret: string | null
}

const PATH_SHAPE = /^\/[A-Za-z0-9/_-]*[A-Za-z0-9_-]$/

export function resolveAdminOptions (admin: unknown, env: NodeJS.ProcessEnv): ResolvedAdmin {
  if (admin !== undefined && (admin === null || typeof admin !== 'object' || Array.isArray(admin))) {
    throw new OptionsError('admin must be an object: { enabled, path, jwtSecret }')
  }
  const given = (admin ?? {}) as AdminOptions
  const secret = given.jwtSecret
  if (secret !== undefined && (typeof secret !== 'string' || secret === '')) throw new OptionsError('admin.jwtSecret must be a non-empty string')
  if (given.enabled !== undefined && typeof given.enabled !== 'boolean') throw new OptionsError('admin.enabled must be a boolean')
  const path = given.path ?? '/admin'
  if (typeof path !== 'string' || !PATH_SHAPE.test(path)) throw new OptionsError(`admin.path must look like /admin, got ${JSON.stringify(path)}`)
  const fromEnv = env.ADMIN_JWT_SECRET
  return {
    admin: { enabled: given.enabled === true, path },
    jwtSecret: secret ?? (fromEnv === undefined || fromEnv === '' ? null : fromEnv)
  }
}
