/**
 * The response shapes of docs/api.md, 'Entries', written as SQL so PostgreSQL builds the JSON.
 * It sits with the read compiler, which writes every answer's entries in SQL; besides it only
 * transform/envelope.ts (the `{ data, meta }` around them) knows what an answer looks like.
 */
import { jsonObject, literal, raw, type Sql } from '../../sql/index.js'

export type JsonPair = [string, Sql]

/** `{ id, attributes, meta }` for top-level entries (`meta` given), `{ id, attributes }` when populated. */
export function entryObject (id: string, attributes: JsonPair[], meta: Sql | null): Sql {
  const pairs: JsonPair[] = [['id', raw(id)], ['attributes', jsonObject(attributes)]]
  if (meta !== null) pairs.push(['meta', meta])
  return jsonObject(pairs)
}

/**
 * How an entry and its populated relations are written: the content API's envelope shape
 * (docs/api.md, 'Entries'), or the bare shape of Strapi's plugins (the users-permissions routes
 * answer `{ id, username, role: { id, name } }`: fields beside `id`, relations unwrapped,
 * no per-entry `meta`, as Strapi's entity service returns them).
 */
export interface EntryShape {
  /** `meta`: a top-level entry's meta, or null when populated (the bare shape has none). */
  entry: (id: string, fields: JsonPair[], meta: Sql | null) => Sql
  /** A populated relation or media: the entry, null or the array. */
  relation: (data: Sql) => Sql
  /** `populate[x][count]=true`. */
  count: (count: Sql) => Sql
}

export const ENVELOPE_SHAPE: EntryShape = { entry: entryObject, relation: relationWrapper, count: countWrapper }

export const BARE_SHAPE: EntryShape = {
  entry: (id, fields) => jsonObject([['id', raw(id)], ...fields]),
  relation: data => data,
  count: count => jsonObject([['count', count]])
}

/**
 * Strapi v5's entries (docs/strapi-v5.md): flat `{ id, documentId, ...fields }` (documentId is
 * an attribute of the v5 registry, first after `id`), relations and media unwrapped, no
 * per-entry `meta`: the entity service's shape, as the bare shape writes it.
 */
export const V5_SHAPE: EntryShape = BARE_SHAPE

/**
 * What Strapi v5 answers with the request header `Strapi-Response-Format: v4`: v4's
 * `{ id, attributes }` with the documentId beside the id, not among the attributes; relations
 * and media in `{ data }`; no per-entry `meta`.
 */
export const V5_AS_V4_SHAPE: EntryShape = {
  entry: (id, fields) => {
    const documentId = fields.filter(([name]) => name === 'documentId')
    return jsonObject([['id', raw(id)], ...documentId, ['attributes', jsonObject(fields.filter(([name]) => name !== 'documentId'))]])
  },
  relation: relationWrapper,
  count: countWrapper
}

/** A top-level entry's `meta`: `{}`, or `{ availableLocales }` on localized types (docs/decisions.md, 'Reads'). */
export function entryMeta (availableLocales: Sql | null): Sql {
  return availableLocales === null ? raw("'{}'::json") : jsonObject([['availableLocales', availableLocales]])
}

/** One of `availableLocales`: the other localization's id and locale (and publishedAt on draftAndPublish types). */
export function availableLocaleObject (id: string, locale: string, publishedAt: string | null): Sql {
  return jsonObject([['id', raw(id)], ['locale', raw(locale)], ...(publishedAt === null ? [] : [['publishedAt', raw(publishedAt)] as JsonPair])])
}

/** Relations and media sit in `{ data }`: one entry or null, or an array. */
export function relationWrapper (data: Sql): Sql {
  return jsonObject([['data', data]])
}

/** `populate[x][count]=true` answers `{ data: { attributes: { count } } }`. */
export function countWrapper (count: Sql): Sql {
  return relationWrapper(jsonObject([['attributes', jsonObject([['count', count]])]]))
}

/** `createdBy`/`updatedBy` (docs/access-control.md, 'Admin users and creator fields'): the admin's id and the names selected, nothing else of them. */
export function creatorObject (id: string, fields: JsonPair[]): Sql {
  return jsonObject([['id', raw(id)], ...fields])
}

/** Components are plain objects with their own id, not wrapped. */
export function componentObject (id: string, fields: JsonPair[]): Sql {
  return jsonObject([['id', raw(id)], ...fields])
}

/** Dynamic-zone items name their component. */
export function zoneItemObject (id: string, componentUid: string, fields: JsonPair[]): Sql {
  return jsonObject([['id', raw(id)], ['__component', raw(literal(componentUid))], ...fields])
}

export const EMPTY_JSON_ARRAY = raw("'[]'::json")
