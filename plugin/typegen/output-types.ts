/**
 * The TypeScript type of each attribute as the API answers it (docs/api.md, 'Entries'): the same
 * shapes as the response schemas in `schemas/entry.ts`. Every attribute is optional
 * (`fields` and `populate` choose what appears) and every scalar may be null.
 */
import { SCALAR_TYPE_INFO } from '../content-types/attributes.js'
import type { Attribute, Model, ScalarAttribute } from '../content-types/model.js'
import type { Registry } from '../content-types/registry.js'
import { arrayOf, literalUnion, orNull, stringLiteral } from './ts-source.js'
import type { PropertySource } from './ts-source.js'
import { componentType, entryType } from './type-names.js'

export function scalarOutputType (attribute: ScalarAttribute): string {
  const info = SCALAR_TYPE_INFO[attribute.type]
  return info.enumerated ? literalUnion(attribute.enum ?? []) : info.outputType
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
    const note = attribute.kind === 'scalar' ? SCALAR_TYPE_INFO[attribute.type].outputNote : undefined
    properties.push({ name: attribute.name, type: attributeOutputType(registry, attribute), optional: true, ...(note === undefined ? {} : { doc: note }) })
  }
  return properties
}
