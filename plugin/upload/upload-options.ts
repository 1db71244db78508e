/**
 * The `upload` option (DECISIONS §2, §6): where files are kept, how large one may be, and
 * the widths of the responsive image formats. `false` turns the media plugin off.
 */
import { resolve } from 'node:path'

export interface UploadOptions {
  /** Folder the files are written to and served from under `/uploads`. Default `./public/uploads`. */
  dir?: string
  /** Largest accepted file, in bytes. Default 200 MB. */
  sizeLimit?: number
  /** Responsive formats by name → box size in px (Strapi's `breakpoints`). Default large 1000, medium 750, small 500. */
  breakpoints?: Record<string, number>
}

export interface ResolvedUploadOptions {
  /** Absolute path. */
  dir: string
  sizeLimit: number
  breakpoints: Readonly<Record<string, number>>
}

export const DEFAULT_BREAKPOINTS: Readonly<Record<string, number>> = { large: 1000, medium: 750, small: 500 }

const DEFAULT_SIZE_LIMIT = 200 * 1024 * 1024
/** A breakpoint name becomes a file-name prefix, so it stays plain. */
const BREAKPOINT_NAME = /^[a-z][a-z0-9]*$/

export type UploadOptionsResult =
  | { ok: true, value: ResolvedUploadOptions | false }
  | { ok: false, problem: string }

export function resolveUploadOptions (raw: unknown, cwd: string = process.cwd()): UploadOptionsResult {
  if (raw === false) return { ok: true, value: false }
  if (raw === undefined) raw = {}
  if (raw === null || typeof raw !== 'object' || Array.isArray(raw)) return fail('upload must be an object or false')
  const { dir, sizeLimit, breakpoints, ...unknown } = raw as UploadOptions
  const extra = Object.keys(unknown)[0]
  if (extra !== undefined) return fail(`upload.${extra} is not an option (dir, sizeLimit, breakpoints)`)
  if (dir !== undefined && (typeof dir !== 'string' || dir === '')) return fail('upload.dir must be a folder path')
  if (sizeLimit !== undefined && !isPositiveInteger(sizeLimit)) {
    return fail(`upload.sizeLimit must be a positive integer (bytes), got ${JSON.stringify(sizeLimit)}`)
  }
  const checkedBreakpoints = resolveBreakpoints(breakpoints)
  if (typeof checkedBreakpoints === 'string') return fail(checkedBreakpoints)
  return {
    ok: true,
    value: {
      dir: resolve(cwd, dir ?? './public/uploads'),
      sizeLimit: sizeLimit ?? DEFAULT_SIZE_LIMIT,
      breakpoints: checkedBreakpoints
    }
  }
}

function resolveBreakpoints (raw: unknown): Record<string, number> | string {
  if (raw === undefined) return { ...DEFAULT_BREAKPOINTS }
  if (raw === null || typeof raw !== 'object' || Array.isArray(raw)) return 'upload.breakpoints must be an object of name → width in px'
  for (const [name, width] of Object.entries(raw)) {
    if (!BREAKPOINT_NAME.test(name) || name === 'thumbnail') {
      return `upload.breakpoints.${name}: names are lower-case letters and digits, and "thumbnail" is reserved`
    }
    if (!isPositiveInteger(width)) return `upload.breakpoints.${name} must be a positive integer (px), got ${JSON.stringify(width)}`
  }
  return { ...raw as Record<string, number> }
}

function isPositiveInteger (value: unknown): value is number {
  return typeof value === 'number' && Number.isInteger(value) && value >= 1
}

function fail (problem: string): UploadOptionsResult {
  return { ok: false, problem }
}
