/**
 * The content manager's reads and writes of entries, through the REST API's own path: the
 * same compiler for reads, the same planner, WritePlan, validation, lifecycles, events and
 * creator fields for writes. The body is Strapi's admin body (flat attributes), wrapped as
 * the REST API's `{ data }` once what the server writes itself is taken out of it.
 */
import type { FastifyBaseLogger } from 'fastify'
import type { ContentTypeModel } from '../../content-types/model.js'
import type { Registry } from '../../content-types/registry.js'
import { NotFoundError, ValidationError } from '../../errors.js'
import { isRecord } from '../../is-record.js'
import type { EntryLifecycles, WriteWatch } from '../../lifecycles/entry-lifecycles.js'
import type { EntryQuery, QueryTree } from '../../query/tree.js'
import type { ContentRepository, Repositories } from '../../repository/repositories.js'
import type { WriteContext } from '../../repository/write/entry-writes.js'
import { entryPlanner } from '../../write-plan/entry-planner.js'
import type { EntryPlanner } from '../../write-plan/plan.js'

/** What the server writes: dropped from a body, as Strapi's content manager drops them. */
const SERVER_KEYS = ['id', 'documentId', 'createdAt', 'updatedAt', 'publishedAt', 'createdBy', 'updatedBy', 'localizations']

export interface EntriesContext {
  registry: Registry
  repositories: Repositories
  lifecycles: EntryLifecycles
}

export interface WriteRequest {
  model: ContentTypeModel
  adminId: number
  log: FastifyBaseLogger
  /** The entry's answer (adminEntryQuery). */
  query: EntryQuery
  /** The request's `locale`, for a localized create. */
  locale?: string
}

interface BulkWrite {
  ids: readonly number[]
  /** The row lock each entry's write needs held (locks.ts). */
  strength: 'update' | 'no key update'
  write: (entry: { repository: ContentRepository, id: number, observer: WriteWatch }) => Promise<void>
}

export interface Page {
  results: string
  pagination: { page: number, pageSize: number, pageCount: number, total: number }
}

export class AdminEntries {
  readonly #context: EntriesContext
  readonly #planners = new Map<string, EntryPlanner>()

  constructor (context: EntriesContext) {
    this.#context = context
  }

  async list (model: ContentTypeModel, tree: QueryTree): Promise<Page> {
    const { data, total } = await this.#context.repositories.for(model).list(tree)
    const { pagination } = tree
    const pageSize = pagination.mode === 'page' ? pagination.pageSize : pagination.limit
    const page = pagination.mode === 'page' ? pagination.page : Math.floor(pagination.start / Math.max(pageSize, 1)) + 1
    const counted = total ?? 0
    return { results: data, pagination: { page, pageSize, pageCount: Math.ceil(counted / Math.max(pageSize, 1)), total: counted } }
  }

  /** JSON text of the entry; 404 when there is none. */
  async entry (model: ContentTypeModel, id: number, query: EntryQuery): Promise<string> {
    const data = await this.#context.repositories.for(model).entry(id, query)
    if (data === null) throw new NotFoundError()
    return data
  }

  /** JSON text of a single type's entry (in `locale`), or null. */
  async single (model: ContentTypeModel, locale: string | null, query: EntryQuery): Promise<string | null> {
    return await this.#context.repositories.for(model).single(locale, query)
  }

  /** A new entry; with `localizationOf`, a new localization of that entry, joined to its group in the same transaction. */
  async create (request: WriteRequest, body: unknown, options: { localizationOf?: number } = {}): Promise<string> {
    const data = writableBody(body)
    // A new entry of a draft-and-publish type is a draft: it is published with the publish action.
    if (request.model.draftAndPublish) data.publishedAt = null
    const sourceId = options.localizationOf
    if (sourceId !== undefined) return await this.#write(request, async (context) => await this.#repository(request).localize({ sourceId, body: { data }, context }))
    return await this.#write(request, async (context) => await this.#repository(request).create({ body: { data }, context }))
  }

  async update (request: WriteRequest, id: number, body: unknown): Promise<string> {
    const data = writableBody(body)
    return await this.#write(request, async (context) => await this.#repository(request).update({ id, body: { data }, context }))
  }

  /** A single type's PUT: its entry updated, or created (a draft) when there is none. */
  async writeSingle (request: WriteRequest, body: unknown): Promise<string> {
    const data = writableBody(body)
    const exists = await this.#repository(request).singleId(request.locale ?? null) !== null
    if (!exists && request.model.draftAndPublish) data.publishedAt = null
    return await this.#write(request, async (context) => await this.#repository(request).writeSingle({ body: { data }, context }))
  }

  /** Publishes (a date) or unpublishes (null) entry `id`: an update of its `publishedAt`, with its events. */
  async publication (request: WriteRequest, id: number, publish: boolean): Promise<string> {
    if (!request.model.draftAndPublish) throw new ValidationError(`${request.model.uid} has no draft and publish`)
    const data = { publishedAt: publish ? new Date().toISOString() : null }
    return await this.#write(request, async (context) => await this.#repository(request).update({ id, body: { data }, context }))
  }

  async delete (request: Omit<WriteRequest, 'locale'>, id: number): Promise<string> {
    const repository = this.#context.repositories.for(request.model)
    const answer = repository.answer(request.query)
    const observer = this.#context.lifecycles.watch(request.model, request.log)
    await observer.beforeDelete(id)
    const deleted = await repository.delete({ id, context: { observer, answer } })
    await observer.afterCommit(id)
    if (deleted.answer === undefined || deleted.answer === null) throw new NotFoundError()
    return deleted.answer
  }

  /**
   * Deletes the entries of `ids` that exist (those already gone are not counted), all in ONE
   * transaction: each through the one-entry write path, with its hooks; a refusal of any one
   * rolls every one back. The events follow the commit.
   */
  async bulkDelete (request: Omit<WriteRequest, 'locale'>, ids: readonly number[]): Promise<number> {
    return await this.#bulk(request, {
      ids,
      strength: 'update',
      write: async ({ repository, id, observer }) => {
        await observer.beforeDelete(id)
        await repository.delete({ id, context: { observer } })
      }
    })
  }

  /** Publishes or unpublishes the entries of `ids` that exist as `publication` does, all in ONE transaction as `bulkDelete`. */
  async bulkPublication (request: WriteRequest, ids: readonly number[], publish: boolean): Promise<number> {
    const { model, adminId } = request
    if (!model.draftAndPublish) throw new ValidationError(`${model.uid} has no draft and publish`)
    const data = { publishedAt: publish ? new Date().toISOString() : null }
    return await this.#bulk(request, {
      ids,
      // The lock an UPDATE takes: links towards the entries written meanwhile need not wait.
      strength: 'no key update',
      write: async ({ repository, id, observer }) => {
        await repository.update({ id, body: { data }, context: { planner: this.#planner(model), adminId, observer } })
      }
    })
  }

  /**
   * One bulk action: its entries locked in id order first (two bulk actions over the same
   * entries queue instead of deadlocking, and the ones already gone are left out), then each
   * written in that transaction; `after*` hooks and events once it committed.
   */
  async #bulk ({ model, log }: Pick<WriteRequest, 'model' | 'log'>, { ids, strength, write }: BulkWrite): Promise<number> {
    const written = await this.#context.repositories.batch(async batch => {
      const repository = batch.for(model)
      const watched: Array<{ id: number, observer: WriteWatch }> = []
      for (const id of await batch.lock({ model, ids, strength })) {
        const observer = this.#context.lifecycles.watch(model, log)
        await write({ repository, id, observer })
        watched.push({ id, observer })
      }
      return watched
    })
    for (const { id, observer } of written) await observer.afterCommit(id)
    return written.length
  }

  #repository (request: WriteRequest): ReturnType<Repositories['for']> {
    return this.#context.repositories.for(request.model)
  }

  async #write (request: WriteRequest, write: (context: WriteContext) => Promise<{ id: number, answer?: string | null }>): Promise<string> {
    const { model, adminId, log, query, locale } = request
    const repository = this.#context.repositories.for(model)
    const observer = this.#context.lifecycles.watch(model, log)
    const written = await write({ planner: this.#planner(model), adminId, observer, answer: repository.answer(query), ...(locale === undefined ? {} : { locale }) })
    await observer.afterCommit(written.id)
    if (written.answer !== undefined && written.answer !== null) return written.answer
    return await this.entry(model, written.id, query)
  }

  #planner (model: ContentTypeModel): EntryPlanner {
    let planner = this.#planners.get(model.uid)
    // Lenient as Strapi's content manager: keys the panel adds for itself (`__temp_key__`) are ignored.
    if (planner === undefined) this.#planners.set(model.uid, planner = entryPlanner({ registry: this.#context.registry, model, strict: false }))
    return planner
  }
}

function writableBody (body: unknown): Record<string, unknown> {
  if (!isRecord(body)) throw new ValidationError('The body must be an object of the entry\'s attributes')
  const data = { ...body }
  for (const key of SERVER_KEYS) delete data[key]
  return data
}
