/**
 * Entries written before their type was localized have no locale; like Strapi when the
 * i18n plugin is installed, they are moved to the default locale at startup, so that the
 * default list (which shows the default locale) still shows them.
 */
import type { Registry } from '../../content-types/registry.js'
import type { Database } from '../connection/database.js'

export async function assignDefaultLocale (db: Database, registry: Registry): Promise<void> {
  if (registry.i18n === null) return
  const names = db.names
  for (const model of registry.contentTypes.values()) {
    if (!model.localized) continue
    const locale = names.column(model.entity, 'locale')
    await db.query(`update ${names.table(model.entity)} set ${locale} = $1 where ${locale} is null`, [registry.i18n.defaultLocale])
  }
}
