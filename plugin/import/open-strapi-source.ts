/**
 * Opens Strapi's database wherever `--from` says it is. A site on PostgreSQL is read where it
 * is; a site on MySQL/MariaDB or SQLite is read once, in one snapshot, and copied into a
 * staging session (source-mirror.ts), then the engine is let go: from there on every engine
 * is read the same way. The drivers (mysql2, better-sqlite3) load only when their engine is named.
 */
import type { ImportProgress } from './progress-events.js'
import { sourceLocation } from './source-location.js'
import { mirrorSource } from './source-mirror.js'
import { stagingSession } from './staging-session.js'
import { openPostgresSource } from './strapi-source.js'
import type { StrapiSource } from './strapi-source.js'

export interface SourceOptions {
  /** The PostgreSQL server a MySQL or SQLite site is staged on (this app's); absent: an in-memory PGlite. */
  stagingUrl?: string
  /** Stage only these tables of a MySQL or SQLite site (reading its locales needs two). */
  tables?: readonly string[]
  batchSize?: number
  onProgress?: (event: ImportProgress) => void
}

export async function openStrapiSource (from: string, options: SourceOptions = {}): Promise<StrapiSource> {
  const location = sourceLocation(from)
  if (location.engine === 'postgres') return await openPostgresSource(location)
  const reader = location.engine === 'mysql'
    ? await (await import('./mysql-reader.js')).openMysqlReader(location)
    : await (await import('./sqlite-reader.js')).openSqliteReader(location)
  try {
    return await mirrorSource(reader, { ...options, openSession: async () => await stagingSession(options.stagingUrl) })
  } finally {
    await reader.close()
  }
}
