/**
 * Strapi v5's `documentId` (docs/schemas.md, 'Documents'): the key of a document, made when
 * its first entry is created and shared by every localization of it. Every entry of a
 * content type, every file and every user stores one; Strapi v4 shows none, so it is an
 * attribute of the model only in a registry built for a format that shows it (the
 * `documentIds` setting).
 */
import { systemScalar } from './attribute-rules.js'
import type { Model, ScalarAttribute } from './model.js'
import { USER_UID } from './plugin-types.js'

export const DOCUMENT_ID = 'documentId'

/**
 * Whether the rows of `model` have a documentId: content types (collection and single types),
 * files and users, as Strapi v5 gives them one. Components are parts of an entry, not
 * documents; roles and admin users are not content.
 */
export function hasDocumentId (model: Pick<Model, 'kind' | 'uid'>): boolean {
  return model.kind === 'contentType' || model.kind === 'file' || model.uid === USER_UID
}

/** Read-only and never private: a format that shows documentIds selects, filters and sorts by it as by any string. */
export function documentIdAttribute (): ScalarAttribute {
  return systemScalar(DOCUMENT_ID, 'string')
}

/** What every documentId made here looks like (cuid2's shape): a lowercase letter, then 23 lowercase letters or digits. */
const MADE_SHAPE = /^[a-z][a-z0-9]{23}$/

/**
 * Whether `text` can be part of some documentId, ignoring case (as `_q` compares): only
 * letters and digits can. A search for anything else (a space, a dash) need not look at
 * documentIds at all.
 */
export function canBeInDocumentId (text: string): boolean {
  return /^[a-z0-9]+$/i.test(text)
}

/**
 * Whether `value` can be a documentId of this database: every one is made in that shape, so
 * any other value (from a URL, say) names no document and need not reach SQL.
 */
export function isDocumentId (value: unknown): value is string {
  return typeof value === 'string' && MADE_SHAPE.test(value)
}
