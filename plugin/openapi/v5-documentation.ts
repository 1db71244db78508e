/**
 * What the OpenAPI document says of Strapi v5's content routes (docs/strapi-v5.md), where
 * that format is served at `prefix`: each operation named as v4's are, its `documentId`
 * path parameter, its query parameters (`status`, v5's `locale`), its body (relations by
 * documentId: schemas/input.ts, `v5InputSchemas`), and its answers by the
 * content type's v5 schemas (`ArticleV5ListResponse`, schemas/v5-entry.ts), or with the
 * `Strapi-Response-Format: v4` header its v4 ones (docs/openapi.md, 'The v5 format').
 */
import { Type } from '@sinclair/typebox'
import type { FastifySchema } from 'fastify'
import type { ContentTypeModel } from '../content-types/model.js'
import type { Registry } from '../content-types/registry.js'
import { schemaId } from '../../schemas/ids.js'
import { inputSchemaId } from '../../schemas/input.js'
import { v5OperationQuerySchemas } from '../../schemas/query.js'
import type { ContentOperation } from './operations.js'
import { contentTypeTag, modelOperations, operationId } from './operations.js'
import type { RouteDocumenter } from './route-documenter.js'
import { errorResponses, optionalProperties } from './route-documenter.js'

type V5Operation = Exclude<ContentOperation, 'createLocalization'>

const article = (name: string): string => /^[aeiou]/i.test(name) ? `an ${name}` : `a ${name}`

const SUMMARIES: Record<V5Operation, (name: string) => string> = {
  find: name => `List ${name} entries`,
  findOne: name => `Get ${article(name)} document`,
  create: name => `Create ${article(name)} document`,
  update: name => `Update ${article(name)} document`,
  delete: name => `Delete ${article(name)} document`
}

const DESCRIPTIONS: Record<V5Operation, string> = {
  find: 'Flat entries `{ id, documentId, ...fields }`; relations, media, components and dynamic zones appear only when populated.',
  findOne: 'The document\'s entry in `locale` and `status`: 404 when it has none.',
  create: 'Published at once unless `status=draft`. Relations name documents by documentId. Answers 201 with the entry.',
  update: 'Partial; publishes the document unless `status=draft`, which writes its draft (beside the published version of a published document: docs/strapi-v5.md). ' +
    'A `locale` the document does not have yet is made.',
  delete: 'Deletes the document\'s entry in `locale` (`*`: every locale); 204 with no body, also when there is none.'
}

const SINGLE: Partial<Record<V5Operation, { summary: (name: string) => string, description: string }>> = {
  find: { summary: name => `Get the ${name} entry`, description: 'A single type: 404 until it is written (or in `status=published` while it is a draft).' },
  update: { summary: name => `Write the ${name} entry`, description: 'Updates the entry, or creates it when there is none yet; publishes unless `status=draft`.' },
  delete: { summary: name => `Delete the ${name} entry`, description: '204 with no body.' }
}

/** The documentation keys of a v5 route schema (Fastify ignores them): the operation as v4's routes name theirs. */
export function v5OperationDocs (model: ContentTypeModel, operation: V5Operation): FastifySchema {
  const single = model.single ? SINGLE[operation] : undefined
  return {
    operationId: operationId(model, operation),
    tags: [contentTypeTag(model)],
    summary: single?.summary(model.displayName) ?? SUMMARIES[operation](model.displayName),
    description: single?.description ?? DESCRIPTIONS[operation]
  }
}

/** The header asking for v4's shape (the same read or write otherwise). */
const RESPONSE_FORMAT_HEADERS = Type.Object({
  'strapi-response-format': Type.Optional(Type.Literal('v4', { description: "`v4`: the answer in Strapi v4's shape (`{ id, documentId, attributes }`, links in `{ data }`)" }))
})

/** v5's answer, or v4's shape where the header asks for it. */
function answer (model: ContentTypeModel, list: boolean, description: string): Record<string, unknown> {
  const [v5, v4] = list ? [schemaId(model, 'V5ListResponse'), schemaId(model, 'ListResponse')] : [schemaId(model, 'V5EntryResponse'), schemaId(model, 'EntryResponse')]
  return { description: `${description} (with \`Strapi-Response-Format: v4\`, in v4's shape)`, anyOf: [{ $ref: `${v5}#` }, { $ref: `${v4}#` }] }
}

/** The type's v5 write body (schemas/input.ts, `v5InputSchemas`): relations by documentId. */
function body (model: ContentTypeModel, operation: 'create' | 'update'): unknown {
  return { $ref: `${inputSchemaId(model.uid, operation, 'v5')}#` }
}
const DOCUMENT_PARAMS = Type.Object({ id: Type.String({ description: 'The documentId' }) })

const ERROR_STATUSES: Record<V5Operation, number[]> = {
  find: [400, 401, 403, 500, 503],
  findOne: [400, 401, 403, 404, 500, 503],
  create: [400, 401, 403, 413, 500, 503],
  update: [400, 401, 403, 404, 413, 500, 503],
  delete: [400, 401, 403, 500, 503]
}

function responses (model: ContentTypeModel, operation: V5Operation): Record<string, unknown> {
  const success: Record<string, unknown> =
    operation === 'delete' ? { 204: { description: 'Deleted (or nothing to delete)', type: 'null' } }
      : operation === 'create' ? { 201: answer(model, false, 'The created entry') }
        : operation === 'find' && !model.single ? { 200: answer(model, true, 'The entries and the pagination') }
          : { 200: answer(model, false, 'The entry') }
  return { ...success, ...errorResponses(ERROR_STATUSES[operation]) }
}

/** Documents the v5 routes of every content type, found by their operationId. */
export function v5RouteDocumenter (registry: Registry): RouteDocumenter {
  const byOperationId = new Map<string, { model: ContentTypeModel, operation: V5Operation }>()
  for (const model of registry.contentTypes.values()) {
    for (const operation of modelOperations(model)) {
      if (operation !== 'createLocalization') byOperationId.set(operationId(model, operation), { model, operation })
    }
  }
  return ({ schema }) => {
    const found = schema.operationId === undefined ? undefined : byOperationId.get(schema.operationId)
    if (found === undefined) return undefined
    const { model, operation } = found
    const kind = operation === 'find' && !model.single ? 'list' : operation === 'find' || operation === 'findOne' || operation === 'delete' ? 'entry' : 'write'
    const documented: FastifySchema = {
      ...schema, querystring: optionalProperties(v5OperationQuerySchemas(model, kind)), headers: RESPONSE_FORMAT_HEADERS, response: responses(model, operation)
    }
    if (!model.single && operation !== 'find' && operation !== 'create') documented.params = DOCUMENT_PARAMS
    if (operation === 'create' || operation === 'update') documented.body = body(model, operation)
    return documented
  }
}
