/**
 * Registers Strapi v5's content routes (docs/strapi-v5.md, 'Endpoints') for every content
 * type: `/<pluralName>` and `/<pluralName>/:id` (the id being a documentId), and a single
 * type's `/<singularName>`.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest, FastifySchema } from 'fastify'
import { ERROR_RESPONSE_ID } from '../../../schemas/index.js'
import type { ContentTypeModel } from '../../content-types/model.js'
import { v5OperationDocs } from '../../openapi/v5-documentation.js'
import { v5Handlers } from './v5-handlers.js'
import type { V5Handler } from './v5-handlers.js'
import { v5SingleHandlers } from './v5-single.js'
import type { V5Context } from './v5-tools.js'

/** Answers are JSON text rendered by PostgreSQL; only errors go through a serializer. The rest documents the operation. */
function schema (model: ContentTypeModel, operation: Parameters<typeof v5OperationDocs>[1], hide = false): FastifySchema {
  return {
    ...v5OperationDocs(model, operation),
    ...(hide ? { hide } : {}),
    response: {
      '4xx': { $ref: `${ERROR_RESPONSE_ID}#` },
      '5xx': { $ref: `${ERROR_RESPONSE_ID}#` }
    }
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
      app.get(url, { schema: schema(model, 'find') }, send(handlers.find))
      app.put(url, { schema: schema(model, 'update') }, send(handlers.update))
      app.delete(url, { schema: schema(model, 'delete') }, send(handlers.delete))
      // Strapi 5's 405, not an operation of the API.
      app.post(url, { schema: schema(model, 'create', true) }, send(handlers.create))
      continue
    }
    const handlers = v5Handlers(context, model)
    const list = `/${model.pluralName}`
    // The `/x/` alias of a list path is the same operation, documented once.
    for (const url of slashIgnored ? [list] : [list, `${list}/`]) {
      app.get(url, { schema: schema(model, 'find', url !== list) }, send(handlers.find))
      app.post(url, { schema: schema(model, 'create', url !== list) }, send(handlers.create))
    }
    const entry = `${list}/:id`
    app.get(entry, { schema: schema(model, 'findOne') }, send(handlers.findOne))
    app.put(entry, { schema: schema(model, 'update') }, send(handlers.update))
    app.delete(entry, { schema: schema(model, 'delete') }, send(handlers.delete))
  }
}
