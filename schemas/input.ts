/**
 * JSON Schemas (TypeBox) of write bodies: per content type a create and an update body,
 * per component a new item and an item with `id`, joined by `$ref`. They describe what the
 * write path accepts, for OpenAPI and for clients; `write-plan/input` stays the validator of
 * record (it coerces, collects every problem and knows the database rules).
 *
 * Written to be safe under Fastify's Ajv defaults should a route validate with them:
 * `default` only in create schemas (useDefaults must not reset fields on update), and no
 * `additionalProperties: false` on alternatives with different properties (removeAdditional
 * would strip a zone item's fields while trying the wrong alternative).
 */
import { Type, type TObject, type TSchema } from '@sinclair/typebox'
import type {
  Attribute, ComponentModel, ContentTypeModel, DynamicZoneAttribute, ScalarAttribute
} from '../plugin/content-types/model.js'
import { isRequiredOnCreate, isWritableAttribute, sharedAttributeNames } from '../plugin/content-types/model.js'
import type { Registry } from '../plugin/content-types/registry.js'
import { IGNORED_ENTRY_KEYS } from '../plugin/write-plan/input.js'
import { DROPPED_KEYS } from '../plugin/write-plan/v5-body.js'
import type { LocaleSettings } from '../plugin/i18n/locale-settings.js'
import { SCALAR_TYPE_INFO } from '../plugin/content-types/attributes.js'
import { ROW_ID } from './row-id.js'
import { v5RelationSchema } from './v5-relations.js'

export type InputVariant = 'create' | 'update'

/** Whose bodies: Strapi v4's (relations by row id), or v5's (relations by documentId: schemas/v5-input.ts). */
export type InputFormat = 'v4' | 'v5'

/**
 * `api.article.article.create`, `shared.seo.update`. Not `<uid>#create`: Ajv reads `api::`
 * as a URI scheme and `#create` as a fragment, and cannot resolve `$ref`s between such ids;
 * OpenAPI component names allow neither `:` nor `#` either.
 */
export function inputSchemaId (uid: string, variant: InputVariant | 'localization', format: InputFormat = 'v4'): string {
  return `${uid.replace('::', '.')}.${format === 'v5' ? 'v5-' : ''}${variant}`
}

/** Every input schema of the registry, components first (they are referenced by id). */
export function inputSchemas (registry: Registry): TSchema[] {
  const schemas: TSchema[] = []
  for (const model of registry.components.values()) {
    schemas.push(componentInputSchema(registry, model, 'create'), componentInputSchema(registry, model, 'update'))
  }
  for (const model of registry.contentTypes.values()) {
    schemas.push(contentTypeInputSchema(registry, model, 'create'), contentTypeInputSchema(registry, model, 'update'))
    if (model.localized && !model.single) schemas.push(localizationInputSchema(registry, model))
  }
  return schemas
}

/**
 * The write bodies of the v5 format (docs/strapi-v5.md, 'Writes'): per content type its
 * `{ data }` (any key but the attributes is a 400 there, but those the query decides or the
 * server sets), with relations by documentId; per component, its v5 variants.
 */
export function v5InputSchemas (registry: Registry): TSchema[] {
  const schemas: TSchema[] = []
  for (const model of registry.components.values()) {
    schemas.push(componentInputSchema(registry, model, 'create', 'v5'), componentInputSchema(registry, model, 'update', 'v5'))
  }
  for (const model of registry.contentTypes.values()) {
    const ignored = Object.fromEntries([...DROPPED_KEYS].map(key => [key, Type.Optional(Type.Unknown({ description: 'Ignored: the query or the server decides it' }))]))
    for (const variant of ['create', 'update'] as const) {
      const data = Type.Object({ ...ignored, ...attributeProperties(registry, model, variant, 'v5') }, { additionalProperties: false })
      schemas.push(Type.Object({ data }, { $id: inputSchemaId(model.uid, variant, 'v5'), title: `${model.displayName} (${variant}, v5)` }))
    }
  }
  return schemas
}

/**
 * The body of `POST /:id/localizations`: the attributes bare, as Strapi v4 sends them (the
 * same under `data` is accepted too), `locale` required, and the attributes shared across
 * locales optional, since they are taken from the source entry when left out.
 */
export function localizationInputSchema (registry: Registry, model: ContentTypeModel): TObject {
  const ignored = Object.fromEntries([...IGNORED_ENTRY_KEYS].map(key => [key, Type.Optional(Type.Unknown({ description: 'Ignored: the server sets it' }))]))
  const properties = attributeProperties(registry, model, 'create')
  for (const name of sharedAttributeNames(model)) properties[name] = Type.Optional(properties[name]!)
  return Type.Object({ ...ignored, ...properties, locale: localeSchema(registry.i18n!) }, {
    $id: inputSchemaId(model.uid, 'localization'),
    title: `${model.displayName} (new localization)`,
    additionalProperties: false
  })
}

/** The whole request body `{ data: { ... } }` of a create or an update. */
export function contentTypeInputSchema (registry: Registry, model: ContentTypeModel, variant: InputVariant): TObject {
  const ignored = Object.fromEntries([...IGNORED_ENTRY_KEYS].map(key => [key, Type.Optional(Type.Unknown({ description: 'Ignored: the server sets it' }))]))
  const data = Type.Object({ ...ignored, ...attributeProperties(registry, model, variant), ...localeProperty(registry, model, variant) }, { additionalProperties: false })
  return Type.Object({ data }, {
    $id: inputSchemaId(model.uid, variant),
    title: `${model.displayName} (${variant})`
  })
}

/** `create`: a new component row; `update`: an existing row of the owner, by `id`. */
export function componentInputSchema (registry: Registry, model: ComponentModel, variant: InputVariant, format: InputFormat = 'v4'): TObject {
  const properties = attributeProperties(registry, model, variant, format)
  return Type.Object(variant === 'update' ? { id: ID, ...properties } : properties, {
    $id: inputSchemaId(model.uid, variant, format),
    title: `${model.displayName} (${variant === 'create' ? 'new' : 'existing, by id'}${format === 'v5' ? ', v5' : ''})`,
    additionalProperties: false
  })
}

/**
 * A localized create names its locale (the default one when left out); an update of a
 * collection entry cannot change it but may send back its own, while a single type's PUT
 * names the locale it writes.
 */
function localeProperty (registry: Registry, model: ContentTypeModel, variant: InputVariant): Record<string, TSchema> {
  if (!model.localized || registry.i18n === null) return {}
  if (variant === 'update' && !model.single) {
    return { locale: Type.Optional(Type.String({ description: "Only the entry's own locale, as read (a new locale is a new localization)" })) }
  }
  return { locale: Type.Optional(localeSchema(registry.i18n)) }
}

function localeSchema ({ locales, defaultLocale }: LocaleSettings): TSchema {
  return Type.Union(locales.map(locale => Type.Literal(locale)), { description: `Default: ${defaultLocale}` })
}

function attributeProperties (registry: Registry, model: ContentTypeModel | ComponentModel, variant: InputVariant, format: InputFormat = 'v4'): Record<string, TSchema> {
  const properties: Record<string, TSchema> = {}
  for (const attribute of model.attributes.values()) {
    if (!isWritableAttribute(attribute)) continue
    const schema = attributeSchema(registry, attribute, variant, format)
    properties[attribute.name] = variant === 'create' && isRequiredOnCreate(attribute) ? schema : Type.Optional(schema)
  }
  return properties
}

function attributeSchema (registry: Registry, attribute: Attribute, variant: InputVariant, format: InputFormat): TSchema {
  switch (attribute.kind) {
    case 'scalar': return scalarSchema(attribute, variant)
    case 'relation': return nullable(format === 'v5' ? v5RelationSchema(attribute.toMany) : attribute.toMany ? TO_MANY : TO_ONE, !attribute.required)
    case 'media': return nullable(attribute.multiple ? TO_MANY : TO_ONE, !attribute.required)
    case 'component': {
      const item = Type.Union([Type.Ref(inputSchemaId(attribute.component, 'update', format)), Type.Ref(inputSchemaId(attribute.component, 'create', format))])
      if (!attribute.repeatable) return nullable(item, !attribute.required)
      // As in Strapi, a list is cleared with [] (null is refused), and required means present.
      return Type.Array(item, bounds(attribute))
    }
    case 'dynamiczone': return Type.Array(zoneItem(registry, attribute, format), bounds(attribute))
  }
}

function scalarSchema (attribute: ScalarAttribute, variant: InputVariant): TSchema {
  const options = variant === 'create' && attribute.default !== undefined ? { default: attribute.default } : {}
  return nullable(SCALAR_TYPE_INFO[attribute.type].inputSchema(attribute), !attribute.required, options)
}

function nullable (schema: TSchema, allowNull: boolean, options: Record<string, unknown> = {}): TSchema {
  return allowNull ? Type.Union([schema, Type.Null()], options) : Object.keys(options).length === 0 ? schema : { ...schema, ...options }
}

function bounds (attribute: { min?: number, max?: number }): Record<string, number> {
  return {
    ...(attribute.min === undefined ? {} : { minItems: attribute.min }),
    ...(attribute.max === undefined ? {} : { maxItems: attribute.max })
  }
}

/**
 * One alternative per allowed component, told apart by `__component`. Fields are all
 * optional (an item with `id` is a partial update) and, unlike components, extra keys are
 * not forbidden here: see the note on removeAdditional at the top.
 */
function zoneItem (registry: Registry, attribute: DynamicZoneAttribute, format: InputFormat): TSchema {
  return Type.Union(attribute.components.map(uid => Type.Object({
    __component: Type.Literal(uid),
    id: Type.Optional(ID),
    ...attributeProperties(registry, registry.components.get(uid)!, 'update', format)
  }, { title: `${uid} (zone item)` })))
}

const ID = ROW_ID
const REFERENCE = Type.Union([ID, Type.Object({ id: ID, type: Type.Optional(Type.String()) })])
const POSITION = Type.Union([
  Type.Object({ before: ID }, { additionalProperties: false }),
  Type.Object({ after: ID }, { additionalProperties: false }),
  Type.Object({ start: Type.Literal(true) }, { additionalProperties: false }),
  Type.Object({ end: Type.Literal(true) }, { additionalProperties: false })
])
const OPERATIONS = Type.Object({
  connect: Type.Optional(Type.Array(Type.Union([ID, Type.Object({ id: ID, type: Type.Optional(Type.String()), position: Type.Optional(POSITION) })]))),
  disconnect: Type.Optional(Type.Array(REFERENCE)),
  set: Type.Optional(Type.Array(REFERENCE)),
  options: Type.Optional(Type.Object({
    strict: Type.Optional(Type.Boolean({ description: 'false: a connect placed relative to an entry that is not linked is appended. Default true' }))
  }, { additionalProperties: false }))
}, { additionalProperties: false, minProperties: 1 })
// OPERATIONS comes last: tried first, removeAdditional would strip the `id` of a reference.
const TO_MANY = Type.Union([REFERENCE, Type.Array(REFERENCE), OPERATIONS])
const TO_ONE = Type.Union([REFERENCE, Type.Array(REFERENCE, { maxItems: 1 }), OPERATIONS])
