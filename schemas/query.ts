/**
 * Documentation schemas of the query language (docs/querying.md), one per query parameter.
 * They are never handed to Fastify to validate: the plugin parses the raw query string
 * with qs and checks it itself, with its own errors. They only feed the OpenAPI document,
 * so they describe the bracket notation as nested objects (`populate[author][fields][0]`).
 */
import { Type } from '@sinclair/typebox'
import type { TSchema } from '@sinclair/typebox'
import { SCALAR_TYPE_INFO } from '../plugin/content-types/attributes.js'
import type { ContentTypeModel, ScalarAttribute } from '../plugin/content-types/model.js'
import type { Attribute, Model } from './model-types.js'

/** A JSON Schema `enum` of names (one keyword, where a union of literals would be many). */
function oneOfNames (names: readonly string[], description?: string): TSchema {
  const documented = description === undefined ? {} : { description }
  // An empty enum is not a valid schema: a model without such attributes takes any name (and refuses it).
  return names.length === 0 ? Type.String(documented) : Type.Unsafe<string>({ type: 'string', enum: [...names], ...documented })
}

const freeObject = (description: string): TSchema => Type.Object({}, { additionalProperties: true, description })

// `private` covers password attributes too: the registry marks them private.
function scalarNames (model: Model): string[] {
  return [...model.attributes.values()].filter(attribute => attribute.kind === 'scalar' && !attribute.private).map(attribute => attribute.name)
}

function populatableAttributes (model: Model): Attribute[] {
  return [...model.attributes.values()].filter(attribute => attribute.kind !== 'scalar' && !attribute.private)
}

export function fieldsQuerySchema (model: Model): TSchema {
  return Type.Union([
    Type.Array(oneOfNames(scalarNames(model))),
    Type.String({ description: '`*` or a comma-separated list of names' })
  ], { description: 'Scalar attributes to return (`id` always is): `fields[0]=title&fields[1]=slug`, `fields=title,slug` or `fields=*`.' })
}

const POPULATE_OPTIONS = Type.Object({
  fields: Type.Optional(Type.Array(Type.String(), { description: 'Attributes of the populated entries to return' })),
  populate: Type.Optional(freeObject('Nested populate: the same forms, one level down (no depth limit)')),
  filters: Type.Optional(freeObject('Only related entries matching these filters appear (relations and media)')),
  sort: Type.Optional(Type.Union([Type.String(), Type.Array(Type.String())], { description: 'Order of the related entries (relations and media)' })),
  count: Type.Optional(Type.Boolean({ description: 'Answer `{ data: { attributes: { count } } }` instead of the entries (relations and media)' })),
  on: Type.Optional(freeObject('Dynamic zones: a selection per component, `on[<category>.<name>][fields][0]=...`'))
}, { description: 'Options of one populated attribute' })

export function populateQuerySchema (model: Model): TSchema {
  const attributes = populatableAttributes(model)
  const perAttribute: Record<string, TSchema> = {}
  for (const attribute of attributes) {
    perAttribute[attribute.name] = Type.Optional(Type.Union([
      Type.Boolean({ description: '`true`, `t` or `1` populates; `false`, `f` or `0` does not' }),
      POPULATE_OPTIONS
    ], { description: `Populate ${attribute.name} (${attribute.kind})` }))
  }
  return Type.Union([
    Type.String({ description: '`*` (every relation, media, component and dynamic zone, one level) or a comma-separated list of attributes and dotted paths (`seo.openGraph`)' }),
    Type.Array(oneOfNames(attributes.map(attribute => attribute.name))),
    Type.Object(perAttribute, { additionalProperties: false })
  ], { description: 'Relations, media, components and dynamic zones to return (none by default): `populate=*`, `populate[0]=author`, `populate[author][fields][0]=name`.' })
}

type OperatorFit = 'any' | 'comparable' | 'ordered' | 'textual'

/** The filter operators (docs/querying.md, 'filters') and the attribute types each suits (what `query/filters` accepts). */
const OPERATOR_FIT: ReadonlyArray<readonly [string, OperatorFit]> = [
  ['$eq', 'comparable'], ['$ne', 'comparable'], ['$in', 'comparable'], ['$notIn', 'comparable'],
  ['$null', 'any'], ['$notNull', 'any'],
  ['$lt', 'ordered'], ['$lte', 'ordered'], ['$gt', 'ordered'], ['$gte', 'ordered'], ['$between', 'ordered'],
  ['$eqi', 'textual'], ['$nei', 'textual'], ['$contains', 'textual'], ['$notContains', 'textual'],
  ['$containsi', 'textual'], ['$notContainsi', 'textual'], ['$startsWith', 'textual'], ['$startsWithi', 'textual'],
  ['$endsWith', 'textual'], ['$endsWithi', 'textual']
]

/** The operators `attribute` accepts, in the order of docs/querying.md, 'filters'. */
export function filterOperators (attribute: ScalarAttribute): string[] {
  const info = SCALAR_TYPE_INFO[attribute.type]
  const fits: Record<OperatorFit, boolean> = { any: true, comparable: info.comparable, ordered: info.ordered, textual: info.textual }
  return OPERATOR_FIT.filter(([, fit]) => fits[fit]).map(([operator]) => operator)
}

/** The operators are named in the description: listed as properties, tools would fill in every one. */
function scalarCondition (attribute: ScalarAttribute): TSchema {
  return Type.Union([
    Type.String({ description: 'A bare value means $eq' }),
    Type.Array(Type.String(), { description: 'A list means $in' }),
    Type.Object({}, {
      additionalProperties: Type.Union([Type.String(), Type.Array(Type.String())]),
      description: `Operators: ${filterOperators(attribute).join(', ')} (lists for $in, $notIn, $between)`
    })
  ], { description: `${attribute.name} (${attribute.type})` })
}

export function filtersQuerySchema (model: Model): TSchema {
  const conditions: Record<string, TSchema> = {}
  for (const attribute of model.attributes.values()) {
    if (attribute.private || attribute.kind === 'dynamiczone') continue
    conditions[attribute.name] = Type.Optional(attribute.kind === 'scalar'
      ? scalarCondition(attribute)
      : freeObject(`Conditions on the ${attribute.kind === 'component' ? 'component' : 'linked entries'} of ${attribute.name}, at any depth; a bare id or id operators match the linked id`))
  }
  conditions.$and = Type.Optional(Type.Array(freeObject('A condition object'), { description: 'Every condition holds' }))
  conditions.$or = Type.Optional(Type.Array(freeObject('A condition object'), { description: 'At least one condition holds' }))
  conditions.$not = Type.Optional(freeObject('The condition does not hold'))
  return Type.Object(conditions, {
    additionalProperties: false,
    description: 'Conditions: `filters[<attribute>][<operator>]=<value>`, through relations and components at any depth (`filters[author][name][$eq]=Ann`).'
  })
}

export function sortQuerySchema (model: Model): TSchema {
  return Type.Union([
    Type.String({ description: '`title`, `title:desc`, `title:asc,views:desc` or a dotted path `author.name:asc`' }),
    Type.Array(Type.String()),
    freeObject('Object form: `sort[author][name]=asc`')
  ], { description: `Order of the entries (ties broken by id ascending). Attributes: ${scalarNames(model).join(', ')}.` })
}

export const paginationQuerySchema: TSchema = Type.Object({
  page: Type.Optional(Type.Integer({ minimum: 1, description: 'Page number (default 1)' })),
  pageSize: Type.Optional(Type.Integer({ minimum: 1, description: 'Entries per page (default 25, at most 100 unless configured)' })),
  start: Type.Optional(Type.Integer({ minimum: 0, description: 'Offset mode: entries to skip' })),
  limit: Type.Optional(Type.Integer({ minimum: -1, description: 'Offset mode: entries to return (-1: the maximum)' })),
  withCount: Type.Optional(Type.Boolean({ description: 'Count the total (default true)' }))
}, { additionalProperties: false, description: 'Page mode (`page`, `pageSize`) or offset mode (`start`, `limit`), not both.' })

export const publicationStateQuerySchema: TSchema = oneOfNames(['live', 'preview'],
  '`live` (default) hides drafts, at every depth; `preview` includes them. Ignored on types without draftAndPublish.')

export const localeQuerySchema: TSchema = Type.String({ description: 'A locale code, or `all` (localized types only)' })

/** The query parameters of each operation, by name, in the order they are documented. */
export function operationQuerySchemas (model: ContentTypeModel, operation: 'list' | 'entry' | 'write'): Record<string, TSchema> {
  const selection = { fields: fieldsQuerySchema(model), populate: populateQuerySchema(model) }
  const locale: Record<string, TSchema> = model.localized ? { locale: localeQuerySchema } : {}
  if (operation === 'write') return { ...selection, ...locale }
  const publicationState = { publicationState: publicationStateQuerySchema }
  if (operation === 'entry') return { ...selection, ...publicationState, ...locale }
  return {
    ...selection,
    filters: filtersQuerySchema(model),
    sort: sortQuerySchema(model),
    pagination: paginationQuerySchema,
    ...publicationState,
    ...locale
  }
}

/** Strapi v5's `status` (docs/strapi-v5.md, 'Reads'). */
export const statusQuerySchema: TSchema = oneOfNames(['published', 'draft'],
  '`published` (default): the published entries, at every depth; `draft`: the draft version of every document (`publishedAt: null` on draftAndPublish types).')

/** Strapi v5's `locale`. */
export const v5LocaleQuerySchema: TSchema = Type.String({ description: 'A locale code (default: the default locale), or `*` for every locale on lists (localized types only)' })

/** The query parameters of each v5 operation: v4's, with `status` for `publicationState` and v5's locales. */
export function v5OperationQuerySchemas (model: ContentTypeModel, operation: 'list' | 'entry' | 'write'): Record<string, TSchema> {
  const selection = { fields: fieldsQuerySchema(model), populate: populateQuerySchema(model) }
  // On every type: relations to draftAndPublish types follow it.
  const status = { status: statusQuerySchema }
  const locale: Record<string, TSchema> = model.localized ? { locale: v5LocaleQuerySchema } : {}
  if (operation !== 'list') return { ...selection, ...status, ...locale }
  return { ...selection, filters: filtersQuerySchema(model), sort: sortQuerySchema(model), pagination: paginationQuerySchema, ...status, ...locale }
}
