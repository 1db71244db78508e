/**
 * A mutation runs the write its REST route runs (routes/core-handlers.ts,
 * routes/single-type-handlers.ts): the same repository write with a WritePlan, in one
 * transaction, with the `lifecycles` hooks, the events, the check of what the caller may link
 * and, for a create, the `Idempotency-Key` header. The body is the mutation's `data` made the
 * REST body (./inputs.ts); the answer is built in the GraphQL shape by the write's own
 * statements where they can (WriteContext.answer), else read once after the write.
 *
 * As Strapi's GraphQL (unlike its REST), `createX` without `publishedAt` makes a draft.
 */
import type { FastifyRequest } from 'fastify'
import { checkWritableLinks } from '../access/write-links.js'
import { callerOf } from '../auth/caller.js'
import type { Caller } from '../auth/caller.js'
import type { ContentTypeModel } from '../content-types/model.js'
import type { Registry } from '../content-types/registry.js'
import { NotFoundError, ValidationError } from '../errors.js'
import type { EntryLifecycles } from '../lifecycles/entry-lifecycles.js'
import type { EntryQuery } from '../query/tree.js'
import type { Reader } from '../repository/read/reader.js'
import type { Repositories } from '../repository/repositories.js'
import type { WriteContext, WrittenEntry } from '../repository/write/entry-writes.js'
import { createOnce, sweepCounter } from '../repository/write/idempotency.js'
import { singleTypeLocale } from '../repository/write/single.js'
import { idempotencyKey } from '../routes/idempotency-key.js'
import { entryPlanner } from '../write-plan/entry-planner.js'
import type { EntryPlanner, EntryWritePlan } from '../write-plan/plan.js'
import { isRecord } from '../is-record.js'
import { restData } from './inputs.js'
import type { ContentMutationRole, MutationRole } from './mutation-fields.js'
import { runFileMutation } from './file-mutations.js'
import type { FileMutationRole, GraphqlFiles } from './file-mutations.js'
import { runUserMutation } from './user-mutations.js'
import type { UserMutationRole } from './user-mutations.js'
import type { UserEditContext } from '../auth/user-edits.js'
import { entryId } from './entry-id.js'

/** What the endpoint writes with: the REST routes' repositories and lifecycles. */
export interface GraphqlWrites {
  repositories: Repositories
  lifecycles: EntryLifecycles
  /** The `strict` option: how bodies are read, as in REST. */
  strict: boolean
  /** Told after every mutation, committed or not, as a REST write tells the response cache. */
  written: () => void
  /** What users-permissions' user mutations write with; null without the `permissions` option. */
  users: UserEditContext | null
  /** What the media library's mutations write with; null when uploads are off. */
  files: GraphqlFiles | null
}

export interface MutationRequest {
  role: MutationRole
  args: Record<string, unknown>
  request: FastifyRequest
  /** The response key of the mutation field, for the idempotency key of one create among others. */
  responseKey: string
  /** The answer's selection (operation.ts, prepareWritten). */
  query: EntryQuery
}

/** Runs a mutation; returns the written entry's JSON text in the GraphQL shape, or null when its selection does not see it. */
export type MutationRunner = (mutation: MutationRequest) => Promise<string | null>

export function mutationRunner ({ registry, reader, writes }: { registry: Registry, reader: Reader, writes: GraphqlWrites }): MutationRunner {
  const planners = new Map<string, EntryPlanner>()
  const plannerOf = (model: ContentTypeModel): EntryPlanner => {
    let planner = planners.get(model.uid)
    if (planner === undefined) planners.set(model.uid, planner = entryPlanner({ registry, model, strict: writes.strict }))
    return planner
  }
  const sweep = sweepCounter()

  const run = async ({ role, args, request, responseKey, query }: MutationRequest): Promise<string | null> => {
    if (role.model.kind === 'plugin') {
      if (writes.users === null) throw new Error('user mutations are served with the permissions option only')
      return await runUserMutation(writes.users, reader, { role: role as UserMutationRole, args, query })
    }
    if (role.model.kind === 'file') {
      if (writes.files === null) throw new Error('file mutations are served with the upload option only')
      return await runFileMutation(writes.files, { role: role as FileMutationRole, args, request })
    }
    return await runContent({ role: role as ContentMutationRole, args, request, responseKey, query })
  }

  const runContent = async ({ role, args, request, responseKey, query }: MutationRequest & { role: ContentMutationRole }): Promise<string | null> => {
    const { model } = role
    const repository = writes.repositories.for(model)
    const caller = callerOf(request)
    const answer = reader.answer(model, query)
    const observer = writes.lifecycles.watch(model, request.log)
    const writer: WriteContext = {
      planner: plannerOf(model),
      ...(caller.kind === 'admin' ? { adminId: caller.adminId } : {}),
      ...(model.localized && args.locale !== undefined && args.locale !== null ? { locale: args.locale } : {}),
      observer,
      answer,
      admit: (plan: EntryWritePlan): void => { checkWritableLinks(caller.ability, plan) }
    }
    let written: WrittenEntry
    switch (role.kind) {
      case 'create': {
        const data = restData(registry, model, dataOf(args))
        // Strapi's GraphQL creates drafts: publishing is asked with `publishedAt`.
        if (model.draftAndPublish && !('publishedAt' in data)) data.publishedAt = null
        written = await created({ body: { data }, writer, caller, request, responseKey })
        break
      }
      case 'update':
        written = await repository.update({ id: requiredId(args.id), body: { data: restData(registry, model, dataOf(args)) }, context: writer })
        break
      case 'updateSingle':
        written = await repository.writeSingle({ body: { data: restData(registry, model, dataOf(args)) }, context: writer })
        break
      case 'localize': {
        const data = { ...restData(registry, model, dataOf(args)), ...(args.locale === undefined ? {} : { locale: args.locale }) }
        written = await repository.localize({ sourceId: requiredId(args.id), body: { data }, context: writer })
        break
      }
      case 'delete':
      case 'deleteSingle': {
        const id = role.kind === 'delete' ? requiredId(args.id) : await repository.singleId(singleTypeLocale({ registry, model, sent: args.locale ?? undefined }))
        if (id === null) throw new NotFoundError()
        await observer.beforeDelete(id)
        written = await repository.delete({ id, context: { observer, answer } })
        break
      }
    }
    await observer.afterCommit(written.id)
    if (written.answer !== undefined) return written.answer
    return await reader.entry(model, written.id, query)

    async function created ({ body, writer, caller, request, responseKey }: { body: unknown, writer: WriteContext, caller: Caller, request: FastifyRequest, responseKey: string }): Promise<WrittenEntry> {
      const key = idempotencyKey({ header: request.headers['idempotency-key'], caller, request: [model.uid, responseKey, JSON.stringify(request.body ?? null)] })
      return await createOnce({ create: async hooks => await repository.create({ body, context: writer, hooks }), key, sweep })
    }
  }

  return async (mutation) => {
    try {
      return await run(mutation)
    } finally {
      writes.written()
    }
  }
}

function dataOf (args: Record<string, unknown>): Record<string, unknown> {
  return isRecord(args.data) ? args.data : {}
}

/** `id` of an update, a delete or a localization; an id no row can have is a 404, as REST's. */
function requiredId (raw: unknown): number {
  if (raw === undefined || raw === null) throw ValidationError.at(['id'], 'id is required')
  const id = entryId(raw)
  if (id === null) throw new NotFoundError()
  return id
}
