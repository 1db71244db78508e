/**
 * The `{ data, meta }` envelope around JSON that PostgreSQL already rendered as text:
 * the entries are never parsed and re-serialised in Node.
 */
import type { Pagination } from '../query/tree.js'

export interface PageMeta {
  pagination:
  | { page: number, pageSize: number, pageCount?: number, total?: number }
  | { start: number, limit: number, total?: number }
}

export function listMeta (pagination: Pagination, total: number | null): PageMeta {
  if (pagination.mode === 'page') {
    const { page, pageSize } = pagination
    return {
      pagination: total === null
        ? { page, pageSize }
        : { page, pageSize, pageCount: Math.ceil(total / pageSize), total }
    }
  }
  const { start, limit } = pagination
  return { pagination: total === null ? { start, limit } : { start, limit, total } }
}

export function listBody (dataJson: string, meta: PageMeta): string {
  return `{"data":${dataJson},"meta":${JSON.stringify(meta)}}`
}

export function entryBody (dataJson: string): string {
  return `{"data":${dataJson},"meta":{}}`
}

export interface ErrorBody {
  data: null
  error: { status: number, name: string, message: string, details: Record<string, unknown> }
}

export function errorBody ({ status, name, message, details }: ErrorBody['error']): ErrorBody {
  return { data: null, error: { status, name, message, details } }
}
