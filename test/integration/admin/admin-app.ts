/**
 * The example magazine with the admin API on, and its three kinds of admin users signed in:
 * what every admin API test starts from.
 */
import type { LightMyRequestResponse } from 'fastify'
import { buildTestApp, type TestApp } from '../../helpers/app.js'
import type { ContentApiOptions } from '../../../plugin/index.js'

export interface AdminTestApp extends TestApp {
  tokens: { superAdmin: string, editor: string, author: string }
  ids: { superAdmin: number, editor: number, author: number }
  /** A request with the token given (none: anonymous); answers status and parsed body. */
  call: (method: string, url: string, options?: { token?: string, payload?: unknown }) => Promise<{ status: number, body: any, response: LightMyRequestResponse }>
}

export async function buildAdminApp (options: Partial<ContentApiOptions> = {}): Promise<AdminTestApp> {
  const built = await buildTestApp({ ...options, i18n: { locales: ['en', 'fr'] }, admin: { enabled: true, jwtSecret: 'admin-api-test-secret-0123456789' } })
  const call: AdminTestApp['call'] = async (method, url, { token, payload } = {}) => {
    const response = await built.app.inject({
      method: method as 'GET',
      url,
      ...(payload === undefined ? {} : { payload: payload as object }),
      headers: token === undefined ? {} : { authorization: `Bearer ${token}` }
    })
    let body: unknown = null
    try { body = response.json() } catch { body = response.body }
    return { status: response.statusCode, body, response }
  }
  const users = {
    superAdmin: await built.app.contentApi.admin.createUser({ email: 'super@example.com', firstname: 'Sue', lastname: 'Per', password: 'super-password' }),
    editor: await built.app.contentApi.admin.createUser({ email: 'editor@example.com', firstname: 'Ed', password: 'editor-password', role: 'strapi-editor' }),
    author: await built.app.contentApi.admin.createUser({ email: 'author@example.com', firstname: 'Au', password: 'author-password', role: 'strapi-author' })
  }
  const login = async (email: string, password: string): Promise<string> => {
    const { status, body } = await call('POST', '/admin/login', { payload: { email, password } })
    if (status !== 200) throw new Error(`login of ${email} answered ${status}`)
    return body.data.token as string
  }
  return {
    ...built,
    call,
    ids: { superAdmin: users.superAdmin.id, editor: users.editor.id, author: users.author.id },
    tokens: {
      superAdmin: await login('super@example.com', 'super-password'),
      editor: await login('editor@example.com', 'editor-password'),
      author: await login('author@example.com', 'author-password')
    }
  }
}
