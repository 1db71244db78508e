/**
 * The model-independent part of the declarations of Strapi v5's format (docs/strapi-v5.md):
 * flat entries keyed by documentId, the envelope, the query's `status` and `locale`, and the
 * write-side relation forms, which name documents by documentId (files by id).
 */
import type { Registry } from '../content-types/registry.js'
import { envelopeTypesSource } from './envelope-types.js'
import { literalUnion } from './ts-source.js'

/** `locale` of a read: a configured locale, or `*` for every one (lists only). */
function localeType (registry: Registry): string {
  return registry.i18n === null ? 'string' : `${literalUnion(registry.i18n.locales)} | '*'`
}

export function v5CommonTypesSource (registry: Registry): string {
  return `/** An entry of a type without a documentId (a plugin's): its fields beside \`id\`. */
export type Entry<Fields> = { id: number } & Fields

/** An entry as the v5 format answers it: flat, its fields beside \`id\` and \`documentId\`. */
export type DocumentEntry<Fields> = { id: number, documentId: string } & Fields

/** A relation populated with \`populate[<relation>][count]=true\`. */
export interface RelationCount {
  count: number
}

${envelopeTypesSource({ issueValue: true })}
/** \`status\` of a read or a write: the published version (default) or the draft. */
export type Status = 'published' | 'draft'

/** \`locale\` of a read: a configured locale, or \`*\` for every one (lists only). */
export type Locale = ${localeType(registry)}

/** The query parameters the v5 format adds to v4's (\`fields\`, \`populate\`, \`filters\`, \`sort\`, \`pagination\`, \`_q\`). */
export interface DocumentParameters {
  status?: Status
  locale?: Locale
}

/** An id in a write body: a number or a string of digits. */
export type Id = number | string

export type ConnectPosition = { before: string } | { after: string } | { start: true } | { end: true }

/** A related document: its documentId (a row id is taken too), or the longhand with its locale, status and position. */
export type DocumentReference = string | number | {
  documentId: string
  locale?: string | null
  status?: Status
  position?: ConnectPosition
}

/** Edit a relation without restating it; \`set\` cannot be combined with the other two. */
export interface RelationOperations {
  connect?: DocumentReference | DocumentReference[]
  disconnect?: DocumentReference | DocumentReference[]
  set?: DocumentReference | DocumentReference[]
}

/** A to-one relation in a write: one document, or \`null\` to clear. */
export type ToOneInput = DocumentReference | [] | [DocumentReference] | RelationOperations | null

/** A to-many relation in a write: the documents in order, or \`null\`/\`[]\` to clear. */
export type ToManyInput = DocumentReference | DocumentReference[] | RelationOperations | null

/** Single media in a write: a file id, or \`null\` to clear. */
export type FileOneInput = Id | { id: Id } | [] | [Id] | null

/** Multiple media in a write: the file ids in order, or \`null\`/\`[]\` to clear. */
export type FileManyInput = Id | Array<Id | { id: Id }> | null
`
}
