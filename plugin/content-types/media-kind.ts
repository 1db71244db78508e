/** Strapi's media kinds of a MIME type: `files` is everything that is not an image, a video or a sound. */
import type { MediaKind } from './definition.js'

export function mediaKindOf (mime: string): MediaKind {
  if (mime.startsWith('image/')) return 'images'
  if (mime.startsWith('video/')) return 'videos'
  if (mime.startsWith('audio/')) return 'audios'
  return 'files'
}
