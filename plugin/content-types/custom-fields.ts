/**
 * Strapi custom fields (`type: "customField"`, `customField: "plugin::<plugin>.<name>"`).
 * The plugin that registers one runs only inside Strapi; what the API needs is the type
 * it stores its value as, which the plugin declares when it registers the field. The
 * common ones are known here; the `customFields` option names the others (docs/schemas.md, 'Custom fields').
 */
import { SchemaError } from '../errors.js'
import type { AttributeSchema, CustomFieldAttributeSchema, ScalarType } from './definition.js'
import { SCALAR_TYPE_INFO } from './attributes.js'

/** What each widely used custom field registers as its storage type. */
const KNOWN_CUSTOM_FIELDS: Readonly<Record<string, ScalarType>> = {
  'plugin::color-picker.color': 'string',
  'plugin::ckeditor.CKEditor': 'richtext',
  'plugin::ckeditor5.CKEditor': 'richtext',
  'plugin::multi-select.multi-select': 'json',
  'plugin::tagsinput.tags': 'text',
  'plugin::remote-select.remote-select': 'text',
  'plugin::remote-select.remote-select-multi': 'json',
  'plugin::google-maps.location-picker': 'json',
  'plugin::country-select.country': 'string'
}

/** Types a custom field may be stored as: scalars (Strapi allows no relation or media). */
const STORAGE_TYPES: ReadonlySet<string> = new Set(
  Object.entries(SCALAR_TYPE_INFO).filter(([, info]) => info.customFieldStorage).map(([type]) => type)
)

/** `color-picker.color` and `plugin::color-picker.color` name the same field; `global::x` stays as written. */
function canonicalUid (uid: string): string {
  return uid.includes('::') ? uid : `plugin::${uid}`
}

export type CustomFieldTable = ReadonlyMap<string, ScalarType>

/** The built-in table overlaid with the `customFields` option; a bad option entry fails start-up. */
export function customFieldTable (option: unknown): CustomFieldTable {
  const table = new Map<string, ScalarType>(Object.entries(KNOWN_CUSTOM_FIELDS))
  if (option === undefined) return table
  if (option === null || typeof option !== 'object' || Array.isArray(option)) {
    throw new SchemaError('options', 'customFields', 'must be an object mapping custom field uids to a stored type, e.g. { "plugin::color-picker.color": "string" }')
  }
  for (const [uid, type] of Object.entries(option)) {
    if (typeof type !== 'string' || !STORAGE_TYPES.has(type)) {
      throw new SchemaError('options', `customFields["${uid}"]`, `must be one of ${[...STORAGE_TYPES].join(', ')}, got ${JSON.stringify(type)}`)
    }
    table.set(canonicalUid(uid), type as ScalarType)
  }
  return table
}

/** The attribute as its underlying type, keeping every other option it declares (regex, maxLength…). */
function resolveCustomField (attribute: CustomFieldAttributeSchema, table: CustomFieldTable): AttributeSchema | string {
  if (typeof attribute.customField !== 'string' || attribute.customField === '') {
    return 'a customField attribute needs "customField": "plugin::<plugin>.<name>"'
  }
  const type = table.get(canonicalUid(attribute.customField))
  if (type === undefined) {
    return `unknown custom field "${attribute.customField}": set the customFields option to the type it stores, ` +
      `e.g. customFields: { "${attribute.customField}": "string" }`
  }
  const underlying: Record<string, unknown> = { ...attribute, type }
  delete underlying.customField
  return underlying as unknown as AttributeSchema
}

/** A schema's attributes with custom fields as their stored types, and a problem per unknown one. */
export function resolveCustomFields (source: string, attributes: Record<string, AttributeSchema>, table: CustomFieldTable): {
  attributes: Record<string, AttributeSchema>
  problems: SchemaError[]
} {
  const resolved: Record<string, AttributeSchema> = {}
  const problems: SchemaError[] = []
  for (const [name, attribute] of Object.entries(attributes)) {
    if ((attribute as { type?: unknown } | null)?.type !== 'customField') {
      resolved[name] = attribute
      continue
    }
    const underlying = resolveCustomField(attribute as CustomFieldAttributeSchema, table)
    if (typeof underlying === 'string') problems.push(new SchemaError(source, `attribute "${name}"`, underlying))
    else resolved[name] = underlying
  }
  return { attributes: resolved, problems }
}
