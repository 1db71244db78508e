/**
 * Admin users (docs/access-control.md, 'Admin users and creator fields'): their own table, never part of the content
 * model. Content reaches them only through the creator-field rendering, or through a
 * schema's relation to `admin::user`, which reads its public fields only.
 */
import { EntitySchema } from '@mikro-orm/core'

export const ADMIN_USER_ENTITY = 'AdminUser'

/** The columns the admin login and creator fields rely on; a schema's relations cannot change them. */
export function adminUserProperties (): Record<string, Record<string, unknown>> {
  return {
    id: { type: 'integer', primary: true, autoincrement: true },
    firstname: { type: 'string', columnType: 'varchar(255)' },
    lastname: { type: 'string', columnType: 'varchar(255)', nullable: true },
    email: { type: 'string', columnType: 'varchar(255)', unique: true },
    password: { type: 'string', columnType: 'varchar(255)' },
    isActive: { type: 'boolean', default: true, fieldName: 'is_active' },
    blocked: { type: 'boolean', default: false },
    // One of Strapi's default admin roles (admin/roles/roles.ts). Rows from before roles
    // existed take the default as the column is added: they were all-powerful, and stay so.
    role: { type: 'string', columnType: 'varchar(64)', default: 'strapi-super-admin' },
    createdAt: { type: 'datetime', columnType: 'timestamptz(3)', fieldName: 'created_at', onCreate: () => new Date() },
    updatedAt: { type: 'datetime', columnType: 'timestamptz(3)', fieldName: 'updated_at', onCreate: () => new Date() }
  }
}

export const VIEW_CONFIGURATION_ENTITY = 'FcaViewConfiguration'

/** The content manager's view configurations the admin panel saved (admin/configuration/), one row per content type or component uid. */
export function viewConfigurationEntity (): EntitySchema {
  return new EntitySchema({
    name: VIEW_CONFIGURATION_ENTITY,
    tableName: 'fca_content_manager_configurations',
    properties: {
      uid: { type: 'string', columnType: 'varchar(255)', primary: true },
      value: { type: 'json', columnType: 'jsonb' },
      updatedAt: { type: 'datetime', columnType: 'timestamptz(3)', fieldName: 'updated_at', onCreate: () => new Date() }
    } as never
  })
}
