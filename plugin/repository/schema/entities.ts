/**
 * MikroORM EntitySchemas built at runtime from the registry: one per content type,
 * component and the file model, and one per link table. The ORM metadata made from these
 * decides every table and column name the read compiler uses.
 */
import { EntitySchema } from '@mikro-orm/core'
import { ADMIN_USER_ENTITY, adminUserProperties } from './admin-entity.js'
import { roleProperties, userProperties } from './auth-entities.js'
import { documentIdProperty } from './document-ids.js'
import { fileFolderProperties, folderEntity } from './folder-entity.js'
import { versionUniqueIndex } from './version-unique-indexes.js'
import { listIndexes } from './list-indexes.js'
import { mayHaveDrafts } from '../../content-types/pending-drafts.js'
import { DOCUMENT_ID, hasDocumentId } from '../../content-types/documents.js'
import { SCALAR_TYPE_INFO } from '../../content-types/attributes.js'
import { ADMIN_USER_UID, PLUGIN_TYPES, ROLE_UID, USER_UID } from '../../content-types/plugin-types.js'
import type { LinkTable, Model, ScalarAttribute } from '../../content-types/model.js'
import { snakeCase } from '../../content-types/names.js'
import { FILE_FOCAL_POINT } from '../../content-types/file-model.js'
import type { Registry } from '../../content-types/registry.js'

type PropertyMap = Record<string, Record<string, unknown>>

/** `versioned`: the model's documents may have a pending draft; its unique values get a versionUniqueIndex instead. */
function scalarProperty (attribute: ScalarAttribute, versioned: boolean): Record<string, unknown> {
  const info = SCALAR_TYPE_INFO[attribute.type]
  const property: Record<string, unknown> = {
    type: info.ormType,
    columnType: info.columnType,
    fieldName: snakeCase(attribute.name),
    // Required is enforced by validation, not NOT NULL: adding a required attribute to a
    // table that already has rows must not fail the startup schema update.
    nullable: true
  }
  if (attribute.unique && !versioned) property.unique = true
  return property
}

/** Who wrote an entry (docs/access-control.md, 'Admin users and creator fields'): set from an admin token, read only on request. */
function creatorProperties (admin: () => EntitySchema): PropertyMap {
  const creator = (fieldName: string): Record<string, unknown> =>
    ({ kind: 'm:1', entity: admin, nullable: true, deleteRule: 'set null', fieldName })
  return { createdBy: creator('created_by_id'), updatedBy: creator('updated_by_id') }
}

function modelProperties (model: Model, admin: () => EntitySchema, folder: () => EntitySchema): PropertyMap {
  const properties: PropertyMap = {
    id: { type: 'integer', primary: true, autoincrement: true }
  }
  for (const attribute of model.attributes.values()) {
    // An attribute read from another's column has none of its own.
    if (attribute.kind !== 'scalar' || attribute.name === 'id' || attribute.readFrom !== undefined) continue
    properties[attribute.name] = scalarProperty(attribute, mayHaveDrafts(model))
  }
  if (model.kind === 'contentType' || model.kind === 'file' || (model.kind === 'plugin' && model.attributes.has('createdAt'))) {
    properties.createdAt = { ...properties.createdAt, nullable: false, onCreate: () => new Date() }
    properties.updatedAt = { ...properties.updatedAt, nullable: false, onCreate: () => new Date() }
  }
  if (model.kind === 'contentType') Object.assign(properties, creatorProperties(admin))
  // Stored whatever the registry shows, as documentIds are: only the v5 format answers it.
  if (model.kind === 'file') properties[FILE_FOCAL_POINT] = { type: 'json', columnType: 'jsonb', fieldName: snakeCase(FILE_FOCAL_POINT), nullable: true }
  // Stored, not attributes: Strapi keeps them private, so no file answer of the REST API shows them.
  if (model.kind === 'file') Object.assign(properties, fileFolderProperties(folder))
  // Stored whatever the registry shows: a registry that shows documentIds (the v5 format's)
  // declares it as a plain scalar, which this replaces.
  if (hasDocumentId(model)) properties[DOCUMENT_ID] = documentIdProperty(model.table)
  return properties
}

function declareVersionUniqueIndexes (schema: EntitySchema, model: Model): void {
  for (const attribute of model.attributes.values()) {
    if (attribute.kind !== 'scalar' || !attribute.unique || attribute.readFrom !== undefined || attribute.name === 'id') continue
    schema.addIndex(versionUniqueIndex(model.table, snakeCase(attribute.name), snakeCase('publishedAt')))
  }
}

/**
 * `versionedOwner`: the owner's documents may have a pending draft, whose row holds copies of
 * its links (content-types/pending-drafts.ts): a related entry with a single owner document is
 * then linked by both its rows, and its column is indexed, not unique.
 */
function linkSchema (link: LinkTable, schemaOf: (uid: string) => EntitySchema, versionedOwner: boolean): EntitySchema {
  const schema = new EntitySchema({
    name: link.entity,
    tableName: link.table,
    properties: {
      id: { type: 'integer', primary: true, autoincrement: true },
      owner: { kind: 'm:1', entity: () => schemaOf(link.owner), deleteRule: 'cascade', fieldName: 'owner_id' },
      target: { kind: 'm:1', entity: () => schemaOf(link.target), deleteRule: 'cascade', fieldName: 'target_id' },
      ord: { type: 'integer', default: 0 },
      invOrd: { type: 'integer', default: 0, fieldName: 'inv_ord' }
    } as never
  })
  schema.addIndex({ properties: ['owner', 'ord'] as never })
  schema.addIndex({ properties: ['target', 'invOrd'] as never })
  schema.addUnique({ properties: ['owner', 'target'] as never })
  if (link.uniqueOwner) schema.addUnique({ properties: ['owner'] as never })
  if (link.uniqueTarget && !versionedOwner) schema.addUnique({ properties: ['target'] as never })
  return schema
}

function versionedOwner (registry: Registry, link: LinkTable): boolean {
  return mayHaveDrafts(registry.model(link.owner)) && registry.model(link.target).kind === 'contentType'
}

/** The columns the auth and admin modules own in a plugin type's table; they win over what a schema declares. */
const PLUGIN_COLUMNS: Record<string, (schemaOf: (uid: string) => EntitySchema) => PropertyMap> = {
  [USER_UID]: schemaOf => userProperties(() => schemaOf(ROLE_UID)),
  [ROLE_UID]: () => roleProperties(),
  [ADMIN_USER_UID]: () => adminUserProperties()
}

export type SystemEntities = (schemaOf: (uid: string) => EntitySchema) => EntitySchema[]

/**
 * The content model's entities, the plugin types they point at, the admin users (always:
 * creator fields), the media folders (always: the file table points at them), and `extra` system entities, which may point at any of them by uid.
 */
export function buildEntitySchemas (registry: Registry, extra: SystemEntities = () => []): EntitySchema[] {
  const byUid = new Map<string, EntitySchema>()
  const schemaOf = (uid: string): EntitySchema => byUid.get(uid)!
  const admin = (): EntitySchema => schemaOf(ADMIN_USER_UID)
  const folders = folderEntity()
  const entity = (name: string, table: string, properties: PropertyMap): EntitySchema =>
    new EntitySchema({ name, tableName: table, properties: properties as never })
  for (const model of registry.models()) {
    const properties = modelProperties(model, admin, () => folders)
    if (model.kind === 'plugin') Object.assign(properties, PLUGIN_COLUMNS[model.uid]!(schemaOf))
    const schema = entity(model.entity, model.table, properties)
    if (mayHaveDrafts(model)) declareVersionUniqueIndexes(schema, model)
    if (model.kind === 'contentType') for (const index of listIndexes(model)) schema.addIndex(index)
    byUid.set(model.uid, schema)
  }
  if (!byUid.has(ADMIN_USER_UID)) {
    byUid.set(ADMIN_USER_UID, entity(ADMIN_USER_ENTITY, PLUGIN_TYPES[ADMIN_USER_UID]!.table, adminUserProperties()))
  }
  return [...byUid.values(), folders, ...registry.links.map(link => linkSchema(link, schemaOf, versionedOwner(registry, link))), ...extra(schemaOf)]
}
