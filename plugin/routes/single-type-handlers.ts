/**
 * The handlers of a single type (Strapi's `GET`, `PUT` and `DELETE /api/<singularName>`):
 * its one entry — per locale when localized, chosen with `?locale=` — read, written
 * (updated when it exists, created otherwise) and deleted. They fill the CoreHandlers
 * shape so a host's controllers extend them as they do a collection's: `find` is the GET.
 */
import { NotFoundError } from '../errors.js'
import type { ContentTypeModel } from '../content-types/model.js'
import { singleTypeLocale } from '../repository/write/single.js'
import { entryBody } from '../transform/envelope.js'
import type { CoreContext, CoreHandlers } from './core-handlers.js'
import { authorize, handlerTools } from './core-handlers.js'
import { requestQuery } from './request-query.js'

/** Routes a single type does not have. */
async function notARoute (): Promise<string> {
  throw new NotFoundError()
}

export function singleTypeHandlers (context: CoreContext, model: ContentTypeModel): CoreHandlers {
  const { registry } = context
  const repository = context.repositories.for(model)
  const { entryQuery, written, deleted } = handlerTools(context, model)
  const queryLocale = (request: Parameters<CoreHandlers['find']>[0]): string | null =>
    singleTypeLocale({ registry, model, sent: requestQuery(request).locale })

  return {
    async find (request) {
      const caller = authorize(request, model, 'find')
      const data = await repository.single(queryLocale(request), entryQuery(request, caller), context.reads.readOptions(request))
      if (data === null) throw new NotFoundError()
      return context.answers.body(request, { kind: 'find', data, build: () => entryBody(data) })
    },
    async update (request) {
      const caller = authorize(request, model, 'update')
      return await written({ request, caller, write: async (body, writer) => await repository.writeSingle({ body, context: writer }) })
    },
    async delete (request) {
      const caller = authorize(request, model, 'delete')
      const id = await repository.singleId(queryLocale(request))
      if (id === null) throw new NotFoundError()
      return await deleted(request, caller, id)
    },
    findOne: notARoute,
    create: notARoute,
    createLocalization: notARoute
  }
}
