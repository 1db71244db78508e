/**
 * Admin users (docs/access-control.md, 'Admin users and creator fields'): their own table, never part of the content
 * model. Content reaches them only through the creator-field rendering, or through a
 * schema's relation to `admin::user`, which reads its public fields only.
 */
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
    createdAt: { type: 'datetime', columnType: 'timestamptz(3)', fieldName: 'created_at', onCreate: () => new Date() },
    updatedAt: { type: 'datetime', columnType: 'timestamptz(3)', fieldName: 'updated_at', onCreate: () => new Date() }
  }
}
