/**
 * Server (b), the ceiling: bare Fastify and a `pg` Pool running one hand-written statement
 * per scenario that builds the whole answer in PostgreSQL and returns it as text. Nothing
 * is parsed, checked or transformed in Node: the physical limit of this architecture.
 */
import Fastify from 'fastify'
import pg from 'pg'
import type { CeilingQuery } from '../ceiling/reads.js'
import { ceilingReads } from '../ceiling/reads.js'
import { setBasedCeilingReads } from '../ceiling/set-reads.js'
import type { CreateInput, UpdateInput } from '../ceiling/writes.js'
import { createStatement, updateStatement } from '../ceiling/writes.js'
import { deleteStatement } from '../ceiling/deletes.js'
import { keepBackendHeap } from '../../plugin/repository/connection/backend-heap.js'
import type { Fixture } from '../fixture.js'
import { requireEnv, runServer, serveBenchmark } from './child.js'

runServer(async () => {
  const fixture = JSON.parse(requireEnv('BENCH_FIXTURE')) as Fixture
  const prepared = process.env.BENCH_CEILING_PREPARED !== '0'
  const pool = new pg.Pool({ connectionString: requireEnv('BENCH_DATABASE_URL'), max: Number(requireEnv('BENCH_POOL_SIZE')) })
  // The plugin's connection warm-up, so neither side's backends re-fault their heap per large
  // read (before, the correlated routes got it only by sharing backends with the set-based ones).
  keepBackendHeap(pool)
  const run = async (name: string, { sql, params }: CeilingQuery): Promise<string | undefined> => {
    const result = await pool.query<{ body: string }>(prepared ? { name, text: sql, values: params } : { text: sql, values: params })
    return result.rows[0]?.body
  }
  const app = Fastify({ logger: false })
  app.addHook('onClose', async () => { await pool.end() })
  const json = 'application/json; charset=utf-8'

  // The set-based statement where one exists; the correlated one stays measurable beside it.
  const correlated = ceilingReads(fixture)
  const reads: Array<[string, string, CeilingQuery]> = Object.entries({ ...correlated, ...setBasedCeilingReads() }).map(([name, query]) => ['ceiling', name, query])
  for (const name of Object.keys(setBasedCeilingReads())) reads.push(['ceiling-correlated', name, correlated[name]!])
  for (const [prefix, name, query] of reads) {
    app.get(`/${prefix}/${name}`, async (_request, reply) => {
      const body = await run(`${prefix}-${name}`, query)
      return body === undefined ? await reply.status(404).send() : await reply.type(json).send(body)
    })
  }
  app.post('/ceiling/create', async (request, reply) => {
    const { data } = request.body as { data: CreateInput }
    return await reply.type(json).send(await run('create', createStatement(data)))
  })
  app.put('/ceiling/update/:id', async (request, reply) => {
    const { data } = request.body as { data: UpdateInput }
    const body = await run('update', updateStatement(Number((request.params as { id: string }).id), data))
    return body === undefined ? await reply.status(404).send() : await reply.type(json).send(body)
  })
  app.delete('/ceiling/delete/:id', async (request, reply) => {
    const body = await run('delete', deleteStatement(Number((request.params as { id: string }).id)))
    return body === undefined ? await reply.status(404).send() : await reply.type(json).send(body)
  })
  await serveBenchmark(app, { count: () => null, reset: () => {} })
})
