/** Registers the endpoints of spec 4.1 for every content type. */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import type { CoreContext, CoreHandler } from './core-handlers.js'
import { coreHandlers } from './core-handlers.js'

function send (handler: CoreHandler) {
  return async (request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply> => {
    const body = await handler(request)
    return await reply.type('application/json; charset=utf-8').send(body)
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
      app.get(url, send(handlers.find))
      app.post(url, send(handlers.create))
    }
    app.get(entry, send(handlers.findOne))
    app.put(entry, send(handlers.update))
    app.delete(entry, send(handlers.delete))
  }
}
