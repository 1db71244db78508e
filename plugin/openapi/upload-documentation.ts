/**
 * The media plugin's routes (docs/media.md, 'Routes') in the OpenAPI document. They answer bare file
 * objects, not the `{ data, meta }` envelope, as Strapi's plugins answer, and parse their own multipart form
 * and query string, so their documentation is written here rather than validated.
 */
import { Type } from '@sinclair/typebox'
import type { TSchema } from '@sinclair/typebox'
import type { FastifySchema } from 'fastify'
import type { Registry } from '../content-types/registry.js'
import { schemaId } from '../../schemas/ids.js'
import { fieldsQuerySchema, filtersQuerySchema, paginationQuerySchema, sortQuerySchema } from '../../schemas/query.js'
import type { RouteDocumenter } from './route-documenter.js'
import { errorResponses, optionalProperties } from './route-documenter.js'

export const UPLOAD_TAG = 'Upload'

/** A file as the media routes answer it: `id` beside its fields, no `attributes` wrapper. */
function fileSchema (registry: Registry): TSchema {
  return Type.Intersect([
    Type.Object({ id: Type.Integer() }),
    Type.Unsafe({ $ref: `${schemaId(registry.file, 'Attributes')}#` })
  ], { description: 'A file: `size` in kB, `url` under /uploads, `formats` the resized images' })
}

const ID_PARAMS = Type.Object({ id: Type.Integer({ minimum: 1, description: 'The file id' }) })

const UPLOAD_FORM = Type.Object({
  files: Type.Array(Type.String({ format: 'binary' }), { description: 'The files to upload' }),
  fileInfo: Type.Optional(Type.String({ description: 'JSON `{ name, alternativeText, caption }`, one per file in order' })),
  ref: Type.Optional(Type.String({ description: 'Attach to an entry: the content type uid, e.g. `api::article.article`' })),
  refId: Type.Optional(Type.String({ description: 'Attach to an entry: its id' })),
  field: Type.Optional(Type.String({ description: 'Attach to an entry: its media attribute' }))
})

interface UploadRoute {
  operationId: string
  summary: string
  statuses: number[]
  document: FastifySchema
}

function uploadRoutes (registry: Registry): Record<string, UploadRoute> {
  const file = fileSchema(registry)
  const files = Type.Array(file)
  return {
    'POST /upload': {
      operationId: 'uploadFiles',
      summary: 'Upload files, or update a file\'s info with `?id=`',
      statuses: [400, 401, 403, 404, 413, 500],
      document: {
        consumes: ['multipart/form-data'],
        querystring: optionalProperties({ id: Type.Integer({ minimum: 1, description: 'Update this file\'s info (fileInfo) instead of uploading' }) }),
        body: UPLOAD_FORM,
        response: { 200: { ...files, description: 'The uploaded files, or the updated file' } }
      }
    },
    'GET /upload/files': {
      operationId: 'uploadFindFiles',
      summary: 'List files',
      statuses: [400, 401, 403, 500],
      document: {
        querystring: optionalProperties({
          fields: fieldsQuerySchema(registry.file),
          filters: filtersQuerySchema(registry.file),
          sort: sortQuerySchema(registry.file),
          pagination: paginationQuerySchema
        }),
        response: { 200: { ...files, description: 'The files' } }
      }
    },
    'GET /upload/files/:id': {
      operationId: 'uploadFindOneFile',
      summary: 'Get a file',
      statuses: [400, 401, 403, 404, 500],
      document: { params: ID_PARAMS, response: { 200: { ...file, description: 'The file' } } }
    },
    'DELETE /upload/files/:id': {
      operationId: 'uploadDeleteFile',
      summary: 'Delete a file (and its stored formats)',
      statuses: [400, 401, 403, 404, 500],
      document: { params: ID_PARAMS, response: { 200: { ...file, description: 'The deleted file' } } }
    }
  }
}

/** Documents the media routes, found by method and path under the content API prefix. */
export function uploadRouteDocumenter (registry: Registry, prefix: string): RouteDocumenter {
  const routes = uploadRoutes(registry)
  return ({ method, url, schema }) => {
    if (!url.startsWith(`${prefix}/`)) return undefined
    const route = routes[`${method} ${url.slice(prefix.length)}`]
    if (route === undefined) return undefined
    const { response, ...documented } = route.document
    return {
      operationId: route.operationId,
      tags: [UPLOAD_TAG],
      summary: route.summary,
      ...documented,
      ...schema,
      response: { ...response as Record<string, unknown>, ...errorResponses(route.statuses) }
    }
  }
}
