/** What the admin API's route modules share: the content type a path names, and JSON text answers. */
import type { FastifyReply, FastifyRequest } from 'fastify'
import type { ComponentModel, ContentTypeModel } from '../../content-types/model.js'
import type { Registry } from '../../content-types/registry.js'
import { NotFoundError } from '../../errors.js'

export type TypeKind = 'collection' | 'single'

/** The content type of `:uid`; 404 for an unknown uid, or one of the other kind. */
export function contentTypeParam (registry: Registry, request: FastifyRequest, kind: TypeKind): ContentTypeModel {
  const uid = (request.params as { uid?: string }).uid ?? ''
  const model = registry.contentTypes.get(uid)
  if (model === undefined || model.single !== (kind === 'single')) throw new NotFoundError(`Content type ${uid} not found`)
  return model
}

/** The content type of `:uid`, of either kind. */
export function anyContentTypeParam (registry: Registry, request: FastifyRequest): ContentTypeModel {
  const uid = (request.params as { uid?: string }).uid ?? ''
  const model = registry.contentTypes.get(uid)
  if (model === undefined) throw new NotFoundError(`Content type ${uid} not found`)
  return model
}

export function componentParam (registry: Registry, request: FastifyRequest): ComponentModel {
  const uid = (request.params as { uid?: string }).uid ?? ''
  const model = registry.components.get(uid)
  if (model === undefined) throw new NotFoundError(`Component ${uid} not found`)
  return model
}

/** Sends JSON text built by PostgreSQL as it is, never parsed in Node. */
export async function sendJson (reply: FastifyReply, text: string): Promise<FastifyReply> {
  return await reply.type('application/json; charset=utf-8').send(text)
}
