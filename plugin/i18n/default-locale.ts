/**
 * Entries written before their type was localized have no locale; like Strapi when the
 * i18n plugin is installed, they are moved to the default locale at startup, so that the
 * default list (which shows the default locale) still shows them.
 */
import type { Registry } from '../content-types/registry.js'
import type { Database } from '../repository/database.js'
import { quote } from '../repository/write-sql.js'

export async function assignDefaultLocale (db: Database, registry: Registry): Promise<void> {
  if (registry.i18n === null) return
  const metadata = db.orm.getMetadata()
  for (const model of registry.contentTypes.values()) {
    if (!model.localized) continue
    const entity = metadata.getByClassName(model.entity)
    const locale = quote(entity.properties.locale!.fieldNames[0]!)
    await db.query(`update ${quote(entity.tableName)} set ${locale} = $1 where ${locale} is null`, [registry.i18n.defaultLocale])
  }
}
