/**
 * A prepared file → its bytes (and its formats') handed to the storage provider → the row
 * that records it. Every stored object is noted in `stored` as soon as it exists, so a
 * failure later in the upload can remove exactly what this upload stored.
 */
import type { FileRow } from './file-store.js'
import type { StagedFormat } from './formats.js'
import type { PreparedFile } from './prepare-file.js'
import type { StorageProvider, StoredFile } from './storage.js'

/** Strapi's unit: kilobytes with two decimals. */
export function kilobytes (bytes: number): number {
  return Math.round(bytes / 10) / 100
}

export async function storeFile (provider: StorageProvider, file: PreparedFile, stored: StoredFile[]): Promise<FileRow> {
  const put = async (hash: string, path: string): Promise<string> => {
    const url = await provider.upload({ hash, ext: file.ext, path, mime: file.mime })
    stored.push({ hash, ext: file.ext })
    return url
  }
  const formats: Record<string, unknown> = {}
  for (const format of file.formats) {
    const hash = `${format.key}_${file.hash}`
    formats[format.key] = formatEntry(file, format, hash, await put(hash, format.path))
  }
  const url = await put(file.hash, file.path)
  return {
    name: file.name,
    alternativeText: file.alternativeText,
    caption: file.caption,
    width: file.dimensions?.width ?? null,
    height: file.dimensions?.height ?? null,
    formats: file.formats.length === 0 ? null : formats,
    hash: file.hash,
    ext: file.ext,
    mime: file.mime,
    size: kilobytes(file.size),
    url,
    previewUrl: null,
    provider: provider.name,
    provider_metadata: null
  }
}

/** One entry of `formats`, shaped as Strapi's. */
function formatEntry (file: PreparedFile, format: StagedFormat, hash: string, url: string): Record<string, unknown> {
  return {
    name: `${format.key}_${file.name}`,
    hash,
    ext: file.ext,
    mime: file.mime,
    path: null,
    width: format.width,
    height: format.height,
    size: kilobytes(format.size),
    sizeInBytes: format.size,
    url
  }
}

/** The stored objects of a file row: the file and each of its formats. */
export function storedObjects (file: { hash: string, ext: string, formats: Record<string, { hash?: unknown, ext?: unknown }> | null }): StoredFile[] {
  const objects: StoredFile[] = [{ hash: file.hash, ext: file.ext }]
  for (const format of Object.values(file.formats ?? {})) {
    if (typeof format.hash === 'string' && typeof format.ext === 'string') objects.push({ hash: format.hash, ext: format.ext })
  }
  return objects
}
