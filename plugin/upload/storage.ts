/**
 * Where uploaded files live. A provider stores a staged file under its hash and extension
 * and answers its public URL; the local provider keeps them in the upload folder, served
 * under `/uploads` (the s3 provider is in s3-storage.ts). The path is always
 * `<dir>/<hash><ext>`, and hashes and extensions are made of `[A-Za-z0-9_.]` only, so no
 * file name can reach outside the folder.
 */
import { mkdir, rm } from 'node:fs/promises'
import { join } from 'node:path'
import { linkOrCopy } from './link-or-copy.js'

export interface StoredFile {
  hash: string
  ext: string
}

export interface FileToStore extends StoredFile {
  /** The staged bytes; the provider may move them away. */
  path: string
  /** The type found in the bytes, for providers that serve it themselves. */
  mime: string
}

export interface StorageProvider {
  /** Name recorded in each file's `provider`. */
  readonly name: string
  /** Stores the file and answers its public URL. Never overwrites another file. */
  upload: (file: FileToStore) => Promise<string>
  /** The public URL a file stored here has (or will have), without storing it. */
  urlOf: (file: StoredFile) => string
  /** Removes a stored file; a file already gone is not an error. */
  delete: (file: StoredFile) => Promise<void>
  /** Releases connections when the app closes. */
  close?: () => void
}

export const UPLOADS_URL_PREFIX = '/uploads'

const SAFE_STORED_NAME = /^[A-Za-z0-9_]+(\.[a-z0-9]+)?$/

/**
 * The storage service could not be reached or refused the operation: not the client's
 * fault and not a bug here, so the API answers 503 and the cause goes to the log.
 */
export class StorageUnavailableError extends Error {
  constructor (message: string, options: { cause: unknown }) {
    super(message, options)
    this.name = 'StorageUnavailableError'
  }
}

/** The stored name of a file, checked: safe as a file name, an object key and in a URL. */
export function storedName (file: StoredFile): string {
  const name = `${file.hash}${file.ext}`
  if (!SAFE_STORED_NAME.test(name)) throw new Error(`Refusing to store a file as "${name}"`)
  return name
}

export function localProvider (dir: string): StorageProvider {
  let ready: Promise<unknown> | null = null
  const pathOf = (file: StoredFile): string => join(dir, storedName(file))
  const urlOf = (file: StoredFile): string => `${UPLOADS_URL_PREFIX}/${storedName(file)}`
  return {
    name: 'local',
    async upload (file) {
      const destination = pathOf(file)
      ready ??= mkdir(dir, { recursive: true })
      await ready
      await moveExclusive(file.path, destination)
      return urlOf(file)
    },
    urlOf,
    async delete (file) {
      await rm(pathOf(file), { force: true })
    }
  }
}

/** A hard link fails when the destination exists, where a rename would replace it. */
async function moveExclusive (from: string, to: string): Promise<void> {
  await linkOrCopy(from, to)
  await rm(from, { force: true })
}
