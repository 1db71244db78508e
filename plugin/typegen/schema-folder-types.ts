/** The `types` command's work: a schema folder → the declarations of its model. */
import { loadSchemaFolder } from '../content-types/load.js'
import { buildRegistry } from '../content-types/registry.js'
import { generateTypes } from './generate-types.js'
import type { LocaleSettings } from '../i18n/locale-settings.js'
import type { ApiFormat } from '../options/api-format.js'

/**
 * Bad schemas fail as they do at startup, naming the file and the attribute. `i18n`:
 * localized types get `locale`; `customFields`: as the plugin option; `apiFormat`: the
 * format the client reads, as the app's `apiFormat` (default v4).
 */
export async function schemaFolderTypes (
  folder: string, { apiFormat = 'v4', ...settings }: { i18n?: LocaleSettings | null, customFields?: Record<string, string>, apiFormat?: ApiFormat } = {}
): Promise<string> {
  // The v5 format's model, as the plugin builds it for a v5 mount (content-model.ts).
  const formatSettings = apiFormat === 'v5' ? { documentIds: true, v5Attributes: true } : {}
  return generateTypes(buildRegistry(await loadSchemaFolder(folder), { ...settings, ...formatSettings }), { apiFormat })
}
