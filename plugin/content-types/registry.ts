/**
 * The registry: every content type, component and link table, validated and normalised
 * once at startup. Bad schemas throw one SchemaError listing every problem found, each
 * naming its file and attribute, so a project is fixed in one pass, not one error per run.
 * Building it takes two passes over a shared draft (`registry-draft.ts`): every model is
 * declared first (`model-declarations.ts`), so that any attribute may then name any model
 * when it is resolved (`attribute-resolution.ts`).
 */
import { SchemaError } from '../errors.js'
import type { LocaleSettings } from '../i18n/locale-settings.js'
import { resolveAttributes } from './attribute-resolution.js'
import { checkComponentCycles } from './component-attributes.js'
import { customFieldTable } from './custom-fields.js'
import type { ComponentSchema, ContentTypeSchema } from './definition.js'
import { declareComponent, declareContentType, declareFileModel, declarePluginTypes } from './model-declarations.js'
import type { ComponentModel, ContentTypeModel, FileModel, LinkTable, Model, PluginModel } from './model.js'
import { FILE_UID } from './model.js'
import { RegistryDraft } from './registry-draft.js'
import type { RegistryInput, RegistrySettings } from './registry-draft.js'

export type { RegistryInput, RegistrySettings }

export interface InlineSchemas {
  contentTypes?: Record<string, ContentTypeSchema>
  components?: Record<string, ComponentSchema>
}

export class Registry {
  readonly contentTypes: ReadonlyMap<string, ContentTypeModel>
  readonly components: ReadonlyMap<string, ComponentModel>
  readonly file: FileModel
  /** Plugin types the schemas point at (users, roles, admin users), or that `permissions` needs. */
  readonly plugins: ReadonlyMap<string, PluginModel>
  readonly links: readonly LinkTable[]
  /** The `i18n` option; null when no content type is localized. */
  readonly i18n: LocaleSettings | null
  /** What loaded but is not served (morph relations, unknown plugin extensions), for a start-up warning. */
  readonly warnings: readonly string[]
  /** Relations whose other side is missing or does not point back, as they are served: a start-up warning each. */
  readonly oneSidedRelations: readonly string[]
  readonly #byPluralName: ReadonlyMap<string, ContentTypeModel>

  constructor (parts: {
    contentTypes: Map<string, ContentTypeModel>
    components: Map<string, ComponentModel>
    file: FileModel
    plugins: Map<string, PluginModel>
    links: LinkTable[]
    i18n: LocaleSettings | null
    warnings: string[]
    oneSidedRelations: string[]
  }) {
    this.contentTypes = parts.contentTypes
    this.components = parts.components
    this.file = parts.file
    this.plugins = parts.plugins
    this.links = parts.links
    this.i18n = parts.i18n
    this.warnings = parts.warnings
    this.oneSidedRelations = parts.oneSidedRelations
    this.#byPluralName = new Map([...parts.contentTypes.values()].map(model => [model.pluralName, model]))
  }

  model (uid: string): Model {
    const model = this.contentTypes.get(uid) ?? this.components.get(uid) ?? this.plugins.get(uid) ?? (uid === FILE_UID ? this.file : undefined)
    if (model === undefined) throw new Error(`Unknown model ${uid}`)
    return model
  }

  byPluralName (pluralName: string): ContentTypeModel | undefined {
    return this.#byPluralName.get(pluralName)
  }

  models (): Model[] {
    return [...this.contentTypes.values(), ...this.components.values(), ...this.plugins.values(), this.file]
  }
}

/** Inline objects (the `contentTypes`/`components` options) as registry input. */
export function inlineInput (schemas: InlineSchemas): RegistryInput {
  return {
    contentTypes: Object.entries(schemas.contentTypes ?? {}).map(([uid, schema]) => ({ uid, source: `inline:${uid}`, schema })),
    components: Object.entries(schemas.components ?? {}).map(([uid, schema]) => ({ uid, source: `inline:${uid}`, schema }))
  }
}

export function buildRegistry (input: RegistryInput | InlineSchemas, settings: RegistrySettings = {}): Registry {
  const sourced: RegistryInput = Array.isArray((input as RegistryInput).contentTypes) ? input as RegistryInput : inlineInput(input as InlineSchemas)
  const draft = new RegistryDraft(sourced, settings)
  draft.problems.push(...sourced.problems ?? [])
  draft.customFields = customFieldTable(settings.customFields)
  declareFileModel(draft)
  for (const component of sourced.components) draft.attempt(() => { declareComponent(draft, component) })
  for (const contentType of sourced.contentTypes) draft.attempt(() => { declareContentType(draft, contentType) })
  declarePluginTypes(draft)
  for (const model of [...draft.components.values(), ...draft.contentTypes.values(), ...draft.plugins.values()]) resolveAttributes(draft, model)
  draft.attempt(() => { checkComponentCycles(draft) })
  if (draft.problems.length > 0) throw SchemaError.all(draft.problems)
  return new Registry({
    contentTypes: draft.contentTypes,
    components: draft.components,
    file: draft.file,
    plugins: draft.plugins,
    links: draft.links,
    i18n: draft.i18n,
    warnings: draft.warnings,
    oneSidedRelations: draft.oneSidedRelations
  })
}
