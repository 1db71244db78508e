/**
 * The bodies of the admin's folder routes (docs/admin-api.md, 'Media folders'), checked as
 * Strapi's upload plugin checks them: known keys only, ids as positive integers, a folder
 * name without slashes or surrounding spaces. Every problem is a 400 naming its key.
 */
import { MAX_ROW_ID } from '../content-types/row-ids.js'
import { unstorableTextProblem } from '../content-types/storable-text.js'
import { ValidationError } from '../errors.js'
import { isRecord } from '../is-record.js'

export interface FolderInput {
  name: string
  /** null: at the root. */
  parent: number | null
}

/** A PUT: what it sends, and nothing else changes. */
export interface FolderChange {
  name?: string
  parent?: number | null
}

export interface BulkSelection {
  fileIds: number[]
  folderIds: number[]
}

export interface BulkMove extends BulkSelection {
  /** null: to the root. */
  destinationFolderId: number | null
}

const MAX_NAME_LENGTH = 255
/** A bulk action names at most this many files and folders of each kind, as a page of the library shows far fewer. */
const MAX_BULK_IDS = 1000

function body (raw: unknown, keys: readonly string[]): Record<string, unknown> {
  if (!isRecord(raw)) throw ValidationError.at([], 'The body must be a JSON object')
  for (const key of Object.keys(raw)) {
    if (!keys.includes(key)) throw ValidationError.at([key], `Invalid key ${key}: send ${keys.join(', ')}`)
  }
  return raw
}

/** A row id as Strapi's `strapiID` takes it: a positive integer, or its digits as text. */
export function folderId (value: unknown, path: Array<string | number>): number {
  const id = typeof value === 'string' && /^[1-9]\d{0,9}$/.test(value) ? Number(value) : value
  if (typeof id !== 'number' || !Number.isInteger(id) || id < 1 || id > MAX_ROW_ID) {
    throw ValidationError.at(path, `${path.join('.')} must be a positive integer id`)
  }
  return id
}

function nullableId (value: unknown, path: string[]): number | null {
  return value === null ? null : folderId(value, path)
}

function folderName (value: unknown): string {
  if (typeof value !== 'string' || value.length === 0) throw ValidationError.at(['name'], 'name must be a non-empty string')
  if (value.length > MAX_NAME_LENGTH) throw ValidationError.at(['name'], `name must be at most ${MAX_NAME_LENGTH} characters`)
  if (value.includes('/')) throw ValidationError.at(['name'], 'name cannot contain slashes')
  if (value.trim() !== value) throw ValidationError.at(['name'], 'name cannot start or end with a whitespace')
  const unstorable = unstorableTextProblem(value)
  if (unstorable !== null) throw ValidationError.at(['name'], `name ${unstorable}`)
  return value
}

export function parseFolderInput (raw: unknown): FolderInput {
  const record = body(raw, ['name', 'parent'])
  if (record.name === undefined) throw ValidationError.at(['name'], 'name is required')
  return { name: folderName(record.name), parent: record.parent === undefined ? null : nullableId(record.parent, ['parent']) }
}

export function parseFolderChange (raw: unknown): FolderChange {
  const record = body(raw, ['name', 'parent'])
  return {
    ...(record.name === undefined ? {} : { name: folderName(record.name) }),
    ...(record.parent === undefined ? {} : { parent: nullableId(record.parent, ['parent']) })
  }
}

function ids (value: unknown, key: string): number[] {
  if (value === undefined) return []
  if (!Array.isArray(value)) throw ValidationError.at([key], `${key} must be an array of ids`)
  if (value.length > MAX_BULK_IDS) throw ValidationError.at([key], `${key} names at most ${MAX_BULK_IDS} ids`)
  return [...new Set(value.map((item, index) => folderId(item, [key, index])))]
}

export function parseBulkDelete (raw: unknown): BulkSelection {
  const record = body(raw, ['fileIds', 'folderIds'])
  return { fileIds: ids(record.fileIds, 'fileIds'), folderIds: ids(record.folderIds, 'folderIds') }
}

export function parseBulkMove (raw: unknown): BulkMove {
  const record = body(raw, ['fileIds', 'folderIds', 'destinationFolderId'])
  if (record.destinationFolderId === undefined) throw ValidationError.at(['destinationFolderId'], 'destinationFolderId is required (null: the root)')
  return {
    fileIds: ids(record.fileIds, 'fileIds'),
    folderIds: ids(record.folderIds, 'folderIds'),
    destinationFolderId: nullableId(record.destinationFolderId, ['destinationFolderId'])
  }
}
