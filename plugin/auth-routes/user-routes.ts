/**
 * The users routes of Strapi's users-permissions that front ends and admin panels call:
 * list, count, one, me, update, delete. Like Strapi's they answer bare users (fields beside
 * `id`, a populated role as a plain object; Strapi's plugins skip the envelope) and
 * errors keep the envelope. Reads go through the content API's query compilers, access
 * pruning and read compiler, written in the bare shape; private fields are never selected.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { USER_UID } from '../content-types/plugin-types.js'
import type { Registry } from '../content-types/registry.js'
import { ForbiddenError, NotFoundError, UnauthorizedError } from '../errors.js'
import type { ResolvedOptions } from '../options.js'
import type { Database } from '../repository/connection/database.js'
import { readCompiler } from '../repository/read/compile.js'
import { createReader } from '../repository/read/reader.js'
import { entryId } from '../routes/request-query.js'
import { clientGoneSignal } from '../routes/client-gone.js'
import { BARE_SHAPE } from '../repository/read/entry-shape.js'
import { callerOf } from '../auth/caller.js'
import type { Caller } from '../auth/caller.js'
import type { UserAction } from '../options/permissions.js'
import { deleteUser, updateUser } from '../auth/user-edits.js'
import { userQueries } from './user-queries.js'

export interface UsersRoutesContext {
  registry: Registry
  db: Database
  options: ResolvedOptions
}

type Handler = (request: FastifyRequest) => Promise<string>

/** The answers are JSON text built by PostgreSQL. */
export function jsonRoute (handler: Handler) {
  return async (request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply> =>
    await reply.type('application/json; charset=utf-8').send(await handler(request))
}

function authorizeUsers (request: FastifyRequest, action: UserAction): Caller {
  const caller = callerOf(request)
  if (!caller.ability.can(USER_UID, action)) throw new ForbiddenError()
  return caller
}

export function registerUserRoutes (app: FastifyInstance, { registry, db, options }: UsersRoutesContext): void {
  // Installed with `permissions`, which always brings the user type.
  const model = registry.plugins.get(USER_UID)!
  const names = db.names
  // Users change outside the content write path: read from the primary, never from the response cache.
  const reader = createReader(db, readCompiler(registry, names, BARE_SHAPE))
  const queries = userQueries(registry, model, options)
  const edits = { db, names, model, strict: options.strict }
  const readUser = async (request: FastifyRequest, caller: Caller, id: number): Promise<string | null> =>
    await reader.entry(model, id, queries.entry(request, caller), { signal: clientGoneSignal(request) })

  app.get('/users', jsonRoute(async request => {
    const caller = authorizeUsers(request, 'find')
    return (await reader.list(model, queries.list(request, caller), { signal: clientGoneSignal(request) })).data
  }))
  app.get('/users/count', jsonRoute(async request => {
    const caller = authorizeUsers(request, 'count')
    return String((await reader.list(model, queries.count(request, caller), { signal: clientGoneSignal(request) })).total ?? 0)
  }))
  app.get('/users/me', jsonRoute(async request => {
    const caller = callerOf(request)
    if (caller.kind !== 'user') throw new UnauthorizedError()
    const user = await readUser(request, caller, caller.userId)
    if (user === null) throw new UnauthorizedError()
    return user
  }))
  app.get('/users/:id', jsonRoute(async request => {
    const caller = authorizeUsers(request, 'findOne')
    const user = await readUser(request, caller, entryId(request))
    if (user === null) throw new NotFoundError('User not found')
    return user
  }))
  app.put('/users/:id', jsonRoute(async request => {
    const caller = authorizeUsers(request, 'update')
    const id = entryId(request)
    await updateUser(edits, id, request.body)
    const user = await reader.entry(model, id, queries.written(caller))
    if (user === null) throw new NotFoundError('User not found')
    return user
  }))
  app.delete('/users/:id', jsonRoute(async request => {
    const caller = authorizeUsers(request, 'destroy')
    const id = entryId(request)
    const user = await readUser(request, caller, id)
    if (user === null || !await deleteUser(edits, id)) throw new NotFoundError('User not found')
    return user
  }))
}
