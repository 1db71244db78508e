/**
 * `/content-manager/relations` (docs/admin-api.md, 'Relations'): the targets a relation field
 * may link, and an entry's current links, paged.
 */
import type { FastifyInstance } from 'fastify'
import type { ComponentModel, ContentTypeModel } from '../../content-types/model.js'
import { isRecord } from '../../is-record.js'
import { compilePagination } from '../../query/pagination.js'
import { entryId, requestQuery } from '../../routes/request-query.js'
import { NotFoundError } from '../../errors.js'
import { candidatesQuery, linksQuery, relationOf } from '../content/relation-queries.js'
import { requireEntryAccess } from '../roles/ownership.js'
import { adminOf } from './authentication.js'
import type { ContentRoutesContext } from './collection-types.js'
import { pageText } from './collection-types.js'
import { sendJson } from './route-tools.js'

export function registerRelationRoutes (context: ContentRoutesContext) {
  const { db, registry, entries, queries } = context
  const sourceModel = (uid: string): ContentTypeModel | ComponentModel => {
    const model = registry.contentTypes.get(uid) ?? registry.components.get(uid)
    if (model === undefined) throw new NotFoundError(`${uid} is not a content type or component`)
    return model
  }
  return (scope: FastifyInstance): void => {
    scope.get('/content-manager/relations/:uid/:field', async (request, reply) => {
      const { uid, field } = request.params as { uid: string, field: string }
      const { target } = relationOf(queries, sourceModel(uid), field)
      await requireEntryAccess(db, { model: target, admin: adminOf(request), action: 'read' })
      const tree = candidatesQuery(queries, { target, query: requestQuery(request) })
      return await sendJson(reply, pageText(await entries.list(target, tree)))
    })
    scope.get('/content-manager/relations/:uid/:id/:field', async (request, reply) => {
      const { uid, field } = request.params as { uid: string, field: string }
      const model = registry.contentTypes.get(uid)
      // A component's uid too: the links of a component are read with its entry.
      if (model === undefined) throw new NotFoundError(`${uid} is not a content type`)
      const id = entryId(request)
      const { attribute, target } = relationOf(queries, model, field)
      await requireEntryAccess(db, { model, admin: adminOf(request), action: 'read', ids: [id] })
      const query = requestQuery(request)
      const pagination = compilePagination({ page: query.page ?? '1', pageSize: query.pageSize ?? '10' }, [], queries.pagination)
      const entry = JSON.parse(await entries.entry(model, id, linksQuery(queries, model, field, target))) as Record<string, unknown>
      const links = entry[field]
      if (!attribute.toMany) return await sendJson(reply, JSON.stringify({ data: isRecord(links) ? links : null }))
      const all = Array.isArray(links) ? links : []
      const { page, pageSize } = pagination.mode === 'page' ? pagination : { page: 1, pageSize: pagination.limit }
      const results = all.slice((page - 1) * pageSize, page * pageSize)
      return await reply.send({ results, pagination: { page, pageSize, pageCount: Math.ceil(all.length / pageSize), total: all.length } })
    })
  }
}
