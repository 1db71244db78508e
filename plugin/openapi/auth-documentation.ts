/**
 * The login routes (docs/access-control.md, 'Users') in the OpenAPI document: users-and-permissions register
 * and log in under the prefix (present with the `permissions` option) and the admin login
 * (the users and roles routes: users-documentation.ts). Like
 * Strapi's, they answer outside the content envelope; errors keep it. Every route accepts
 * a bearer token (a user's JWT, an API token or an admin token), declared once as a scheme.
 */
import { Type } from '@sinclair/typebox'
import type { TSchema } from '@sinclair/typebox'
import type { FastifySchema } from 'fastify'
import type { RouteDocumenter } from './route-documenter.js'
import { errorResponses } from './route-documenter.js'
import { SESSION_USER } from './users-documentation.js'

export const AUTH_TAG = 'Auth'
export const ADMIN_TAG = 'Admin'
export const BEARER_SCHEME = 'bearerAuth'

const session = Type.Object({ jwt: Type.String({ description: 'Send as `Authorization: Bearer <jwt>`' }), user: SESSION_USER })

const adminUser = Type.Object({
  id: Type.Integer(),
  firstname: Type.String(),
  lastname: Type.Union([Type.String(), Type.Null()]),
  email: Type.String()
})

interface AuthRoute {
  tag: string
  operationId: string
  summary: string
  statuses: number[]
  body?: TSchema
  success: TSchema
}

const ROUTES: Record<string, AuthRoute> = {
  'POST /auth/local/register': {
    tag: AUTH_TAG,
    operationId: 'authRegister',
    summary: 'Register a user (role `authenticated`)',
    statuses: [400, 500],
    body: Type.Object({ username: Type.String(), email: Type.String(), password: Type.String() }),
    success: session
  },
  'POST /auth/local': {
    tag: AUTH_TAG,
    operationId: 'authLogin',
    summary: 'Log in with an email or username and a password',
    statuses: [400, 500],
    body: Type.Object({ identifier: Type.String({ description: 'Email or username' }), password: Type.String() }),
    success: session
  }
}

const ADMIN_LOGIN: AuthRoute = {
  tag: ADMIN_TAG,
  operationId: 'adminLogin',
  summary: 'Log in as an admin; writes made with the token record createdBy/updatedBy',
  statuses: [400, 500],
  body: Type.Object({ email: Type.String(), password: Type.String() }),
  success: Type.Object({ data: Type.Object({ token: Type.String(), user: adminUser }) })
}

function documented (route: AuthRoute, schema: FastifySchema): FastifySchema {
  return {
    operationId: route.operationId,
    tags: [route.tag],
    summary: route.summary,
    ...(route.body === undefined ? {} : { body: route.body }),
    ...schema,
    response: { 200: { ...route.success, description: 'OK' }, ...errorResponses(route.statuses) }
  }
}

/** Documents the account routes: users ones under `prefix`, the admin login at the root. */
export function authRouteDocumenter (prefix: string): RouteDocumenter {
  return ({ method, url, schema }) => {
    const key = `${method} ${url}`
    if (key === 'POST /admin/login') return documented(ADMIN_LOGIN, schema)
    if (!url.startsWith(`${prefix}/`)) return undefined
    const route = ROUTES[`${method} ${url.slice(prefix.length)}`]
    return route === undefined ? undefined : documented(route, schema)
  }
}
