/**
 * Response schemas of Strapi v5's format (docs/strapi-v5.md, 'Reads'): flat entries
 * `{ id, documentId, ...fields }`, populated relations and media as the related entry (null,
 * or an array), a relation's count as `{ count }`, components as in v4 with their own links
 * flat. Named `<Model>V5Entry` and so on beside v4's, as one app may serve both formats.
 * Private attributes are absent from the schema as from every answer.
 */
import { Type } from '@sinclair/typebox'
import type { TSchema } from '@sinclair/typebox'
import { SCALAR_TYPE_INFO } from '../plugin/content-types/attributes.js'
import { DOCUMENT_ID } from '../plugin/content-types/documents.js'
import type { Attribute, Model, Registry } from './model-types.js'
import { modelSchemaName, schemaId } from './ids.js'
import { PAGINATION_SCHEMA } from './envelope.js'

const nullable = (schema: TSchema): TSchema => Type.Union([schema, Type.Null()])

const ref = (model: Model, variant: 'V5Entry' | 'V5Component'): TSchema => Type.Unsafe({ $ref: `${schemaId(model, variant)}#` })

const COUNT = Type.Object({ count: Type.Integer() }, { description: '`populate[<relation>][count]=true`' })

function attributeSchema (registry: Registry, attribute: Attribute): TSchema {
  switch (attribute.kind) {
    case 'scalar':
      return nullable(SCALAR_TYPE_INFO[attribute.type].outputSchema())
    case 'relation': {
      const target = ref(registry.model(attribute.target), 'V5Entry')
      return attribute.toMany ? Type.Union([Type.Array(target), COUNT]) : Type.Union([target, Type.Null(), COUNT])
    }
    case 'media': {
      const file = ref(registry.file, 'V5Entry')
      return attribute.multiple ? Type.Array(file) : nullable(file)
    }
    case 'component': {
      const component = ref(registry.model(attribute.component), 'V5Component')
      return attribute.repeatable ? Type.Array(component) : nullable(component)
    }
    case 'dynamiczone':
      return Type.Array(Type.Union(attribute.components.map(uid => ref(registry.model(uid), 'V5Component'))))
  }
}

/** The fields beside `id` (and `documentId`, which `fields` always keeps). */
function fieldProperties (registry: Registry, model: Model): Record<string, TSchema> {
  const properties: Record<string, TSchema> = {}
  for (const attribute of model.attributes.values()) {
    if (attribute.private || attribute.name === 'id' || attribute.name === DOCUMENT_ID) continue
    properties[attribute.name] = Type.Optional(attributeSchema(registry, attribute))
  }
  return properties
}

/** A flat entry of a content type, the file model or a plugin type. */
export function v5EntrySchema (registry: Registry, model: Model): TSchema {
  const keys: Record<string, TSchema> = { id: Type.Integer() }
  if (model.attributes.has(DOCUMENT_ID)) keys.documentId = Type.String()
  return Type.Object({ ...keys, ...fieldProperties(registry, model) }, { $id: schemaId(model, 'V5Entry'), title: `${modelSchemaName(model)} (v5)` })
}

export function v5ComponentSchema (registry: Registry, model: Model): TSchema {
  return Type.Object({
    id: Type.Integer(),
    __component: Type.Optional(Type.Literal(model.uid)),
    ...fieldProperties(registry, model)
  }, { $id: schemaId(model, 'V5Component'), title: `${modelSchemaName(model)} (v5)` })
}

/** The top-level meta may carry keys of the host's (a controller wrapping the core handler). */
const HOST_META = { additionalProperties: true }

export function v5ListResponseSchema (model: Model): TSchema {
  return Type.Object({
    data: Type.Array(ref(model, 'V5Entry')),
    meta: Type.Object({ pagination: PAGINATION_SCHEMA }, HOST_META)
  }, { $id: schemaId(model, 'V5ListResponse') })
}

export function v5EntryResponseSchema (model: Model): TSchema {
  return Type.Object({ data: ref(model, 'V5Entry'), meta: Type.Object({}, HOST_META) }, { $id: schemaId(model, 'V5EntryResponse') })
}

/** Every schema of the v5 answers of a registry (a v5 registry: its entries have documentIds). */
export function v5Schemas (registry: Registry): TSchema[] {
  const schemas: TSchema[] = [v5EntrySchema(registry, registry.file)]
  for (const plugin of registry.plugins.values()) schemas.push(v5EntrySchema(registry, plugin))
  for (const component of registry.components.values()) schemas.push(v5ComponentSchema(registry, component))
  for (const model of registry.contentTypes.values()) schemas.push(v5EntrySchema(registry, model), v5ListResponseSchema(model), v5EntryResponseSchema(model))
  return schemas
}
