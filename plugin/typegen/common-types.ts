/**
 * The model-independent part of the generated declarations: the envelope, the relation
 * and media wrappers, zone items and the write-side relation forms (docs/api.md, 'Entries'; docs/writing.md, 'Relations and media').
 */
import { schemaId } from '../../schemas/ids.js'
import type { Registry } from '../content-types/registry.js'
import { envelopeTypesSource } from './envelope-types.js'

export function commonTypesSource (registry: Registry): string {
  const fileEntry = schemaId(registry.file, 'Entry')
  return `/** An entry as the API answers it. Top-level entries carry \`meta\`; populated ones do not. */
export interface Entry<Attributes> {
  id: number
  attributes: Attributes
  meta?: EntryMeta
}

/** \`availableLocales\` appears on localized types only: the entry's other localizations. */
export interface EntryMeta {
  availableLocales?: AvailableLocale[]
}

/** Another localization of an entry; \`publishedAt\` on draftAndPublish types. */
export interface AvailableLocale {
  id: number
  locale: string
  publishedAt?: string | null
}

/** A populated to-one relation. */
export interface RelationOne<Target> {
  data: Target | null
}

/** A populated to-many relation. */
export interface RelationMany<Target> {
  data: Target[]
}

/** A relation populated with \`populate[<relation>][count]=true\`. */
export interface RelationCount {
  data: { attributes: { count: number } }
}

/** A populated single media attribute. */
export interface MediaOne {
  data: ${fileEntry} | null
}

/** A populated multiple media attribute (\`[]\` when empty). */
export interface MediaMany {
  data: ${fileEntry}[]
}

${envelopeTypesSource({ issueValue: false })}
/** An id in a write body: a number or a string of digits. */
export type Id = number | string

/** One related entry: its id, or \`{ id }\` / \`{ id, type }\`. */
export type RelationReference = Id | { id: Id, type?: string }

export type ConnectPosition = { before: Id } | { after: Id } | { start: true } | { end: true }

/** Edit a relation without restating it; \`set\` cannot be combined with the other two. */
export interface RelationOperations {
  connect?: Array<Id | { id: Id, type?: string, position?: ConnectPosition }>
  disconnect?: RelationReference[]
  set?: RelationReference[]
  /** \`strict: false\`: a connect placed relative to an entry that is not linked is appended. */
  options?: { strict?: boolean }
}

/** A to-one relation or single media in a write: one reference, or \`null\` to clear. */
export type ToOneInput = RelationReference | [] | [RelationReference] | RelationOperations | null

/** A to-many relation or multiple media in a write: the references in order, or \`null\`/\`[]\` to clear. */
export type ToManyInput = RelationReference | RelationReference[] | RelationOperations | null
`
}
