/**
 * `fileInfo`: what the client says about its files (`name`, `alternativeText`, `caption`,
 * `folder`). As in Strapi it comes as JSON text: one field per file, or one field holding an
 * array, or one object for a single file. `folder` (an id, null: the root) places the file
 * on the admin API's routes; the REST API's accept it and leave it aside (docs/media.md).
 */
import { unstorableTextProblem } from '../content-types/storable-text.js'
import { ValidationError } from '../errors.js'
import { cleanFileName } from './file-name.js'
import { folderId } from './folder-input.js'

export interface FileInfo {
  /** A display name replacing the uploaded file's own. */
  name?: string
  alternativeText?: string | null
  caption?: string | null
  /** The folder the file goes into (null: the root); absent: where it is (a new file: the root). */
  folder?: number | null
}

type Path = Array<string | number>

const MAX_TEXT_LENGTH = 255
const KNOWN_KEYS = new Set(['name', 'alternativeText', 'caption', 'folder'])

/** The infos of an upload of `fileCount` files, by position; missing ones are `{}`. */
export function parseFileInfos (values: readonly unknown[], fileCount: number): FileInfo[] {
  const items = values.length === 1 ? listOrSingle(parseJson(values[0], ['fileInfo'])) : values.map((value, index) => parseJson(value, ['fileInfo', index]))
  if (items.length > fileCount) {
    throw ValidationError.at(['fileInfo'], `fileInfo describes ${items.length} files but ${fileCount} were uploaded`)
  }
  return items.map((item, index) => checkFileInfo(item, items.length === 1 && values.length === 1 ? ['fileInfo'] : ['fileInfo', index]))
}

/** The info of `POST /upload?id=`: exactly one object. */
export function parseSingleFileInfo (values: readonly unknown[]): FileInfo {
  if (values.length === 0) throw ValidationError.at(['fileInfo'], 'fileInfo is required to update a file')
  if (values.length > 1) throw ValidationError.at(['fileInfo'], 'give one fileInfo object to update a file')
  const items = listOrSingle(parseJson(values[0], ['fileInfo']))
  if (items.length !== 1) throw ValidationError.at(['fileInfo'], 'give one fileInfo object to update a file')
  return checkFileInfo(items[0], ['fileInfo'])
}

function listOrSingle (value: unknown): unknown[] {
  return Array.isArray(value) ? value : [value]
}

function parseJson (value: unknown, path: Path): unknown {
  if (typeof value !== 'string') return value
  try {
    return JSON.parse(value)
  } catch {
    throw ValidationError.at(path, 'fileInfo must be JSON, e.g. {"alternativeText":"…"}')
  }
}

function checkFileInfo (raw: unknown, path: Path): FileInfo {
  if (raw === null || typeof raw !== 'object' || Array.isArray(raw)) throw ValidationError.at(path, 'fileInfo must be an object')
  const record = raw as Record<string, unknown>
  for (const key of Object.keys(record)) {
    if (!KNOWN_KEYS.has(key)) throw ValidationError.at([...path, key], `Invalid key ${key}: fileInfo accepts name, alternativeText, caption and folder`)
  }
  const info: FileInfo = {}
  if (record.name !== undefined && record.name !== null) {
    info.name = cleanFileName(text(record.name, [...path, 'name']))
  }
  if (record.alternativeText !== undefined) info.alternativeText = nullableText(record.alternativeText, [...path, 'alternativeText'])
  if (record.caption !== undefined) info.caption = nullableText(record.caption, [...path, 'caption'])
  if (record.folder !== undefined) info.folder = record.folder === null ? null : folderId(record.folder, [...path, 'folder'])
  return info
}

function text (value: unknown, path: Path): string {
  if (typeof value !== 'string') throw ValidationError.at(path, `${String(path.at(-1))} must be a string`)
  if (value.length > MAX_TEXT_LENGTH) throw ValidationError.at(path, `${String(path.at(-1))} must be at most ${MAX_TEXT_LENGTH} characters`)
  const unstorable = unstorableTextProblem(value)
  if (unstorable !== null) throw ValidationError.at(path, `${String(path.at(-1))} ${unstorable}`)
  return value
}

function nullableText (value: unknown, path: Path): string | null {
  return value === null ? null : text(value, path)
}
