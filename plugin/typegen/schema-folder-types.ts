/** The `types` command's work: a schema folder → the declarations of its model. */
import { loadSchemaFolder } from '../content-types/load.js'
import { buildRegistry } from '../content-types/registry.js'
import { generateTypes } from './generate-types.js'
import type { LocaleSettings } from '../i18n/locale-settings.js'

/**
 * Bad schemas fail as they do at startup, naming the file and the attribute. `i18n`:
 * localized types get `locale`; `customFields`: as the plugin option.
 */
export async function schemaFolderTypes (
  folder: string, settings: { i18n?: LocaleSettings | null, customFields?: Record<string, string> } = {}
): Promise<string> {
  return generateTypes(buildRegistry(await loadSchemaFolder(folder), settings))
}
