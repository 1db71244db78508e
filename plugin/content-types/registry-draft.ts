/**
 * The registry while it is being built: the models declared so far, the tables they claim,
 * and the problems and warnings found, shared by the steps of `buildRegistry`.
 */
import { SchemaError } from '../errors.js'
import type { LocaleSettings } from '../i18n/locale-settings.js'
import { systemScalar } from './attribute-rules.js'
import type { CustomFieldTable } from './custom-fields.js'
import type { ComponentSchema, ContentTypeSchema, SourcedSchema } from './definition.js'
import { FILE_TABLE } from './file-model.js'
import type { Attribute, ComponentModel, ContentTypeModel, FileModel, LinkTable, Model, PluginModel } from './model.js'
import { FILE_UID } from './model.js'
import { entityNameForTable } from './names.js'
import { SYSTEM_ENTITIES, SYSTEM_TABLES } from './registry-rules.js'

export interface RegistryInput {
  contentTypes: Array<SourcedSchema<ContentTypeSchema>>
  components: Array<SourcedSchema<ComponentSchema>>
  /** `src/extensions/<plugin>/content-types/<name>/schema.json`, by the plugin type's uid. */
  extensions?: Array<SourcedSchema<ContentTypeSchema>>
  /** Files the loader could not read, reported together with the registry's own problems. */
  problems?: SchemaError[]
}

export interface RegistrySettings {
  /** Without it, `pluginOptions.i18n.localized` is ignored (as in Strapi without the plugin). */
  i18n?: LocaleSettings | null
  /** The `customFields` option: custom field uid → the type it stores. */
  customFields?: Record<string, string>
  /** The `permissions` option is set: the users and roles exist even if no schema points at them. */
  usersPermissions?: boolean
  /** A relation whose other side is missing or does not point back is refused, not served as Strapi 4 serves it. */
  strict?: boolean
  /**
   * `documentId` is an attribute of the models that have one (content-types/documents.ts):
   * read only, selected, filtered and sorted by as any string, in answers by default. For a
   * format that shows it (Strapi v5's); the v4 API's registry is built without it.
   */
  documentIds?: boolean
  /**
   * The attributes Strapi v5 answers beyond v4's (besides `documentId`): a `publishedAt` on
   * content types without draftAndPublish, files and users, the time of their last write, read
   * from `updatedAt` (an attribute with `readFrom`, stored nowhere); and a file's `focalPoint`.
   * For the v5 format; the v4 API's registry is built without them.
   */
  v5Attributes?: boolean
}

/** A model whose attributes are still being added. */
export type MutableModel = Model & { attributes: Map<string, Attribute> }

export class RegistryDraft {
  readonly input: RegistryInput
  readonly settings: RegistrySettings
  readonly contentTypes = new Map<string, ContentTypeModel & { attributes: Map<string, Attribute> }>()
  readonly components = new Map<string, ComponentModel & { attributes: Map<string, Attribute> }>()
  readonly file: FileModel & { attributes: Map<string, Attribute> }
  readonly plugins = new Map<string, PluginModel & { attributes: Map<string, Attribute> }>()
  readonly links: LinkTable[] = []
  /** The schema each model was declared from, read again when its attributes are resolved. */
  readonly sources = new Map<string, SourcedSchema<ContentTypeSchema | ComponentSchema>>()
  readonly i18n: LocaleSettings | null
  customFields: CustomFieldTable = new Map()
  readonly problems: SchemaError[] = []
  readonly warnings: string[] = []
  readonly oneSidedRelations: string[] = []
  readonly #tables = new Map<string, string>(SYSTEM_TABLES.map(table => [table, 'the plugin itself']))
  readonly #entities = new Map<string, string>(SYSTEM_ENTITIES.map(entity => [entity, 'the plugin itself']))

  constructor (input: RegistryInput, settings: RegistrySettings) {
    this.input = input
    this.settings = settings
    this.i18n = settings.i18n ?? null
    this.file = {
      kind: 'file',
      uid: FILE_UID,
      entity: entityNameForTable(FILE_TABLE),
      table: FILE_TABLE,
      source: 'upload plugin',
      attributes: new Map()
    }
  }

  /** Runs one independent check; its problem is collected so the others still run. */
  attempt (step: () => void): void {
    try {
      step()
    } catch (error) {
      if (!(error instanceof SchemaError)) throw error
      this.problems.push(error)
    }
  }

  /** Tables, and the entity names derived from them, are unique across the whole model. */
  claimTable (table: string, source: string): void {
    const holder = this.#tables.get(table) ?? this.#entities.get(entityNameForTable(table))
    if (holder !== undefined) throw new SchemaError(source, null, `table "${table}" is already used by ${holder}`)
    this.#tables.set(table, source)
    this.#entities.set(entityNameForTable(table), source)
  }
}

export function addTimestamps (attributes: Map<string, Attribute>): void {
  attributes.set('createdAt', systemScalar('createdAt', 'datetime'))
  attributes.set('updatedAt', systemScalar('updatedAt', 'datetime'))
}

/** The `publishedAt` of a model without draftAndPublish where the settings show one (`v5Attributes`). */
export function addWriteTimePublishedAt (draft: RegistryDraft, attributes: Map<string, Attribute>): void {
  if (draft.settings.v5Attributes !== true || attributes.has('publishedAt') || !attributes.has('updatedAt')) return
  attributes.set('publishedAt', { ...systemScalar('publishedAt', 'datetime'), readFrom: 'updatedAt' })
}
