/**
 * Who is calling: resolved once per request from the Authorization header. A bad token
 * is a 401 and never falls back to the public role: a bad token is a mistake to report, not an anonymous caller.
 */
import { createHmac } from 'node:crypto'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { UnauthorizedError } from '../errors.js'
import type { Database } from '../repository/connection/database.js'
import type { Ability } from './abilities.js'
import { FULL_ACCESS, READ_ONLY, grants } from './abilities.js'
import type { ResolvedPermissions } from '../options/permissions.js'
import { ADMIN_USER_ENTITY } from '../repository/schema/admin-entity.js'
import { API_TOKEN_ENTITY, ROLE_ENTITY, USER_ENTITY } from '../repository/schema/auth-entities.js'
import { entitySql } from '../repository/schema/sql-names.js'
import { runSql, sql } from '../sql/index.js'

export type Caller =
  | { kind: 'public', ability: Ability }
  | { kind: 'user', userId: number, role: string, ability: Ability }
  | { kind: 'token', tokenId: number, ability: Ability }
  | { kind: 'admin', adminId: number, ability: Ability }

export interface TokenClaims {
  id: number
  kind: 'user' | 'admin'
}

export interface CallerContext {
  db: Database
  permissions: ResolvedPermissions | null
  verifyJwt: (token: string) => TokenClaims | null
}

const JWT_SHAPE = /^[\w-]+\.[\w-]+\.[\w-]+$/

/** API tokens are stored as an HMAC of the key, never the key itself. */
export function accessKeyHash (secret: string, accessKey: string): string {
  return createHmac('sha512', secret).update(accessKey).digest('hex')
}

/** One Ability object per role, not one per signed-in request: the roles are fixed by the options. */
const roleAbilities = new WeakMap<ResolvedPermissions, Map<string, Ability>>()

export function roleAbility (permissions: ResolvedPermissions, role: string): Ability {
  let byRole = roleAbilities.get(permissions)
  if (byRole === undefined) roleAbilities.set(permissions, byRole = new Map())
  let ability = byRole.get(role)
  if (ability === undefined) byRole.set(role, ability = grants(`role:${role}`, permissions.roles[role] ?? new Map()))
  return ability
}

async function adminCaller (context: CallerContext, id: number): Promise<Caller | null> {
  const { table, column } = entitySql(context.db.names, ADMIN_USER_ENTITY)
  const [admin] = await runSql(context.db, sql`select ${column('id')} from ${table}
    where ${column('id')} = ${id} and ${column('isActive')} and not ${column('blocked')}`)
  return admin === undefined ? null : { kind: 'admin', adminId: id, ability: FULL_ACCESS }
}

async function userCaller (context: CallerContext, permissions: ResolvedPermissions, id: number): Promise<Caller | null> {
  const users = entitySql(context.db.names, USER_ENTITY)
  const roles = entitySql(context.db.names, ROLE_ENTITY)
  const [user] = await runSql(context.db, sql`select u.${users.column('id')}, r.${roles.column('type')} as role
    from ${users.table} u join ${roles.table} r on r.${roles.column('id')} = u.${users.column('role')}
    where u.${users.column('id')} = ${id} and not u.${users.column('blocked')}`)
  if (user === undefined) return null
  const role = String(user.role)
  return { kind: 'user', userId: id, role, ability: roleAbility(permissions, role) }
}

async function apiTokenCaller (context: CallerContext, permissions: ResolvedPermissions, key: string): Promise<Caller | null> {
  const { table, column } = entitySql(context.db.names, API_TOKEN_ENTITY)
  const expiresAt = column('expiresAt')
  const [token] = await runSql(context.db, sql`select ${column('id')} as id, ${column('type')} as type, ${column('permissions')} as permissions
    from ${table} where ${column('accessKey')} = ${accessKeyHash(permissions.jwtSecret, key)} and (${expiresAt} is null or ${expiresAt} > now())`)
  if (token === undefined) return null
  const tokenId = Number(token.id)
  if (token.type === 'full-access') return { kind: 'token', tokenId, ability: FULL_ACCESS }
  if (token.type === 'read-only') return { kind: 'token', tokenId, ability: READ_ONLY }
  const listed = (token.permissions ?? {}) as Record<string, string[]>
  return { kind: 'token', tokenId, ability: grants(`token:${tokenId}`, new Map(Object.entries(listed).map(([uid, actions]) => [uid, new Set(actions)]))) }
}

/** The caller without credentials: the same for every request, so made once. */
function anonymousCaller (permissions: ResolvedPermissions | null): Caller {
  return { kind: 'public', ability: permissions === null ? FULL_ACCESS : roleAbility(permissions, 'public') }
}

/** The caller an Authorization header names; a request without one is anonymous, decided by the hook. */
async function resolveCaller (context: CallerContext, anonymous: Caller, header: string): Promise<Caller> {
  const { permissions } = context
  const match = /^Bearer\s+(\S+)$/i.exec(header)
  const token = match?.[1]
  let caller: Caller | null = null
  if (token !== undefined && JWT_SHAPE.test(token)) {
    const claims = context.verifyJwt(token)
    if (claims?.kind === 'admin') caller = await adminCaller(context, claims.id)
    else if (claims?.kind === 'user' && permissions !== null) caller = await userCaller(context, permissions, claims.id)
  } else if (token !== undefined && permissions !== null) {
    caller = await apiTokenCaller(context, permissions, token)
  }
  if (caller !== null) return caller
  // Without access control installed there is nothing a token could unlock.
  if (permissions === null) return anonymous
  throw new UnauthorizedError('Invalid or expired credentials')
}

declare module 'fastify' {
  interface FastifyRequest {
    contentApiCaller: Caller | null
  }
}

export function installCallerResolution (app: FastifyInstance, context: CallerContext): void {
  app.decorateRequest('contentApiCaller', null)
  const anonymous = anonymousCaller(context.permissions)
  // A callback hook: a request without credentials (most reads) is resolved without a promise.
  app.addHook('onRequest', (request, _reply, done) => {
    const header = request.headers.authorization
    if (header === undefined || header === '') {
      request.contentApiCaller = anonymous
      done()
      return
    }
    resolveCaller(context, anonymous, header).then(caller => {
      request.contentApiCaller = caller
      done()
    }, done)
  })
}

/** Who the caller is, as a short stable key (`public`, `user:7`, `token:3`, `admin:1`). */
export function callerKey (caller: Caller): string {
  switch (caller.kind) {
    case 'public': return 'public'
    case 'user': return `user:${caller.userId}`
    case 'token': return `token:${caller.tokenId}`
    case 'admin': return `admin:${caller.adminId}`
  }
}

export function callerOf (request: FastifyRequest): Caller {
  const caller = request.contentApiCaller
  if (caller === null) throw new Error('caller resolution hook is not installed on this route')
  return caller
}
