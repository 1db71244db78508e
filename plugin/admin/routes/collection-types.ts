/**
 * `/content-manager/collection-types/:uid` (docs/admin-api.md, 'Collection types'): the list,
 * the entry's reads and writes, publication and the bulk actions, each checked against the
 * admin's role before anything is read or written.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { ContentTypeModel } from '../../content-types/model.js'
import type { Registry } from '../../content-types/registry.js'
import { isRowId } from '../../content-types/row-ids.js'
import { ValidationError } from '../../errors.js'
import { isRecord } from '../../is-record.js'
import type { Database } from '../../repository/connection/database.js'
import { entryId, requestQuery } from '../../routes/request-query.js'
import type { ViewConfigurations } from '../configuration/configurations.js'
import { adminEntryQuery, adminListQuery, localeOf, relatedEntityOf, type AdminQueryContext } from '../content/admin-queries.js'
import type { AdminEntries, Page, WriteRequest } from '../content/entries.js'
import { listReach, requireEntryAccess } from '../roles/ownership.js'
import type { EntryAction } from '../roles/roles.js'
import { adminOf } from './authentication.js'
import { contentTypeParam, sendJson, type TypeKind } from './route-tools.js'

export interface ContentRoutesContext {
  db: Database
  registry: Registry
  entries: AdminEntries
  configurations: ViewConfigurations
  queries: AdminQueryContext
}

/** The page as text: the entries' JSON as PostgreSQL built it, with the pagination beside it. */
export function pageText (page: Page): string {
  return `{"results":${page.results},"pagination":${JSON.stringify(page.pagination)}}`
}

const MAX_BULK_IDS = 100

export function registerCollectionTypeRoutes (context: ContentRoutesContext) {
  const { db, registry, entries, configurations, queries } = context
  const entryQueries = new Map<string, ReturnType<typeof adminEntryQuery>>()
  const entryQuery = (model: ContentTypeModel): ReturnType<typeof adminEntryQuery> => {
    let query = entryQueries.get(model.uid)
    if (query === undefined) entryQueries.set(model.uid, query = adminEntryQuery(queries, model))
    return query
  }

  /** The type, the admin and its permission to do `action` (on `ids`, for the Author's own entries). */
  const allowed = async (request: FastifyRequest, kind: TypeKind, action: EntryAction, ids?: readonly number[]): Promise<WriteRequest> => {
    const model = contentTypeParam(registry, request, kind)
    const admin = adminOf(request)
    await requireEntryAccess(db, { model, admin, action, ...(ids === undefined ? {} : { ids }) })
    const locale = model.localized ? localeOf(requestQuery(request)) : undefined
    return { model, adminId: admin.id, log: request.log, query: entryQuery(model), ...(locale === undefined ? {} : { locale }) }
  }

  return (scope: FastifyInstance): void => {
    const base = '/content-manager/collection-types/:uid'
    scope.get(base, async (request, reply) => {
      const model = contentTypeParam(registry, request, 'collection')
      const admin = adminOf(request)
      await requireEntryAccess(db, { model, admin, action: 'read' })
      const query = requestQuery(request)
      // The stored settings are read only when the panel leaves the sort or page size out.
      const settings = typeof query.sort === 'string' && query.pageSize !== undefined
        ? configurations.base(model).settings
        : (await configurations.settingsOf(model)).settings
      const tree = adminListQuery(queries, { model, query, settings, admin: listReach(admin) })
      return await sendJson(reply, pageText(await entries.list(model, tree)))
    })
    scope.post(base, async (request, reply) => {
      const write = await allowed(request, 'collection', 'create')
      const localizationOf = write.model.localized ? relatedEntityOf(requestQuery(request)) : undefined
      if (localizationOf === 0) throw ValidationError.at(['relatedEntityId'], 'relatedEntityId must be an entry id')
      // A localization joins its source's group: the admin must be allowed to read that entry.
      if (localizationOf !== undefined) await requireEntryAccess(db, { model: write.model, admin: adminOf(request), action: 'read', ids: [localizationOf] })
      return await sendJson(reply, await entries.create(write, request.body, localizationOf === undefined ? {} : { localizationOf }))
    })
    scope.get(`${base}/:id`, async (request, reply) => {
      const id = entryId(request)
      const write = await allowed(request, 'collection', 'read', [id])
      return await sendJson(reply, await entries.entry(write.model, id, write.query))
    })
    scope.put(`${base}/:id`, async (request, reply) => {
      const id = entryId(request)
      const write = await allowed(request, 'collection', 'update', [id])
      return await sendJson(reply, await entries.update(write, id, request.body))
    })
    scope.delete(`${base}/:id`, async (request, reply) => {
      const id = entryId(request)
      const write = await allowed(request, 'collection', 'delete', [id])
      return await sendJson(reply, await entries.delete(write, id))
    })
    for (const [action, publish] of [['publish', true], ['unpublish', false]] as const) {
      scope.post(`${base}/:id/actions/${action}`, async (request, reply) => {
        const id = entryId(request)
        const write = await allowed(request, 'collection', 'publish', [id])
        return await sendJson(reply, await entries.publication(write, id, publish))
      })
    }
    scope.post(`${base}/actions/bulkDelete`, async (request) => {
      const ids = bulkIds(request.body)
      const write = await allowed(request, 'collection', 'delete', ids)
      return { count: await entries.bulkDelete(write, ids) }
    })
    for (const [action, publish] of [['bulkPublish', true], ['bulkUnpublish', false]] as const) {
      scope.post(`${base}/actions/${action}`, async (request) => {
        const ids = bulkIds(request.body)
        const write = await allowed(request, 'collection', 'publish', ids)
        return { count: await entries.bulkPublication(write, ids, publish) }
      })
    }
  }
}

/** `{ ids: [1, 2] }`: distinct positive ids, at most 100. */
function bulkIds (body: unknown): number[] {
  const ids = isRecord(body) ? body.ids : undefined
  if (!Array.isArray(ids) || ids.length === 0) throw ValidationError.at(['ids'], 'ids must be a non-empty list of entry ids')
  if (ids.length > MAX_BULK_IDS) throw ValidationError.at(['ids'], `ids must hold at most ${MAX_BULK_IDS} ids`)
  const numbers = ids.map(id => typeof id === 'string' && /^\d+$/.test(id) ? Number(id) : id)
  if (!numbers.every(id => typeof id === 'number' && isRowId(id))) throw ValidationError.at(['ids'], 'ids must be positive integer ids')
  return [...new Set(numbers as number[])]
}
