/**
 * A file's MIME type and stored extension, decided from its content, never from what the client claims. The
 * extension follows the content too: the static server types a file by its extension, so
 * a text file named `.png`, or an HTML page named anything, must never be stored under a
 * name a browser would render as an image or a page.
 */
import type { MediaKind } from '../content-types/definition.js'
import { sniffSignature } from './magic-bytes.js'

export type { MediaKind }

export interface DetectedType {
  mime: string
  ext: string
}

export { mediaKindOf } from '../content-types/media-kind.js'

export const SVG: DetectedType = { mime: 'image/svg+xml', ext: '.svg' }
export const PLAIN_TEXT: DetectedType = { mime: 'text/plain', ext: '.txt' }
const UNKNOWN_BINARY_MIME = 'application/octet-stream'

/** Text kinds whose extension is kept: none of them is rendered as active content. */
const PASSIVE_TEXT: Readonly<Record<string, string>> = {
  '.txt': 'text/plain',
  '.text': 'text/plain',
  '.log': 'text/plain',
  '.csv': 'text/csv',
  '.tsv': 'text/tab-separated-values',
  '.md': 'text/markdown',
  '.markdown': 'text/markdown',
  '.json': 'application/json',
  '.yaml': 'application/yaml',
  '.yml': 'application/yaml',
  '.srt': 'application/x-subrip',
  '.vtt': 'text/vtt'
}

/** Extensions a browser renders or runs: binary content of unknown type never keeps them. */
const ACTIVE_EXTENSIONS = new Set([
  '.htm', '.html', '.shtml', '.xhtml', '.xht', '.mht', '.mhtml', '.svg', '.svgz', '.xml', '.xsl', '.xslt',
  '.js', '.mjs', '.cjs', '.css', '.swf', '.wasm', '.php', '.pdf', '.appcache', '.manifest', '.webmanifest'
])

/**
 * What `head` (the file's first bytes) is. `claimedExt` (lower-case, from the client's
 * file name) only chooses among extensions of the same content. An SVG answer is a
 * candidate: the caller confirms it with an image decoder or falls back to text.
 */
export function detectType (head: Uint8Array, claimedExt: string): DetectedType {
  const signature = sniffSignature(head)
  if (signature !== null) {
    if (claimedExt === signature.ext) return { mime: signature.mime, ext: signature.ext }
    const variant = signature.variants?.[claimedExt]
    if (variant !== undefined) return { mime: variant, ext: claimedExt }
    return { mime: signature.mime, ext: signature.ext }
  }
  const text = asText(head)
  if (text === null) {
    const keep = /^\.[a-z0-9]{1,10}$/.test(claimedExt) && !ACTIVE_EXTENSIONS.has(claimedExt) && PASSIVE_TEXT[claimedExt] === undefined
    return { mime: UNKNOWN_BINARY_MIME, ext: keep ? claimedExt : '.bin' }
  }
  if (looksLikeSvg(text)) return SVG
  const passive = PASSIVE_TEXT[claimedExt]
  return passive === undefined ? PLAIN_TEXT : { mime: passive, ext: claimedExt }
}

/** C0 controls other than tab, newlines, form feed and escape do not occur in text. */
const BINARY_CONTROL = /[\u0000-\u0008\u000e-\u001a\u001c-\u001f]/

/** The head as text when it is UTF-8 without binary controls, else null. */
function asText (head: Uint8Array): string | null {
  try {
    // `stream` lets the head end in the middle of a multi-byte character.
    const text = new TextDecoder('utf-8', { fatal: true }).decode(head, { stream: true })
    return BINARY_CONTROL.test(text) ? null : text
  } catch {
    return null
  }
}

const SVG_START = /^\s*(?:<\?xml[^>]*\?>\s*)?(?:(?:<!--[\s\S]*?-->|<!doctype\s+svg[^>]*>)\s*)*<svg[\s>/]/i

function looksLikeSvg (text: string): boolean {
  return SVG_START.test(text)
}
