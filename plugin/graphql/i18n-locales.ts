/**
 * The i18n plugin's `i18NLocale(id)` and `i18NLocales(filters, pagination, sort)`, named and
 * shaped as Strapi's (`I18NLocaleEntityResponse(Collection)`, `I18NLocale { name code
 * createdAt updatedAt }`). Locales here are the `i18n` option, not rows: they are listed by
 * i18n/locale-list.ts (ids are positions in the option, from 1), filtered, sorted and paged in
 * memory (./list-in-memory.ts) with the pagination of every list; no SQL runs. They have no
 * timestamps (null). Any caller may list them: every read's `locale` names them anyway.
 */
import { GraphQLID, GraphQLList, GraphQLNonNull, GraphQLObjectType, GraphQLInputObjectType, GraphQLString } from 'graphql'
import type { GraphQLFieldConfigMap, GraphQLResolveInfo, GraphQLScalarType } from 'graphql'
import { listedLocales } from '../i18n/locale-list.js'
import type { LocaleSettings } from '../i18n/locale-settings.js'
import { listWindow } from './arguments.js'
import type { ListLimits } from './arguments.js'
import { matches, sortItems } from './list-in-memory.js'
import type { Item } from './list-in-memory.js'
import { entryId } from './entry-id.js'
import { DATETIME_SCALAR } from './scalars.js'
import { metaShape } from './list-meta.js'

export interface LocaleFieldsOptions {
  settings: LocaleSettings
  limits: ListLimits
  /** The shared types every list answers with. */
  metaType: GraphQLObjectType
  paginationArg: GraphQLInputObjectType
  /** `IDFilterInput`, `StringFilterInput`, `DateTimeFilterInput`. */
  scalarFilter: (scalar: GraphQLScalarType) => GraphQLInputObjectType
}

const SORTABLE = ['id', 'name', 'code', 'createdAt', 'updatedAt']

export function i18nLocaleFields ({ settings, limits, metaType, paginationArg, scalarFilter }: LocaleFieldsOptions): GraphQLFieldConfigMap<unknown, unknown> {
  const items: Item[] = listedLocales(settings).map(({ id, name, code }) => ({ id, name, code, createdAt: null, updatedAt: null }))
  const attributes = new GraphQLObjectType({
    name: 'I18NLocale',
    fields: { name: { type: GraphQLString }, code: { type: GraphQLString }, createdAt: { type: DATETIME_SCALAR }, updatedAt: { type: DATETIME_SCALAR } }
  })
  const entity = new GraphQLObjectType({ name: 'I18NLocaleEntity', fields: { id: { type: GraphQLID }, attributes: { type: attributes } } })
  const response = new GraphQLObjectType({ name: 'I18NLocaleEntityResponse', fields: { data: { type: entity } } })
  const collection = new GraphQLObjectType({
    name: 'I18NLocaleEntityResponseCollection',
    fields: {
      data: { type: new GraphQLNonNull(new GraphQLList(new GraphQLNonNull(entity))) },
      meta: {
        type: new GraphQLNonNull(metaType),
        // The shared meta type reads its values by response key (./answer-shape.ts): shaped as a content list's are.
        resolve: (source: Listed, _args, _context, info: GraphQLResolveInfo) =>
          metaShape({ schema: info.schema, fragments: info.fragments, variables: info.variableValues }, info.fieldNodes, () => {})(source)
      }
    }
  })
  const filters: GraphQLInputObjectType = new GraphQLInputObjectType({
    name: 'I18NLocaleFiltersInput',
    fields: () => ({
      id: { type: scalarFilter(GraphQLID) },
      name: { type: scalarFilter(GraphQLString) },
      code: { type: scalarFilter(GraphQLString) },
      createdAt: { type: scalarFilter(DATETIME_SCALAR) },
      updatedAt: { type: scalarFilter(DATETIME_SCALAR) },
      and: { type: new GraphQLList(filters) },
      or: { type: new GraphQLList(filters) },
      not: { type: filters }
    })
  })
  const answer = (item: Item): { id: string, attributes: Item } => ({ id: String(item.id), attributes: item })
  return {
    i18NLocale: {
      type: response,
      args: { id: { type: GraphQLID } },
      resolve: (_source, args: { id?: unknown }) => {
        const id = entryId(args.id)
        const found = items.find(item => item.id === id)
        return { data: found === undefined ? null : answer(found) }
      }
    },
    i18NLocales: {
      type: collection,
      args: { filters: { type: filters }, pagination: { type: paginationArg, defaultValue: {} }, sort: { type: new GraphQLList(GraphQLString), defaultValue: [] } },
      resolve: (_source, args: { filters?: unknown, pagination?: unknown, sort?: unknown }): Listed => {
        const window = listWindow(args.pagination, limits)
        const found = sortItems(items.filter(item => matches(item, args.filters)), args.sort, SORTABLE)
        return { data: found.slice(window.start, window.start + window.limit).map(answer), entries: found, total: found.length, window }
      }
    }
  }
}

/** A list's answer, and what its `meta.pagination` is made from (selection.ts, ListSource). */
interface Listed {
  data: unknown[]
  entries: unknown[]
  total: number
  window: ReturnType<typeof listWindow>
}
