/**
 * Names of uploaded files. The display `name` keeps what the user called the file, minus
 * anything that could act on a path or a terminal; the stored name is the `hash`, made only
 * of ASCII letters, digits and `_`, so `<dir>/<hash><ext>` can never leave the folder.
 */
import { randomBytes } from 'node:crypto'

const MAX_NAME_LENGTH = 255
const MAX_HASH_BASE_LENGTH = 80
/** C0/C1 controls and the bidirectional overrides that make `gpj.exe` read as `exe.jpg`. */
const UNSAFE_CHARACTERS = /[\u0000-\u001f\u007f-\u009f\u200e\u200f\u202a-\u202e\u2066-\u2069]/g

/** A file name as given by a client → a display name without path, `..` or controls. */
export function cleanFileName (raw: string): string {
  const lastSegment = raw.split(/[/\\]/).pop() ?? ''
  const cleaned = lastSegment
    .normalize('NFC')
    .replace(UNSAFE_CHARACTERS, '')
    .replace(/\.{2,}/g, '.')
    .trim()
    .replace(/^\.+/, '')
  const name = cleaned === '' ? 'file' : cleaned
  if (name.length <= MAX_NAME_LENGTH) return name
  const ext = extensionOf(name)
  return name.slice(0, MAX_NAME_LENGTH - ext.length) + ext
}

/** The lower-case extension of a name (`.jpg`), or '' when it has none worth the name. */
export function extensionOf (name: string): string {
  const match = /\.([A-Za-z0-9]{1,10})$/.exec(name)
  return match === null || match.index === 0 ? '' : `.${match[1]!.toLowerCase()}`
}

/** `Été à Paris.JPG` → `Ete_a_Paris_3f9a1c02be`: unique per upload, safe in any path or URL. */
export function fileHash (name: string): string {
  const ext = extensionOf(name)
  const base = (ext === '' ? name : name.slice(0, -ext.length))
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^A-Za-z0-9]+/g, '_')
    .slice(0, MAX_HASH_BASE_LENGTH)
    .replace(/^_+|_+$/g, '')
  return `${base === '' ? 'file' : base}_${randomBytes(5).toString('hex')}`
}
