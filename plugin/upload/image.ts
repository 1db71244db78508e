/**
 * What sharp says about an image: its size, or that it is not one it can read. Only types
 * sharp decodes are asked; other images (icons, bitmaps, HEIC) have no known size.
 */
import sharp from 'sharp'
import type { Sharp } from 'sharp'

export interface ImageSize {
  width: number
  height: number
}

const DECODABLE = new Set(['image/jpeg', 'image/png', 'image/gif', 'image/webp', 'image/avif', 'image/tiff', 'image/svg+xml'])
/** Strapi makes formats of these; SVG scales by itself and other types are left alone. */
const RESIZABLE = new Set(['image/jpeg', 'image/png', 'image/gif', 'image/webp', 'image/avif', 'image/tiff'])
/** Resizing keeps every frame of these. */
const ANIMATABLE = new Set(['image/gif', 'image/webp'])

export function isDecodableImage (mime: string): boolean {
  return DECODABLE.has(mime)
}

export function isResizableImage (mime: string): boolean {
  return RESIZABLE.has(mime)
}

/** A sharp pipeline reading `path` (all frames of an animation). */
export function openImage (path: string, mime: string): Sharp {
  return sharp(path, { animated: ANIMATABLE.has(mime) })
}

/** The image's size, or null when sharp cannot decode it. */
export async function readImageSize (path: string, mime: string): Promise<ImageSize | null> {
  try {
    const metadata = await openImage(path, mime).metadata()
    const height = metadata.pageHeight ?? metadata.height
    if (metadata.width === undefined || height === undefined) return null
    return { width: metadata.width, height }
  } catch {
    return null
  }
}
