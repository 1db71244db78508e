/**
 * The TypeScript type of each attribute in a write body (docs/writing.md), matching what
 * `write-plan/input` accepts: numeric strings for numbers, relation ids or operations,
 * components new (no id) or updated in place (with id), zone items named by `__component`.
 * A create must send its required attributes unless the server fills them (a default, a
 * uid generated from its target field); an update sends only what changes.
 */
import { SCALAR_TYPE_INFO } from '../content-types/attributes.js'
import type { Attribute, ComponentModel, ContentTypeModel, MediaAttribute, RelationAttribute, ScalarAttribute } from '../content-types/model.js'
import { isRequiredOnCreate, isWritableAttribute } from '../content-types/model.js'
import type { Registry } from '../content-types/registry.js'
import type { ApiFormat } from '../options/api-format.js'
import { scalarOutputType, zoneItemsType } from './output-types.js'
import { arrayOf, orNull } from './ts-source.js'
import type { PropertySource } from './ts-source.js'
import { componentInputType } from './type-names.js'
import type { InputVariant } from './type-names.js'

function scalarInputType (attribute: ScalarAttribute): string {
  return SCALAR_TYPE_INFO[attribute.type].inputType ?? scalarOutputType(attribute)
}

function scalarInputNote (attribute: ScalarAttribute): string | undefined {
  const info = SCALAR_TYPE_INFO[attribute.type]
  return info.inputNote ?? info.outputNote
}

/** A component value: a new row, or an existing one updated in place by its id. */
function componentValue (registry: Registry, uid: string): string {
  const model = registry.model(uid)
  return `${componentInputType(model, 'create')} | ${componentInputType(model, 'update')}`
}

/** The v5 format names related documents by documentId, and files still by id (docs/strapi-v5.md, 'Writes'). */
function linkInputType (attribute: RelationAttribute | MediaAttribute, format: ApiFormat): string {
  const toMany = attribute.kind === 'relation' ? attribute.toMany : attribute.multiple
  if (format === 'v5' && attribute.kind === 'media') return toMany ? 'FileManyInput' : 'FileOneInput'
  return toMany ? 'ToManyInput' : 'ToOneInput'
}

export function attributeInputType (registry: Registry, attribute: Attribute, format: ApiFormat = 'v4'): string {
  // `null` clears what is not required.
  const nullable = !attribute.required
  switch (attribute.kind) {
    case 'scalar':
      return orNull(scalarInputType(attribute), nullable)
    case 'relation':
    case 'media':
      return linkInputType(attribute, format)
    case 'component': {
      const value = componentValue(registry, attribute.component)
      // A list is cleared with [], never null (as in Strapi).
      return attribute.repeatable ? arrayOf(value) : orNull(value, nullable)
    }
    case 'dynamiczone':
      return arrayOf(zoneItemsType(registry, attribute.components, model => componentValue(registry, model.uid)))
  }
}

/** What v5 ignores in a body: the query's `status` and `locale` decide them. */
const V5_IGNORED = new Set(['publishedAt', 'locale'])

export function inputProperties (registry: Registry, model: ContentTypeModel | ComponentModel, variant: InputVariant, format: ApiFormat = 'v4'): PropertySource[] {
  const properties: PropertySource[] = []
  for (const attribute of model.attributes.values()) {
    if (!isWritableAttribute(attribute) || (format === 'v5' && model.kind === 'contentType' && V5_IGNORED.has(attribute.name))) continue
    const note = attribute.kind === 'scalar' ? scalarInputNote(attribute) : undefined
    properties.push({
      name: attribute.name,
      type: attributeInputType(registry, attribute, format),
      optional: variant === 'update' || !isRequiredOnCreate(attribute),
      ...(note === undefined ? {} : { doc: note })
    })
  }
  // A single type's PUT names the locale it writes; a collection entry's update cannot change it, but may send back its own.
  if (format === 'v4' && model.kind === 'contentType' && model.localized && registry.i18n !== null) {
    const { locales, defaultLocale } = registry.i18n
    const doc = variant === 'create' || model.single ? `Default: ${defaultLocale}` : "Only the entry's own locale, as read"
    properties.push({ name: 'locale', type: locales.map(locale => JSON.stringify(locale)).join(' | '), optional: true, doc })
  }
  return properties
}
