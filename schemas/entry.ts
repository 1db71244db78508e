/**
 * Response schemas of entries (docs/api.md, 'Entries'; docs/decisions.md, 'Reads'). Scalars are typed by the
 * attribute table (`content-types/attributes.ts`); populated attributes are optional
 * because they appear only on request.
 * Private attributes are absent from the schema as from every answer.
 */
import { Type } from '@sinclair/typebox'
import type { TSchema } from '@sinclair/typebox'
import { SCALAR_TYPE_INFO } from '../plugin/content-types/attributes.js'
import type { Attribute, Model, Registry } from './model-types.js'
import { modelSchemaName, schemaId } from './ids.js'

const nullable = (schema: TSchema): TSchema => Type.Union([schema, Type.Null()])

/** A reference to another model's schema by its `$id`. */
const ref = (model: Model, variant: 'Entry' | 'Component'): TSchema => Type.Unsafe({ $ref: `${schemaId(model, variant)}#` })

function attributeSchema (registry: Registry, attribute: Attribute): TSchema {
  switch (attribute.kind) {
    case 'scalar':
      return nullable(SCALAR_TYPE_INFO[attribute.type].outputSchema())
    case 'relation': {
      const target = ref(registry.model(attribute.target), 'Entry')
      const count = Type.Object({ attributes: Type.Object({ count: Type.Integer() }) })
      return Type.Object({ data: attribute.toMany ? Type.Union([Type.Array(target), count]) : Type.Union([target, Type.Null(), count]) })
    }
    case 'media': {
      const file = ref(registry.file, 'Entry')
      return Type.Object({ data: attribute.multiple ? Type.Array(file) : nullable(file) })
    }
    case 'component': {
      const component = ref(registry.model(attribute.component), 'Component')
      return attribute.repeatable ? Type.Array(component) : nullable(component)
    }
    case 'dynamiczone':
      return Type.Array(Type.Union(attribute.components.map(uid => ref(registry.model(uid), 'Component'))))
  }
}

function attributeProperties (registry: Registry, model: Model): Record<string, TSchema> {
  const properties: Record<string, TSchema> = {}
  for (const attribute of model.attributes.values()) {
    if (attribute.private || attribute.name === 'id') continue
    properties[attribute.name] = Type.Optional(attributeSchema(registry, attribute))
  }
  return properties
}

/**
 * Spec 4.7: present on list entries of types with populateCreatorFields, when a handler
 * asks; `populate[createdBy][fields]` may leave either name out.
 */
const creator = (): TSchema => Type.Optional(nullable(Type.Object({
  id: Type.Integer(),
  firstname: Type.Optional(Type.String()),
  lastname: Type.Optional(nullable(Type.String()))
})))

function creatorProperties (model: Model): Record<string, TSchema> {
  return model.kind === 'contentType' && model.populateCreatorFields ? { createdBy: creator(), updatedBy: creator() } : {}
}

const AVAILABLE_LOCALE = Type.Object({
  id: Type.Integer(),
  locale: Type.String(),
  publishedAt: Type.Optional(Type.Union([Type.String({ format: 'date-time' }), Type.Null()]))
})

/** `{ id, attributes, meta? }` of a content type or the file model. */
export function entrySchema (registry: Registry, model: Model): TSchema {
  return Type.Object({
    id: Type.Integer(),
    attributes: Type.Object({ ...attributeProperties(registry, model), ...creatorProperties(model) }, { $id: schemaId(model, 'Attributes') }),
    meta: Type.Optional(Type.Object({ availableLocales: Type.Optional(Type.Array(AVAILABLE_LOCALE, { description: 'Localized types: the other localizations of the entry' })) }))
  }, { $id: schemaId(model, 'Entry'), title: modelSchemaName(model) })
}

/** A populated relation or media target in Strapi v4's entity shape: its id and whatever was selected of it. */
const flatEntity = (): TSchema => Type.Object({ id: Type.Integer() }, { additionalProperties: true })

/** An attribute as Strapi v4's entity shape holds it: links as entities, components as plain objects. */
function flatAttributeSchema (attribute: Attribute): TSchema {
  switch (attribute.kind) {
    case 'scalar':
      return nullable(SCALAR_TYPE_INFO[attribute.type].outputSchema())
    case 'relation':
      return attribute.toMany ? Type.Array(flatEntity()) : nullable(flatEntity())
    case 'media':
      return attribute.multiple ? Type.Array(flatEntity()) : nullable(flatEntity())
    case 'component':
      return attribute.repeatable ? Type.Array(flatEntity()) : nullable(flatEntity())
    case 'dynamiczone':
      return Type.Array(Type.Object({ id: Type.Integer(), __component: Type.String() }, { additionalProperties: true }))
  }
}

/**
 * The answer to `POST /:id/localizations`: Strapi v4's bare entity (no envelope, no
 * `attributes`), with the group's other `localizations` when the caller may list the type.
 */
export function localizationResponseSchema (model: Model): TSchema {
  const properties: Record<string, TSchema> = { id: Type.Integer() }
  const scalars: Record<string, TSchema> = { id: Type.Integer() }
  for (const attribute of model.attributes.values()) {
    if (attribute.private || attribute.name === 'id' || attribute.name === 'localizations') continue
    properties[attribute.name] = Type.Optional(flatAttributeSchema(attribute))
    if (attribute.kind === 'scalar') scalars[attribute.name] = Type.Optional(flatAttributeSchema(attribute))
  }
  properties.localizations = Type.Optional(Type.Array(Type.Object(scalars), { description: 'The other localizations of the entry, with their fields' }))
  return Type.Object(properties, { $id: schemaId(model, 'LocalizationResponse'), title: `${modelSchemaName(model)} (localization)` })
}

/** A component as it appears inline: its id, its fields and, in a zone, `__component`. */
export function componentSchema (registry: Registry, model: Model): TSchema {
  return Type.Object({
    id: Type.Integer(),
    __component: Type.Optional(Type.Literal(model.uid)),
    ...attributeProperties(registry, model)
  }, { $id: schemaId(model, 'Component'), title: modelSchemaName(model) })
}
