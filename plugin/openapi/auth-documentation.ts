/**
 * The login routes (docs/access-control.md, 'Users') in the OpenAPI document: users-and-permissions register,
 * log in and the password and email routes under the prefix (present with the `permissions` option) and the admin login
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
  querystring?: TSchema
  success: TSchema
  /** Answers a redirect (302), not `success` as JSON. */
  redirects?: boolean
}

const passwords = { password: Type.String({ minLength: 6 }), passwordConfirmation: Type.String() }

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
  },
  'POST /auth/forgot-password': {
    tag: AUTH_TAG,
    operationId: 'authForgotPassword',
    summary: 'Mail a reset code to the user of this email; answers the same for an unknown one',
    statuses: [400, 500],
    body: Type.Object({ email: Type.String({ format: 'email' }) }),
    success: Type.Object({ ok: Type.Literal(true) })
  },
  'POST /auth/reset-password': {
    tag: AUTH_TAG,
    operationId: 'authResetPassword',
    summary: 'Set a new password with the code of the reset mail (once)',
    statuses: [400, 500],
    body: Type.Object({ code: Type.String(), ...passwords }),
    success: session
  },
  'POST /auth/change-password': {
    tag: AUTH_TAG,
    operationId: 'authChangePassword',
    summary: 'Change the signed-in user\'s password, given the current one',
    statuses: [400, 403, 500],
    body: Type.Object({ currentPassword: Type.String(), ...passwords }),
    success: session
  },
  'GET /auth/email-confirmation': {
    tag: AUTH_TAG,
    operationId: 'authEmailConfirmation',
    summary: 'Confirm an email with the code of the confirmation mail, then redirect',
    statuses: [400, 500],
    querystring: Type.Object({ confirmation: Type.String() }),
    success: Type.Null(),
    redirects: true
  },
  'POST /auth/send-email-confirmation': {
    tag: AUTH_TAG,
    operationId: 'authSendEmailConfirmation',
    summary: 'Mail a new confirmation code; answers the same for an unknown email',
    statuses: [400, 500],
    body: Type.Object({ email: Type.String({ format: 'email' }) }),
    success: Type.Object({ email: Type.String(), sent: Type.Literal(true) })
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
    ...(route.querystring === undefined ? {} : { querystring: route.querystring }),
    ...schema,
    response: {
      ...(route.redirects === true ? { 302: { description: 'Redirects to `permissions.email.emailConfirmationRedirection`' } } : { 200: { ...route.success, description: 'OK' } }),
      ...errorResponses(route.statuses)
    }
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
