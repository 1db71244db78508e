// react-admin's dataProvider over the content manager's routes. A resource is named after the
// route it reads ('content-manager/collection-types/api::article.article'), so the panel's URLs
// are Strapi's and each method is a thin call. Write bodies arrive already shaped for the
// server (views/write-body.ts); the actions beyond CRUD are plain functions below.
import type { DataProvider, Identifier, RaRecord } from 'react-admin'
import { api } from './http'
import type { Query } from './http'

interface Page<T> { results: T[], pagination: { page: number, pageSize: number, pageCount: number, total: number } }

const isSingleType = (resource: string): boolean => resource.startsWith('content-manager/single-types/')

function path (resource: string, id?: Identifier): string {
  const base = resource.split('/').map(encodeURIComponent).join('/')
  return `/${base}${id === undefined || isSingleType(resource) ? '' : `/${encodeURIComponent(String(id))}`}`
}

/** A single type's one entry goes by this id in react-admin's routes. */
export const SINGLE_TYPE_ID = 'entry'

function asRecord<T extends RaRecord> (resource: string, entry: T): T {
  return isSingleType(resource) ? { ...entry, id: SINGLE_TYPE_ID } : entry
}

function listQuery (params: { pagination?: { page: number, perPage: number }, sort?: { field: string, order: string }, filter?: Record<string, unknown> }): Query {
  const { _q: search, locale, publicationState, ...rest } = params.filter ?? {}
  const query: Query = {
    page: params.pagination?.page,
    pageSize: params.pagination?.perPage,
    _q: typeof search === 'string' ? search : undefined,
    locale: typeof locale === 'string' ? locale : undefined
  }
  if (params.sort?.field !== undefined && params.sort.field !== '') query.sort = `${params.sort.field}:${params.sort.order}`
  let index = 0
  for (const [field, value] of Object.entries(rest)) {
    if (value === undefined || value === '') continue
    query[`filters[$and][${index++}][${field}][$eq]`] = String(value)
  }
  if (publicationState === 'draft') query[`filters[$and][${index++}][publishedAt][$null]`] = 'true'
  if (publicationState === 'published') query[`filters[$and][${index++}][publishedAt][$notNull]`] = 'true'
  return query
}

export const dataProvider: DataProvider = {
  getList: async <R extends RaRecord>(resource: string, params: Parameters<DataProvider['getList']>[1]) => {
    const page = await api<Page<R>>(path(resource), { query: listQuery(params), signal: params.signal })
    return { data: page.results, total: page.pagination.total }
  },
  getOne: async <R extends RaRecord>(resource: string, params: Parameters<DataProvider['getOne']>[1]) => ({ data: asRecord(resource, await api<R>(path(resource, params.id), { signal: params.signal })) }),
  getMany: async <R extends RaRecord>(resource: string, params: Parameters<DataProvider['getMany']>[1]) => {
    const query: Query = { pageSize: params.ids.length }
    params.ids.forEach((id, index) => { query[`filters[id][$in][${index}]`] = String(id) })
    const page = await api<Page<R>>(path(resource), { query, signal: params.signal })
    return { data: page.results }
  },
  getManyReference: async <R extends RaRecord>(resource: string, params: Parameters<DataProvider['getManyReference']>[1]) => {
    const page = await api<Page<R>>(path(resource), { query: listQuery({ ...params, filter: { ...params.filter, [params.target]: params.id } }) })
    return { data: page.results, total: page.pagination.total }
  },
  create: async (resource, params) => {
    const { locale, relatedEntityId, ...body } = params.data as Record<string, unknown> & { locale?: string, relatedEntityId?: Identifier }
    const query: Query = { 'plugins[i18n][locale]': locale, 'plugins[i18n][relatedEntityId]': relatedEntityId === undefined ? undefined : String(relatedEntityId) }
    return { data: asRecord(resource, await api<RaRecord>(path(resource), { method: 'POST', body, query })) } as never
  },
  update: async (resource, params) => {
    const method = 'PUT'
    return { data: asRecord(resource, await api<RaRecord>(path(resource, params.id), { method, body: params.data })) } as never
  },
  updateMany: async () => { throw new Error('Editing many entries at once is not offered') },
  delete: async (resource, params) => ({ data: asRecord(resource, await api<RaRecord>(path(resource, params.id), { method: 'DELETE' })) }) as never,
  deleteMany: async (resource, params) => {
    await api(`${path(resource)}/actions/bulkDelete`, { method: 'POST', body: { ids: params.ids } })
    return { data: params.ids }
  }
}

export async function publish (resource: string, id: Identifier, publishing: boolean): Promise<RaRecord> {
  return asRecord(resource, await api<RaRecord>(`${path(resource, id)}/actions/${publishing ? 'publish' : 'unpublish'}`, { method: 'POST' }))
}

export async function bulkPublish (resource: string, ids: Identifier[], publishing: boolean): Promise<number> {
  const answer = await api<{ count: number }>(`${path(resource)}/actions/${publishing ? 'bulkPublish' : 'bulkUnpublish'}`, { method: 'POST', body: { ids } })
  return answer.count
}
