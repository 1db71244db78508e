/**
 * What the OpenAPI document says about a content-type route beyond its Fastify schema.
 * The query string, the `:id` parameter and the body are checked by the plugin itself (qs
 * under limits, its own error envelope), so their schemas must not reach Fastify's
 * validation: they are added here, in the copy of the route schema that swagger reads.
 */
import { Type } from '@sinclair/typebox'
import type { FastifySchema } from 'fastify'
import type { ContentTypeModel } from '../content-types/model.js'
import type { Registry } from '../content-types/registry.js'
import { operationQuerySchemas } from '../../schemas/query.js'
import { schemaId } from '../../schemas/ids.js'
import { inputSchemaId } from '../../schemas/input.js'
import type { ContentOperation } from './operations.js'
import { modelOperations, operationId, successVariant } from './operations.js'
import type { RouteDocumenter } from './route-documenter.js'
import { errorResponses, optionalProperties } from './route-documenter.js'

interface DocumentedOperation {
  model: ContentTypeModel
  operation: ContentOperation
}

const ERROR_STATUSES: Record<ContentOperation, number[]> = {
  find: [400, 401, 403, 500, 503],
  findOne: [400, 401, 403, 404, 500, 503],
  create: [400, 401, 403, 413, 500, 503],
  update: [400, 401, 403, 404, 413, 500, 503],
  delete: [400, 401, 403, 404, 500, 503],
  createLocalization: [400, 401, 403, 404, 413, 500, 503]
}

const SUCCESS_DESCRIPTIONS: Record<ContentOperation, string> = {
  find: 'The entries and the pagination',
  findOne: 'The entry',
  create: 'The created entry',
  update: 'The updated entry',
  delete: 'The deleted entry',
  createLocalization: 'The created localization, bare as Strapi v4 answers it'
}

const QUERY_KIND: Record<ContentOperation, 'list' | 'entry' | 'write'> = {
  find: 'list', findOne: 'entry', create: 'write', update: 'write', delete: 'write', createLocalization: 'write'
}

const ID_PARAMS = Type.Object({ id: Type.Integer({ minimum: 1, description: 'The entry id' }) })

/** A body whose schema the document does not know under either name is documented loosely, not as a broken reference. */
const LOOSE_BODY = Type.Object({
  data: Type.Object({}, { additionalProperties: true, description: 'The attributes to write' })
}, { description: 'The entry to write, under `data`' })

function responses (model: ContentTypeModel, operation: ContentOperation): Record<string, unknown> {
  const success = successVariant(model, operation)
  const documented: Record<string, unknown> = {
    200: { $ref: `${schemaId(model, success)}#`, description: SUCCESS_DESCRIPTIONS[operation] }
  }
  return { ...documented, ...errorResponses(ERROR_STATUSES[operation]) }
}

function requestBody (model: ContentTypeModel, operation: ContentOperation, knownSchemas: Record<string, unknown>): unknown {
  if (operation === 'createLocalization') {
    const id = inputSchemaId(model.uid, 'localization')
    return Object.hasOwn(knownSchemas, id) ? { $ref: `${id}#` } : LOOSE_BODY
  }
  const variant = operation === 'update' ? 'update' : 'create'
  const candidates = [schemaId(model, variant === 'create' ? 'CreateRequest' : 'UpdateRequest'), inputSchemaId(model.uid, variant)]
  const id = candidates.find(candidate => Object.hasOwn(knownSchemas, candidate))
  return id === undefined ? LOOSE_BODY : { $ref: `${id}#` }
}

function documentedSchema (
  schema: FastifySchema, { model, operation }: DocumentedOperation, knownSchemas: Record<string, unknown>
): FastifySchema {
  const documented: FastifySchema = {
    ...schema,
    querystring: optionalProperties(operationQuerySchemas(model, model.single && operation === 'find' ? 'entry' : QUERY_KIND[operation])),
    response: responses(model, operation)
  }
  if (operation !== 'find' && operation !== 'create' && !model.single) documented.params = ID_PARAMS
  const hasBody = operation === 'create' || operation === 'update' || operation === 'createLocalization'
  if (hasBody && schema.body === undefined) documented.body = requestBody(model, operation, knownSchemas)
  return documented
}

/** Documents the routes of every content type, found by their operationId. */
export function contentRouteDocumenter (registry: Registry): RouteDocumenter {
  const byOperationId = new Map<string, DocumentedOperation>()
  for (const model of registry.contentTypes.values()) {
    for (const operation of modelOperations(model)) byOperationId.set(operationId(model, operation), { model, operation })
  }
  return ({ schema, knownSchemas }) => {
    const documented = schema.operationId === undefined ? undefined : byOperationId.get(schema.operationId)
    return documented === undefined ? undefined : documentedSchema(schema, documented, knownSchemas)
  }
}
