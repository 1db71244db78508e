/**
 * What a file's first bytes say it is, for the common image, video, audio and document
 * types. The client's Content-Type and file name are never trusted for this; the name only
 * picks among types that share one container (a .docx is a zip, an .m4a is an mp4).
 */

export interface ContentType {
  mime: string
  /** The usual extension, with its dot. */
  ext: string
  /** Other extensions of the same content, and the MIME type each one names. */
  variants?: Readonly<Record<string, string>>
}

/** Enough bytes for every signature below (the WebM doctype sits within the first few dozen). */
export const MAGIC_HEAD_LENGTH = 4100

type Check = (head: Uint8Array) => ContentType | null

function startsWith (head: Uint8Array, bytes: readonly number[], offset = 0): boolean {
  if (head.length < offset + bytes.length) return false
  return bytes.every((byte, index) => head[offset + index] === byte)
}

function ascii (text: string): number[] {
  return [...text].map(character => character.charCodeAt(0))
}

function hasAscii (head: Uint8Array, text: string, offset = 0): boolean {
  return startsWith(head, ascii(text), offset)
}

function containsAscii (head: Uint8Array, text: string, within: number): boolean {
  return Buffer.from(head.subarray(0, within)).includes(text, 0, 'latin1')
}

/** ISO base media (mp4, mov, avif, heic, m4a, 3gp): `ftyp` box with a major brand. */
function isoMedia (head: Uint8Array): ContentType | null {
  if (!hasAscii(head, 'ftyp', 4) || head.length < 12) return null
  const brand = Buffer.from(head.subarray(8, 12)).toString('latin1')
  if (brand === 'avif' || brand === 'avis') return { mime: 'image/avif', ext: '.avif' }
  if (['heic', 'heix', 'heim', 'heis', 'mif1', 'msf1'].includes(brand)) return { mime: 'image/heic', ext: '.heic', variants: { '.heif': 'image/heif' } }
  if (brand === 'qt  ') return { mime: 'video/quicktime', ext: '.mov' }
  if (brand.startsWith('3g')) return { mime: 'video/3gpp', ext: '.3gp' }
  if (brand === 'M4A ' || brand === 'M4B ') return { mime: 'audio/mp4', ext: '.m4a' }
  return { mime: 'video/mp4', ext: '.mp4', variants: { '.m4v': 'video/x-m4v', '.m4a': 'audio/mp4' } }
}

/** RIFF containers: WebP, WAVE, AVI. */
function riff (head: Uint8Array): ContentType | null {
  if (!hasAscii(head, 'RIFF')) return null
  if (hasAscii(head, 'WEBP', 8)) return { mime: 'image/webp', ext: '.webp' }
  if (hasAscii(head, 'WAVE', 8)) return { mime: 'audio/wav', ext: '.wav' }
  if (hasAscii(head, 'AVI ', 8)) return { mime: 'video/x-msvideo', ext: '.avi' }
  return null
}

/** Matroska and WebM share EBML; the doctype tells them apart. */
function ebml (head: Uint8Array): ContentType | null {
  if (!startsWith(head, [0x1a, 0x45, 0xdf, 0xa3])) return null
  return containsAscii(head, 'webm', 64) ? { mime: 'video/webm', ext: '.webm' } : { mime: 'video/x-matroska', ext: '.mkv' }
}

function ogg (head: Uint8Array): ContentType | null {
  if (!hasAscii(head, 'OggS')) return null
  return containsAscii(head, 'theora', 64) ? { mime: 'video/ogg', ext: '.ogv' } : { mime: 'audio/ogg', ext: '.ogg', variants: { '.oga': 'audio/ogg', '.opus': 'audio/ogg' } }
}

/** MPEG audio frame sync (11 set bits) with a real layer; ADTS (AAC) has layer 0. */
function mpegAudio (head: Uint8Array): ContentType | null {
  if (hasAscii(head, 'ID3')) return { mime: 'audio/mpeg', ext: '.mp3' }
  const [first, second] = [head[0], head[1]]
  if (first !== 0xff || second === undefined || (second & 0xe0) !== 0xe0) return null
  return (second & 0x06) === 0 ? { mime: 'audio/aac', ext: '.aac' } : { mime: 'audio/mpeg', ext: '.mp3' }
}

/** "BM" alone is too weak (text can start with it): the DIB header size must be a known one. */
function bitmap (head: Uint8Array): ContentType | null {
  if (!hasAscii(head, 'BM') || head.length < 18) return null
  const dibSize = Buffer.from(head.subarray(14, 18)).readUInt32LE(0)
  return [12, 40, 52, 56, 64, 108, 124].includes(dibSize) ? { mime: 'image/bmp', ext: '.bmp' } : null
}

const OFFICE_OPEN_XML = {
  '.docx': 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  '.xlsx': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  '.pptx': 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  '.odt': 'application/vnd.oasis.opendocument.text',
  '.ods': 'application/vnd.oasis.opendocument.spreadsheet',
  '.odp': 'application/vnd.oasis.opendocument.presentation',
  '.epub': 'application/epub+zip'
}

const LEGACY_OFFICE = {
  '.doc': 'application/msword',
  '.xls': 'application/vnd.ms-excel',
  '.ppt': 'application/vnd.ms-powerpoint',
  '.msg': 'application/vnd.ms-outlook'
}

const CHECKS: readonly Check[] = [
  head => startsWith(head, [0xff, 0xd8, 0xff]) ? { mime: 'image/jpeg', ext: '.jpg', variants: { '.jpeg': 'image/jpeg', '.jpe': 'image/jpeg' } } : null,
  head => startsWith(head, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]) ? { mime: 'image/png', ext: '.png' } : null,
  head => hasAscii(head, 'GIF87a') || hasAscii(head, 'GIF89a') ? { mime: 'image/gif', ext: '.gif' } : null,
  head => startsWith(head, [0x49, 0x49, 0x2a, 0x00]) || startsWith(head, [0x4d, 0x4d, 0x00, 0x2a])
    ? { mime: 'image/tiff', ext: '.tiff', variants: { '.tif': 'image/tiff' } }
    : null,
  head => startsWith(head, [0x00, 0x00, 0x01, 0x00]) ? { mime: 'image/x-icon', ext: '.ico' } : null,
  bitmap,
  riff,
  isoMedia,
  ebml,
  ogg,
  head => hasAscii(head, 'fLaC') ? { mime: 'audio/flac', ext: '.flac' } : null,
  mpegAudio,
  head => hasAscii(head, '%PDF-') ? { mime: 'application/pdf', ext: '.pdf' } : null,
  head => startsWith(head, [0x50, 0x4b, 0x03, 0x04]) ? { mime: 'application/zip', ext: '.zip', variants: OFFICE_OPEN_XML } : null,
  head => startsWith(head, [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1])
    ? { mime: 'application/x-ole-storage', ext: '.bin', variants: LEGACY_OFFICE }
    : null,
  head => startsWith(head, [0x1f, 0x8b]) ? { mime: 'application/gzip', ext: '.gz', variants: { '.tgz': 'application/gzip' } } : null,
  head => startsWith(head, [0x37, 0x7a, 0xbc, 0xaf, 0x27, 0x1c]) ? { mime: 'application/x-7z-compressed', ext: '.7z' } : null
]

/** The binary type the bytes announce, or null when no signature matches. */
export function sniffSignature (head: Uint8Array): ContentType | null {
  for (const check of CHECKS) {
    const found = check(head)
    if (found !== null) return found
  }
  return null
}
