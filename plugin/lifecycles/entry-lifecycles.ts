/**
 * Runs the `lifecycles` hooks of a content type around its API writes and emits the entry
 * events after commit (docs/lifecycles.md). One `WriteWatch` per write request observes the
 * repository's write (repository/write/observer.ts):
 *
 * - `before*` runs inside the write's transaction, before anything is written (an update's
 *   and a delete's after the row lock, so a missing entry is a 404 first, as in Strapi). It
 *   may change `event.params.data`: the body is then planned from it, checked and written as
 *   if the client had sent it. A throw rolls the write back: a Strapi-style client error is
 *   answered with its 4xx (hook-errors.ts), anything else is a 500.
 * - after the commit, `after*` runs with `event.result` (the entry as committed, read once,
 *   only when a hook or a listener wants it); its throw is logged and the answer stands.
 *   Then `entry.create|update|delete`, and on an update of a draftAndPublish type that
 *   changed its publication, `entry.publish` or `entry.unpublish` (as Strapi emits both).
 *
 * A write that is attempted twice (a single type's first PUT that finds the entry made
 * meanwhile and is retried as an update) runs `before*` per attempt, with a new `state`;
 * only the attempt that committed has an `after*` and events.
 */
import type { FastifyBaseLogger } from 'fastify'
import type { ContentTypeModel } from '../content-types/model.js'
import type { Registry } from '../content-types/registry.js'
import { compileEntryQuery } from '../query/compile-query.js'
import type { EntryQuery } from '../query/tree.js'
import type { Row } from '../repository/connection/database.js'
import type { Repositories } from '../repository/repositories.js'
import type { ObservedWrite, WriteAction, WriteObserver } from '../repository/write/observer.js'
import { flatEntry } from '../transform/flat-entry.js'
import { emitEntryEvent } from './content-events.js'
import type { ContentEvents, EntryEventName } from './content-events.js'
import { hookError } from './hook-errors.js'
import type { ContentTypeLifecycles, LifecycleEvent, LifecycleHookName, LifecycleModel, LifecyclesOption } from '../options/lifecycles.js'

export interface LifecyclesContext {
  registry: Registry
  /** Reads the entry as committed: repositories whose reader skips the response cache. */
  repositories: Repositories
  lifecycles: LifecyclesOption
  events: ContentEvents
}

const HOOKS: Record<WriteAction, { before: LifecycleHookName, after: LifecycleHookName, event: EntryEventName }> = {
  create: { before: 'beforeCreate', after: 'afterCreate', event: 'entry.create' },
  update: { before: 'beforeUpdate', after: 'afterUpdate', event: 'entry.update' },
  delete: { before: 'beforeDelete', after: 'afterDelete', event: 'entry.delete' }
}

/** What the hooks and listeners of one content type share: its hooks, its `event.model`, its read of an entry. */
interface TypeLifecycles {
  model: ContentTypeModel
  hooks: ContentTypeLifecycles
  eventModel: LifecycleModel
  /** The entry as hooks and listeners get it (every scalar attribute, drafts included), or null. */
  read: (id: number) => Promise<Record<string, unknown> | null>
}

export class EntryLifecycles {
  readonly events: ContentEvents
  readonly #context: LifecyclesContext
  readonly #types = new Map<string, TypeLifecycles>()

  constructor (context: LifecyclesContext) {
    this.#context = context
    this.events = context.events
  }

  /** The observer of one write request on `model`. */
  watch (model: ContentTypeModel, log: FastifyBaseLogger): WriteWatch {
    return new WriteWatch(this.#typeLifecycles(model), this.events, log)
  }

  #typeLifecycles (model: ContentTypeModel): TypeLifecycles {
    let found = this.#types.get(model.uid)
    if (found === undefined) {
      const { registry, repositories, lifecycles } = this.#context
      const repository = repositories.for(model)
      // One query object per type, so the reader compiles its statement once.
      const query: EntryQuery = { ...compileEntryQuery(registry, model, {}), publicationState: 'preview' }
      // `preview` hides a published document's pending draft (its row is not the entry's v4
      // one); a write of that draft is read as a draft, where it is the row shown.
      const asDraft: EntryQuery = { ...query, publicationState: 'draft' }
      found = {
        model,
        hooks: lifecycles[model.uid] ?? {},
        eventModel: eventModel(model),
        read: async (id) => {
          const json = await repository.entry(id, query) ?? (model.draftAndPublish ? await repository.entry(id, asDraft) : null)
          return json === null ? null : flatEntry(json)
        }
      }
      this.#types.set(model.uid, found)
    }
    return found
  }
}

function eventModel (model: ContentTypeModel): LifecycleModel {
  return {
    uid: model.uid,
    singularName: model.singularName,
    pluralName: model.pluralName,
    kind: model.single ? 'singleType' : 'collectionType',
    tableName: model.table,
    attributes: Object.fromEntries(model.attributes)
  }
}

export class WriteWatch implements WriteObserver {
  readonly #type: TypeLifecycles
  readonly #events: ContentEvents
  readonly #log: FastifyBaseLogger
  #write: ObservedWrite | null = null
  #event: LifecycleEvent | null = null
  #committed = false
  /** A delete's entry, read before it goes (undefined: not wanted). */
  #deleted: Record<string, unknown> | null | undefined

  constructor (type: TypeLifecycles, events: ContentEvents, log: FastifyBaseLogger) {
    this.#type = type
    this.#events = events
    this.#log = log
  }

  /** A delete has no data to change: its hook only sees the entry. */
  changesData (action: WriteAction): boolean {
    return action !== 'delete' && this.hooksBefore(action)
  }

  hooksBefore (action: WriteAction): boolean {
    return this.#type.hooks[HOOKS[action].before] !== undefined
  }

  wantsPublication (model: ContentTypeModel): boolean {
    return model.draftAndPublish && this.#events.listenerCount('entry.publish') + this.#events.listenerCount('entry.unpublish') > 0
  }

  async before (write: ObservedWrite): Promise<Record<string, unknown> | null> {
    this.#write = write
    this.#committed = false
    const { before } = HOOKS[write.action]
    const hook = this.#type.hooks[before]
    this.#event = null
    if (hook === undefined) return write.data
    this.#event = this.#newEvent(before, write)
    try {
      await hook(this.#event)
    } catch (error) {
      throw hookError(error)
    }
    return this.#event.params.data ?? null
  }

  committed (): void {
    this.#committed = true
  }

  /** Before a delete is sent: reads the entry when an `afterDelete` hook or an `entry.delete` listener will want it. */
  async beforeDelete (id: number): Promise<void> {
    if (this.#wantsEntry('delete')) this.#deleted = await this.#type.read(id)
  }

  /** After the commit of the write: `after*`, then the events. Nothing for a write that did not commit. */
  async afterCommit (id: number): Promise<void> {
    const write = this.#write
    if (!this.#committed || write === null) return
    const { after, event } = HOOKS[write.action]
    const hook = this.#type.hooks[after]
    const publication = this.#publicationEvents(write)
    if (!this.#wantsEntry(write.action) && publication.length === 0) return
    const entry = write.action === 'delete' ? this.#deleted ?? null : await this.#type.read(id)
    if (hook !== undefined) {
      const hookEvent: LifecycleEvent = { ...this.#event ?? this.#newEvent(after, write), action: after, result: entry }
      try {
        await hook(hookEvent)
      } catch (error) {
        this.#log.error({ err: error, uid: this.#type.model.uid, hook: after }, 'fastify-content-api: a lifecycle hook failed after commit; the write stands')
      }
    }
    if (entry === null) return
    const payload = { model: this.#type.model.singularName, uid: this.#type.model.uid, entry }
    emitEntryEvent(this.#events, event, payload, this.#log)
    const published = entry.publishedAt !== null && entry.publishedAt !== undefined
    for (const name of publication) {
      if ((name === 'entry.publish') === published) emitEntryEvent(this.#events, name, payload, this.#log)
    }
  }

  #wantsEntry (action: WriteAction): boolean {
    return this.#type.hooks[HOOKS[action].after] !== undefined || this.#events.listenerCount(HOOKS[action].event) > 0
  }

  /** An update that read the publication it changes: the event its new state would be, if the state moved. */
  #publicationEvents (write: ObservedWrite): EntryEventName[] {
    const previous: Row | undefined = write.previous
    if (write.action !== 'update' || previous === undefined || !('publishedAt' in previous)) return []
    return [previous.publishedAt === null ? 'entry.publish' : 'entry.unpublish']
  }

  #newEvent (action: LifecycleHookName, write: ObservedWrite): LifecycleEvent {
    const where = write.id === null ? {} : { where: { id: write.id } }
    const data = write.data === null ? {} : { data: structuredClone(write.data) }
    return { action, model: this.#type.eventModel, params: { ...data, ...where }, state: {} }
  }
}
