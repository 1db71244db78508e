/**
 * The `lifecycles` option (docs/lifecycles.md): Strapi v4's lifecycle hooks of a content type,
 * keyed by its uid, with Strapi's `event` shape. Checked at start-up: an unknown uid, an
 * unknown hook name or a hook that is not a function stops it, named.
 */
import type { Attribute } from '../content-types/model.js'
import type { Registry } from '../content-types/registry.js'
import { isRecord } from '../is-record.js'

export const LIFECYCLE_HOOKS = ['beforeCreate', 'afterCreate', 'beforeUpdate', 'afterUpdate', 'beforeDelete', 'afterDelete'] as const

export type LifecycleHookName = typeof LIFECYCLE_HOOKS[number]

/** `event.model`: the parts of Strapi's model object hooks read. */
export interface LifecycleModel {
  uid: string
  singularName: string
  pluralName: string
  kind: 'collectionType' | 'singleType'
  tableName: string
  attributes: Record<string, Attribute>
}

/** Strapi v4's lifecycle event. */
export interface LifecycleEvent {
  /** The hook's name, as in Strapi (`beforeCreate`, `afterUpdate`, …). */
  action: LifecycleHookName
  model: LifecycleModel
  /** `data`: the body's `data` (create, update; a before* hook may change it); `where`: the entry (update, delete). */
  params: { data?: Record<string, unknown>, where?: { id: number } }
  /** after*: the entry as committed (a delete's: as it was), flat as Strapi gives it: `{ id, ...attributes }`. */
  result?: Record<string, unknown> | null
  /** One object shared by the before* and after* of one write. */
  state: Record<string, unknown>
}

export type LifecycleHook = (event: LifecycleEvent) => unknown

export type ContentTypeLifecycles = Partial<Record<LifecycleHookName, LifecycleHook>>

/** `{ '<uid>': { beforeCreate, afterCreate, … } }` */
export type LifecyclesOption = Record<string, ContentTypeLifecycles>

const HOOK_NAMES: ReadonlySet<string> = new Set(LIFECYCLE_HOOKS)

type Resolution = { ok: true, value: LifecyclesOption } | { ok: false, problem: string }

/** The option's shape, checked before the model is loaded (its uids: `unknownLifecycleUid`, after). */
export function resolveLifecycles (raw: unknown): Resolution {
  if (raw === undefined) return { ok: true, value: {} }
  if (!isRecord(raw)) return { ok: false, problem: 'lifecycles must be an object keyed by content type uid' }
  for (const [uid, hooks] of Object.entries(raw)) {
    if (!isRecord(hooks)) return { ok: false, problem: `lifecycles["${uid}"] must be an object of hooks (${LIFECYCLE_HOOKS.join(', ')})` }
    for (const [name, hook] of Object.entries(hooks)) {
      if (!HOOK_NAMES.has(name)) return { ok: false, problem: `lifecycles["${uid}"].${name} is not a lifecycle hook (known: ${LIFECYCLE_HOOKS.join(', ')})` }
      if (typeof hook !== 'function') return { ok: false, problem: `lifecycles["${uid}"].${name} must be a function (event) => …` }
    }
  }
  return { ok: true, value: raw as LifecyclesOption }
}

/** The problem with a uid of the option that names no content type of the loaded model, or null. */
export function unknownLifecycleUid (lifecycles: LifecyclesOption, registry: Registry): string | null {
  const uid = Object.keys(lifecycles).find(uid => !registry.contentTypes.has(uid))
  return uid === undefined ? null : `lifecycles: unknown content type "${uid}"`
}
