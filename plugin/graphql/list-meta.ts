/**
 * A list's `meta { pagination { total page pageSize pageCount } }`, shaped under the query's
 * response keys as every answer is (./answer-shape.ts), for content lists (./selection.ts) and
 * lists held in memory (./i18n-locales.ts).
 */
import type { FieldNode, GraphQLObjectType } from 'graphql'
import { fixedTypeName, objectShape } from './answer-shape.js'
import type { Shape, ShapedField } from './answer-shape.js'
import type { ListWindow } from './arguments.js'
import { collectFields } from './collect.js'
import type { Document } from './collect.js'

const TYPENAME_FIELD = '__typename'

/** A list's answer is shaped from this: the entries, and what `meta.pagination` reports. */
export interface ListSource {
  entries: unknown[]
  total: number | null
  window: ListWindow
}

/**
 * `meta { pagination { total page pageSize pageCount } }`: the total (and the page count made
 * from it) is counted only when asked; `count` is told so.
 */
export function metaShape (context: Document, fields: readonly FieldNode[], count: () => void): Shape {
  const shaped: ShapedField[] = []
  const metaType = context.schema.getType('ResponseCollectionMeta') as GraphQLObjectType
  for (const [key, nodes] of collectFields(context, metaType, fields)) {
    if (nodes[0]!.name.value === TYPENAME_FIELD) shaped.push([key, fixedTypeName(metaType.name)])
    if (nodes[0]!.name.value !== 'pagination') continue
    const numbers: ShapedField[] = []
    const paginationType = context.schema.getType('Pagination') as GraphQLObjectType
    for (const [numberKey, numberNodes] of collectFields(context, paginationType, nodes)) {
      const name = numberNodes[0]!.name.value
      if (name === TYPENAME_FIELD) numbers.push([numberKey, fixedTypeName(paginationType.name)])
      if (name === 'total' || name === 'pageCount') count()
      const value = paginationNumber(name)
      if (value !== null) numbers.push([numberKey, value])
    }
    shaped.push([key, objectShape(numbers)])
  }
  return objectShape(shaped)
}

/** Strapi's numbers; after `limit: -1` it reports the rest of the list as one page, when it fit. */
function paginationNumber (name: string): Shape | null {
  const of = (source: unknown): ListSource => source as ListSource
  const whole = ({ window, total }: ListSource): boolean => window.unlimited && total !== null && total - window.start <= window.limit
  switch (name) {
    case 'total': return source => of(source).total
    case 'page': return source => whole(of(source)) ? 1 : Math.floor(of(source).window.start / of(source).window.limit) + 1
    case 'pageSize': return source => whole(of(source)) ? of(source).total! - of(source).window.start : of(source).window.limit
    case 'pageCount': return source => whole(of(source)) ? 1 : Math.ceil((of(source).total ?? 0) / of(source).window.limit)
    default: return null
  }
}
