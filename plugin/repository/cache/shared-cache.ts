/**
 * The response cache shared by every node of one database: answers kept per process,
 * dropped when PostgreSQL tells (LISTEN/NOTIFY) that a table they read changed. On the
 * embedded database the process is the only writer, so its own writes are all there is to
 * hear of.
 */
import type { Database } from '../connection/database.js'
import { IDEMPOTENCY_ENTITY } from '../write/idempotency.js'
import { installChangeTriggers, listenForChanges } from './change-feed.js'
import type { ChangeListener } from './change-feed.js'
import { ResponseCache } from './response-cache.js'
import type { ResponseCacheLimits } from './response-cache.js'

export interface SharedCache {
  cache: ResponseCache
  close: () => Promise<void>
}

/** Every table of the model: what a compiled read may read. */
function contentTables (db: Database): string[] {
  return [...db.orm.getMetadata().getAll().values()]
    .filter(meta => meta.className !== IDEMPOTENCY_ENTITY && !meta.embeddable && meta.tableName !== undefined)
    .map(meta => meta.tableName)
}

export async function openSharedCache (db: Database, limits: ResponseCacheLimits, url: string | undefined): Promise<SharedCache> {
  const cache = new ResponseCache(limits)
  if (url === undefined) return { cache, close: async () => {} }
  await installChangeTriggers(async sql => await db.query(sql, []), contentTables(db))
  cache.trust(false)
  const listener: ChangeListener = listenForChanges(url, {
    changed: table => { cache.invalidate([table]) },
    listening: listening => { cache.trust(listening) }
  })
  return { cache, close: async () => { await listener.close() } }
}
