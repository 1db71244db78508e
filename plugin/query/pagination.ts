/**
 * `pagination` (docs/querying.md, 'pagination'): page mode `[page]/[pageSize]` or offset mode
 * `[start]/[limit]`, never both, plus `[withCount]`. Sizes above the maximum are clamped;
 * anything that is not a whole number in range is a 400.
 */
import { parseBoolean } from '../content-types/coerce.js'
import { MAX_POSITION } from '../content-types/row-ids.js'
import type { Pagination } from './tree.js'
import { invalidParameter, invalidValue, isRecord, listItems, type KeyPath } from './parse.js'

export interface PageSizeLimits {
  maxPageSize: number
  defaultPageSize: number
}

const KEYS = new Set(['page', 'pageSize', 'start', 'limit', 'withCount'])
const WHOLE_NUMBER = /^-?\d+$/

export function compilePagination (raw: unknown, path: KeyPath, limits: PageSizeLimits): Pagination {
  if (raw === undefined) return { mode: 'page', page: 1, pageSize: clampSize(limits.defaultPageSize, limits), withCount: true }
  if (!isRecord(raw) || listItems(raw) !== null) throw invalidValue(path, 'expected pagination[page], [pageSize], [start], [limit] or [withCount]')
  for (const key of Object.keys(raw)) {
    if (!KEYS.has(key)) throw invalidParameter([...path, key], key, 'unknown pagination parameter')
  }
  const read = (key: string, min: number): number | undefined => wholeNumber(raw[key], [...path, key], min)
  const withCount = readWithCount(raw.withCount, [...path, 'withCount'])
  const pageMode = raw.page !== undefined || raw.pageSize !== undefined
  const offsetMode = raw.start !== undefined || raw.limit !== undefined
  if (pageMode && offsetMode) {
    const key = raw.start !== undefined ? 'start' : 'limit'
    throw invalidValue([...path, key], 'page/pageSize cannot be mixed with start/limit')
  }
  if (offsetMode) {
    const limit = read('limit', -1)
    // limit=-1 asks for as many as allowed.
    const size = limit === undefined ? limits.defaultPageSize : limit === -1 ? limits.maxPageSize : limit
    return { mode: 'offset', start: read('start', 0) ?? 0, limit: clampSize(size, limits), withCount }
  }
  const pageSize = read('pageSize', 1) ?? limits.defaultPageSize
  return { mode: 'page', page: read('page', 1) ?? 1, pageSize: clampSize(pageSize, limits), withCount }
}

function wholeNumber (raw: unknown, path: KeyPath, min: number): number | undefined {
  if (raw === undefined) return undefined
  if (typeof raw !== 'string' || !WHOLE_NUMBER.test(raw)) throw invalidValue(path, 'must be a whole number')
  const value = Number(raw)
  if (value < min) throw invalidValue(path, `must be at least ${min}`)
  if (value > MAX_POSITION) throw invalidValue(path, `must be at most ${MAX_POSITION}`)
  return value
}

function readWithCount (raw: unknown, path: KeyPath): boolean {
  if (raw === undefined) return true
  const flag = parseBoolean(raw)
  if (flag === undefined) throw invalidValue(path, 'must be true or false')
  return flag
}

function clampSize (size: number, limits: PageSizeLimits): number {
  return Math.min(size, limits.maxPageSize)
}
