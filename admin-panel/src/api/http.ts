// One way to call the admin API: the admin token, Strapi's error envelope turned into
// react-admin's HttpError (whose body.errors puts server validation messages at their fields).
import { HttpError } from 'react-admin'
import { apiRoot } from './location'
import { readToken } from '../auth/token'

export type Query = Record<string, string | number | boolean | undefined | ReadonlyArray<string | number>>

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE'
  query?: Query
  body?: unknown
  signal?: AbortSignal
}

interface StrapiErrorBody {
  error?: { status?: number, name?: string, message?: string, details?: { errors?: Array<{ path?: Array<string | number>, message?: string }> } }
}

export function queryString (query: Query = {}): string {
  const params = new URLSearchParams()
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === '') continue
    if (Array.isArray(value)) value.forEach(item => { params.append(`${key}[]`, String(item)) })
    else params.set(key, String(value))
  }
  const text = params.toString()
  return text === '' ? '' : `?${text}`
}

/** Server validation issues keyed by their dotted field path ('blocks.0.title'), as react-hook-form names fields. */
export function fieldErrors (body: StrapiErrorBody): Record<string, string> {
  const errors: Record<string, string> = {}
  for (const issue of body.error?.details?.errors ?? []) {
    if (issue.path === undefined || issue.path.length === 0) continue
    errors[issue.path.join('.')] = issue.message ?? 'Invalid value'
  }
  return errors
}

export async function api<T> (path: string, options: RequestOptions = {}): Promise<T> {
  const headers: Record<string, string> = { accept: 'application/json' }
  const token = readToken()
  if (token !== null) headers.authorization = `Bearer ${token}`
  let body: BodyInit | undefined
  if (options.body instanceof FormData) body = options.body
  else if (options.body !== undefined) {
    headers['content-type'] = 'application/json'
    body = JSON.stringify(options.body)
  }
  const response = await fetch(`${apiRoot()}${path}${queryString(options.query)}`, {
    method: options.method ?? 'GET', headers, body, signal: options.signal
  })
  const text = await response.text()
  const parsed: unknown = text === '' ? null : JSON.parse(text)
  if (!response.ok) {
    const envelope = (parsed ?? {}) as StrapiErrorBody
    const message = envelope.error?.message ?? response.statusText
    throw new HttpError(message, response.status, { ...envelope, errors: fieldErrors(envelope) })
  }
  return parsed as T
}
