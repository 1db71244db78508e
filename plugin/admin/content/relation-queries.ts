/**
 * The relation pickers' reads (`/content-manager/relations`), in the REST API's query language
 * and through its compiler, ONE statement each: the targets a relation may link, searched by
 * their main field, and the links an entry has.
 */
import type { ComponentModel, ContentTypeModel, RelationAttribute } from '../../content-types/model.js'
import { NotFoundError, ValidationError } from '../../errors.js'
import { compileEntryQuery, compileListQuery } from '../../query/compile-query.js'
import type { EntryQuery, QueryTree } from '../../query/tree.js'
import { searchTerm, type AdminQueryContext } from './admin-queries.js'

/** What one side of the picker shows of a target: its id, main field and publication. */
export function targetFields (context: AdminQueryContext, target: ContentTypeModel): string[] {
  const mainField = context.mainFieldOf(target.uid)
  return [...(mainField === 'id' ? [] : [mainField]), ...(target.draftAndPublish ? ['publishedAt'] : [])]
}

/** The relation `field` of `model` and the content type it links; 404 for anything else. */
export function relationOf (context: AdminQueryContext, model: ContentTypeModel | ComponentModel, field: string): { attribute: RelationAttribute, target: ContentTypeModel } {
  const attribute = model.attributes.get(field)
  const target = attribute?.kind === 'relation' ? context.registry.contentTypes.get(attribute.target) : undefined
  if (attribute?.kind !== 'relation' || target === undefined || attribute.name === 'localizations') throw new NotFoundError(`${model.uid} has no relation ${field} to a content type`)
  return { attribute, target }
}

export interface CandidateRequest {
  target: ContentTypeModel
  query: Record<string, unknown>
}

/** `?_q&page&pageSize&idsToOmit[]`: the targets, by main field, drafts included. */
export function candidatesQuery (context: AdminQueryContext, { target, query }: CandidateRequest): QueryTree {
  const mainField = context.mainFieldOf(target.uid)
  const conditions: unknown[] = []
  const search = searchTerm(query)
  if (search !== undefined) conditions.push({ [mainField]: { $containsi: search } })
  const omitted = idList(query.idsToOmit, 'idsToOmit')
  if (omitted.length > 0) conditions.push({ id: { $notIn: omitted.map(String) } })
  const rest: Record<string, unknown> = {
    fields: targetFields(context, target),
    sort: `${mainField}:asc`,
    pagination: { page: query.page ?? '1', pageSize: query.pageSize ?? '10' },
    publicationState: 'preview',
    ...(conditions.length === 0 ? {} : { filters: { $and: conditions } })
  }
  if (target.localized && typeof query.locale === 'string') rest.locale = query.locale
  return compileListQuery(context.registry, target, rest, context.pagination)
}

/** An entry read for the links of one relation, in their order (the page is cut after). */
export function linksQuery (context: AdminQueryContext, model: ContentTypeModel, field: string, target: ContentTypeModel): EntryQuery {
  const query = compileEntryQuery(context.registry, model, { fields: ['id'], populate: { [field]: { fields: targetFields(context, target) } } })
  return { ...query, publicationState: 'preview' }
}

function idList (raw: unknown, key: string): number[] {
  if (raw === undefined) return []
  const items = Array.isArray(raw) ? raw : typeof raw === 'object' && raw !== null ? Object.values(raw) : [raw]
  return items.map(item => {
    if (typeof item !== 'string' || !/^\d{1,9}$/.test(item)) throw ValidationError.at([key], `${key} must be a list of ids`)
    return Number(item)
  })
}
