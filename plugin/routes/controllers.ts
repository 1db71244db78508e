/**
 * The `controllers` option at work (its types: options/controllers): a host replaces or wraps
 * any of the five handlers of a content type and receives the core ones. The core handlers
 * keep every permission check and sanitisation, so an extension cannot bypass them.
 */
import type { FastifyReply, FastifyRequest } from 'fastify'
import type { ControllerHandler, CoreApi } from '../options/controllers.js'
import type { CoreHandlers } from './core-handlers.js'

export function coreApi (handlers: CoreHandlers): CoreApi {
  return {
    find: async (request, options) => JSON.parse(await handlers.find(request, options)),
    findOne: async (request) => JSON.parse(await handlers.findOne(request)),
    create: async (request) => JSON.parse(await handlers.create(request)),
    update: async (request) => JSON.parse(await handlers.update(request)),
    delete: async (request) => JSON.parse(await handlers.delete(request))
  }
}

/** A custom handler's return value is the answer, unless it replied itself. */
export function customRoute (handler: ControllerHandler) {
  return async (request: FastifyRequest, reply: FastifyReply): Promise<unknown> => {
    const result = await handler(request, reply)
    if (reply.sent) return reply
    return result
  }
}
