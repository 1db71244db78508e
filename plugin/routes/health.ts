/**
 * `GET /_health` (the process answers: liveness) and `GET /_ready` (the database answers
 * too: readiness), for load balancers and orchestrators (docs/production.md, 'Health'). Not under the API
 * prefix and never behind permissions: a probe carries no token.
 */
import type { FastifyInstance } from 'fastify'
import type { Database } from '../repository/connection/database.js'

/** A readiness probe must answer quickly even when the database hangs. */
const READY_TIMEOUT_MS = 2_000

export function registerHealthRoutes (app: FastifyInstance, db: Database): void {
  app.get('/_health', async () => ({ status: 'ok' }))
  app.get('/_ready', async (request, reply) => {
    try {
      await db.query('select 1', [], { signal: AbortSignal.timeout(READY_TIMEOUT_MS) })
      return { status: 'ready' }
    } catch (error) {
      request.log.warn({ err: error }, 'readiness check failed')
      return await reply.status(503).header('retry-after', '1').send({ status: 'unavailable' })
    }
  })
}
