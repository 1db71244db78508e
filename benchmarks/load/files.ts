/**
 * Media files are always inserted directly: the benchmark needs file rows to link, not
 * the upload plugin's multipart path.
 */
import type pg from 'pg'
import type { FileSeed } from '../dataset.js'
import { insertRows, syncIdSequence } from './insert-rows.js'

const FILE_COLUMNS = [
  'id', 'name', 'alternative_text', 'caption', 'width', 'height', 'formats', 'hash', 'ext', 'mime', 'size', 'url',
  'provider', 'created_at', 'updated_at'
] as const

export async function insertFiles (client: pg.ClientBase, files: readonly FileSeed[]): Promise<number[]> {
  const now = new Date().toISOString()
  const rows = files.map((file, index) => [
    index + 1, file.name, file.alternativeText, file.caption, file.width, file.height,
    file.formats === null ? null : JSON.stringify(file.formats), file.hash, file.ext, file.mime, file.size, file.url,
    file.provider, now, now
  ])
  await insertRows(client, 'files', FILE_COLUMNS, rows)
  await syncIdSequence(client, 'files')
  return files.map((_, index) => index + 1)
}
