/**
 * The `controllers` option as a host writes it (docs/options.md, 'Controllers'): a factory per
 * content type that receives the core handlers and may replace or wrap any of the five.
 * Declared with the other options, beneath the routes that carry it out.
 */
import type { FastifyReply, FastifyRequest } from 'fastify'
import type { ApiFormat } from './api-format.js'
import type { ContentAction } from './permissions.js'

/** The handlers a host's controllers may replace: one per content action. */
export type HandlerName = ContentAction

export interface FindOptions {
  /** Attach `createdBy`/`updatedBy` (docs/access-control.md, 'Admin users and creator fields'); honoured only on types with populateCreatorFields. */
  creatorFields?: boolean
}

export type ControllerHandler = (request: FastifyRequest, reply: FastifyReply) => Promise<unknown>

/** An answer of a core handler, parsed: `{ data, meta }` (docs/api.md, 'Entries'). */
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

/**
 * Called once per mount of the content routes (with `alsoServe`, once per format): `apiFormat`
 * tells which format `core` answers in (v5: flat entries keyed by documentId).
 */
export type ControllerFactory = (context: { core: CoreApi, apiFormat: ApiFormat }) => Partial<Record<HandlerName, ControllerHandler>>
