/**
 * What the v5 handlers of one content type share (docs/strapi-v5.md): their query caches,
 * the repository of the answer's shape, a v5 body made the v4 body the planner reads, and
 * how a write runs and answers.
 */
import type { FastifyRequest } from 'fastify'
import { pruneListQuery, pruneSelection } from '../../access/prune.js'
import { checkWritableLinks } from '../../access/write-links.js'
import type { Caller } from '../../auth/caller.js'
import type { ContentTypeModel } from '../../content-types/model.js'
import type { Registry } from '../../content-types/registry.js'
import { NotFoundError } from '../../errors.js'
import type { EntryLifecycles } from '../../lifecycles/entry-lifecycles.js'
import type { ResolvedOptions } from '../../options.js'
import { BoundedCache } from '../../query/bounded-cache.js'
import type { Leniency } from '../../query/leniency.js'
import { checkPopulateBudget } from '../../query/populate-budget.js'
import type { DocumentQuery, QueryTree } from '../../query/tree.js'
import { compileV5EntryQuery, compileV5ListQuery } from '../../query/v5-query.js'
import type { Database } from '../../repository/connection/database.js'
import { documentRows } from '../../repository/read/document-references.js'
import type { ContentRepository, Repositories } from '../../repository/repositories.js'
import type { WriteContext, WrittenEntry } from '../../repository/write/entry-writes.js'
import type { EntryWritePlan } from '../../write-plan/plan.js'
import { entryBody } from '../../transform/envelope.js'
import { entryPlanner } from '../../write-plan/entry-planner.js'
import { readDataPayload } from '../../write-plan/input.js'
import { documentReferences, inV5Words, referenceKey, v4Data } from '../../write-plan/v5-body.js'
import type { IgnoredKeyLog } from '../ignored-key-log.js'
import type { ReadRouting } from '../read-routing.js'
import type { RenderedAnswers } from '../rendered-answers.js'
import { rawQueryString, requestQuery } from '../request-query.js'
import { wantsV4Shape } from './response-format.js'

export interface V5Context {
  /** The v5 registry: documentId and publishedAt on every type. */
  registry: Registry
  db: Database
  /** Entries as Strapi v5 answers them, and as it answers `Strapi-Response-Format: v4`. */
  repositories: { v5: Repositories, v4: Repositories }
  options: ResolvedOptions
  reads: ReadRouting
  ignoredKeys: IgnoredKeyLog
  /** The `lifecycles` hooks and events around writes, reading entries of the v5 registry. */
  lifecycles: EntryLifecycles
  /**
   * The bodies of repeated reads, one store per shape, so a v5 answer and the same request's
   * `Strapi-Response-Format: v4` answer never take each other's place (the v4 mount has its own).
   */
  answers: { v5: RenderedAnswers, v4: RenderedAnswers }
}

/** Parsed and pruned queries per grant set and query string: 500, and about 4 MiB at most, per kind of read. */
const QUERY_CACHE_BOUNDS = { maxEntries: 500, maxBytes: 4 * 1024 * 1024 }

/** The write of one entry: the v4 body and who writes in, the written entry's id out. */
export type V5EntryWrite = (body: { data: Record<string, unknown> }, context: WriteContext) => Promise<WrittenEntry>

export interface V5Tools {
  /** The repository answering in the shape the request asks for. */
  repository: (request: FastifyRequest) => ContentRepository
  /** The kept bodies of that shape's reads. */
  answers: (request: FastifyRequest) => RenderedAnswers
  listQuery: (request: FastifyRequest, caller: Caller) => QueryTree
  /** Null: no one entry can answer (`locale=*`). */
  entryQuery: (request: FastifyRequest, caller: Caller) => DocumentQuery | null
  /** The request body's `data` as the v4 planner reads it, its relations' documentIds found in `locale`. */
  v4Body: (request: FastifyRequest, locale: string | null) => Promise<{ data: Record<string, unknown> }>
  /** Runs `write` and answers the written entry with the request's selection, in its `status`; 404 if it cannot be read. */
  written: (request: FastifyRequest, caller: Caller, body: { data: Record<string, unknown> }, write: V5EntryWrite) => Promise<string>
}

export function v5Tools (context: V5Context, model: ContentTypeModel): V5Tools {
  const { registry, options } = context
  const planner = entryPlanner({ registry, model, strict: false })
  const listQueries = new BoundedCache<QueryTree>(QUERY_CACHE_BOUNDS)
  const entryQueries = new BoundedCache<{ query: DocumentQuery | null }>(QUERY_CACHE_BOUNDS)
  const leniency = (request: FastifyRequest): Leniency => ({ strict: true, ignored: (key) => { context.ignoredKeys.warn(request.log, key) } })

  const repository = (request: FastifyRequest): ContentRepository =>
    (wantsV4Shape(request) ? context.repositories.v4 : context.repositories.v5).for(model)
  const answers = (request: FastifyRequest): RenderedAnswers => wantsV4Shape(request) ? context.answers.v4 : context.answers.v5

  const listQuery = (request: FastifyRequest, caller: Caller): QueryTree =>
    listQueries.get(`${caller.ability.key}|${rawQueryString(request)}`, () => {
      const parsed = compileV5ListQuery(registry, model, requestQuery(request), { ...options.pagination, leniency: leniency(request) })
      const estimatedRows = checkPopulateBudget({ registry, model, query: parsed }, options.limits)
      return { ...pruneListQuery({ registry, ability: caller.ability }, model, parsed), estimatedRows }
    })

  /** `anyLocale`: a write's answer, read by the written row's id whatever the query's locale. */
  const compiledEntryQuery = (request: FastifyRequest, caller: Caller, anyLocale: boolean): DocumentQuery | null =>
    entryQueries.get(`${caller.ability.key}|${anyLocale ? 'w' : ''}|${rawQueryString(request)}`, () => {
      const raw = requestQuery(request)
      const compiled = compileV5EntryQuery(registry, model, anyLocale ? { ...raw, locale: undefined } : raw, leniency(request))
      if (compiled === null) return { query: null }
      const estimatedRows = checkPopulateBudget({ registry, model, query: compiled }, options.limits)
      return { query: { ...pruneSelection({ registry, ability: caller.ability }, model, compiled), estimatedRows } }
    }).query
  const entryQuery = (request: FastifyRequest, caller: Caller): DocumentQuery | null => compiledEntryQuery(request, caller, false)

  const v4Body = async (request: FastifyRequest, locale: string | null): Promise<{ data: Record<string, unknown> }> => {
    const data = readDataPayload(request.body)
    const bodyOptions = { registry, model, locale }
    const references = documentReferences(bodyOptions, data)
    if (references.length === 0) return { data: v4Data(bodyOptions, data, () => undefined) }
    const byTarget = new Map<string, string[]>()
    for (const reference of references) byTarget.set(reference.target, [...byTarget.get(reference.target) ?? [], reference.documentId])
    const wanted = [...byTarget].map(([uid, documentIds]) => ({ model: registry.contentTypes.get(uid)!, documentIds }))
    const rows = await documentRows(context.db, wanted)
    const found = new Map<string, number>()
    for (const [uid, list] of rows) {
      // Links name a document's main row: its published one, else its first (content-types/pending-drafts.ts).
      const main = [...list.filter(row => !row.published).reverse(), ...list.filter(row => row.published).reverse()]
      for (const row of main) found.set(referenceKey({ target: uid, documentId: row.documentId, locale: row.locale }), row.id)
    }
    return { data: v4Data(bodyOptions, data, reference => found.get(referenceKey(reference))) }
  }

  const written = async (request: FastifyRequest, caller: Caller, body: { data: Record<string, unknown> }, write: V5EntryWrite): Promise<string> => {
    const query = compiledEntryQuery(request, caller, true)!
    const answering = repository(request)
    const observer = context.lifecycles.watch(model, request.log)
    const answer = answering.answer(query)
    const admit = (plan: EntryWritePlan): void => { checkWritableLinks(caller.ability, plan) }
    const writer = { planner, observer, answer, admit, ...(caller.kind === 'admin' ? { adminId: caller.adminId } : {}) }
    const entry = await write(body, writer).catch((error: unknown) => { throw inV5Words(error, model, body.data) })
    await observer.afterCommit(entry.id)
    const data = entry.answer !== undefined ? entry.answer : await answering.entry(entry.id, query)
    if (data === null) throw new NotFoundError()
    return entryBody(data)
  }

  return { repository, answers, listQuery, entryQuery, v4Body, written }
}
