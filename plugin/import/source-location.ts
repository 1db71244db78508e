/**
 * What `--from` names: Strapi's database on PostgreSQL or MySQL/MariaDB (a URL), or on
 * SQLite (a file). Read once, with an error that shows the forms that work, and the words
 * for a source that cannot be reached. A password never appears in a message.
 */
import { StrapiSourceError } from '../errors.js'

export type SourceLocation =
  | { engine: 'postgres', url: string, shown: string }
  | { engine: 'mysql', url: URL, shown: string }
  | { engine: 'sqlite', path: string, shown: string }

const FORMS = 'postgres://user:password@host:5432/database, mysql://user:password@host:3306/database or sqlite:path/to/data.db'

/** The URL as messages show it: the password masked. */
function shownUrl (url: URL): string {
  const shown = new URL(url.href)
  if (shown.password !== '') shown.password = '***'
  return shown.href
}

function parsedUrl (from: string): URL {
  try {
    return new URL(from)
  } catch {
    throw new StrapiSourceError(`--from: not a URL (expected ${FORMS})`)
  }
}

export function sourceLocation (from: string): SourceLocation {
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(from)?.[1]?.toLowerCase()
  if (scheme === 'sqlite') {
    // The file follows `sqlite:`; `sqlite:///srv/data.db`, as URLs write an absolute path, names /srv/data.db.
    const path = from.slice('sqlite:'.length).replace(/^\/\/(?=.)/, '')
    if (path === '') throw new StrapiSourceError('--from: sqlite: needs the database file: sqlite:path/to/data.db (Strapi keeps it in .tmp/data.db)')
    return { engine: 'sqlite', path, shown: `sqlite:${path}` }
  }
  if (scheme === 'postgres' || scheme === 'postgresql') {
    return { engine: 'postgres', url: from, shown: shownUrl(parsedUrl(from)) }
  }
  if (scheme === 'mysql' || scheme === 'mariadb') {
    const url = parsedUrl(from)
    if (url.hostname === '') throw new StrapiSourceError(`--from: ${shownUrl(url)} names no host (expected ${FORMS})`)
    if (url.pathname.replace(/^\//, '') === '') throw new StrapiSourceError(`--from: ${shownUrl(url)} names no database: ${scheme}://user:password@host:3306/<database>`)
    return { engine: 'mysql', url, shown: shownUrl(url) }
  }
  // Only the scheme is shown: what follows it may hold a password.
  const what = scheme === undefined ? 'no scheme' : `"${scheme}:"`
  throw new StrapiSourceError(`--from: ${what} is not a Strapi database this importer reads (expected ${FORMS})`)
}

/**
 * Why a connection failed, in one line. Node reports a host whose every address refused as
 * an AggregateError with an empty message: its first error says it.
 */
export function failureReason (error: unknown): string {
  if (error instanceof AggregateError && error.message === '' && error.errors.length > 0) return failureReason(error.errors[0])
  if (error instanceof Error) return error.message !== '' ? error.message : String((error as { code?: unknown }).code ?? error.name)
  return String(error)
}

export function unreachable (location: SourceLocation, error: unknown): StrapiSourceError {
  return new StrapiSourceError(`--from: cannot connect to the Strapi database ${location.shown}: ${failureReason(error)}`)
}
