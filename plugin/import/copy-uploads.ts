/**
 * Strapi's uploaded files (each file and its formats, named `<hash><ext>` in
 * `public/uploads`) go to this app's storage provider. Their URLs are the provider's: the
 * staged `files` rows take them before the comparison (so a second run with an s3 provider
 * still finds nothing to change), and the files are copied only once the rows are written.
 * A file the uploads folder lacks keeps Strapi's URL and is reported.
 */
import { copyFile, mkdtemp, rm, stat } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { SqlTransaction } from '../repository/connection/database.js'
import { identifier as id, raw, runSql, sql } from '../sql/index.js'
import type { StorageProvider, StoredFile } from '../upload/storage.js'
import { storedObjects } from '../upload/store-file.js'

export interface UploadCopyReport {
  copied: number
  /** Already in the storage (an earlier import). */
  present: number
  /** Files a row names that the uploads folder lacks: `<file id>: <name>`. */
  missing: string[]
}

type Format = { hash?: unknown, ext?: unknown, url?: unknown } & Record<string, unknown>
interface FileRow { id: number, hash: string, ext: string, mime: string, url: string, formats: Record<string, Format> | null }

interface Uploads { dir: string, storage: StorageProvider }

async function exists (path: string): Promise<boolean> {
  return await stat(path).then(() => true, () => false)
}

async function fileRows (tx: SqlTransaction, table: string): Promise<FileRow[]> {
  return await tx.query(`select id, hash, ext, mime, url, formats from ${table} order by id`, []) as unknown as FileRow[]
}

const nameOf = (object: StoredFile): string => `${object.hash}${object.ext}`

/** Gives the staged file rows the URLs their files will have in the storage. */
export async function restageFileUrls (tx: SqlTransaction, staged: string, uploads: Uploads): Promise<void> {
  for (const file of await fileRows(tx, staged)) {
    const present = async (object: StoredFile): Promise<boolean> => await exists(join(uploads.dir, nameOf(object)))
    const url = await present(file) ? uploads.storage.urlOf(file) : file.url
    let changed = url !== file.url
    const formats = file.formats === null ? null : { ...file.formats }
    for (const [name, format] of Object.entries(formats ?? {})) {
      if (typeof format.hash !== 'string' || typeof format.ext !== 'string') continue
      const object = { hash: format.hash, ext: format.ext }
      const moved = await present(object) ? uploads.storage.urlOf(object) : format.url
      if (moved !== format.url) {
        formats![name] = { ...format, url: moved }
        changed = true
      }
    }
    if (changed) await runSql(tx, sql`update ${raw(staged)} set url = ${url}, formats = ${JSON.stringify(formats)}::jsonb where id = ${file.id}`)
  }
}

/** Copies every file (and format) the `files` rows name into the storage. */
export async function copyUploads (tx: SqlTransaction, options: Uploads & { files: string }): Promise<UploadCopyReport> {
  const report: UploadCopyReport = { copied: 0, present: 0, missing: [] }
  const staging = await mkdtemp(join(tmpdir(), 'strapi-import-'))
  try {
    for (const file of await fileRows(tx, id(options.files))) {
      for (const object of storedObjects(file)) {
        const from = join(options.dir, nameOf(object))
        if (!await exists(from)) {
          report.missing.push(`${file.id}: ${nameOf(object)}`)
          continue
        }
        // The provider may move what it stores: it gets a copy.
        const copy = join(staging, nameOf(object))
        await copyFile(from, copy)
        try {
          await options.storage.upload({ ...object, path: copy, mime: file.mime })
          report.copied += 1
        } catch (error) {
          if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error
          report.present += 1
        }
      }
    }
  } finally {
    await rm(staging, { recursive: true, force: true })
  }
  return report
}
