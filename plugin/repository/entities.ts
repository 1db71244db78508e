/**
 * MikroORM EntitySchemas built at runtime from the registry: one per content type,
 * component and the file model, and one per link table. The ORM metadata made from these
 * decides every table and column name the read compiler uses.
 */
import { EntitySchema } from '@mikro-orm/core'
import { adminUserSchema } from '../admin/admin-entity.js'
import { SCALAR_TYPE_INFO } from '../content-types/attributes.js'
import type { LinkTable, Model, ScalarAttribute } from '../content-types/model.js'
import { snakeCase } from '../content-types/names.js'
import type { Registry } from '../content-types/registry.js'

type PropertyMap = Record<string, Record<string, unknown>>

function scalarProperty (attribute: ScalarAttribute): Record<string, unknown> {
  const info = SCALAR_TYPE_INFO[attribute.type]
  const property: Record<string, unknown> = {
    type: info.ormType,
    columnType: info.columnType,
    fieldName: snakeCase(attribute.name),
    // Required is enforced by validation, not NOT NULL: adding a required attribute to a
    // table that already has rows must not fail the startup schema update.
    nullable: true
  }
  if (attribute.unique) property.unique = true
  return property
}

/** Who wrote an entry (spec 4.7): set from an admin token, read only on request. */
function creatorProperties (admin: EntitySchema): PropertyMap {
  const creator = (fieldName: string): Record<string, unknown> =>
    ({ kind: 'm:1', entity: () => admin, nullable: true, deleteRule: 'set null', fieldName })
  return { createdBy: creator('created_by_id'), updatedBy: creator('updated_by_id') }
}

function modelProperties (model: Model, admin: EntitySchema): PropertyMap {
  const properties: PropertyMap = {
    id: { type: 'integer', primary: true, autoincrement: true }
  }
  for (const attribute of model.attributes.values()) {
    if (attribute.kind !== 'scalar' || attribute.name === 'id') continue
    properties[attribute.name] = scalarProperty(attribute)
  }
  if (model.kind === 'contentType' || model.kind === 'file') {
    properties.createdAt = { ...properties.createdAt, nullable: false, onCreate: () => new Date() }
    properties.updatedAt = { ...properties.updatedAt, nullable: false, onCreate: () => new Date() }
  }
  if (model.kind === 'contentType') Object.assign(properties, creatorProperties(admin))
  return properties
}

function linkSchema (link: LinkTable, schemaOf: (uid: string) => EntitySchema): EntitySchema {
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
  if (link.uniqueTarget) schema.addUnique({ properties: ['target'] as never })
  return schema
}

/** The content model's entities, the admin users they point at, and `extra` system entities. */
export function buildEntitySchemas (registry: Registry, extra: EntitySchema[] = []): EntitySchema[] {
  const admin = adminUserSchema()
  const byUid = new Map<string, EntitySchema>()
  for (const model of registry.models()) {
    byUid.set(model.uid, new EntitySchema({ name: model.entity, tableName: model.table, properties: modelProperties(model, admin) as never }))
  }
  const schemaOf = (uid: string): EntitySchema => byUid.get(uid)!
  return [...byUid.values(), ...registry.links.map(link => linkSchema(link, schemaOf)), admin, ...extra]
}
