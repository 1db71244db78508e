// The relations routes: an entry's current links a page at a time, and candidate targets by search.
import { api } from '../api/http'

export interface LinkedEntry { id: number | string, publishedAt?: string | null, [field: string]: unknown }
export interface LinkPage { results: LinkedEntry[], pagination: { page: number, pageCount: number, total: number } }

export const LINK_PAGE_SIZE = 5
export const CANDIDATE_PAGE_SIZE = 10

export async function currentLinks (options: { uid: string, entryId: number | string, field: string, page: number, toMany: boolean }): Promise<LinkPage> {
  const path = `/content-manager/relations/${encodeURIComponent(options.uid)}/${encodeURIComponent(String(options.entryId))}/${encodeURIComponent(options.field)}`
  if (!options.toMany) {
    const answer = await api<{ data: LinkedEntry | null }>(path)
    return { results: answer.data === null ? [] : [answer.data], pagination: { page: 1, pageCount: 1, total: answer.data === null ? 0 : 1 } }
  }
  return await api<LinkPage>(path, { query: { page: options.page, pageSize: LINK_PAGE_SIZE } })
}

export async function candidates (options: { uid: string, field: string, search: string, page: number, omit: Array<number | string>, entryId?: number | string, signal?: AbortSignal }): Promise<LinkPage> {
  return await api<LinkPage>(`/content-manager/relations/${encodeURIComponent(options.uid)}/${encodeURIComponent(options.field)}`, {
    query: { _q: options.search, page: options.page, pageSize: CANDIDATE_PAGE_SIZE, idsToOmit: options.omit, entityId: options.entryId === undefined ? undefined : String(options.entryId) },
    signal: options.signal
  })
}
