/**
 * Where a read runs: a healthy replica when the read allows it, else the primary; heavy reads
 * take turns for a share of the primary's pool. Counts where the replica-eligible reads went.
 */
import type { Database, DatabaseOptions, QueryOptions, Row } from './database.js'
import { sessionSettings } from './orm-setup.js'
import { ReadGate } from './read-gate.js'
import { openReplicaSet } from './replicas.js'
import type { ReplicaSettings } from './replicas.js'
import { serverRunner } from './statement-runners.js'
import type { Runner } from './statement-runners.js'
import type { NameOf } from './statement-names.js'
import { isDatabaseUnavailable } from './unavailable.js'

export interface ReadRoutingOptions {
  options: DatabaseOptions
  embedded: boolean
  /** Runs a read on the primary. */
  run: Runner
  /** The reads' prepared statement names, shared by the primary and the replicas. */
  nameOf: NameOf
}

export type ReadRouting = Pick<Database, 'query' | 'readStats'> & { closeReplicas: () => Promise<void> }

export async function openReadRouting ({ options, embedded, run, nameOf }: ReadRoutingOptions): Promise<ReadRouting> {
  const replicas = embedded || (options.replicas ?? []).length === 0 ? null : await openReplicaSet(replicaSettings(options))
  const onQuery = options.onQuery
  let primaryReads = 0
  const readFromReplica = async (sql: string, params: readonly unknown[], signal: AbortSignal | undefined): Promise<Row[] | null> => {
    const replica = replicas?.pick() ?? null
    if (replica === null) return null
    try {
      const rows = await serverRunner(replica.pool, nameOf)(sql, params, signal)
      replica.reads += 1
      return rows
    } catch (error) {
      // A replica that cannot answer hands the read to the primary; a read cancelled or
      // timed out there would be as slow on the primary, so that one fails as it is.
      if (signal?.aborted === true || !isDatabaseUnavailable(error) || (error as { code?: unknown }).code === '57014') throw error
      replicas?.markDown(replica)
      return null
    }
  }
  // A quarter of the pool at most for heavy reads while ordinary ones run: they always find
  // a connection, and on a small server the heavy ones cannot take every core either. With no
  // ordinary read for a second, all but one connection, so heavy reads alone run at full
  // speed (benchmarks/journal/2026-11-24.md, "Load behaviour").
  const poolSize = options.poolSize ?? 10
  const heavyReads = new ReadGate({
    slots: Math.max(1, Math.floor(poolSize / 4)),
    aloneSlots: Math.max(1, poolSize - 1),
    aloneAfter: 1_000,
    wait: options.connectionTimeout ?? 5_000
  })
  const readReplicaFirst = async (sql: string, params: readonly unknown[], signal: AbortSignal | undefined): Promise<Row[]> => {
    const rows = await readFromReplica(sql, params, signal)
    if (rows !== null) return rows
    primaryReads += 1
    return await run(sql, params, signal)
  }
  // Not async: a read the primary answers hands the runner's promise on (see read/reader.ts).
  const read = (sql: string, params: readonly unknown[], queryOptions: QueryOptions | undefined): Promise<Row[]> => {
    const signal = typeof queryOptions?.signal === 'function' ? queryOptions.signal() : queryOptions?.signal
    if (queryOptions?.replica === true && replicas !== null) return readReplicaFirst(sql, params, signal)
    return run(sql, params, signal)
  }
  return {
    query: (sql, params, queryOptions) => {
      onQuery?.(sql)
      if (embedded) return read(sql, params, queryOptions)
      if (queryOptions?.heavy === true) return heavyReads.run(() => read(sql, params, queryOptions))
      heavyReads.ordinary()
      return read(sql, params, queryOptions)
    },
    readStats: () => ({
      primary: primaryReads,
      replicas: (replicas?.replicas ?? []).map(({ url, healthy, lag, reads }) => ({ url: withoutPassword(url), healthy, lag, reads }))
    }),
    closeReplicas: async () => { await replicas?.close() }
  }
}

function replicaSettings (options: DatabaseOptions): ReplicaSettings {
  return {
    urls: options.replicas ?? [],
    maxLag: options.replicaMaxLag ?? 2_000,
    checkInterval: options.replicaCheckInterval ?? 1_000,
    poolSize: options.poolSize ?? 10,
    connectionTimeout: options.connectionTimeout ?? 5_000,
    sessionOptions: sessionSettings(options)
  }
}

function withoutPassword (url: string): string {
  try {
    const parsed = new URL(url)
    parsed.password = ''
    return parsed.toString()
  } catch {
    return '(unparseable url)'
  }
}
