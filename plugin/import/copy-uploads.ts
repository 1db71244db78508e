/**
 * Strapi's uploaded files (each file and its formats, named `<hash><ext>` in
 * `public/uploads`) go to this app's storage provider. A provider never overwrites, so a
 * file already stored (a second run) counts as present. When the provider answers another
 * public URL than Strapi's (s3), the row's `url` and its formats' follow.
 */
import { copyFile, mkdtemp, rm, stat } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { SqlTransaction } from '../repository/database.js'
import { identifier as id } from '../repository/read/sql.js'
import type { StorageProvider } from '../upload/storage.js'
import { storedObjects } from '../upload/store-file.js'

export interface UploadCopyReport {
  copied: number
  /** Already in the storage (an earlier import). */
  present: number
  /** Files a row names that the uploads folder lacks: `<file id>: <name>`. */
  missing: string[]
}

interface FileRow { id: number, hash: string, ext: string, mime: string, url: string, formats: Record<string, { hash?: unknown, ext?: unknown, mime?: unknown, url?: unknown }> | null }

async function exists (path: string): Promise<boolean> {
  return await stat(path).then(() => true, () => false)
}

export async function copyUploads (tx: SqlTransaction, options: { dir: string, storage: StorageProvider, files: string }): Promise<UploadCopyReport> {
  const report: UploadCopyReport = { copied: 0, present: 0, missing: [] }
  const rows = await tx.query(`select id, hash, ext, mime, url, formats from ${id(options.files)} order by id`, []) as unknown as FileRow[]
  const staging = await mkdtemp(join(tmpdir(), 'strapi-import-'))
  try {
    for (const file of rows) {
      const urls = new Map<string, string>()
      for (const object of storedObjects(file)) {
        const name = `${object.hash}${object.ext}`
        const from = join(options.dir, name)
        if (!await exists(from)) {
          report.missing.push(`${file.id}: ${name}`)
          continue
        }
        const copy = join(staging, name)
        await copyFile(from, copy)
        try {
          urls.set(object.hash, await options.storage.upload({ ...object, path: copy, mime: file.mime }))
          report.copied += 1
        } catch (error) {
          if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error
          report.present += 1
        }
      }
      await followUrls(tx, options.files, file, urls)
    }
  } finally {
    await rm(staging, { recursive: true, force: true })
  }
  return report
}

async function followUrls (tx: SqlTransaction, table: string, file: FileRow, urls: Map<string, string>): Promise<void> {
  let changed = false
  const url = urls.get(file.hash) ?? file.url
  if (url !== file.url) changed = true
  const formats = file.formats === null ? null : { ...file.formats }
  for (const [name, format] of Object.entries(formats ?? {})) {
    const moved = typeof format.hash === 'string' ? urls.get(format.hash) : undefined
    if (moved !== undefined && moved !== format.url) {
      formats![name] = { ...format, url: moved }
      changed = true
    }
  }
  if (changed) await tx.query(`update ${id(table)} set url = $1, formats = $2::jsonb where id = $3`, [url, JSON.stringify(formats), file.id])
}
