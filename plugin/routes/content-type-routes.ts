/** Registers the endpoints of docs/api.md, 'Endpoints', for every content type. */
import type { FastifyInstance, FastifyReply, FastifyRequest, FastifySchema } from 'fastify'
import type { ContentTypeModel } from '../content-types/model.js'
import { ERROR_RESPONSE_ID, schemaId } from '../../schemas/index.js'
import { operationDocs, successVariant } from '../openapi/operations.js'
import type { ContentOperation } from '../openapi/operations.js'
import type { ControllerFactory, HandlerName } from '../options/controllers.js'
import type { CoreContext, CoreHandler, CoreHandlers } from './core-handlers.js'
import { coreHandlers } from './core-handlers.js'
import { IgnoredKeyLog } from './ignored-key-log.js'
import { RenderedAnswers } from './rendered-answers.js'
import { singleTypeHandlers } from './single-type-handlers.js'
import { coreApi, customRoute } from './controllers.js'

export interface RoutesContext extends Omit<CoreContext, 'ignoredKeys' | 'answers'> {
  controllers: Record<string, ControllerFactory>
}

/** The route handlers of a content type: the host's extensions where given, the core otherwise. */
type RouteHandler = (request: FastifyRequest, reply: FastifyReply) => Promise<unknown>

function routeHandlers (handlers: CoreHandlers, factory: ControllerFactory | undefined): Record<keyof CoreHandlers, RouteHandler> {
  const custom = factory?.({ core: coreApi(handlers), apiFormat: 'v4' }) ?? {}
  const pick = (name: HandlerName): RouteHandler => {
    const replacement = custom[name]
    return replacement === undefined ? send(handlers[name]) : customRoute(replacement)
  }
  return {
    find: pick('find'),
    findOne: pick('findOne'),
    create: pick('create'),
    update: pick('update'),
    delete: pick('delete'),
    createLocalization: send(handlers.createLocalization)
  }
}

/**
 * The body is returned, not awaited through `reply.send()`: while an `onSend` hook is
 * pending a reply is not sent when `send()` returns, so awaiting it makes Fastify watch the
 * response's end-of-stream (listeners added and removed per request, a cost on every cache
 * hit) and keeps the handler pending until the socket has taken the body. Nor is it
 * awaited here: the handler's own promise goes to Fastify, one layer less per request (an
 * error answer is JSON of this type too).
 */
function send (handler: CoreHandler) {
  return (request: FastifyRequest, reply: FastifyReply): Promise<string> => {
    void reply.type('application/json; charset=utf-8')
    return handler(request)
  }
}

/** Answers are rendered by PostgreSQL; these schemas document them (and type errors). */
function responses (model: ContentTypeModel, success: ReturnType<typeof successVariant>): FastifySchema {
  return {
    response: {
      200: { $ref: `${schemaId(model, success)}#` },
      '4xx': { $ref: `${ERROR_RESPONSE_ID}#` },
      '5xx': { $ref: `${ERROR_RESPONSE_ID}#` }
    }
  }
}

/** `hide`: the `/x/` alias of a list path is the same operation, documented once. */
function routeSchema (model: ContentTypeModel, operation: ContentOperation, { hide = false }: { hide?: boolean } = {}): FastifySchema {
  const documentation = { ...operationDocs(model, operation), ...(hide ? { hide } : {}) }
  return { ...documentation, ...responses(model, successVariant(model, operation)) }
}

export function registerContentTypeRoutes (app: FastifyInstance, routes: RoutesContext): void {
  // One memory of logged keys, and one of sent bodies, for every content type of this plugin instance.
  const context = { ...routes, ignoredKeys: new IgnoredKeyLog(), answers: new RenderedAnswers() }
  // With the host's ignoreTrailingSlash the router already maps `/x/` to `/x`.
  const trailingSlashIsSame = app.initialConfig as { ignoreTrailingSlash?: boolean, routerOptions?: { ignoreTrailingSlash?: boolean } }
  const slashIgnored = trailingSlashIsSame.ignoreTrailingSlash === true || trailingSlashIsSame.routerOptions?.ignoreTrailingSlash === true
  for (const model of context.registry.contentTypes.values()) {
    if (model.single) {
      registerSingleTypeRoutes(app, model, routeHandlers(singleTypeHandlers(context, model), context.controllers[model.uid]))
      continue
    }
    const handlers = routeHandlers(coreHandlers(context, model), context.controllers[model.uid])
    const list = `/${model.pluralName}`
    const entry = `${list}/:id`
    const listPaths = slashIgnored ? [list] : [list, `${list}/`]
    for (const url of listPaths) {
      app.get(url, { schema: routeSchema(model, 'find', { hide: url !== list }) }, handlers.find)
      app.post(url, { schema: routeSchema(model, 'create', { hide: url !== list }) }, handlers.create)
    }
    app.get(entry, { schema: routeSchema(model, 'findOne') }, handlers.findOne)
    app.put(entry, { schema: routeSchema(model, 'update') }, handlers.update)
    app.delete(entry, { schema: routeSchema(model, 'delete') }, handlers.delete)
    if (model.localized) app.post(`${entry}/localizations`, { schema: routeSchema(model, 'createLocalization') }, handlers.createLocalization)
  }
}

/** `GET`, `PUT` and `DELETE /<singularName>`: a single type's one entry. */
function registerSingleTypeRoutes (app: FastifyInstance, model: ContentTypeModel, handlers: Record<keyof CoreHandlers, RouteHandler>): void {
  const url = `/${model.singularName}`
  app.get(url, { schema: routeSchema(model, 'find') }, handlers.find)
  app.put(url, { schema: routeSchema(model, 'update') }, handlers.update)
  app.delete(url, { schema: routeSchema(model, 'delete') }, handlers.delete)
}
