/**
 * The five generated handlers of a content type (spec 4.1). Each answers the response
 * body as JSON text; writes answer the written entry re-read through the compiled path.
 */
import type { FastifyRequest } from 'fastify'
import type { ContentTypeModel } from '../content-types/model.js'
import type { Registry } from '../content-types/registry.js'
import { NotFoundError } from '../errors.js'
import type { ResolvedOptions } from '../options.js'
import { compileEntryQuery, compileListQuery } from '../query/compile-query.js'
import type { EntryQuery } from '../query/tree.js'
import type { Database } from '../repository/database.js'
import type { Reader } from '../repository/reader.js'
import { createEntry, deleteEntry, updateEntry } from '../repository/write.js'
import { entryBody, listBody, listMeta } from '../transform/envelope.js'
import { entryId, requestQuery } from './request-query.js'

export interface CoreContext {
  registry: Registry
  db: Database
  reader: Reader
  options: ResolvedOptions
}

export type CoreHandler = (request: FastifyRequest) => Promise<string>

export interface CoreHandlers {
  find: CoreHandler
  findOne: CoreHandler
  create: CoreHandler
  update: CoreHandler
  delete: CoreHandler
}

export function coreHandlers (context: CoreContext, model: ContentTypeModel): CoreHandlers {
  const { registry, db, reader, options } = context

  /** Writes answer what was written, drafts included. */
  const writtenEntry = async (request: FastifyRequest, id: number): Promise<string> => {
    const query: EntryQuery = { ...compileEntryQuery(registry, model, requestQuery(request)), publicationState: 'preview' }
    const data = await reader.entry(model, id, query)
    if (data === null) throw new NotFoundError()
    return entryBody(data)
  }

  return {
    async find (request) {
      const tree = compileListQuery(registry, model, requestQuery(request), options.pagination)
      const { data, total } = await reader.list(model, tree)
      return listBody(data, listMeta(tree.pagination, total))
    },
    async findOne (request) {
      const id = entryId(request)
      const data = await reader.entry(model, id, compileEntryQuery(registry, model, requestQuery(request)))
      if (data === null) throw new NotFoundError()
      return entryBody(data)
    },
    async create (request) {
      requestQuery(request)
      const id = await createEntry(db, registry, model, request.body)
      return await writtenEntry(request, id)
    },
    async update (request) {
      const id = entryId(request)
      requestQuery(request)
      await updateEntry(db, registry, model, id, request.body)
      return await writtenEntry(request, id)
    },
    async delete (request) {
      const id = entryId(request)
      const answer = await writtenEntry(request, id)
      await deleteEntry(db, registry, model, id)
      return answer
    }
  }
}
