/**
 * `app.contentApi.events`: a Node EventEmitter telling the host of committed entry writes,
 * under Strapi v4's webhook event names, so it can drop caches or index search. A listener
 * gets what Strapi's event hub hands its listeners: `{ model, uid, entry }` (a Strapi
 * webhook body is that with `event` and `createdAt` added).
 *
 * Listeners run after the commit and after the hooks; the API's answer waits for none of
 * them. A listener's throw, or the rejection of an async one, is logged and changes nothing.
 */
import { EventEmitter } from 'node:events'
import type { FastifyBaseLogger } from 'fastify'

export const ENTRY_EVENTS = ['entry.create', 'entry.update', 'entry.delete', 'entry.publish', 'entry.unpublish'] as const

export type EntryEventName = typeof ENTRY_EVENTS[number]

export interface EntryEvent {
  /** The content type's singularName (Strapi's `modelName`). */
  model: string
  uid: string
  /** The entry as committed (a delete's: as it was), flat: `{ id, ...attributes }`, private attributes left out. */
  entry: Record<string, unknown>
}

export type ContentEvents = EventEmitter<Record<EntryEventName, [EntryEvent]>>

export function createContentEvents (log: FastifyBaseLogger): ContentEvents {
  const events: ContentEvents = new EventEmitter({ captureRejections: true })
  events[EventEmitter.captureRejectionSymbol] = (error: Error, ...[name]: unknown[]) => {
    log.error({ err: error, event: String(name) }, 'fastify-content-api: an events listener failed')
  }
  return events
}

/** Emits one event; a listener's throw is logged, never answered. */
export function emitEntryEvent (events: ContentEvents, name: EntryEventName, payload: EntryEvent, log: FastifyBaseLogger): void {
  try {
    events.emit(name, payload)
  } catch (error) {
    log.error({ err: error, event: name }, 'fastify-content-api: an events listener failed')
  }
}
