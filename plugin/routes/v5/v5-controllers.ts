/**
 * The `controllers` option on the v5 routes (docs/options.md, 'Controllers'): the same
 * contract as on v4's, a host replacing or wrapping a content type's handlers and receiving
 * the core ones, whose answers are v5's `{ data, meta }` with entries keyed by documentId.
 * The core handlers keep every permission check, so an extension cannot bypass them.
 */
import type { FastifyReply, FastifyRequest } from 'fastify'
import type { ControllerFactory, CoreAnswer, CoreApi, HandlerName } from '../../options/controllers.js'
import { customRoute } from '../controllers.js'
import type { V5Handler } from './v5-handlers.js'

export type V5RouteHandler = (request: FastifyRequest, reply: FastifyReply) => Promise<unknown>

/**
 * The reply of each request a controller is handling: v5's handlers set their status on it
 * (a delete's 204), and a controller's `core.x(request)` passes only the request.
 */
const controllerReplies = new WeakMap<FastifyRequest, FastifyReply>()

/** The body is the handler's JSON text (an empty 204 and the 405 set their own status and type). */
export function sendV5 (handler: V5Handler) {
  return (request: FastifyRequest, reply: FastifyReply): Promise<string> => {
    void reply.type('application/json; charset=utf-8')
    return handler(request, reply)
  }
}

/** A delete answers Strapi 5's empty 204: its parsed answer is `{ data: null, meta: {} }`. */
function parsed (text: string): CoreAnswer {
  return text === '' ? { data: null, meta: {} } : JSON.parse(text) as CoreAnswer
}

function v5CoreApi (handlers: Record<HandlerName, V5Handler>): CoreApi {
  const call = (name: HandlerName) => async (request: FastifyRequest): Promise<CoreAnswer> => {
    const reply = controllerReplies.get(request)
    if (reply === undefined) throw new TypeError(`core.${name}() takes the request of the controller it is called in`)
    void reply.type('application/json; charset=utf-8')
    return parsed(await handlers[name](request, reply))
  }
  return { find: call('find'), findOne: call('findOne'), create: call('create'), update: call('update'), delete: call('delete') }
}

/**
 * The route handler of each action: the host's where its factory gives one, the core's
 * otherwise. `routes`: the actions that are routes of this type (a single type's POST is
 * Strapi 5's 405, never a controller's).
 */
export function v5RouteHandlers (
  handlers: Record<HandlerName, V5Handler>, factory: ControllerFactory | undefined
): Record<HandlerName, V5RouteHandler> {
  const custom = factory?.({ core: v5CoreApi(handlers), apiFormat: 'v5' }) ?? {}
  const pick = (name: HandlerName): V5RouteHandler => {
    const replacement = custom[name]
    if (replacement === undefined) return sendV5(handlers[name])
    const route = customRoute(replacement)
    return async (request, reply) => {
      controllerReplies.set(request, reply)
      return await route(request, reply)
    }
  }
  return { find: pick('find'), findOne: pick('findOne'), create: pick('create'), update: pick('update'), delete: pick('delete') }
}
