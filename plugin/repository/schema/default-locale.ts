/**
 * Entries written before their type was localized have no locale; like Strapi when the
 * i18n plugin is installed, they are moved to the default locale at startup, so that the
 * default list (which shows the default locale) still shows them.
 */
import type { Registry } from '../../content-types/registry.js'
import type { Database } from '../connection/database.js'
import { runSql, sql } from '../../sql/index.js'
import { entitySql } from './sql-names.js'

export async function assignDefaultLocale (db: Database, registry: Registry): Promise<void> {
  if (registry.i18n === null) return
  for (const model of registry.contentTypes.values()) {
    if (!model.localized) continue
    const { table, column } = entitySql(db.names, model.entity)
    await runSql(db, sql`update ${table} set ${column('locale')} = ${registry.i18n.defaultLocale} where ${column('locale')} is null`)
  }
}
