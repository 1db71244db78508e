/**
 * The handlers of a single type (Strapi's `GET`, `PUT` and `DELETE /api/<singularName>`):
 * its one entry — per locale when localized, chosen with `?locale=` — read, written
 * (updated when it exists, created otherwise) and deleted. They fill the CoreHandlers
 * shape so a host's controllers extend them as they do a collection's: `find` is the GET.
 */
import { NotFoundError } from '../errors.js'
import type { ContentTypeModel } from '../content-types/model.js'
import { deleteEntry } from '../repository/write.js'
import { singleEntryId, singleTypeLocale, writeSingleEntry } from '../repository/write-single.js'
import { entryBody } from '../transform/envelope.js'
import type { CoreContext, CoreHandlers } from './core-handlers.js'
import { authorize, handlerTools, writeContext } from './core-handlers.js'
import { requestQuery } from './request-query.js'

/** Routes a single type does not have. */
async function notARoute (): Promise<string> {
  throw new NotFoundError()
}

export function singleTypeHandlers (context: CoreContext, model: ContentTypeModel): CoreHandlers {
  const { registry, db, reader } = context
  const { entryQuery, writtenEntry, checkedBody } = handlerTools(context, model)
  const queryLocale = (request: Parameters<CoreHandlers['find']>[0]): string | null =>
    singleTypeLocale(registry, model, requestQuery(request).locale)

  return {
    async find (request) {
      const caller = authorize(request, model, 'find')
      const data = await reader.single(model, queryLocale(request), entryQuery(request, caller))
      if (data === null) throw new NotFoundError()
      return entryBody(data)
    },
    async update (request) {
      const caller = authorize(request, model, 'update')
      const query = entryQuery(request, caller, 'preview')
      const id = await writeSingleEntry(db, registry, model, checkedBody(request, caller), writeContext(caller, request, model))
      return await writtenEntry(query, id)
    },
    async delete (request) {
      const caller = authorize(request, model, 'delete')
      const id = await singleEntryId(db, model, queryLocale(request))
      if (id === null) throw new NotFoundError()
      const answer = await writtenEntry(entryQuery(request, caller, 'preview'), id)
      await deleteEntry(db, registry, model, id)
      return answer
    },
    findOne: notARoute,
    create: notARoute,
    createLocalization: notARoute
  }
}
