/**
 * The responsive formats of an image, as Strapi makes them: a thumbnail that fits in
 * 245×156, and one format per breakpoint that fits in a square of that size, each made
 * only when the original is larger, in the original's type.
 */
import { writeFile } from 'node:fs/promises'
import { ValidationError } from '../errors.js'
import type { ImageSize } from './image.js'
import { openImage } from './image.js'
import type { Staging } from './staging.js'

export interface StagedFormat {
  /** `thumbnail` or a breakpoint name. */
  key: string
  path: string
  width: number
  height: number
  /** Bytes. */
  size: number
}

export const THUMBNAIL_BOX = { width: 245, height: 156 } as const

interface Box { width: number, height: number }

/** The formats `size` calls for, by name, in Strapi's order: thumbnail first, then the breakpoints as configured. */
export function formatBoxes (size: ImageSize, breakpoints: Readonly<Record<string, number>>): Array<[string, Box]> {
  const boxes: Array<[string, Box]> = []
  if (size.width > THUMBNAIL_BOX.width || size.height > THUMBNAIL_BOX.height) boxes.push(['thumbnail', THUMBNAIL_BOX])
  for (const [key, breakpoint] of Object.entries(breakpoints)) {
    if (breakpoint < size.width || breakpoint < size.height) boxes.push([key, { width: breakpoint, height: breakpoint }])
  }
  return boxes
}

export async function makeFormats (
  source: { path: string, mime: string, name: string, index: number },
  size: ImageSize,
  breakpoints: Readonly<Record<string, number>>,
  staging: Staging
): Promise<StagedFormat[]> {
  const formats: StagedFormat[] = []
  for (const [key, box] of formatBoxes(size, breakpoints)) {
    let resized: { data: Buffer, info: { width: number, height: number, size: number, pageHeight?: number } }
    try {
      resized = await openImage(source.path, source.mime).resize({ ...box, fit: 'inside' }).toBuffer({ resolveWithObject: true })
    } catch {
      throw ValidationError.at(['files', source.index], `"${source.name}" could not be read as an image`)
    }
    const path = await staging.newPath()
    await writeFile(path, resized.data, { flag: 'wx' })
    const { info } = resized
    formats.push({ key, path, width: info.width, height: info.pageHeight ?? info.height, size: info.size })
  }
  return formats
}
