/**
 * The users-permissions users and roles routes (present with the `permissions` option) in
 * the OpenAPI document. Like Strapi's they answer bare users and `{ roles }`, not the
 * content envelope; their query strings are parsed by the plugin (qs), so the query
 * parameters here document, they do not validate.
 */
import { Type } from '@sinclair/typebox'
import type { TSchema } from '@sinclair/typebox'
import type { FastifySchema } from 'fastify'
import { USER_UID } from '../content-types/plugin-types.js'
import type { Registry } from '../content-types/registry.js'
import { fieldsQuerySchema, filtersQuerySchema, paginationQuerySchema, populateQuerySchema, sortQuerySchema } from '../../schemas/query.js'
import type { RouteDocumenter } from './route-documenter.js'
import { errorResponses, optionalProperties } from './route-documenter.js'

export const USERS_TAG = 'Users'

const nullableString = Type.Union([Type.String(), Type.Null()])

const role = Type.Object({
  id: Type.Integer(),
  name: Type.Optional(Type.String()),
  description: Type.Optional(nullableString),
  type: Type.Optional(Type.String())
}, { description: 'A role (its fields as selected)' })

/** A user as register and log in answer it. */
export const SESSION_USER = Type.Object({
  id: Type.Integer(),
  username: Type.String(),
  email: Type.String(),
  provider: Type.String(),
  confirmed: Type.Boolean(),
  blocked: Type.Boolean(),
  createdAt: Type.String(),
  updatedAt: Type.String()
}, { description: 'A user (never its password or tokens)' })

/** A user as the users routes answer it: the fields selected (all by default), `role` when populated. */
const user = Type.Object({
  id: Type.Integer(),
  username: Type.Optional(Type.String()),
  email: Type.Optional(Type.String()),
  provider: Type.Optional(Type.String()),
  confirmed: Type.Optional(Type.Boolean()),
  blocked: Type.Optional(Type.Boolean()),
  createdAt: Type.Optional(Type.String()),
  updatedAt: Type.Optional(Type.String()),
  role: Type.Optional(role)
}, { description: 'A user, bare (no `attributes`), never its password or tokens; attributes an extension adds appear too' })

const userUpdate = Type.Object({
  username: Type.Optional(Type.String()),
  email: Type.Optional(Type.String()),
  password: Type.Optional(Type.String({ description: 'Stored hashed' })),
  confirmed: Type.Optional(Type.Boolean()),
  blocked: Type.Optional(Type.Boolean()),
  role: Type.Optional(Type.Union([Type.Integer(), Type.Object({ id: Type.Integer() })], { description: 'The role id' }))
}, { description: 'The attributes to change (not wrapped in `data`); `id` and timestamps sent back are ignored' })

const ID_PARAMS = Type.Object({ id: Type.Integer({ minimum: 1 }) })

interface UsersRoute {
  operationId: string
  summary: string
  statuses: number[]
  document: FastifySchema
  success: TSchema
}

function usersRoutes (registry: Registry): Record<string, UsersRoute> {
  const model = registry.plugins.get(USER_UID)!
  const selection = { fields: fieldsQuerySchema(model), populate: populateQuerySchema(model) }
  const filters = filtersQuerySchema(model)
  const list = optionalProperties({
    ...selection,
    filters,
    sort: sortQuerySchema(model),
    pagination: paginationQuerySchema,
    start: Type.Integer({ minimum: 0, description: 'Users to skip (as Strapi\'s entity service takes it)' }),
    limit: Type.Integer({ minimum: -1, description: 'Users to return (default and at most the maximum page size)' }),
    _q: Type.String({ description: 'Users whose text attributes contain this, ignoring case' })
  })
  const entry = optionalProperties(selection)
  return {
    'GET /users': { operationId: 'usersFind', summary: 'List users (`plugin::users-permissions.user` find)', statuses: [400, 401, 403, 500], document: { querystring: list }, success: Type.Array(user) },
    'GET /users/count': { operationId: 'usersCount', summary: 'Count users (count)', statuses: [400, 401, 403, 500], document: { querystring: optionalProperties({ filters }) }, success: Type.Integer() },
    'GET /users/me': { operationId: 'usersMe', summary: 'The user the bearer token belongs to', statuses: [400, 401, 500], document: { querystring: entry }, success: user },
    'GET /users/:id': { operationId: 'usersFindOne', summary: 'Get a user (findOne)', statuses: [400, 401, 403, 404, 500], document: { params: ID_PARAMS, querystring: entry }, success: user },
    'PUT /users/:id': { operationId: 'usersUpdate', summary: 'Update a user (update); answers it with its role', statuses: [400, 401, 403, 404, 500], document: { params: ID_PARAMS, body: userUpdate }, success: user },
    'DELETE /users/:id': { operationId: 'usersDestroy', summary: 'Delete a user (destroy); answers the deleted user', statuses: [400, 401, 403, 404, 500], document: { params: ID_PARAMS, querystring: entry }, success: user },
    'GET /users-permissions/roles': {
      operationId: 'rolesFind',
      summary: 'List the roles with their number of users (`plugin::users-permissions.role` find)',
      statuses: [401, 403, 500],
      document: {},
      success: Type.Object({ roles: Type.Array(Type.Intersect([role, Type.Object({ nb_users: Type.Integer() })])) })
    },
    'GET /users-permissions/roles/:id': {
      operationId: 'rolesFindOne',
      summary: 'Get a role with its permissions (findOne)',
      statuses: [400, 401, 403, 404, 500],
      document: { params: ID_PARAMS },
      success: Type.Object({ role: Type.Intersect([role, Type.Object({ permissions: Type.Object({}, { additionalProperties: true, description: 'By API or plugin, then controller, then action: `{ enabled, policy }`' }) })]) })
    }
  }
}

/** Documents the users and roles routes under `prefix`; built on first use (they exist only with `permissions`). */
export function usersRouteDocumenter (registry: Registry, prefix: string): RouteDocumenter {
  let routes: Record<string, UsersRoute> | undefined
  return ({ method, url, schema }) => {
    if (!url.startsWith(`${prefix}/`) || !registry.plugins.has(USER_UID)) return undefined
    routes ??= usersRoutes(registry)
    const route = routes[`${method} ${url.slice(prefix.length)}`]
    if (route === undefined) return undefined
    return {
      operationId: route.operationId,
      tags: [USERS_TAG],
      summary: route.summary,
      ...route.document,
      ...schema,
      response: { 200: { ...route.success, description: 'OK' }, ...errorResponses(route.statuses) }
    }
  }
}
