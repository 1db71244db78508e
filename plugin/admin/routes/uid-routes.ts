/** `POST /content-manager/uid/generate` and `/check-availability` (docs/admin-api.md, 'UIDs'). */
import type { FastifyInstance } from 'fastify'
import type { Registry } from '../../content-types/registry.js'
import { isRecord } from '../../is-record.js'
import type { Database } from '../../repository/connection/database.js'
import { checkAvailability, generateUid, uidField } from '../content/uids.js'

export function registerUidRoutes ({ db, registry }: { db: Database, registry: Registry }) {
  return (scope: FastifyInstance): void => {
    scope.post('/content-manager/uid/generate', async (request) => {
      const field = uidField(registry, request.body)
      return { data: await generateUid(db, field, (request.body as Record<string, unknown>).data) }
    })
    scope.post('/content-manager/uid/check-availability', async (request) => {
      const field = uidField(registry, request.body)
      return await checkAvailability(db, field, isRecord(request.body) ? request.body.value : undefined)
    })
  }
}
