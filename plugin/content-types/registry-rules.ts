/**
 * Checks the registry applies to whole schemas (as opposed to one attribute, in
 * attribute-rules): the schema object, table names, mirrored relations, attributes shared
 * across locales. Each throws a SchemaError naming the file.
 */
import { SchemaError } from '../errors.js'
import type { AttributeSchema } from './definition.js'
import type { Attribute, Model } from './model.js'

/** Tables and entities the plugin keeps for itself (admin users, users and permissions). */
export const SYSTEM_TABLES = ['admin_users', 'up_users', 'up_roles', 'up_permissions', 'api_tokens', 'upload_folders']
export const SYSTEM_ENTITIES = ['AdminUser', 'UpUser', 'UpRole', 'UpPermission', 'ApiToken', 'UploadFolder']

export const MIRRORED_RELATION = {
  oneToOne: 'oneToOne',
  oneToMany: 'manyToOne',
  manyToOne: 'oneToMany',
  manyToMany: 'manyToMany'
} as const

/** A side of this kind of relation holds many entries. */
export function holdsMany (relation: string): boolean {
  return relation === 'oneToMany' || relation === 'manyToMany'
}

export function checkSchemaObject (source: string, schema: unknown): void {
  if (schema === null || typeof schema !== 'object') throw new SchemaError(source, null, 'a schema must be a JSON object')
  const attributes = (schema as { attributes?: unknown }).attributes
  if (attributes === null || typeof attributes !== 'object' || Array.isArray(attributes)) {
    throw new SchemaError(source, null, 'missing "attributes" object')
  }
}

export function checkTableName (source: string, table: string): void {
  if (!/^[a-z_][a-z0-9_]*$/.test(table) || table.length > 63) {
    throw new SchemaError(source, null, `collectionName "${table}" must be a lower-case SQL identifier of at most 63 characters`)
  }
}

/**
 * `pluginOptions.i18n.localized: false` on an attribute of a localized type: one value for
 * every localization (scalars, media, relations, components, dynamic zones). A unique value
 * (or a uid) could not repeat across them, so it cannot be shared. A relation whose targets
 * belong to one owner each (oneToOne, oneToMany) cannot link them from every localization: it
 * stays per locale, as every relation does in Strapi v4.
 */
export function shareAcrossLocales (model: Model, attribute: Attribute, declared: AttributeSchema): Attribute {
  const i18n = (declared.pluginOptions?.i18n ?? {}) as { localized?: unknown }
  if (model.kind !== 'contentType' || !model.localized || attribute.system || i18n.localized !== false) return attribute
  if (attribute.kind === 'scalar' && (attribute.unique || attribute.type === 'uid')) {
    throw new SchemaError(model.source, `attribute "${attribute.name}"`, 'a unique attribute or uid cannot be shared across locales (pluginOptions.i18n.localized: false)')
  }
  if (attribute.kind === 'relation' && !attribute.otherToMany) return attribute
  return { ...attribute, sharedAcrossLocales: true }
}

export function withBounds<T extends object> (attribute: T, declared: { min?: number, max?: number }): T & { min?: number, max?: number } {
  const bounded: T & { min?: number, max?: number } = { ...attribute }
  if (declared.min !== undefined) bounded.min = declared.min
  if (declared.max !== undefined) bounded.max = declared.max
  return bounded
}
