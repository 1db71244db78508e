/**
 * Loads the dataset into a fresh database: the plugin is opened in this process first (it
 * creates the tables), then the entries go in through the REST API or as direct INSERTs.
 */
import Fastify from 'fastify'
import type pg from 'pg'
import contentApi from '../../plugin/index.js'
import { EXAMPLE_SCHEMAS } from '../config.js'
import type { Dataset } from '../dataset.js'
import { withClient } from '../database.js'
import { loadWithApi } from './api.js'
import type { LoadedIds } from './ids.js'
import { loadWithSql } from './sql.js'

export interface LoadReport {
  ids: LoadedIds
  loader: 'api' | 'sql'
  seconds: number
}

/**
 * `analyze: false` leaves the tables as a freshly written database has them: no planner
 * statistics, and autovacuum kept from gathering them until `analyzeTables` runs.
 */
export async function loadDataset (databaseUrl: string, dataset: Dataset, loader: 'api' | 'sql', options: { analyze: boolean }): Promise<LoadReport> {
  const started = performance.now()
  const app = Fastify({ logger: false })
  await app.register(contentApi, { schemas: EXAMPLE_SCHEMAS, database: { url: databaseUrl } })
  await app.ready()
  try {
    if (!options.analyze) await withClient(databaseUrl, async client => { await setAutovacuum(client, false) })
    const ids = await withClient(databaseUrl, async client => loader === 'api'
      ? await loadWithApi(app, client, dataset)
      : await loadWithSql(client, dataset))
    if (options.analyze) await analyzeTables(databaseUrl)
    return { ids, loader, seconds: (performance.now() - started) / 1000 }
  } finally {
    await app.close()
  }
}

async function setAutovacuum (client: pg.Client, enabled: boolean): Promise<void> {
  const tables = await client.query<{ name: string }>("select quote_ident(tablename) as name from pg_tables where schemaname = 'public'")
  for (const { name } of tables.rows) {
    await client.query(enabled ? `alter table ${name} reset (autovacuum_enabled)` : `alter table ${name} set (autovacuum_enabled = false)`)
  }
}

/** Planner statistics for every table, and autovacuum back on. */
export async function analyzeTables (databaseUrl: string): Promise<void> {
  await withClient(databaseUrl, async client => {
    await setAutovacuum(client, true)
    await client.query('analyze')
  })
}
