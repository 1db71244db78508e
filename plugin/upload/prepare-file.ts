/**
 * One received file → everything known about it before it is stored: its real type (from
 * its bytes), its names, its size in pixels and its responsive formats (staged).
 */
import { open } from 'node:fs/promises'
import { ValidationError } from '../errors.js'
import type { FileInfo } from './file-info.js'
import { cleanFileName, extensionOf, fileHash } from './file-name.js'
import type { StagedFormat } from './formats.js'
import { makeFormats } from './formats.js'
import type { ImageSize } from './image.js'
import { isDecodableImage, isResizableImage, readImageSize } from './image.js'
import { MAGIC_HEAD_LENGTH } from './magic-bytes.js'
import type { DetectedType } from './mime.js'
import { PLAIN_TEXT, SVG, detectType } from './mime.js'
import type { ReceivedFile } from './multipart-body.js'
import type { Staging } from './staging.js'

export interface PreparedFile extends DetectedType {
  name: string
  alternativeText: string | null
  caption: string | null
  hash: string
  /** Staged bytes. */
  path: string
  /** Bytes. */
  size: number
  dimensions: ImageSize | null
  formats: StagedFormat[]
}

export interface PrepareContext {
  breakpoints: Readonly<Record<string, number>>
  staging: Staging
}

export async function prepareFile (received: ReceivedFile, info: FileInfo, index: number, context: PrepareContext): Promise<PreparedFile> {
  const receivedName = cleanFileName(received.filename)
  const name = info.name ?? receivedName
  let type = detectType(await readHead(received.path), extensionOf(receivedName))
  let dimensions: ImageSize | null = null
  if (isDecodableImage(type.mime)) {
    dimensions = await readImageSize(received.path, type.mime)
    if (dimensions === null) {
      // Text that merely looks like SVG is text; bytes that claim an image must be one.
      if (type.mime !== SVG.mime) throw ValidationError.at(['files', index], `"${receivedName}" is not a readable ${type.mime} image`)
      type = PLAIN_TEXT
    }
  }
  const formats = dimensions !== null && isResizableImage(type.mime)
    ? await makeFormats({ path: received.path, mime: type.mime, name: receivedName, index }, dimensions, context.breakpoints, context.staging)
    : []
  return {
    ...type,
    name,
    alternativeText: info.alternativeText ?? null,
    caption: info.caption ?? null,
    hash: fileHash(name),
    path: received.path,
    size: received.size,
    dimensions,
    formats
  }
}

async function readHead (path: string): Promise<Uint8Array> {
  const handle = await open(path, 'r')
  try {
    const buffer = Buffer.alloc(MAGIC_HEAD_LENGTH)
    const { bytesRead } = await handle.read(buffer, 0, MAGIC_HEAD_LENGTH, 0)
    return buffer.subarray(0, bytesRead)
  } finally {
    await handle.close()
  }
}
