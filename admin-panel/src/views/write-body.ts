// A form's values as the content manager's write body: the server's own fields dropped,
// media as ids, relations only when changed ({ connect, disconnect }), inside components and
// zones too. The schema says which attribute is which.
import type { Attribute, ComponentSchema } from '../api/schema'
import { MANAGED_FIELDS } from '../api/schema'
import { isRelationChange } from '../fields/relation-change'

type Values = Record<string, unknown>

interface Shape { attributes: Record<string, Attribute> }

function mediaIds (value: unknown): unknown {
  if (Array.isArray(value)) return value.map(item => mediaIds(item))
  if (value !== null && typeof value === 'object' && 'id' in value) return (value as { id: unknown }).id
  return value
}

function shapeComponent (value: unknown, shape: Shape | undefined, components: Map<string, ComponentSchema>): unknown {
  if (value === null || typeof value !== 'object' || shape === undefined) return value
  return writeValues(value as Values, shape, components, false)
}

function writeValues (values: Values, shape: Shape, components: Map<string, ComponentSchema>, topLevel: boolean): Values {
  const body: Values = {}
  for (const [name, value] of Object.entries(values)) {
    if (topLevel && (MANAGED_FIELDS as readonly string[]).includes(name)) continue
    const attribute = shape.attributes[name]
    if (attribute === undefined) {
      // A component item's own id and a zone item's __component keep it what it is.
      if (!topLevel && (name === 'id' || name === '__component')) body[name] = value
      continue
    }
    switch (attribute.type) {
      case 'relation':
        if (isRelationChange(value)) body[name] = value
        break
      case 'media':
        body[name] = mediaIds(value)
        break
      case 'component': {
        const component = components.get(attribute.component ?? '')
        body[name] = Array.isArray(value) ? value.map(item => shapeComponent(item, component, components)) : shapeComponent(value, component, components)
        break
      }
      case 'dynamiczone':
        body[name] = Array.isArray(value) ? value.map(item => shapeComponent(item, components.get(String((item as Values).__component)), components)) : value
        break
      case 'password':
        if (typeof value === 'string' && value !== '') body[name] = value
        break
      default:
        body[name] = value === undefined ? null : value
    }
  }
  return body
}

export function writeBody (values: Values, shape: Shape, components: Map<string, ComponentSchema>): Values {
  return writeValues(values, shape, components, true)
}
