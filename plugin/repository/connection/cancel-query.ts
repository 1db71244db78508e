/**
 * PostgreSQL's cancel request for the statement a pooled connection is running: sent on a
 * short connection of its own (the protocol's way: it needs no free pool slot and no login),
 * identified by the session's process id and secret key. Best effort: if it cannot be
 * delivered, the statement timeout still ends the statement.
 */
import pg from 'pg'
import type { PoolClient } from 'pg'

interface SessionKey {
  processID?: number | null
  secretKey?: number | null
  host?: string
  port?: number
}

interface CancelConnection {
  on: (event: string, listener: (...args: unknown[]) => void) => void
  connect: (port: number, host: string) => void
  cancel: (processID: number, secretKey: number) => void
  end: () => void
}

export function cancelRunningStatement (client: PoolClient): void {
  const { processID, secretKey, host, port } = client as unknown as SessionKey
  if (processID == null || secretKey == null || host === undefined || port === undefined) return
  const connection = new (pg as unknown as { Connection: new () => CancelConnection }).Connection()
  connection.on('error', () => {})
  connection.on('connect', () => { connection.cancel(processID, secretKey) })
  connection.connect(port, host)
}
