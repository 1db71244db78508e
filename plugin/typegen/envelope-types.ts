/**
 * The envelope of every answer, the same in the v4 and the v5 format: lists with their
 * pagination, one entry, errors; and dynamic-zone items. Only the error issues differ: the
 * v5 format names the value it refused.
 */

export interface EnvelopeTypesOptions {
  /** Whether each issue of a ValidationError carries the refused \`value\`. */
  issueValue: boolean
}

export function envelopeTypesSource (options: EnvelopeTypesOptions): string {
  const issue = options.issueValue ? 'path: Array<string | number>, message: string, name: string, value?: unknown' : 'path: Array<string | number>, message: string, name: string'
  return `/** A dynamic-zone item: its component's fields and the component's uid. */
export type ZoneItem<Uid extends string, Component> = Component & { __component: Uid }

export interface PagePagination {
  page: number
  pageSize: number
  /** Absent with \`pagination[withCount]=false\`. */
  pageCount?: number
  total?: number
}

export interface OffsetPagination {
  start: number
  limit: number
  total?: number
}

export interface ListResponse<E> {
  data: E[]
  meta: { pagination: PagePagination | OffsetPagination }
}

export interface EntryResponse<E> {
  data: E
  meta: Record<string, never>
}

export interface ErrorResponse {
  data: null
  error: {
    status: number
    name: 'ValidationError' | 'UnauthorizedError' | 'ForbiddenError' | 'NotFoundError' | 'PayloadTooLargeError' | 'RateLimitError' | 'ServiceUnavailableError' | 'ApplicationError'
    message: string
    details: {
      errors?: Array<{ ${issue} }>
      [key: string]: unknown
    }
  }
}
`
}
