// The admin token and user live in sessionStorage: gone with the tab, never sent anywhere but
// the Authorization header.
const TOKEN = 'content-api-admin-token'
const USER = 'content-api-admin-user'

export interface AdminUser { id: number, firstname: string, lastname: string | null, email: string, roles?: Array<{ code: string, name: string }> }

export function readToken (): string | null {
  return sessionStorage.getItem(TOKEN)
}

export function readUser (): AdminUser | null {
  const text = sessionStorage.getItem(USER)
  return text === null ? null : JSON.parse(text) as AdminUser
}

export function keepSession (session: { token: string, user: AdminUser }): void {
  sessionStorage.setItem(TOKEN, session.token)
  sessionStorage.setItem(USER, JSON.stringify(session.user))
}

export function forgetSession (): void {
  sessionStorage.removeItem(TOKEN)
  sessionStorage.removeItem(USER)
}
