/**
 * The TypeScript type of each attribute in a write body (DECISIONS §5), matching what
 * `transform/input` accepts: numeric strings for numbers, relation ids or operations,
 * components new (no id) or updated in place (with id), zone items named by `__component`.
 * A create must send its required attributes unless the server fills them (a default, a
 * uid generated from its target field); an update sends only what changes.
 */
import type { ScalarType } from '../content-types/definition.js'
import type { Attribute, ComponentModel, ContentTypeModel, ScalarAttribute } from '../content-types/model.js'
import { isWritableAttribute } from '../content-types/model.js'
import type { Registry } from '../content-types/registry.js'
import { SCALAR_NOTES, scalarOutputType, zoneItemsType } from './output-types.js'
import { arrayOf, orNull } from './ts-source.js'
import type { PropertySource } from './ts-source.js'
import { componentInputType } from './type-names.js'
import type { InputVariant } from './type-names.js'

const NUMERIC_INPUT: Partial<Record<ScalarType, string>> = {
  integer: 'number | string',
  biginteger: 'string | number',
  float: 'number | string',
  decimal: 'number | string'
}

const INPUT_NOTES: Partial<Record<ScalarType, string>> = {
  ...SCALAR_NOTES,
  biginteger: 'A 64-bit integer: send values beyond 2^53 as strings',
  time: 'HH:mm, HH:mm:ss or HH:mm:ss.SSS',
  datetime: 'ISO 8601',
  timestamp: 'ISO 8601'
}

function scalarInputType (attribute: ScalarAttribute): string {
  return NUMERIC_INPUT[attribute.type] ?? scalarOutputType(attribute)
}

/** A component value: a new row, or an existing one updated in place by its id. */
function componentValue (registry: Registry, uid: string): string {
  const model = registry.model(uid)
  return `${componentInputType(model, 'create')} | ${componentInputType(model, 'update')}`
}

export function attributeInputType (registry: Registry, attribute: Attribute): string {
  // `null` clears what is not required.
  const nullable = !attribute.required
  switch (attribute.kind) {
    case 'scalar':
      return orNull(scalarInputType(attribute), nullable)
    case 'relation':
      return attribute.toMany ? 'ToManyInput' : 'ToOneInput'
    case 'media':
      return attribute.multiple ? 'ToManyInput' : 'ToOneInput'
    case 'component': {
      const value = componentValue(registry, attribute.component)
      // A list is cleared with [], never null (as in Strapi).
      return attribute.repeatable ? arrayOf(value) : orNull(value, nullable)
    }
    case 'dynamiczone':
      return arrayOf(zoneItemsType(registry, attribute.components, model => componentValue(registry, model.uid)))
  }
}

function requiredOnCreate (attribute: Attribute): boolean {
  if (!attribute.required) return false
  if (attribute.kind !== 'scalar') return true
  return attribute.default === undefined && !(attribute.type === 'uid' && attribute.targetField !== undefined)
}

export function inputProperties (registry: Registry, model: ContentTypeModel | ComponentModel, variant: InputVariant): PropertySource[] {
  const properties: PropertySource[] = []
  for (const attribute of model.attributes.values()) {
    if (!isWritableAttribute(attribute)) continue
    const note = attribute.kind === 'scalar' ? INPUT_NOTES[attribute.type] : undefined
    properties.push({
      name: attribute.name,
      type: attributeInputType(registry, attribute),
      optional: variant === 'update' || !requiredOnCreate(attribute),
      ...(note === undefined ? {} : { doc: note })
    })
  }
  // A single type's PUT names the locale it writes; a collection entry's update cannot change it, but may send back its own.
  if (model.kind === 'contentType' && model.localized && registry.i18n !== null) {
    const { locales, defaultLocale } = registry.i18n
    const doc = variant === 'create' || model.single ? `Default: ${defaultLocale}` : "Only the entry's own locale, as read"
    properties.push({ name: 'locale', type: locales.map(locale => JSON.stringify(locale)).join(' | '), optional: true, doc })
  }
  return properties
}
