/**
 * The five generated handlers of a content type (docs/api.md, 'Endpoints'). Each checks the caller's
 * action, prunes the query by its permissions, and answers the body as JSON text; writes
 * answer the written entry through the compiled path: built by the write's own statements
 * where they can, else re-read after it.
 */
import type { FastifyRequest } from 'fastify'
import { checkWritableLinks } from '../access/write-links.js'
import { pruneListQuery, pruneSelection } from '../access/prune.js'
import { callerOf } from '../auth/caller.js'
import type { Caller } from '../auth/caller.js'
import type { ContentAction } from '../options/permissions.js'
import type { FindOptions } from '../options/controllers.js'
import { defaultFieldNames } from '../content-types/model.js'
import type { ContentTypeModel } from '../content-types/model.js'
import type { Registry } from '../content-types/registry.js'
import { ForbiddenError, NotFoundError } from '../errors.js'
import type { ResolvedOptions } from '../options.js'
import { compileEntryQuery, compileListQuery } from '../query/compile-query.js'
import { checkPopulateBudget } from '../query/populate-budget.js'
import type { EntryQuery, QueryTree } from '../query/tree.js'
import type { Leniency } from '../query/leniency.js'
import type { IgnoredKeyLog } from './ignored-key-log.js'
import { BoundedCache } from '../query/bounded-cache.js'
import { createOnce, sweepCounter } from '../repository/write/idempotency.js'
import type { Repositories } from '../repository/repositories.js'
import type { WriteContext, WrittenEntry } from '../repository/write/entry-writes.js'
import { bareEntryBody } from '../transform/bare-entry.js'
import { entryBody, listBody, listMeta } from '../transform/envelope.js'
import { isRecord } from '../is-record.js'
import { entryId, rawQueryString, requestQuery } from './request-query.js'
import { idempotencyKeyOf } from './idempotency-key.js'
import type { ReadRouting } from './read-routing.js'
import type { RenderedAnswers } from './rendered-answers.js'
import type { EntryLifecycles } from '../lifecycles/entry-lifecycles.js'
import { entryPlanner } from '../write-plan/entry-planner.js'
import type { EntryPlanner, EntryWritePlan } from '../write-plan/plan.js'

export interface CoreContext {
  registry: Registry
  /** Each content type's reads and writes. */
  repositories: Repositories
  options: ResolvedOptions
  reads: ReadRouting
  /** Where lenient compiles report the keys they ignored. */
  ignoredKeys: IgnoredKeyLog
  /** The `lifecycles` hooks and `app.contentApi.events` around writes. */
  lifecycles: EntryLifecycles
  /** The bodies of repeated reads, sent again without being built, encoded or hashed again. */
  answers: RenderedAnswers
}

export type CoreHandler = (request: FastifyRequest, options?: FindOptions) => Promise<string>

export interface CoreHandlers {
  find: CoreHandler
  findOne: CoreHandler
  create: CoreHandler
  update: CoreHandler
  delete: CoreHandler
  /** `POST /:id/localizations` of localized types (docs/i18n.md); not replaceable by controllers. */
  createLocalization: CoreHandler
}

export function authorize (request: FastifyRequest, model: ContentTypeModel, action: ContentAction): Caller {
  const caller = callerOf(request)
  if (!caller.ability.can(model.uid, action)) throw new ForbiddenError()
  return caller
}

interface WriterOf {
  request: FastifyRequest
  caller: Caller
  model: ContentTypeModel
  planner: EntryPlanner
}

/** Who writes, how strictly bodies are read, and for a localized type the `?locale=` of the request (the query is parsed only then). */
function writeContext ({ request, caller, model, planner }: WriterOf): WriteContext {
  const locale = model.localized ? requestQuery(request).locale : undefined
  return { planner, ...(caller.kind === 'admin' ? { adminId: caller.adminId } : {}), ...(locale === undefined ? {} : { locale }) }
}

/** A localization's body: Strapi v4 sends the attributes bare; `{ data }` is accepted too (`data` is a reserved attribute name). */
function localizationBody (body: unknown): unknown {
  return isRecord(body) && !isRecord(body.data) ? { data: body } : body
}

/**
 * Strapi v4 answers a new localization with its `localizations` (their default fields, drafts
 * included), which the caller sees only when it may `find` the type (see entryQuery).
 */
function withLocalizations (model: ContentTypeModel, query: EntryQuery): EntryQuery {
  if (query.availableLocales === false || query.populate.localizations !== undefined) return query
  const localizations = { kind: 'relation' as const, fields: defaultFieldNames(model), populate: {}, filters: null, sort: [], count: false }
  return { ...query, populate: { ...query.populate, localizations } }
}

/** Parsed and pruned queries a content type's handlers have seen, per grant set: 500, and about 4 MiB at most, per kind of read. */
const QUERY_CACHE_BOUNDS = { maxEntries: 500, maxBytes: 4 * 1024 * 1024 }

/** One write of an entry: the checked body and who writes in, what it wrote out. */
export type EntryWrite = (body: unknown, context: WriteContext) => Promise<WrittenEntry>

/** A write request as a handler hands it over to be written and answered. */
export interface EntryWriteRequest {
  request: FastifyRequest
  caller: Caller
  write: EntryWrite
  /** The body written, when not the request's. */
  body?: unknown
  /** Answered in Strapi v4's entity shape with the other `localizations` (its answer to `POST /:id/localizations`). */
  bare?: boolean
}

/** What a list read is about: `creatorFields`, whether its entries carry `createdBy`/`updatedBy`. */
export interface ListRequest {
  request: FastifyRequest
  caller: Caller
  creatorFields: boolean
}

export interface HandlerTools {
  listQuery: (list: ListRequest) => QueryTree
  entryQuery: (request: FastifyRequest, caller: Caller, publicationState?: 'preview') => EntryQuery
  /**
   * Runs `write` with the body (the request's unless given), refused as soon as it is planned
   * when the caller may not link what it links (WriteContext.admit), and answers the written
   * entry with the request's selection, drafts included.
   */
  written: (write: EntryWriteRequest) => Promise<string>
  /** Deletes entry `id` and answers it as it was, with the request's selection; 404 if absent. */
  deleted: (request: FastifyRequest, caller: Caller, id: number) => Promise<string>
}

/** What the handlers of one content type share: its query caches, and how a write answers. */
export function handlerTools (context: CoreContext, model: ContentTypeModel): HandlerTools {
  const { registry, options } = context
  const repository = context.repositories.for(model)
  const planner = entryPlanner({ registry, model, strict: options.strict })
  const listQueries = new BoundedCache<QueryTree>(QUERY_CACHE_BOUNDS)
  const entryQueries = new BoundedCache<EntryQuery>(QUERY_CACHE_BOUNDS)
  // Cached queries are not compiled again, so each ignored key is reported on its first request.
  const leniency = (request: FastifyRequest): Leniency => ({
    strict: options.strict,
    ignored: (key) => { context.ignoredKeys.warn(request.log, key) }
  })

  // A query that fails to compile throws before it is cached, so errors are never cached.
  const listQuery = ({ request, caller, creatorFields }: ListRequest): QueryTree =>
    listQueries.get(`${caller.ability.key}|${creatorFields ? 'c' : ''}|${rawQueryString(request)}`, () => {
      const parsed = compileListQuery(registry, model, requestQuery(request), { ...options.pagination, leniency: leniency(request) })
      const estimatedRows = checkPopulateBudget({ registry, model, query: parsed }, options.limits)
      return { ...pruneListQuery({ registry, ability: caller.ability }, model, parsed), creatorFields, estimatedRows }
    })

  // A read without a query string (most entry reads) finds its query by the caller's grants
  // key as it is, without building and hashing a key string. One per grant set:
  // started again past the query bound, as API tokens each have a set of their own.
  const bareEntryQueries = new Map<string, EntryQuery>()
  const entryQuery = (request: FastifyRequest, caller: Caller, publicationState?: 'preview'): EntryQuery => {
    if (publicationState !== undefined || rawQueryString(request) !== '') return keyedEntryQuery(request, caller, publicationState)
    let query = bareEntryQueries.get(caller.ability.key)
    if (query === undefined) {
      if (bareEntryQueries.size >= QUERY_CACHE_BOUNDS.maxEntries) bareEntryQueries.clear()
      bareEntryQueries.set(caller.ability.key, query = keyedEntryQuery(request, caller))
    }
    return query
  }

  const keyedEntryQuery = (request: FastifyRequest, caller: Caller, publicationState?: 'preview'): EntryQuery =>
    entryQueries.get(`${caller.ability.key}|${publicationState ?? ''}|${rawQueryString(request)}`, () => {
      const compiled = compileEntryQuery(registry, model, requestQuery(request), leniency(request))
      const estimatedRows = checkPopulateBudget({ registry, model, query: compiled }, options.limits)
      const query: EntryQuery = { ...pruneSelection({ registry, ability: caller.ability }, model, compiled), estimatedRows }
      // The other localizations are entries of this type: listing them takes `find`, as populating them does.
      if (model.localized && !caller.ability.can(model.uid, 'find')) query.availableLocales = false
      return publicationState === undefined ? query : { ...query, publicationState }
    })

  const answerBody = (data: string | null): string => {
    if (data === null) throw new NotFoundError()
    return entryBody(data)
  }

  /** Writes answer what was written, drafts included (`bare`: see EntryWriteRequest). */
  const writtenEntry = async ({ query, id, bare }: { query: EntryQuery, id: number, bare: boolean }): Promise<string> => {
    const data = await repository.entry(id, query)
    if (data === null || !bare) return answerBody(data)
    return bareEntryBody(registry, model, data)
  }

  const written = async ({ request, caller, write, body = request.body, bare = false }: EntryWriteRequest): Promise<string> => {
    const query = entryQuery(request, caller, 'preview')
    const observer = context.lifecycles.watch(model, request.log)
    // Strapi's bare answer of a new localization comes with the group, joined after the data statement: read after.
    const wanted = bare ? undefined : repository.answer(query)
    const admit = (plan: EntryWritePlan): void => { checkWritableLinks(caller.ability, plan) }
    const written = await write(body, { ...writeContext({ request, caller, model, planner }), observer, admit, ...(wanted === undefined ? {} : { answer: wanted }) })
    await observer.afterCommit(written.id)
    if (written.answer !== undefined) return answerBody(written.answer)
    return await writtenEntry({ query: bare ? withLocalizations(model, query) : query, id: written.id, bare })
  }

  const deleted = async (request: FastifyRequest, caller: Caller, id: number): Promise<string> => {
    const answer = repository.answer(entryQuery(request, caller, 'preview'))
    const observer = context.lifecycles.watch(model, request.log)
    await observer.beforeDelete(id)
    const deleted = await repository.delete({ id, context: { observer, answer } })
    await observer.afterCommit(id)
    return answerBody(deleted.answer ?? null)
  }

  return { listQuery, entryQuery, written, deleted }
}

export function coreHandlers (context: CoreContext, model: ContentTypeModel): CoreHandlers {
  const repository = context.repositories.for(model)
  const { listQuery, entryQuery, written, deleted } = handlerTools(context, model)
  const sweep = sweepCounter()
  return {
    async find (request, findOptions = {}) {
      const caller = authorize(request, model, 'find')
      const tree = listQuery({ request, caller, creatorFields: findOptions.creatorFields === true })
      const { data, total } = await repository.list(tree, context.reads.readOptions(request))
      const meta = listMeta(tree.pagination, total)
      return context.answers.body(request, { kind: tree.creatorFields ? 'find+creators' : 'find', data, meta: JSON.stringify(meta), build: () => listBody(data, meta) })
    },
    async findOne (request) {
      const caller = authorize(request, model, 'findOne')
      const id = entryId(request)
      const query = entryQuery(request, caller)
      const data = await repository.entry(id, query, context.reads.readOptions(request))
      if (data === null) throw new NotFoundError()
      return context.answers.entry(request, { query, id, data, build: entryBody })
    },
    async create (request) {
      const caller = authorize(request, model, 'create')
      const key = idempotencyKeyOf(request, caller, model)
      return await written({
        request,
        caller,
        write: async (body, writer) => await createOnce({ create: async hooks => await repository.create({ body, context: writer, hooks }), key, sweep })
      })
    },
    async update (request) {
      const caller = authorize(request, model, 'update')
      const id = entryId(request)
      return await written({ request, caller, write: async (body, writer) => await repository.update({ id, body, context: writer }) })
    },
    async delete (request) {
      const caller = authorize(request, model, 'delete')
      return await deleted(request, caller, entryId(request))
    },
    async createLocalization (request) {
      const caller = authorize(request, model, 'create')
      const sourceId = entryId(request)
      return await written({
        request,
        caller,
        write: async (body, writer) => await repository.localize({ sourceId, body, context: writer }),
        body: localizationBody(request.body),
        bare: true
      })
    }
  }
}
