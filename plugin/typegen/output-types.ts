/**
 * The TypeScript type of each attribute as the API answers it (docs/api.md, 'Entries';
 * docs/strapi-v5.md, 'Reads'): the same shapes as the response schemas in `schemas/`. Every attribute is optional
 * (`fields` and `populate` choose what appears) and every scalar may be null.
 */
import { SCALAR_TYPE_INFO } from '../content-types/attributes.js'
import type { Attribute, Model, ScalarAttribute } from '../content-types/model.js'
import type { Registry } from '../content-types/registry.js'
import { DOCUMENT_ID } from '../content-types/documents.js'
import type { ApiFormat } from '../options/api-format.js'
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

/**
 * A populated relation or media in a format: v4 wraps them in `{ data }`; v5 answers the
 * entry itself (null, or an array), and a relation's count as `{ count }`.
 */
function linkOutputType (target: string, { toMany, media, format }: { toMany: boolean, media: boolean, format: ApiFormat }): string {
  if (format === 'v5') return toMany ? `${arrayOf(target)}${media ? '' : ' | RelationCount'}` : `${target} | null${media ? '' : ' | RelationCount'}`
  if (media) return toMany ? 'MediaMany' : 'MediaOne'
  return `${toMany ? `RelationMany<${target}>` : `RelationOne<${target}>`} | RelationCount`
}

export function attributeOutputType (registry: Registry, attribute: Attribute, format: ApiFormat = 'v4'): string {
  switch (attribute.kind) {
    case 'scalar':
      return orNull(scalarOutputType(attribute), true)
    case 'relation':
      return linkOutputType(entryType(registry.model(attribute.target)), { toMany: attribute.toMany, media: false, format })
    case 'media':
      return linkOutputType(entryType(registry.file), { toMany: attribute.multiple, media: true, format })
    case 'component': {
      const component = componentType(registry.model(attribute.component))
      return attribute.repeatable ? arrayOf(component) : orNull(component, true)
    }
    case 'dynamiczone':
      return arrayOf(zoneItemsType(registry, attribute.components, componentType))
  }
}

/**
 * The attributes a read may return: never private ones, never `id` (it sits beside them), nor
 * in v5 `documentId` (beside them too, in every answer).
 */
export function outputProperties (registry: Registry, model: Model, format: ApiFormat = 'v4'): PropertySource[] {
  const properties: PropertySource[] = []
  for (const attribute of model.attributes.values()) {
    if (attribute.private || attribute.name === 'id' || (format === 'v5' && attribute.name === DOCUMENT_ID)) continue
    const note = attribute.kind === 'scalar' ? SCALAR_TYPE_INFO[attribute.type].outputNote : undefined
    properties.push({ name: attribute.name, type: attributeOutputType(registry, attribute, format), optional: true, ...(note === undefined ? {} : { doc: note }) })
  }
  return properties
}
