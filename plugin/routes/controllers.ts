/**
 * The `controllers` option (DECISIONS §2): a host replaces or wraps any of the five
 * handlers of a content type and receives the core ones. The core handlers keep every
 * permission check and sanitisation, so an extension cannot bypass them.
 */
import type { FastifyReply, FastifyRequest } from 'fastify'
import type { CoreHandlers, FindOptions, HandlerName } from './core-handlers.js'

export type ControllerHandler = (request: FastifyRequest, reply: FastifyReply) => Promise<unknown>

/** An answer of a core handler, parsed: `{ data, meta }` (DECISIONS §3). */
export interface CoreAnswer {
  data: unknown
  meta: Record<string, unknown>
}

/** The core handlers as a controller sees them: answers as objects. */
export interface CoreApi {
  find: (request: FastifyRequest, options?: FindOptions) => Promise<CoreAnswer>
  findOne: (request: FastifyRequest) => Promise<CoreAnswer>
  create: (request: FastifyRequest) => Promise<CoreAnswer>
  update: (request: FastifyRequest) => Promise<CoreAnswer>
  delete: (request: FastifyRequest) => Promise<CoreAnswer>
}

export type ControllerFactory = (context: { core: CoreApi }) => Partial<Record<HandlerName, ControllerHandler>>

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
