/**
 * Checks one attribute declaration and turns it into its normalised form. Relations,
 * components and zones are only shape-checked here; the registry resolves their targets.
 */
import { SchemaError } from '../errors.js'
import type { AttributeSchema, MediaKind, RelationType, ScalarAttributeSchema, ScalarType } from './definition.js'
import type { ScalarAttribute } from './model.js'

export const SCALAR_TYPES: ReadonlySet<ScalarType> = new Set<ScalarType>([
  'string', 'text', 'richtext', 'enumeration', 'email', 'password', 'uid',
  'date', 'time', 'datetime', 'timestamp',
  'integer', 'biginteger', 'float', 'decimal',
  'boolean', 'json', 'array'
])

export const RELATION_TYPES: ReadonlySet<RelationType> = new Set<RelationType>([
  'oneToOne', 'oneToMany', 'manyToOne', 'manyToMany'
])

const MEDIA_KINDS: ReadonlySet<MediaKind> = new Set<MediaKind>(['images', 'videos', 'audios', 'files'])

const NUMERIC_TYPES: ReadonlySet<ScalarType> = new Set<ScalarType>(['integer', 'biginteger', 'float', 'decimal'])
const LENGTH_TYPES: ReadonlySet<ScalarType> = new Set<ScalarType>([
  'string', 'text', 'richtext', 'email', 'password', 'uid'
])

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
      if (!RELATION_TYPES.has(declared.relation)) {
        fail(context, `unknown relation "${String(declared.relation)}" (expected one of ${[...RELATION_TYPES].join(', ')})`)
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
    default:
      if (!SCALAR_TYPES.has(declared.type)) fail(context, `unknown type "${declared.type}"`)
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
  if ((declared.min !== undefined || declared.max !== undefined) && !NUMERIC_TYPES.has(declared.type)) {
    fail(context, `"min"/"max" apply to number types, not ${declared.type}`)
  }
  if ((declared.minLength !== undefined || declared.maxLength !== undefined) && !LENGTH_TYPES.has(declared.type)) {
    fail(context, `"minLength"/"maxLength" apply to text types, not ${declared.type}`)
  }
  if (declared.regex !== undefined) {
    if (typeof declared.regex !== 'string') fail(context, '"regex" must be a string')
    try { RegExp(declared.regex) } catch { fail(context, `"regex" is not a valid regular expression: ${declared.regex}`) }
  }
  if (declared.type === 'enumeration') {
    if (!Array.isArray(declared.enum) || declared.enum.length === 0 || declared.enum.some(value => typeof value !== 'string' || value === '')) {
      fail(context, 'enumeration needs a non-empty "enum" list of strings')
    }
    if (new Set(declared.enum).size !== declared.enum.length) fail(context, '"enum" has duplicate values')
    if (declared.default !== undefined && !declared.enum.includes(declared.default as string)) {
      fail(context, `default ${JSON.stringify(declared.default)} is not one of the enum values`)
    }
  }
  if (declared.type === 'uid' && declared.targetField !== undefined) {
    const target = siblings[declared.targetField]
    if (target === undefined) fail(context, `targetField "${declared.targetField}" is not an attribute of this type`)
    if (!['string', 'text', 'uid', 'email', 'enumeration'].includes(target.type)) {
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
  return attribute
}

export function systemScalar (name: string, type: ScalarType, writable = false): ScalarAttribute {
  return { kind: 'scalar', name, type, required: false, private: false, system: true, unique: false, writable }
}
