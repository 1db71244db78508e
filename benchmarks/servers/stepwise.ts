/**
 * Server (d), optional: the stepwise ceiling. Bare Fastify and a `pg` Pool like the ceiling,
 * no ORM and no checks, but each write sends the plugin's statement sequence (stepwise/)
 * instead of one statement: its req/s is the best any implementation of that sequence can
 * reach, so stepwise/ceiling prices the round trips and plugin/stepwise our Node-side code.
 * It counts its statements, so the runner can show that the sequence is the plugin's.
 */
import Fastify from 'fastify'
import pg from 'pg'
import type { CreateInput, UpdateInput } from '../ceiling/writes.js'
import { createStepwise } from '../stepwise/create.js'
import { StatementSender } from '../stepwise/statements.js'
import { updateStepwise } from '../stepwise/update.js'
import { requireEnv, runServer, serveBenchmark } from './child.js'
import { keepBackendHeap } from '../../plugin/repository/connection/backend-heap.js'

runServer(async () => {
  const sender = new StatementSender(process.env.BENCH_CEILING_PREPARED !== '0')
  const pool = new pg.Pool({ connectionString: requireEnv('BENCH_DATABASE_URL'), max: Number(requireEnv('BENCH_POOL_SIZE')) })
  keepBackendHeap(pool)
  const app = Fastify({ logger: false })
  app.addHook('onClose', async () => { await pool.end() })
  const json = 'application/json; charset=utf-8'

  app.post('/stepwise/create', async (request, reply) => {
    const { data } = request.body as { data: CreateInput }
    return await reply.type(json).send(await createStepwise(pool, sender, data))
  })
  app.put('/stepwise/update/:id', async (request, reply) => {
    const { data } = request.body as { data: UpdateInput }
    const body = await updateStepwise(pool, sender, Number((request.params as { id: string }).id), data)
    return body === null ? await reply.status(404).send() : await reply.type(json).send(body)
  })
  await serveBenchmark(app, { count: () => sender.sent, reset: () => { sender.reset() } })
})
