/**
 * The handlers of a collection type in Strapi v5's format (docs/strapi-v5.md): entries keyed
 * by documentId, one entry per locale of a document, `status` instead of publicationState.
 * Reads are one statement each, as in v4; a write by documentId first finds the document's
 * rows (one statement), then writes the version its status names.
 */
import type { FastifyReply, FastifyRequest } from 'fastify'
import { isDocumentId } from '../../content-types/documents.js'
import type { ContentTypeModel } from '../../content-types/model.js'
import { NotFoundError, ValidationError } from '../../errors.js'
import { compileStatus, EVERY_LOCALE } from '../../query/v5-query.js'
import { documentRows } from '../../repository/read/document-references.js'
import type { DocumentRow } from '../../repository/read/document-references.js'
import { entryBody, listBody, listMeta } from '../../transform/envelope.js'
import { createOnce, sweepCounter } from '../../repository/write/idempotency.js'
import { authorize } from '../core-handlers.js'
import { idempotencyKeyOf } from '../idempotency-key.js'
import { requestQuery } from '../request-query.js'
import type { ContentRepository } from '../../repository/repositories.js'
import { v5Tools } from './v5-tools.js'
import type { V5Context, V5EntryWrite, V5Tools } from './v5-tools.js'

export type V5Handler = (request: FastifyRequest, reply: FastifyReply) => Promise<string>

export interface V5Handlers {
  find: V5Handler
  findOne: V5Handler
  create: V5Handler
  update: V5Handler
  delete: V5Handler
}

/** The `:id` of the path: a documentId in v5 (anything else names no document). */
export function documentIdOf (request: FastifyRequest): string {
  return (request.params as { id?: string }).id ?? ''
}

/** The locale a write or delete is about (localized types): `?locale=`, else the default one. */
export function requestLocale (context: V5Context, model: ContentTypeModel, request: FastifyRequest): string | null {
  if (!model.localized) return null
  const raw = requestQuery(request).locale
  return typeof raw === 'string' ? raw : context.registry.i18n!.defaultLocale
}

/** `status` of a write: a draft only on draftAndPublish types. */
export function writesDraft (model: ContentTypeModel, request: FastifyRequest): boolean {
  return model.draftAndPublish && compileStatus(requestQuery(request).status) === 'draft'
}

/** `DELETE ?status=draft` is refused, as Strapi 5 refuses it (Δ: as a 400, not its 500). */
export function draftDeleteRefused (): ValidationError {
  return new ValidationError('Cannot delete a draft document')
}

/** Makes `body` publish the entry (`status` absent or `published`: Strapi 5 publishes at each such write) or keep it a draft. */
export function applyStatus (model: ContentTypeModel, draft: boolean, data: Record<string, unknown>): void {
  if (!model.draftAndPublish) return
  data.publishedAt = draft ? null : new Date().toISOString()
}

/** A document's rows in one locale: its published row and its draft (either may be missing). */
export interface LocaleVersions {
  published: DocumentRow | null
  draft: DocumentRow | null
  /** Whether the document has entries in other locales (their shared attributes follow a version's). */
  otherLocales: boolean
}

export function versionsIn (rows: readonly DocumentRow[], locale: string | null): LocaleVersions {
  const inLocale = rows.filter(row => row.locale === locale)
  return { published: inLocale.find(row => row.published) ?? null, draft: inLocale.find(row => !row.published) ?? null, otherLocales: inLocale.length < rows.length }
}

/**
 * The write of a document's entry in one locale that has one: a draft write of a published
 * document goes to its draft (docs/strapi-v5.md, 'Drafts beside published versions'), a
 * publication takes the pending draft along; otherwise the entry's one row is updated.
 */
export function versionWrite (repository: ContentRepository, draft: boolean, { published, draft: pending, otherLocales }: LocaleVersions): V5EntryWrite {
  if (published === null) {
    return draft
      ? async (body, context) => await repository.writeDraftOnly({ id: pending!.id, body, context })
      : async (body, context) => await repository.update({ id: pending!.id, body, context })
  }
  const versions = { publishedId: published.id, draftId: pending?.id ?? null, otherLocales }
  return draft
    ? async (body, context) => await repository.writeDraft({ ...versions, body, context })
    : async (body, context) => await repository.publish({ ...versions, body, context })
}

/** The rows to delete: in the request's locale, or every locale with `locale=*`. */
export function rowsToDelete (model: ContentTypeModel, rows: DocumentRow[], request: FastifyRequest, defaultLocale: string | null): DocumentRow[] {
  if (!model.localized) return rows
  const raw = requestQuery(request).locale
  if (raw === EVERY_LOCALE) return rows
  const locale = typeof raw === 'string' ? raw : defaultLocale
  return rows.filter(row => row.locale === locale)
}

/**
 * Deletes the entry of each locale of `rows`, one write each (with its hooks and events; a
 * pending draft goes with its published row), and answers Strapi 5's empty 204.
 */
export async function deleteRows (context: V5Context, tools: V5Tools, model: ContentTypeModel, request: FastifyRequest, reply: FastifyReply, rows: DocumentRow[]): Promise<string> {
  const repository = tools.repository(request)
  for (const locale of new Set(rows.map(row => row.locale))) {
    const { published, draft } = versionsIn(rows, locale)
    const id = (published ?? draft)!.id
    const observer = context.lifecycles.watch(model, request.log)
    await observer.beforeDelete(id)
    await repository.deleteVersions({ publishedId: id, draftId: published === null ? null : draft?.id ?? null, context: { observer } })
    await observer.afterCommit(id)
  }
  void reply.code(204)
  return ''
}

export function v5Handlers (context: V5Context, model: ContentTypeModel): V5Handlers {
  const tools = v5Tools(context, model)
  const sweep = sweepCounter()
  const defaultLocale = context.registry.i18n?.defaultLocale ?? null
  const rowsOf = async (documentId: string): Promise<DocumentRow[]> =>
    (await documentRows(context.db, [{ model, documentIds: [documentId] }])).get(model.uid)!

  return {
    async find (request) {
      const caller = authorize(request, model, 'find')
      const tree = tools.listQuery(request, caller)
      const { data, total } = await tools.repository(request).list(tree, context.reads.readOptions(request))
      const meta = listMeta(tree.pagination, total)
      return tools.answers(request).body(request, { kind: 'find', data, meta: JSON.stringify(meta), build: () => listBody(data, meta) })
    },
    async findOne (request) {
      const caller = authorize(request, model, 'findOne')
      const documentId = documentIdOf(request)
      const query = tools.entryQuery(request, caller)
      if (query === null || !isDocumentId(documentId)) throw new NotFoundError()
      const data = await tools.repository(request).document(documentId, query, context.reads.readOptions(request))
      if (data === null) throw new NotFoundError()
      return tools.answers(request).entry(request, { query, id: documentId, data, build: entryBody })
    },
    async create (request, reply) {
      const caller = authorize(request, model, 'create')
      const body = await tools.v4Body(request, requestLocale(context, model, request))
      applyStatus(model, writesDraft(model, request), body.data)
      // Without `?locale=`, the planner gives a localized entry the default locale (a body's is dropped).
      const locale = requestQuery(request).locale
      const key = idempotencyKeyOf(request, caller, model)
      const answer = await tools.written(request, caller, body, async (written, writer) => {
        const create = { body: written, context: { ...writer, ...(locale === undefined ? {} : { locale }) } }
        return await createOnce({ create: async hooks => await tools.repository(request).create({ ...create, hooks }), key, sweep })
      })
      void reply.code(201)
      return answer
    },
    async update (request) {
      const caller = authorize(request, model, 'update')
      const rows = await rowsOf(documentIdOf(request))
      if (rows.length === 0) throw new NotFoundError()
      const locale = requestLocale(context, model, request)
      const versions = versionsIn(rows, locale)
      const body = await tools.v4Body(request, locale)
      const draft = writesDraft(model, request)
      applyStatus(model, draft, body.data)
      const repository = tools.repository(request)
      if (versions.published !== null || versions.draft !== null) return await tools.written(request, caller, body, versionWrite(repository, draft, versions))
      // A locale the document does not have yet: a new entry of the document, as PUT ?locale= makes it in Strapi 5.
      const sourceId = (rows.find(row => row.published) ?? rows[0]!).id
      return await tools.written(request, caller, { data: { ...body.data, locale } }, async (written, writer) =>
        await repository.localize({ sourceId, body: written, context: writer }))
    },
    async delete (request, reply) {
      authorize(request, model, 'delete')
      if (writesDraft(model, request)) throw draftDeleteRefused()
      const rows = await rowsOf(documentIdOf(request))
      return await deleteRows(context, tools, model, request, reply, rowsToDelete(model, rows, request, defaultLocale))
    }
  }
}
