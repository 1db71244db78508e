/**
 * `/content-manager/single-types/:uid` (docs/admin-api.md, 'Single types'): the one entry (per
 * locale) read, written (created when missing), deleted, published and unpublished.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { NotFoundError } from '../../errors.js'
import { requestQuery } from '../../routes/request-query.js'
import { singleTypeLocale } from '../../repository/write/single.js'
import type { Repositories } from '../../repository/repositories.js'
import { adminEntryQuery, localeOf } from '../content/admin-queries.js'
import type { WriteRequest } from '../content/entries.js'
import { requireEntryAccess } from '../roles/ownership.js'
import type { EntryAction } from '../roles/roles.js'
import { adminOf } from './authentication.js'
import type { ContentRoutesContext } from './collection-types.js'
import { contentTypeParam, sendJson } from './route-tools.js'

export interface SingleRoutesContext extends ContentRoutesContext {
  repositories: Repositories
}

export function registerSingleTypeRoutes (context: SingleRoutesContext) {
  const { db, registry, entries, queries, repositories } = context

  /** The type, its entry's id in the request's locale (null: none yet), checked against the admin's role. */
  const single = async (request: FastifyRequest, action: EntryAction): Promise<{ write: WriteRequest, id: number | null }> => {
    const model = contentTypeParam(registry, request, 'single')
    const admin = adminOf(request)
    const locale = singleTypeLocale({ registry, model, sent: localeOf(requestQuery(request)) })
    const id = await repositories.for(model).singleId(locale)
    await requireEntryAccess(db, { model, admin, action: id === null && action === 'update' ? 'create' : action, ...(id === null ? {} : { ids: [id] }) })
    const write: WriteRequest = { model, adminId: admin.id, log: request.log, query: adminEntryQuery(queries, model), ...(locale === null ? {} : { locale }) }
    return { write, id }
  }
  const existing = (id: number | null): number => {
    if (id === null) throw new NotFoundError()
    return id
  }

  return (scope: FastifyInstance): void => {
    const base = '/content-manager/single-types/:uid'
    scope.get(base, async (request, reply) => {
      const { write, id } = await single(request, 'read')
      return await sendJson(reply, await entries.entry(write.model, existing(id), write.query))
    })
    scope.put(base, async (request, reply) => {
      const { write } = await single(request, 'update')
      return await sendJson(reply, await entries.writeSingle(write, request.body))
    })
    scope.delete(base, async (request, reply) => {
      const { write, id } = await single(request, 'delete')
      return await sendJson(reply, await entries.delete(write, existing(id)))
    })
    for (const [action, publish] of [['publish', true], ['unpublish', false]] as const) {
      scope.post(`${base}/actions/${action}`, async (request, reply) => {
        const { write, id } = await single(request, 'publish')
        return await sendJson(reply, await entries.publication(write, existing(id), publish))
      })
    }
  }
}
