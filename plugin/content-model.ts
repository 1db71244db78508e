/**
 * What a set of options describes, checked: the resolved options, the registry of content
 * types and components, what the options say about them, and the system tables beside
 * them. The plugin builds its database from `registry` and `systemEntities`; anything that
 * must build the same database (the tests' schema templates) asks this function too, so the
 * two cannot drift apart.
 */
import { loadSchemaFolder } from './content-types/load.js'
import { buildRegistry, inlineInput } from './content-types/registry.js'
import type { Registry, RegistryInput } from './content-types/registry.js'
import { ROLE_UID } from './content-types/plugin-types.js'
import type { ContentApiOptions, ModelOptions, ResolvedOptions } from './options.js'
import { resolveModelOptions, resolveOptions } from './options.js'
import type { ApiFormat, ContentMount } from './options/api-format.js'
import { authEntitySchemas } from './repository/schema/auth-entities.js'
import type { SystemEntities } from './repository/schema/entities.js'
import { idempotencyEntity } from './repository/write/idempotency.js'
import { viewConfigurationEntity } from './repository/schema/admin-entity.js'

/** A format's content routes at their prefix, with the registry of that format (what its answers show). */
export interface ServedMount extends ContentMount {
  registry: Registry
}

export interface ContentModel extends ModelOptions {
  options: ResolvedOptions
  /** The registry of the format at `prefix`: the database, the media library, the users routes and the docs are built from it. */
  registry: Registry
  /** The content routes: the format at `prefix` (its registry is `registry`), then `alsoServe`'s. */
  mounts: ServedMount[]
  /** The plugin's own tables: permissions and API tokens when access control is on, idempotency keys always. */
  systemEntities: SystemEntities
}

async function registryInput (options: ResolvedOptions): Promise<RegistryInput> {
  const inline = inlineInput(options)
  if (options.schemas === null) return inline
  const loaded = await loadSchemaFolder(options.schemas)
  return {
    ...loaded,
    contentTypes: [...loaded.contentTypes, ...inline.contentTypes],
    components: [...loaded.components, ...inline.components]
  }
}

/**
 * `warn`: told of what the schemas hold that is loaded but not served, and of relations whose
 * other side is missing, before the options are checked against the model.
 */
export async function contentModel (given: ContentApiOptions, warn: (message: string) => void = () => {}): Promise<ContentModel> {
  const options = resolveOptions(given)
  const input = await registryInput(options)
  // One model, read by each format as it shows it: the v5 registry adds documentId and a
  // publishedAt on every type, stored or read from columns both registries build alike.
  const registryOf = (format: ApiFormat): Registry => buildRegistry(input, {
    i18n: options.i18n,
    customFields: options.customFields,
    usersPermissions: options.permissions !== null,
    strict: options.strict,
    ...(format === 'v5' ? { documentIds: true, v5Attributes: true } : {})
  })
  const { primary, also } = options.formats
  const registry = registryOf(primary.format)
  const mounts: ServedMount[] = [{ ...primary, registry }, ...(also === null ? [] : [{ ...also, registry: registryOf(also.format) }])]
  if (registry.warnings.length > 0) warn(`fastify-content-api: loaded but not served:\n${registry.warnings.map(line => `  - ${line}`).join('\n')}`)
  for (const relation of registry.oneSidedRelations) warn(`fastify-content-api: ${relation}`)
  const { permissions, controllers } = resolveModelOptions(options, registry)
  return {
    options,
    registry,
    mounts,
    permissions,
    controllers,
    systemEntities: schemaOf => [...(permissions === null ? [] : authEntitySchemas(schemaOf(ROLE_UID))), idempotencyEntity(), viewConfigurationEntity()]
  }
}
