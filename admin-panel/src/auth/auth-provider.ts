// react-admin's authProvider over /admin/login. The permissions it answers are the content
// manager's init (the types and components this admin may open), from which App builds its
// resources once a token exists.
import type { AuthProvider } from 'react-admin'
import { api } from '../api/http'
import type { ContentManagerInit } from '../api/schema'
import { forgetSession, keepSession, readToken, readUser } from './token'
import type { AdminUser } from './token'

export interface Session { token: string, user: AdminUser }

export async function logIn (credentials: { email: string, password: string }): Promise<void> {
  const answer = await api<{ data: Session }>('/admin/login', { method: 'POST', body: credentials })
  keepSession(answer.data)
}

export async function registerFirstAdmin (admin: { email: string, firstname: string, lastname?: string, password: string }): Promise<void> {
  const answer = await api<{ data: Session }>('/admin/register-admin', { method: 'POST', body: admin })
  keepSession(answer.data)
}

export const authProvider: AuthProvider = {
  // The first-run screen logs in by registering the first Super Admin: its form has a firstname.
  login: async (params: { email: string, password: string, firstname?: string, lastname?: string }) => {
    if (params.firstname === undefined) await logIn({ email: params.email, password: params.password })
    else await registerFirstAdmin({ email: params.email, password: params.password, firstname: params.firstname, lastname: params.lastname })
  },
  logout: async () => { forgetSession() },
  checkAuth: async () => {
    if (readToken() === null) throw new Error('Not logged in')
  },
  checkError: async (error: { status?: number }) => {
    if (error.status === 401) {
      forgetSession()
      throw new Error('Session expired')
    }
  },
  getIdentity: async () => {
    const user = readUser()
    if (user === null) throw new Error('Not logged in')
    return { id: user.id, fullName: [user.firstname, user.lastname].filter(Boolean).join(' ') || user.email }
  },
  getPermissions: async () => {
    if (readToken() === null) return null
    return (await api<{ data: ContentManagerInit }>('/content-manager/init')).data
  }
}
