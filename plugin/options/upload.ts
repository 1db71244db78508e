/**
 * The `upload` option (docs/media.md): where files are kept (the local folder, or an
 * S3-compatible bucket with `provider: 's3'`), how large one may be, and the widths of the
 * responsive image formats. `false` turns the media plugin off.
 */
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { S3_KEYS, resolveS3Options } from './s3.js'
import type { S3StorageOptions, S3UploadKeys } from './s3.js'

interface CommonUploadOptions {
  /**
   * Local provider: folder the files are written to and served from under `/uploads`
   * (default `./public/uploads`). s3 provider: where uploads wait until they are in the
   * bucket (default a folder in the OS temp folder).
   */
  dir?: string
  /** Largest accepted file, in bytes. Default 200 MB. */
  sizeLimit?: number
  /** Responsive formats by name → box size in px (Strapi's `breakpoints`). Default large 1000, medium 750, small 500. */
  breakpoints?: Record<string, number>
}

export interface LocalUploadOptions extends CommonUploadOptions {
  provider?: 'local'
}

export interface S3UploadOptions extends CommonUploadOptions, S3UploadKeys {
  provider: 's3'
}

export type UploadOptions = LocalUploadOptions | S3UploadOptions

export type StorageOptions = { name: 'local' } | S3StorageOptions

export interface ResolvedUploadOptions {
  /** Absolute path: the local provider's folder, and the parent of the staging folder. */
  dir: string
  sizeLimit: number
  breakpoints: Readonly<Record<string, number>>
  provider: StorageOptions
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
  const { provider = 'local', dir, sizeLimit, breakpoints, ...rest } = raw as Record<string, unknown>
  if (provider !== 'local' && provider !== 's3') return fail(`upload.provider must be "local" or "s3", got ${JSON.stringify(provider)}`)
  const providerKeys: Record<string, unknown> = {}
  for (const [key, value] of Object.entries(rest)) {
    if (!(S3_KEYS as readonly string[]).includes(key)) {
      return fail(`upload.${key} is not an option (provider, dir, sizeLimit, breakpoints${provider === 's3' ? `, ${S3_KEYS.join(', ')}` : ''})`)
    }
    if (provider !== 's3') return fail(`upload.${key} is an option of the s3 provider: set upload.provider to "s3"`)
    providerKeys[key] = value
  }
  const storage = provider === 's3' ? resolveS3Options(providerKeys) : { name: 'local' as const }
  if (typeof storage === 'string') return fail(storage)
  if (dir !== undefined && (typeof dir !== 'string' || dir === '')) return fail('upload.dir must be a folder path')
  if (sizeLimit !== undefined && !isPositiveInteger(sizeLimit)) {
    return fail(`upload.sizeLimit must be a positive integer (bytes), got ${JSON.stringify(sizeLimit)}`)
  }
  const checkedBreakpoints = resolveBreakpoints(breakpoints)
  if (typeof checkedBreakpoints === 'string') return fail(checkedBreakpoints)
  return {
    ok: true,
    value: {
      dir: resolve(cwd, dir as string | undefined ?? (storage.name === 's3' ? join(tmpdir(), 'fastify-content-api-uploads') : './public/uploads')),
      sizeLimit: sizeLimit as number | undefined ?? DEFAULT_SIZE_LIMIT,
      breakpoints: checkedBreakpoints,
      provider: storage
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
