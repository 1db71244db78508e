/** `GET /admin/users`'s query: `page`, `pageSize`, `_q` and `sort`, each checked; a bad one is a 400 naming it. */
import { ValidationError } from '../../errors.js'
import { searchTerm } from '../content/admin-queries.js'

export interface AdminUserPage {
  page: number
  pageSize: number
  search: string | undefined
  sort: { field: string, descending: boolean }
}

const SORTABLE = new Set(['id', 'firstname', 'lastname', 'email', 'isActive', 'createdAt', 'updatedAt'])
const SORT = /^(\w+):(asc|desc)$/i

export function adminUserPage (query: Record<string, unknown>, maxPageSize: number): AdminUserPage {
  const page = positive(query, 'page', 1)
  const pageSize = Math.min(positive(query, 'pageSize', 10), maxPageSize)
  return { page, pageSize, search: searchTerm(query), sort: sortOf(query.sort) }
}

function positive (query: Record<string, unknown>, key: string, fallback: number): number {
  const value = query[key]
  if (value === undefined) return fallback
  if (typeof value !== 'string' || !/^\d{1,9}$/.test(value) || Number(value) < 1) throw ValidationError.at([key], `${key} must be a positive integer`)
  return Number(value)
}

function sortOf (value: unknown): AdminUserPage['sort'] {
  if (value === undefined) return { field: 'firstname', descending: false }
  const term = typeof value === 'string' ? SORT.exec(value) : null
  if (term === null || !SORTABLE.has(term[1]!)) throw ValidationError.at(['sort'], `sort must be <field>:ASC or <field>:DESC, the field one of ${[...SORTABLE].join(', ')}`)
  return { field: term[1]!, descending: term[2]!.toLowerCase() === 'desc' }
}
