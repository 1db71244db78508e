/**
 * The QueryTree: a read request after parsing and checking against the registry.
 * It is the contract between the HTTP side and the data side, so it holds plain data
 * only (no Fastify, no MikroORM). Every name in it is a known, non-private attribute of
 * the model it applies to; every value is already coerced to its attribute's type.
 */

/**
 * `live`: drafts of draftAndPublish types hidden at every depth; `preview`: shown. `draft`:
 * Strapi v5's `status=draft`, the draft version of every document: everything shown, and
 * draftAndPublish entries answer `publishedAt: null` (with one row per entry, a published
 * entry's draft version holds what the published one holds).
 */
export type PublicationState = 'live' | 'preview' | 'draft'

export type SortDirection = 'asc' | 'desc'

/** A path of attribute names from the model being read; every step but the last is a
 * relation, media or component attribute; the last is a scalar attribute (or `id`). */
export type AttributePath = string[]

export interface SortTerm {
  path: AttributePath
  direction: SortDirection
}

export type ComparisonOperator =
  | '$eq' | '$eqi' | '$ne' | '$nei' | '$lt' | '$lte' | '$gt' | '$gte'
  | '$in' | '$notIn'
  | '$contains' | '$notContains' | '$containsi' | '$notContainsi'
  | '$startsWith' | '$startsWithi' | '$endsWith' | '$endsWithi'
  | '$null' | '$notNull' | '$between'

/**
 * Values by operator: `$in`/`$notIn` an array, `$between` a pair, `$null`/`$notNull` a
 * boolean, the rest one value. Values are coerced: numbers for integer/float,
 * strings for biginteger and decimal (exact), booleans, ISO strings for dates/times.
 */
export type FilterValue = string | number | boolean | null

export type Filter =
  | { kind: 'and', filters: Filter[] }
  | { kind: 'or', filters: Filter[] }
  | { kind: 'not', filter: Filter }
  | {
    kind: 'compare'
    path: AttributePath
    operator: ComparisonOperator
    value: FilterValue | FilterValue[]
  }

export type Pagination =
  | { mode: 'page', page: number, pageSize: number, withCount: boolean }
  | { mode: 'offset', start: number, limit: number, withCount: boolean }

/** What to return of one model's rows: scalars and populated attributes. */
export interface Selection {
  /** Scalar attribute names to return, in schema order; `id` is always returned besides. */
  fields: string[]
  populate: Record<string, Populate>
}

/**
 * What every populated attribute may say besides its selection. A `populate` record is keyed
 * by the name the answer carries the value under: the attribute's own name (REST), or another
 * one when one read asks for the same attribute twice with different arguments (GraphQL
 * aliases); `attribute` then names the attribute read.
 */
interface PopulateBase {
  /** The attribute read, when the key under `populate` is not its name. */
  attribute?: string
}

/** A window of a to-many value's items: `start` skipped, at most `limit` kept (GraphQL's nested `pagination`). */
export interface ItemWindow {
  start: number
  limit: number
}

/** A populated relation or media attribute: a nested read of the target model. */
export interface RelationPopulate extends Selection, PopulateBase {
  kind: 'relation'
  filters: Filter | null
  sort: SortTerm[]
  /** `count=true`: answer `{ data: { attributes: { count } } }` instead of the entries. */
  count: boolean
  /** To-many only: the items kept after filters and sort; absent, all of them (REST populates every linked entry). */
  window?: ItemWindow
  /** The drafts this relation shows, when not the read's (GraphQL's per-field `publicationState`). */
  publicationState?: PublicationState
}

/** A populated component attribute (single or repeatable). */
export interface ComponentPopulate extends Selection, PopulateBase {
  kind: 'component'
  /** Only matching items are returned (a single component that does not match is null). */
  filters: Filter | null
  /** Repeatable only: items reordered (REST keeps their written order; GraphQL's `sort` argument). */
  sort?: SortTerm[]
  /** Repeatable only: the items kept, as RelationPopulate.window. */
  window?: ItemWindow
}

/** The selection of one component's items in a zone; `on` may filter and sort them too. */
export interface ZoneComponentSelection extends Selection {
  /** Only matching items of this component are returned. */
  filters?: Filter | null
  /** Reorders this component's items among the positions they hold in the zone. */
  sort?: SortTerm[]
}

/**
 * A populated dynamic zone: the items of the components named here are returned, each
 * with its own selection; items of other components are left out. The shared strategy
 * (`populate[zone][populate]=*`) names every allowed component, the `on` strategy only
 * those under `on`.
 */
export interface DynamicZonePopulate extends PopulateBase {
  kind: 'dynamiczone'
  components: Record<string, ZoneComponentSelection>
}

export type Populate = RelationPopulate | ComponentPopulate | DynamicZonePopulate

/** The attribute a `populate` entry reads: its own `attribute`, else its key. */
export function populatedAttribute (key: string, populate: Populate): string {
  return populate.attribute ?? key
}

export interface QueryTree extends Selection {
  /** Rows the read may build, as the populate budget estimates them: a large one waits for a heavy-read slot. */
  estimatedRows?: number
  filters: Filter | null
  sort: SortTerm[]
  pagination: Pagination
  publicationState: PublicationState
  /** Localized types only: the locale listed (the default one when not asked); null for `locale=all`. */
  locale?: string | null
  /** `createdBy`/`updatedBy` on each entry (docs/access-control.md, 'Admin users and creator fields'): set only by an extended list handler. */
  creatorFields?: boolean
  /** What `populate[createdBy|updatedBy][fields]` selects of each creator; absent: id, firstname and lastname. */
  creatorSelection?: CreatorSelection
  /** `_q`: entries whose searchable attributes contain this text, ignoring case (absent or empty: no search). */
  search?: string
  /** A read of the admin API: see AdminRead. */
  admin?: AdminRead
}

/**
 * What the admin API's reads add (docs/admin-api.md): creator fields on every content type
 * (not only on those that set `populateCreatorFields`), and for the Author role only the
 * entries one admin created.
 */
export interface AdminRead {
  /** Only entries whose `createdBy` is this admin user. */
  createdBy?: number
}

/** The names a creator may show besides its `id`: only these, never its email or password. */
export type CreatorField = 'firstname' | 'lastname'

export type CreatorSelection = Partial<Record<'createdBy' | 'updatedBy', CreatorField[]>>

/** Options of a single-entry read (get, and the answer of writes). */
export interface EntryQuery extends Selection {
  /** As on QueryTree. */
  estimatedRows?: number
  publicationState: PublicationState
  /** False: `meta.availableLocales` is left out (the caller may not `find` the type, so may not list its entries). */
  availableLocales?: boolean
  /** A read of the admin API: the entry with its creator fields. */
  admin?: AdminRead
}

/**
 * A read of one document's entry by its documentId (Strapi v5's `GET /:documentId`): on a
 * localized type, its entry in `locale`.
 */
export interface DocumentQuery extends EntryQuery {
  /** Localized types: the locale of the entry read. Null on other types. */
  locale: string | null
}
