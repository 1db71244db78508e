/** The `types` command's work: a schema folder → the declarations of its model. */
import { loadSchemaFolder } from '../content-types/load.js'
import { buildRegistry } from '../content-types/registry.js'
import { generateTypes } from './generate-types.js'

/** Bad schemas fail as they do at startup, naming the file and the attribute. */
export async function schemaFolderTypes (folder: string): Promise<string> {
  return generateTypes(buildRegistry(await loadSchemaFolder(folder)))
}
