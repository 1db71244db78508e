/**
 * Checks one attribute declaration and turns it into its normalised form. Relations,
 * components and zones are only shape-checked here; the registry resolves their targets.
 */
import { SchemaError } from '../errors.js'
import type {
  AttributeSchema, MediaKind, MorphRelationType, RelationType, ScalarAttributeSchema, ScalarType
} from './definition.js'
import { isScalarType, SCALAR_TYPE_INFO } from './attributes.js'
import type { ScalarAttribute } from './model.js'

export const RELATION_TYPES: ReadonlySet<RelationType> = new Set<RelationType>([
  'oneToOne', 'oneToMany', 'manyToOne', 'manyToMany'
])

export const MORPH_RELATION_TYPES: ReadonlySet<MorphRelationType> = new Set<MorphRelationType>([
  'morphToOne', 'morphToMany', 'morphOne', 'morphMany'
])

/** A polymorphic relation: loaded so the schema starts, but not served (a start-up warning names it). */
export function isMorphRelation (attribute: AttributeSchema): boolean {
  return attribute.type === 'relation' && MORPH_RELATION_TYPES.has(attribute.relation as MorphRelationType)
}

const MEDIA_KINDS: ReadonlySet<MediaKind> = new Set<MediaKind>(['images', 'videos', 'audios', 'files'])

export interface AttributeContext {
  source: string
  name: string
}

function fail (context: AttributeContext, problem: string): never {
  throw new SchemaError(context.source, `attribute "${context.name}"`, problem)
}

function checkNumberOption (context: AttributeContext, option: string, value: unknown): void {
  if (value === undefined) return
  const numeric = typeof value === 'number' || (typeof value === 'string' && value.trim() !== '' && !Number.isNaN(Number(value)))
  if (!numeric) fail(context, `"${option}" must be a number, got ${JSON.stringify(value)}`)
}

function checkLengthOption (context: AttributeContext, option: string, value: unknown): void {
  if (value === undefined) return
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 0) {
    fail(context, `"${option}" must be a non-negative integer, got ${JSON.stringify(value)}`)
  }
}

export function checkAttributeShape (context: AttributeContext, attribute: unknown): AttributeSchema {
  if (attribute === null || typeof attribute !== 'object' || Array.isArray(attribute)) {
    fail(context, 'must be an object')
  }
  const type = (attribute as { type?: unknown }).type
  if (typeof type !== 'string') fail(context, 'has no "type"')
  const declared = attribute as AttributeSchema
  for (const flag of ['required', 'private', 'unique', 'writable'] as const) {
    const value = (declared as unknown as Record<string, unknown>)[flag]
    if (value !== undefined && typeof value !== 'boolean') fail(context, `"${flag}" must be a boolean`)
  }
  switch (declared.type) {
    case 'relation':
      if (MORPH_RELATION_TYPES.has(declared.relation as MorphRelationType)) return declared
      if (!RELATION_TYPES.has(declared.relation as RelationType)) {
        fail(context, `unknown relation "${String(declared.relation)}" (expected one of ${[...RELATION_TYPES, ...MORPH_RELATION_TYPES].join(', ')})`)
      }
      if (typeof declared.target !== 'string' || declared.target === '') fail(context, 'relation has no "target"')
      if (declared.inversedBy !== undefined && declared.mappedBy !== undefined) {
        fail(context, 'a relation cannot have both "inversedBy" and "mappedBy"')
      }
      return declared
    case 'media':
      if (declared.multiple !== undefined && typeof declared.multiple !== 'boolean') fail(context, '"multiple" must be a boolean')
      if (declared.allowedTypes !== undefined) {
        if (!Array.isArray(declared.allowedTypes) || declared.allowedTypes.some(kind => !MEDIA_KINDS.has(kind))) {
          fail(context, `"allowedTypes" must be a list of ${[...MEDIA_KINDS].join(', ')}`)
        }
      }
      return declared
    case 'component':
      if (typeof declared.component !== 'string' || declared.component === '') fail(context, 'component has no "component" uid')
      if (declared.repeatable !== undefined && typeof declared.repeatable !== 'boolean') fail(context, '"repeatable" must be a boolean')
      checkLengthOption(context, 'min', declared.min)
      checkLengthOption(context, 'max', declared.max)
      return declared
    case 'dynamiczone':
      if (!Array.isArray(declared.components) || declared.components.length === 0 ||
        declared.components.some(uid => typeof uid !== 'string')) {
        fail(context, 'dynamic zone needs a non-empty "components" list of component uids')
      }
      checkLengthOption(context, 'min', declared.min)
      checkLengthOption(context, 'max', declared.max)
      return declared
    case 'customField':
      // The registry resolves custom fields to their underlying type before this check.
      return fail(context, `custom field "${String(declared.customField)}" was not resolved`)
    default:
      if (!isScalarType(declared.type)) fail(context, `unknown type "${declared.type}"`)
      return declared
  }
}

/** Normalises a scalar declaration; `siblings` lets a uid check its targetField. */
export function scalarAttribute (
  context: AttributeContext,
  declared: ScalarAttributeSchema,
  siblings: Record<string, AttributeSchema>
): ScalarAttribute {
  checkNumberOption(context, 'min', declared.min)
  checkNumberOption(context, 'max', declared.max)
  checkLengthOption(context, 'minLength', declared.minLength)
  checkLengthOption(context, 'maxLength', declared.maxLength)
  const info = SCALAR_TYPE_INFO[declared.type]
  if ((declared.min !== undefined || declared.max !== undefined) && info.group !== 'number') {
    fail(context, `"min"/"max" apply to number types, not ${declared.type}`)
  }
  if ((declared.minLength !== undefined || declared.maxLength !== undefined) && !info.takesLength) {
    fail(context, `"minLength"/"maxLength" apply to text types, not ${declared.type}`)
  }
  if (declared.regex !== undefined) {
    if (typeof declared.regex !== 'string') fail(context, '"regex" must be a string')
    try { RegExp(declared.regex) } catch { fail(context, `"regex" is not a valid regular expression: ${declared.regex}`) }
  }
  if (info.enumerated) {
    if (!Array.isArray(declared.enum) || declared.enum.length === 0 || declared.enum.some(value => typeof value !== 'string' || value === '')) {
      fail(context, 'enumeration needs a non-empty "enum" list of strings')
    }
    if (new Set(declared.enum).size !== declared.enum.length) fail(context, '"enum" has duplicate values')
    if (declared.default !== undefined && !declared.enum.includes(declared.default as string)) {
      fail(context, `default ${JSON.stringify(declared.default)} is not one of the enum values`)
    }
  }
  checkUidOptions(context, declared)
  if (declared.type === 'uid' && declared.targetField !== undefined) {
    const target = siblings[declared.targetField]
    if (target === undefined) fail(context, `targetField "${declared.targetField}" is not an attribute of this type`)
    if (!isScalarType(target.type) || !SCALAR_TYPE_INFO[target.type].slugSource) {
      fail(context, `targetField "${declared.targetField}" must be a text attribute, not ${target.type}`)
    }
  }
  const attribute: ScalarAttribute = {
    kind: 'scalar',
    name: context.name,
    type: declared.type,
    required: declared.required === true,
    private: declared.private === true || declared.type === 'password',
    system: false,
    unique: declared.unique === true || declared.type === 'uid',
    writable: declared.writable !== false
  }
  if (declared.default !== undefined) attribute.default = declared.default
  if (declared.min !== undefined) attribute.min = declared.min
  if (declared.max !== undefined) attribute.max = declared.max
  if (declared.minLength !== undefined) attribute.minLength = declared.minLength
  if (declared.maxLength !== undefined) attribute.maxLength = declared.maxLength
  if (declared.regex !== undefined) attribute.regex = declared.regex
  if (declared.enum !== undefined) attribute.enum = declared.enum
  if (declared.targetField !== undefined) attribute.targetField = declared.targetField
  if (declared.type === 'uid' && declared.options !== undefined) {
    const { separator, lowercase } = declared.options as { separator?: string, lowercase?: boolean }
    attribute.uidOptions = { ...(separator === undefined ? {} : { separator }), ...(lowercase === undefined ? {} : { lowercase }) }
  }
  return attribute
}

/**
 * Strapi's uid `options`: `separator` (a string) and `lowercase` (a boolean). On other
 * types `options` belongs to a custom field's admin widget (an object, or a list of choices).
 */
function checkUidOptions (context: AttributeContext, declared: ScalarAttributeSchema): void {
  const options: unknown = declared.options
  if (options === undefined || declared.type !== 'uid') return
  if (options === null || typeof options !== 'object' || Array.isArray(options)) fail(context, '"options" must be an object')
  const { separator, lowercase } = options as { separator?: unknown, lowercase?: unknown }
  // The separator lands inside generated uids, so it must be a character a uid may hold.
  if (separator !== undefined && (typeof separator !== 'string' || !/^[-_.~]{0,3}$/.test(separator))) {
    fail(context, `"options.separator" must be made of the uid characters - _ . ~, got ${JSON.stringify(separator)}`)
  }
  if (lowercase !== undefined && typeof lowercase !== 'boolean') fail(context, '"options.lowercase" must be a boolean')
}

export function systemScalar (name: string, type: ScalarType, writable = false): ScalarAttribute {
  return { kind: 'scalar', name, type, required: false, private: false, system: true, unique: false, writable }
}
