/**
 * Which tables changed, told by PostgreSQL itself (docs/production.md, 'Caches across processes'): a statement-level trigger on
 * every content table sends `NOTIFY fca_changes, '<table>'`, delivered at commit to every
 * process listening on the same database — so a cached answer is dropped on every node,
 * whether the write came through the API or through plain SQL. One connection per process
 * listens; while it is down changes may go unseen, so the cache is told not to trust itself
 * until the connection is back.
 */
import pg from 'pg'
import { identifier } from '../../sql/index.js'

const CHANNEL = 'fca_changes'
const FUNCTION = 'fca_notify_change'
const RECONNECT_MS = 1_000

type RunStatement = (sql: string) => Promise<unknown>

/** Creates (or replaces) the notifying function and one trigger per table. */
export async function installChangeTriggers (run: RunStatement, tables: readonly string[]): Promise<void> {
  await run(`create or replace function ${FUNCTION}() returns trigger language plpgsql as $$ ` +
    `begin perform pg_notify('${CHANNEL}', TG_TABLE_NAME); return null; end $$`)
  for (const table of tables) {
    await run(`create or replace trigger ${FUNCTION} after insert or update or delete or truncate on ${identifier(table)} ` +
      `for each statement execute function ${FUNCTION}()`)
  }
}

export interface ChangeListener {
  close: () => Promise<void>
}

export interface ChangeHandlers {
  changed: (table: string) => void
  /** false: changes may be missed from now on; true: listening (again). */
  listening: (listening: boolean) => void
}

export function listenForChanges (url: string, handlers: ChangeHandlers): ChangeListener {
  let client: pg.Client | null = null
  let closed = false
  let timer: NodeJS.Timeout | undefined
  const retry = (): void => {
    handlers.listening(false)
    client = null
    if (!closed) timer = setTimeout(() => { void connect() }, RECONNECT_MS)
  }
  const connect = async (): Promise<void> => {
    const next = new pg.Client({ connectionString: url, application_name: 'fastify-content-api listener', keepAlive: true })
    let failed = false
    const fail = (): void => {
      if (failed) return
      failed = true
      void next.end().catch(() => {})
      retry()
    }
    next.on('error', fail)
    next.on('end', fail)
    next.on('notification', message => {
      if (message.channel === CHANNEL && message.payload !== undefined) handlers.changed(message.payload)
    })
    try {
      await next.connect()
      await next.query(`listen ${CHANNEL}`)
    } catch {
      fail()
      return
    }
    if (closed) {
      await next.end().catch(() => {})
      return
    }
    client = next
    handlers.listening(true)
  }
  void connect()
  return {
    close: async () => {
      closed = true
      clearTimeout(timer)
      await client?.end().catch(() => {})
    }
  }
}
