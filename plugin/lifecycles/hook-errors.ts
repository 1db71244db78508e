/**
 * What a `before*` hook throws, as the API answers it. Strapi v4 hooks throw the errors of
 * `@strapi/utils` (`ApplicationError`, `ValidationError`, `ForbiddenError`, …), which Strapi
 * answers with their own status; hosts of this plugin may throw those, this plugin's own
 * (`ValidationError`, `NotFoundError`), or any error carrying a 4xx `status`/`statusCode`.
 * Each becomes that 4xx in the error envelope (its `name` one of the envelope's, its
 * `details.errors` items completed to the envelope's shape). Anything else is a failure of
 * the host's code: a 500, the transaction rolled back.
 */
import { ApiError } from '../errors.js'
import { isRecord } from '../is-record.js'

/** The status Strapi v4 (4.26, `@strapi/utils` errors) answers each named error with, and the envelope's name for it. */
const STRAPI_ERRORS: Readonly<Record<string, { status: number, name: string }>> = {
  ApplicationError: { status: 400, name: 'ApplicationError' },
  ValidationError: { status: 400, name: 'ValidationError' },
  YupValidationError: { status: 400, name: 'ValidationError' },
  PaginationError: { status: 400, name: 'ValidationError' },
  UnauthorizedError: { status: 401, name: 'UnauthorizedError' },
  ForbiddenError: { status: 403, name: 'ForbiddenError' },
  PolicyError: { status: 403, name: 'ForbiddenError' },
  NotFoundError: { status: 404, name: 'NotFoundError' },
  PayloadTooLargeError: { status: 413, name: 'PayloadTooLargeError' },
  RateLimitError: { status: 429, name: 'RateLimitError' }
}

interface ThrownError {
  name?: unknown
  message?: unknown
  status?: unknown
  statusCode?: unknown
  details?: unknown
}

function clientStatus (value: unknown): number | null {
  return typeof value === 'number' && Number.isInteger(value) && value >= 400 && value < 500 ? value : null
}

/** The client error a hook's throw stands for, or the throw itself (a 500). */
export function hookError (error: unknown): unknown {
  if (error instanceof ApiError || !(error instanceof Error)) return error
  const { name, message, status, statusCode, details } = error as ThrownError
  const named = typeof name === 'string' ? STRAPI_ERRORS[name] : undefined
  const answered = clientStatus(status) ?? clientStatus(statusCode) ?? named?.status ?? null
  if (answered === null) return error
  const text = typeof message === 'string' ? message : ''
  return new ApiError(named?.name ?? nameOfStatus(answered), answered, text, envelopeDetails(details, text))
}

/** An error named by no Strapi class: the envelope's name of its status (400: `ApplicationError`, as Strapi names a bare one). */
function nameOfStatus (status: number): string {
  return Object.values(STRAPI_ERRORS).find(known => known.status === status)?.name ?? 'ApplicationError'
}

/** `details` as the envelope holds them: an object; its `errors` items `{ path, message, name }`. */
function envelopeDetails (details: unknown, message: string): Record<string, unknown> {
  if (!isRecord(details)) return {}
  const { errors, ...rest } = details
  if (!Array.isArray(errors)) return rest
  return {
    ...rest,
    errors: errors.map((item: unknown) => {
      const { path, message: itemMessage, name } = isRecord(item) ? item : {}
      return {
        path: Array.isArray(path) ? path.map(step => Number.isInteger(step) ? step as number : String(step)) : [],
        message: typeof itemMessage === 'string' ? itemMessage : message,
        name: typeof name === 'string' ? name : 'ValidationError'
      }
    })
  }
}
