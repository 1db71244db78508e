// The administrators routes of the admin API (docs/admin-api.md, 'Administrators'), as the
// Settings → Administrators screen calls them.
import { api } from '../api/http'

export interface AdminRole { id: number, code: string, name: string, usersCount: number }

export interface Administrator {
  id: number
  firstname: string
  lastname: string | null
  email: string
  isActive: boolean
  roles: Array<{ id: number, name: string, code: string }>
}

export interface AdministratorPage {
  results: Administrator[]
  pagination: { page: number, pageSize: number, pageCount: number, total: number }
}

/** What the form sends: Strapi's body, one role in `roles`; an empty password keeps the current one. */
export interface AdministratorBody {
  firstname: string
  lastname: string
  email: string
  password: string
  roles: number[]
  isActive: boolean
}

export async function listAdministrators (query: { page: number, search: string }): Promise<AdministratorPage> {
  return (await api<{ data: AdministratorPage }>('/admin/users', { query: { page: query.page, pageSize: 10, _q: query.search, sort: 'firstname:ASC' } })).data
}

export async function listRoles (): Promise<AdminRole[]> {
  return (await api<{ data: AdminRole[] }>('/admin/roles')).data
}

export async function saveAdministrator (id: number | undefined, body: AdministratorBody): Promise<Administrator> {
  const path = id === undefined ? '/admin/users' : `/admin/users/${id}`
  return (await api<{ data: Administrator }>(path, { method: id === undefined ? 'POST' : 'PUT', body })).data
}

export async function deleteAdministrator (id: number): Promise<void> {
  await api(`/admin/users/${id}`, { method: 'DELETE' })
}
