/**
 * The TypeScript type of each attribute as the API answers it (DECISIONS §3): the same
 * shapes as the response schemas in `schemas/entry.ts`. Every attribute is optional
 * (`fields` and `populate` choose what appears) and every scalar may be null.
 */
import type { ScalarType } from '../content-types/definition.js'
import type { Attribute, Model, ScalarAttribute } from '../content-types/model.js'
import type { Registry } from '../content-types/registry.js'
import { arrayOf, interfaceSource, literalUnion, orNull, stringLiteral } from './ts-source.js'
import type { PropertySource } from './ts-source.js'
import { componentType, entryType } from './type-names.js'

const SCALAR_OUTPUT: Record<Exclude<ScalarType, 'enumeration'>, string> = {
  string: 'string',
  text: 'string',
  richtext: 'string',
  email: 'string',
  password: 'string',
  uid: 'string',
  date: 'string',
  time: 'string',
  datetime: 'string',
  timestamp: 'string',
  integer: 'number',
  biginteger: 'string',
  float: 'number',
  decimal: 'number',
  boolean: 'boolean',
  json: 'unknown',
  array: 'unknown[]',
  blocks: 'Array<{ type: string, [key: string]: unknown }>'
}

/** What a client cannot guess from the TypeScript type alone. */
export const SCALAR_NOTES: Partial<Record<ScalarType, string>> = {
  biginteger: 'A 64-bit integer, as a string so no digit is lost',
  blocks: 'Rich text blocks: an array of block nodes, each with a string `type`',
  decimal: 'Exact as stored',
  date: 'YYYY-MM-DD',
  time: 'HH:mm:ss',
  datetime: 'ISO 8601 in UTC with milliseconds',
  timestamp: 'ISO 8601 in UTC with milliseconds'
}

export function scalarOutputType (attribute: ScalarAttribute): string {
  return attribute.type === 'enumeration' ? literalUnion(attribute.enum ?? []) : SCALAR_OUTPUT[attribute.type]
}

/** A dynamic zone item: the component with its `__component` uid. */
export function zoneItemsType (registry: Registry, components: readonly string[], itemType: (model: Model) => string): string {
  return components.map(uid => `ZoneItem<${stringLiteral(uid)}, ${itemType(registry.model(uid))}>`).join(' | ')
}

export function attributeOutputType (registry: Registry, attribute: Attribute): string {
  switch (attribute.kind) {
    case 'scalar':
      return orNull(scalarOutputType(attribute), true)
    case 'relation': {
      const target = entryType(registry.model(attribute.target))
      return `${attribute.toMany ? `RelationMany<${target}>` : `RelationOne<${target}>`} | RelationCount`
    }
    case 'media':
      return attribute.multiple ? 'MediaMany' : 'MediaOne'
    case 'component': {
      const component = componentType(registry.model(attribute.component))
      return attribute.repeatable ? arrayOf(component) : orNull(component, true)
    }
    case 'dynamiczone':
      return arrayOf(zoneItemsType(registry, attribute.components, componentType))
  }
}

/** The attributes a read may return: never private ones, never `id` (it sits beside them). */
export function outputProperties (registry: Registry, model: Model): PropertySource[] {
  const properties: PropertySource[] = []
  for (const attribute of model.attributes.values()) {
    if (attribute.private || attribute.name === 'id') continue
    const note = attribute.kind === 'scalar' ? SCALAR_NOTES[attribute.type] : undefined
    properties.push({ name: attribute.name, type: attributeOutputType(registry, attribute), optional: true, ...(note === undefined ? {} : { doc: note }) })
  }
  return properties
}

export function attributesSource (registry: Registry, model: Model, name: string, doc: string): string {
  return interfaceSource(name, outputProperties(registry, model), doc)
}
