/** Registers the endpoints of spec 4.1 for every content type. */
import type { FastifyInstance, FastifyReply, FastifyRequest, FastifySchema } from 'fastify'
import type { ContentTypeModel } from '../content-types/model.js'
import { ERROR_RESPONSE_ID, schemaId } from '../../schemas/index.js'
import type { CoreContext, CoreHandler } from './core-handlers.js'
import { coreHandlers } from './core-handlers.js'

function send (handler: CoreHandler) {
  return async (request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply> => {
    const body = await handler(request)
    return await reply.type('application/json; charset=utf-8').send(body)
  }
}

/** Answers are rendered by PostgreSQL; these schemas document them (and type errors). */
function responses (model: ContentTypeModel, success: 'ListResponse' | 'EntryResponse'): FastifySchema {
  return {
    response: {
      200: { $ref: `${schemaId(model, success)}#` },
      '4xx': { $ref: `${ERROR_RESPONSE_ID}#` },
      '5xx': { $ref: `${ERROR_RESPONSE_ID}#` }
    }
  }
}

export function registerContentTypeRoutes (app: FastifyInstance, context: CoreContext): void {
  // With the host's ignoreTrailingSlash the router already maps `/x/` to `/x`.
  const trailingSlashIsSame = (app.initialConfig as { ignoreTrailingSlash?: boolean, routerOptions?: { ignoreTrailingSlash?: boolean } })
  const slashIgnored = trailingSlashIsSame.ignoreTrailingSlash === true || trailingSlashIsSame.routerOptions?.ignoreTrailingSlash === true
  for (const model of context.registry.contentTypes.values()) {
    const handlers = coreHandlers(context, model)
    const list = `/${model.pluralName}`
    const entry = `${list}/:id`
    const listPaths = slashIgnored ? [list] : [list, `${list}/`]
    for (const url of listPaths) {
      app.get(url, { schema: responses(model, 'ListResponse') }, send(handlers.find))
      app.post(url, { schema: responses(model, 'EntryResponse') }, send(handlers.create))
    }
    const one = responses(model, 'EntryResponse')
    app.get(entry, { schema: one }, send(handlers.findOne))
    app.put(entry, { schema: one }, send(handlers.update))
    app.delete(entry, { schema: one }, send(handlers.delete))
  }
}
