/**
 * A Strapi v5 write body's `data` → the v4 `data` the planner reads (docs/strapi-v5.md,
 * 'Writes'). v5 differs from v4 in what surrounds the attributes, which is all this changes:
 *
 * - a key that is not a writable attribute is refused as Strapi 5 refuses it (`Invalid key
 *   color`, `details: { key, path, source: 'body' }`); `id` and `documentId` too, but in a
 *   component, whose `id` picks the component row to update, as in v4;
 * - `locale` and `publishedAt` are dropped: the query's `locale` and `status` decide them;
 *   `createdAt`, `updatedAt`, `createdBy` and `updatedBy` are dropped as v4 drops them;
 * - relations name entries by documentId, in every form v4 takes (a bare value or list,
 *   `connect`/`disconnect`/`set`, positions) and the longhand `{ documentId, locale, status,
 *   position }`; each becomes the id of the document's row in the locale meant (the longhand's
 *   `locale`, else the written entry's, else the default one, on a localized target). Row ids
 *   are still taken.
 *
 * The documentIds are found in the database between two passes over the body: `references`
 * lists them, `v4Data` writes the body with the ids found (`found`).
 */
import { SCALAR_TYPE_INFO } from '../content-types/attributes.js'
import { DOCUMENT_ID } from '../content-types/documents.js'
import { isWritableAttribute } from '../content-types/model.js'
import type { Attribute, Model, RelationAttribute } from '../content-types/model.js'
import type { Registry } from '../content-types/registry.js'
import { ValidationError } from '../errors.js'
import type { ValidationIssue } from '../errors.js'
import { isRecord } from '../is-record.js'

/** A document a relation of the body names, in the locale meant (null: the target is not localized). */
export interface DocumentReference {
  /** The uid of the related content type. */
  target: string
  documentId: string
  locale: string | null
}

/** The row id of a reference, or undefined when the document has no row in that locale. */
export type FoundRows = (reference: DocumentReference) => number | undefined

export interface V5BodyOptions {
  registry: Registry
  model: Model
  /** The locale of the entry written (null: not localized): the locale of the documents its relations name. */
  locale: string | null
}

/** Keys a v5 body may hold beside the attributes, dropped: the query decides them, or a write ignores them. */
export const DROPPED_KEYS: ReadonlySet<string> = new Set(['locale', 'publishedAt', 'createdAt', 'updatedAt', 'createdBy', 'updatedBy'])

/** The documentIds the body's relations name, once each; the body's keys checked first. */
export function documentReferences (options: V5BodyOptions, data: Record<string, unknown>): DocumentReference[] {
  const seen = new Map<string, DocumentReference>()
  translateEntry(options, data, reference => {
    seen.set(referenceKey(reference), reference)
    return 0
  })
  return [...seen.values()]
}

/** The v4 `data` of the body, with the row ids `found`; the first documentId without a row is a 400, as in Strapi 5. */
export function v4Data (options: V5BodyOptions, data: Record<string, unknown>, found: FoundRows): Record<string, unknown> {
  return translateEntry(options, data, reference => {
    const id = found(reference)
    if (id === undefined) throw new ValidationError(`Document with id "${reference.documentId}", locale "${reference.locale ?? 'null'}" not found`)
    return id
  })
}

/** One key per document and locale. */
export function referenceKey ({ target, documentId, locale }: DocumentReference): string {
  return `${target}\u0000${documentId}\u0000${locale ?? ''}`
}

type Resolve = (reference: DocumentReference) => number

function translateEntry (options: V5BodyOptions, data: Record<string, unknown>, resolve: Resolve): Record<string, unknown> {
  const out: Record<string, unknown> = {}
  for (const [key, value] of Object.entries(data)) {
    if (key === 'id' || key === DOCUMENT_ID) throw new ValidationError(`Invalid key ${key}`, [], { key, source: 'body' })
    if (DROPPED_KEYS.has(key)) continue
    out[key] = translateValue(options, options.model, key, value, [], resolve)
  }
  return out
}

/** A component or zone item: its `id` (and a zone item's `__component`) kept, its keys checked. */
function translateComponent (options: V5BodyOptions, model: Model, data: unknown, path: string[], resolve: Resolve): unknown {
  if (!isRecord(data)) return data
  const out: Record<string, unknown> = {}
  for (const [key, value] of Object.entries(data)) {
    out[key] = key === 'id' || key === '__component' ? value : translateValue(options, model, key, value, path, resolve)
  }
  return out
}

function translateValue (options: V5BodyOptions, model: Model, key: string, value: unknown, path: string[], resolve: Resolve): unknown {
  const attribute = model.attributes.get(key)
  if (attribute === undefined || !isWritableAttribute(attribute)) throw unknownKey(key, path)
  return translateAttribute(options, attribute, value, [...path, key], resolve)
}

function unknownKey (key: string, path: string[]): ValidationError {
  const at = path.length === 0 ? null : path.join('.')
  return new ValidationError(`Invalid key ${key}${at === null ? '' : ` at ${at}`}`, [], { key, path: at, source: 'body' })
}

function translateAttribute (options: V5BodyOptions, attribute: Attribute, value: unknown, path: string[], resolve: Resolve): unknown {
  const { registry } = options
  switch (attribute.kind) {
    case 'relation':
      return translateRelation(options, attribute, value, resolve)
    case 'component': {
      const component = registry.model(attribute.component)
      return Array.isArray(value)
        ? value.map(item => translateComponent(options, component, item, path, resolve))
        : translateComponent(options, component, value, path, resolve)
    }
    case 'dynamiczone':
      if (!Array.isArray(value)) return value
      // An item of a component the zone does not allow is left for the planner to refuse.
      return value.map(item => {
        const uid = isRecord(item) ? item.__component : undefined
        return typeof uid === 'string' && attribute.components.includes(uid)
          ? translateComponent(options, registry.model(uid), item, path, resolve)
          : item
      })
    default:
      // Scalars, and media: files are named by their row ids in v5 as in v4.
      return value
  }
}

/** A relation value in any form, its documentIds replaced by row ids. */
function translateRelation (options: V5BodyOptions, attribute: RelationAttribute, value: unknown, resolve: Resolve): unknown {
  const target = options.registry.model(attribute.target)
  const localized = target.kind === 'contentType' && target.localized
  // The written entry's locale; an entry of a type that is not localized links the default one.
  const entryLocale = options.locale ?? options.registry.i18n?.defaultLocale ?? null
  const reference = (item: unknown): unknown => {
    if (typeof item === 'string' && !/^\d+$/.test(item)) {
      return resolve({ target: target.uid, documentId: item, locale: localized ? entryLocale : null })
    }
    if (!isRecord(item)) return item
    // `status` names the draft or the published version: one row holds both here.
    const { documentId, locale, position, ...rest } = item
    const out: Record<string, unknown> = { ...rest }
    delete out.status
    if (typeof documentId === 'string') {
      const meant = localized ? (typeof locale === 'string' ? locale : entryLocale) : null
      out.id = resolve({ target: target.uid, documentId, locale: meant })
    }
    if (isRecord(position)) out.position = Object.fromEntries(Object.entries(position).map(([key, at]) => [key, key === 'before' || key === 'after' ? reference(at) : at]))
    else if (position !== undefined) out.position = position
    return out
  }
  const list = (items: unknown): unknown => Array.isArray(items) ? items.map(reference) : items
  if (Array.isArray(value)) return list(value)
  if (isRecord(value) && ('connect' in value || 'disconnect' in value || 'set' in value)) {
    const out: Record<string, unknown> = { ...value }
    for (const operation of ['connect', 'disconnect', 'set'] as const) {
      if (operation in value) out[operation] = list(value[operation])
    }
    return out
  }
  return value === null ? null : reference(value)
}

/**
 * A refused body's issues as Strapi 5 words them: each with the `value` refused where the body
 * holds one (null for a missing attribute), and a required text left out named by its type,
 * as a null one is. Other errors are answered as they are.
 */
export function inV5Words (error: unknown, model: Model, data: Record<string, unknown>): unknown {
  if (!(error instanceof ValidationError) || !Array.isArray(error.details.errors)) return error
  const issues = (error.details.errors as ValidationIssue[]).map(issue => v5Issue(issue, model, data))
  return new ValidationError(issues.length === 1 ? issues[0]!.message : error.message, issues)
}

function v5Issue (issue: ValidationIssue, model: Model, data: Record<string, unknown>): ValidationIssue {
  const found = valueAt(data, issue.path)
  const [name] = issue.path
  const top = issue.path.length === 1 && typeof name === 'string' ? model.attributes.get(name) : undefined
  if (!found.present && top === undefined) return issue
  const subject = String(name)
  const textual = top?.kind === 'scalar' && SCALAR_TYPE_INFO[top.type].textual
  if (!found.present && textual && issue.message === `${subject} must be defined.`) {
    return { ...issue, message: `${subject} must be a \`string\` type, but the final value was: \`null\`.`, value: null }
  }
  // A number sent as text that reads as none: yup casts it to NaN, and answers the value as null.
  if (top?.kind === 'scalar' && NUMERIC.has(top.type) && typeof found.value === 'string' && Number.isNaN(Number(found.value))) {
    return { ...issue, message: `${subject} must be a \`number\` type, but the final value was: \`NaN\` (cast from the value \`${JSON.stringify(found.value)}\`).`, value: null }
  }
  const pattern = /^(.*) must match the pattern (.*)$/.exec(issue.message)
  const message = pattern === null ? issue.message : `${pattern[1]!} must match the following: "/${pattern[2]!}/"`
  return { ...issue, message, value: found.present ? found.value : null }
}

const NUMERIC: ReadonlySet<string> = new Set(['integer', 'biginteger', 'float', 'decimal'])

function valueAt (data: unknown, path: ReadonlyArray<string | number>): { present: boolean, value?: unknown } {
  let value = data
  for (const step of path) {
    if (value === null || typeof value !== 'object' || !(String(step) in value)) return { present: false }
    value = (value as Record<string, unknown>)[String(step)]
  }
  return { present: true, value }
}
