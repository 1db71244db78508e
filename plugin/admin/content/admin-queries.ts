/**
 * The content manager's reads, said in the REST API's query language and compiled by its
 * compiler, so they are the same ONE statement a REST read is: a list with its columns (to-one
 * relations by their main field, to-many ones counted, media, creator fields), and an entry
 * with its components and zones whole, its relations counted and its other locales listed.
 */
import type { Attribute, ComponentModel, ContentTypeModel, Model } from '../../content-types/model.js'
import type { Registry } from '../../content-types/registry.js'
import { ValidationError } from '../../errors.js'
import { isRecord } from '../../is-record.js'
import type { PageSizeLimits } from '../../query/pagination.js'
import { compileEntryQuery, compileListQuery } from '../../query/compile-query.js'
import type { AdminRead, EntryQuery, QueryTree } from '../../query/tree.js'
import type { ViewSettings } from '../configuration/view-configuration.js'

export interface AdminQueryContext {
  registry: Registry
  pagination: PageSizeLimits
  /** The main field of a relation's target. */
  mainFieldOf: (uid: string) => string
}

export interface ListRequest {
  model: ContentTypeModel
  query: Record<string, unknown>
  settings: ViewSettings
  admin: AdminRead
}

const SORT_TERM = /^([A-Za-z][\w.]*):(ASC|DESC|asc|desc)$/

/**
 * The longest `_q` the content manager searches with: what a person types in a search box is
 * far shorter, and a longer one only makes the database compare more for nothing.
 */
export const MAX_SEARCH_LENGTH = 500

/** `_q`: one text of at most MAX_SEARCH_LENGTH characters, or undefined for no search (absent or empty). */
export function searchTerm (query: Record<string, unknown>): string | undefined {
  const term = query._q
  if (term === undefined || term === '') return undefined
  if (typeof term !== 'string') throw ValidationError.at(['_q'], '_q must be a single text')
  if (term.length > MAX_SEARCH_LENGTH) throw ValidationError.at(['_q'], `_q must be at most ${MAX_SEARCH_LENGTH} characters`)
  return term
}

/** `GET /content-manager/collection-types/:uid`: `page`, `pageSize`, `sort`, `_q`, `filters`, `locale`. */
export function adminListQuery (context: AdminQueryContext, { model, query, settings, admin }: ListRequest): QueryTree {
  if (query.sort !== undefined && typeof query.sort !== 'string') throw ValidationError.at(['sort'], 'sort must be <field>:ASC or <field>:DESC')
  const sort = query.sort ?? `${settings.defaultSortBy}:${settings.defaultSortOrder}`
  const term = SORT_TERM.exec(sort)
  if (term === null) throw ValidationError.at(['sort'], 'sort must be <field>:ASC or <field>:DESC')
  const rest: Record<string, unknown> = {
    fields: scalarFields(model),
    populate: listPopulate(context, model),
    sort: `${sortPath(context, model, term[1]!)}:${term[2]!.toLowerCase()}`,
    pagination: {
      page: query.page ?? '1',
      pageSize: query.pageSize ?? String(settings.pageSize)
    },
    publicationState: 'preview'
  }
  if (query.filters !== undefined) rest.filters = query.filters
  const search = searchTerm(query)
  if (search !== undefined) rest._q = search
  const locale = localeOf(query)
  if (model.localized && locale !== undefined) rest.locale = locale
  const tree = compileListQuery(context.registry, model, rest, context.pagination)
  return { ...tree, admin }
}

/** An entry as the edit view reads it: every scalar, components and zones whole, relations counted. */
export function adminEntryQuery (context: AdminQueryContext, model: ContentTypeModel): EntryQuery {
  const query = compileEntryQuery(context.registry, model, { fields: scalarFields(model), populate: entryPopulate(context.registry, model) })
  return { ...query, publicationState: 'preview', admin: {} }
}

/** `locale`, or the panel's older `plugins[i18n][locale]`. */
export function localeOf (query: Record<string, unknown>): string | undefined {
  if (typeof query.locale === 'string') return query.locale
  const plugins = query.plugins
  const i18n = isRecord(plugins) ? plugins.i18n : undefined
  return isRecord(i18n) && typeof i18n.locale === 'string' ? i18n.locale : undefined
}

/**
 * `plugins[i18n][relatedEntityId]` of a create (or `relatedEntityId`): the entry whose new
 * localization this is, as Strapi's panel names it; undefined when absent, 0 when not an id.
 */
export function relatedEntityOf (query: Record<string, unknown>): number | undefined {
  const plugins = query.plugins
  const i18n = isRecord(plugins) ? plugins.i18n : undefined
  const value = isRecord(i18n) && i18n.relatedEntityId !== undefined ? i18n.relatedEntityId : query.relatedEntityId
  if (value === undefined) return undefined
  return typeof value === 'string' && /^[1-9]\d{0,15}$/.test(value) ? Number(value) : 0
}

/** A to-one relation sorts by its target's main field. */
function sortPath (context: AdminQueryContext, model: ContentTypeModel, field: string): string {
  const attribute = model.attributes.get(field)
  if (attribute?.kind === 'relation' && !attribute.toMany) return `${field}.${context.mainFieldOf(attribute.target)}`
  return field
}

function scalarFields (model: Model): string[] {
  return [...model.attributes.values()].filter(attribute => attribute.kind === 'scalar' && attribute.name !== 'id' && !attribute.private).map(attribute => attribute.name)
}

function listPopulate (context: AdminQueryContext, model: ContentTypeModel): Record<string, unknown> {
  const populate: Record<string, unknown> = {}
  for (const attribute of model.attributes.values()) {
    if (attribute.kind === 'relation' && attribute.name !== 'localizations') {
      populate[attribute.name] = attribute.toMany ? { count: true } : { fields: relationFields(context, attribute.target) }
    } else if (attribute.kind === 'media') {
      populate[attribute.name] = true
    }
  }
  return populate
}

function relationFields (context: AdminQueryContext, target: string): string[] {
  const mainField = context.mainFieldOf(target)
  const model = context.registry.model(target)
  const fields = mainField === 'id' ? [] : [mainField]
  if (model.attributes.has('publishedAt') && model.kind === 'contentType' && model.draftAndPublish) fields.push('publishedAt')
  return fields
}

/** Components and zones whole (their own components too), their relations and every relation of the entry counted, media whole. */
function entryPopulate (registry: Registry, model: ContentTypeModel | ComponentModel): Record<string, unknown> {
  const populate: Record<string, unknown> = {}
  for (const attribute of model.attributes.values()) {
    const part = attributePopulate(registry, attribute)
    if (part !== undefined) populate[attribute.name] = part
  }
  return populate
}

function attributePopulate (registry: Registry, attribute: Attribute): unknown {
  switch (attribute.kind) {
    case 'scalar': return undefined
    // The other locales' entries as Strapi's panel reads them, to switch to and fill from.
    case 'relation': return attribute.name === 'localizations' ? { fields: localizationFields(registry, attribute.target) } : { count: true }
    case 'media': return true
    case 'component': return componentPopulate(registry, attribute.component)
    case 'dynamiczone': {
      const on: Record<string, unknown> = {}
      for (const uid of attribute.components) on[uid] = componentPopulate(registry, uid)
      return { on }
    }
  }
}

function localizationFields (registry: Registry, uid: string): string[] {
  const model = registry.model(uid)
  return model.kind === 'contentType' && model.draftAndPublish ? ['locale', 'publishedAt'] : ['locale']
}

function componentPopulate (registry: Registry, uid: string): Record<string, unknown> {
  const component = registry.components.get(uid)!
  const populate = entryPopulate(registry, component)
  return Object.keys(populate).length === 0 ? { fields: scalarFields(component) } : { fields: scalarFields(component), populate }
}
