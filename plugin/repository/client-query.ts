/**
 * One statement on a checked-out pg connection, through pg's callback form.
 *
 * Not `await client.query(config)`: on pg 8.23 / Node 22 the promise that form returns kept
 * about 2 KB per request alive through young-generation collections (a light read's request,
 * reply and handler frames were promoted to the old generation: the heap grew by ~1 MB per
 * scavenge and then needed full collections), where the callback form, which `pool.query`
 * uses, let them die young. The light read (`GET /api/articles/:id`) spent ~30 µs more CPU
 * per request that way (benchmarks/README.md, 2026-11-25 "where the light read's time went").
 */
import type { PoolClient, QueryConfig, QueryResult, QueryResultRow } from 'pg'

export async function clientQuery<R extends QueryResultRow> (client: PoolClient, config: QueryConfig): Promise<QueryResult<R>> {
  return await new Promise((resolve, reject) => {
    client.query<R>(config, (error: Error | undefined, result: QueryResult<R>) => {
      if (error === undefined || error === null) resolve(result)
      else reject(error)
    })
  })
}
