/**
 * Loads the dataset into a fresh database: the plugin is opened in this process first (it
 * creates the tables), then the entries go in through the REST API or as direct INSERTs.
 */
import Fastify from 'fastify'
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

export async function loadDataset (databaseUrl: string, dataset: Dataset, loader: 'api' | 'sql'): Promise<LoadReport> {
  const started = performance.now()
  const app = Fastify({ logger: false })
  await app.register(contentApi, { schemas: EXAMPLE_SCHEMAS, database: { url: databaseUrl } })
  await app.ready()
  try {
    const ids = await withClient(databaseUrl, async client => loader === 'api'
      ? await loadWithApi(app, client, dataset)
      : await loadWithSql(client, dataset))
    await withClient(databaseUrl, async client => { await client.query('analyze') })
    return { ids, loader, seconds: (performance.now() - started) / 1000 }
  } finally {
    await app.close()
  }
}
