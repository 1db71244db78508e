/**
 * One statement on a checked-out pg connection, through pg's callback form.
 *
 * Not `await client.query(config)`: with that promise (pg 8.23, Node 22) a light read's
 * objects outlived young-generation collections and were promoted, costing CPU on every
 * request; with this wrapper they die young, as with `pool.query`. Why one shape promotes
 * and another does not was not pinned down, so keep this shape unless `--trace-gc` under
 * load says otherwise (benchmarks/journal/2026-11-25.md, "where the light read's time went").
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
