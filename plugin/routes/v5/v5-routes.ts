/**
 * Registers Strapi v5's content routes (docs/strapi-v5.md, 'Endpoints') for every content
 * type: `/<pluralName>` and `/<pluralName>/:id` (the id being a documentId), and a single
 * type's `/<singularName>`.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest, FastifySchema } from 'fastify'
import { ERROR_RESPONSE_ID } from '../../../schemas/index.js'
import { v5Handlers } from './v5-handlers.js'
import type { V5Handler } from './v5-handlers.js'
import { v5SingleHandlers } from './v5-single.js'
import type { V5Context } from './v5-tools.js'

/** Answers are JSON text rendered by PostgreSQL; only errors go through a serializer. */
const SCHEMA: FastifySchema = {
  response: {
    '4xx': { $ref: `${ERROR_RESPONSE_ID}#` },
    '5xx': { $ref: `${ERROR_RESPONSE_ID}#` }
  }
}

/** The handler's text is the body (an empty 204 and the 405 set their own status and type). */
function send (handler: V5Handler) {
  return (request: FastifyRequest, reply: FastifyReply): Promise<string> => {
    void reply.type('application/json; charset=utf-8')
    return handler(request, reply)
  }
}

export function registerV5Routes (app: FastifyInstance, context: V5Context): void {
  const trailingSlashIsSame = app.initialConfig as { ignoreTrailingSlash?: boolean, routerOptions?: { ignoreTrailingSlash?: boolean } }
  const slashIgnored = trailingSlashIsSame.ignoreTrailingSlash === true || trailingSlashIsSame.routerOptions?.ignoreTrailingSlash === true
  for (const model of context.registry.contentTypes.values()) {
    if (model.single) {
      const handlers = v5SingleHandlers(context, model)
      const url = `/${model.singularName}`
      app.get(url, { schema: SCHEMA }, send(handlers.find))
      app.put(url, { schema: SCHEMA }, send(handlers.update))
      app.delete(url, { schema: SCHEMA }, send(handlers.delete))
      app.post(url, { schema: SCHEMA }, send(handlers.create))
      continue
    }
    const handlers = v5Handlers(context, model)
    const list = `/${model.pluralName}`
    for (const url of slashIgnored ? [list] : [list, `${list}/`]) {
      app.get(url, { schema: SCHEMA }, send(handlers.find))
      app.post(url, { schema: SCHEMA }, send(handlers.create))
    }
    const entry = `${list}/:id`
    app.get(entry, { schema: SCHEMA }, send(handlers.findOne))
    app.put(entry, { schema: SCHEMA }, send(handlers.update))
    app.delete(entry, { schema: SCHEMA }, send(handlers.delete))
  }
}
