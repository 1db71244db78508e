/**
 * A single type in Strapi v5's format (docs/strapi-v5.md): `GET`, `PUT` and `DELETE
 * /<singularName>`, its one entry per locale read in a `status`, written published or as a
 * draft, deleted with an empty 204; `POST` is Strapi 5's 405.
 */
import type { ContentTypeModel } from '../../content-types/model.js'
import { NotFoundError } from '../../errors.js'
import { documentRows } from '../../repository/read/document-references.js'
import { entryBody } from '../../transform/envelope.js'
import { authorize } from '../core-handlers.js'
import {
  applyStatus, deleteRows, draftDeleteRefused, requestLocale, rowsToDelete, versionsIn, versionWrite, writesDraft
} from './v5-handlers.js'
import type { V5Handler } from './v5-handlers.js'
import { v5Tools } from './v5-tools.js'
import type { V5Context } from './v5-tools.js'

export interface V5SingleHandlers {
  find: V5Handler
  update: V5Handler
  delete: V5Handler
  /** Strapi 5 answers a single type's POST with a bare 405. */
  create: V5Handler
}

export function v5SingleHandlers (context: V5Context, model: ContentTypeModel): V5SingleHandlers {
  const tools = v5Tools(context, model)
  const defaultLocale = context.registry.i18n?.defaultLocale ?? null
  const rowsOf = async () => (await documentRows(context.db, [{ model, documentIds: null }])).get(model.uid)!

  return {
    async find (request) {
      const caller = authorize(request, model, 'find')
      const query = tools.entryQuery(request, caller)
      if (query === null) throw new NotFoundError()
      const data = await tools.repository(request).single(query.locale, query, context.reads.readOptions(request))
      if (data === null) throw new NotFoundError()
      return tools.answers(request).body(request, { kind: 'find', data, build: () => entryBody(data) })
    },
    async update (request) {
      const caller = authorize(request, model, 'update')
      const locale = requestLocale(context, model, request)
      const versions = versionsIn(await rowsOf(), locale)
      const body = await tools.v4Body(request, locale)
      const draft = writesDraft(model, request)
      applyStatus(model, draft, body.data)
      const repository = tools.repository(request)
      // A published entry: its versions are written as a collection type's (a draft beside it, or a publication).
      if (versions.published !== null) return await tools.written(request, caller, body, versionWrite(repository, draft, versions))
      return await tools.written(request, caller, body, async (written, writer) =>
        await repository.writeSingle({ body: written, context: { ...writer, ...(locale === null ? {} : { locale }) } }))
    },
    async delete (request, reply) {
      authorize(request, model, 'delete')
      if (writesDraft(model, request)) throw draftDeleteRefused()
      return await deleteRows(context, tools, model, request, reply, rowsToDelete(model, await rowsOf(), request, defaultLocale))
    },
    async create (_request, reply) {
      void reply.code(405).type('text/plain; charset=utf-8')
      return 'Method Not Allowed'
    }
  }
}
