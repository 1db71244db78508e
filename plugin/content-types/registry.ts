/**
 * The registry: every content type, component and link table, validated and normalised
 * once at startup. Bad schemas throw one SchemaError listing every problem found, each
 * naming its file and attribute, so a project is fixed in one pass, not one error per run.
 */
import { SchemaError } from '../errors.js'
import type { LocaleSettings } from '../i18n/locale-settings.js'
import { checkAttributeShape, isMorphRelation, scalarAttribute, systemScalar } from './attribute-rules.js'
import { customFieldTable, resolveCustomFields } from './custom-fields.js'
import type { CustomFieldTable } from './custom-fields.js'
import type {
  AttributeSchema, ComponentSchema, ContentTypeSchema, RelationAttributeSchema, RelationType,
  ScalarAttributeSchema, SourcedSchema
} from './definition.js'
import { FILE_ATTRIBUTES, FILE_TABLE } from './file-model.js'
import type {
  Attribute, ComponentModel, ContentTypeModel, FileModel, LinkSide, LinkTable, Model, PluginModel, RelationAttribute
} from './model.js'
import { FILE_UID } from './model.js'
import { PLUGIN_TYPES, USER_UID, pluginTypeSchema, pluginTypesWanted, userRoleAttribute } from './plugin-types.js'
import type { PluginTypeDefinition } from './plugin-types.js'
import {
  MIRRORED_RELATION, SYSTEM_ENTITIES, SYSTEM_TABLES, checkSchemaObject, checkTableName, holdsMany, shareAcrossLocales, withBounds
} from './registry-rules.js'
import { otherSide } from './other-side.js'
import type { Disagreement } from './other-side.js'
import {
  ATTRIBUTE_NAME, KEBAB_NAME, RESERVED_ATTRIBUTE_NAMES, entityNameForTable, snakeCase, tableIdentifier
} from './names.js'

export interface RegistryInput {
  contentTypes: Array<SourcedSchema<ContentTypeSchema>>
  components: Array<SourcedSchema<ComponentSchema>>
  /** `src/extensions/<plugin>/content-types/<name>/schema.json`, by the plugin type's uid. */
  extensions?: Array<SourcedSchema<ContentTypeSchema>>
  /** Files the loader could not read, reported together with the registry's own problems. */
  problems?: SchemaError[]
}

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

export interface RegistrySettings {
  /** Without it, `pluginOptions.i18n.localized` is ignored (as in Strapi without the plugin). */
  i18n?: LocaleSettings | null
  /** The `customFields` option: custom field uid → the type it stores. */
  customFields?: Record<string, string>
  /** The `permissions` option is set: the users and roles exist even if no schema points at them. */
  usersPermissions?: boolean
  /** A relation whose other side is missing or does not point back is refused, not served as Strapi 4 serves it. */
  strict?: boolean
}

export function buildRegistry (input: RegistryInput | InlineSchemas, settings: RegistrySettings = {}): Registry {
  const sourced: RegistryInput = Array.isArray((input as RegistryInput).contentTypes) ? input as RegistryInput : inlineInput(input as InlineSchemas)
  return new RegistryBuilder(sourced, settings).build()
}

type MutableModel = Model & { attributes: Map<string, Attribute> }

class RegistryBuilder {
  readonly #input: RegistryInput
  readonly #contentTypes = new Map<string, ContentTypeModel & { attributes: Map<string, Attribute> }>()
  readonly #components = new Map<string, ComponentModel & { attributes: Map<string, Attribute> }>()
  readonly #file: FileModel & { attributes: Map<string, Attribute> }
  readonly #links: LinkTable[] = []
  readonly #tables = new Map<string, string>(SYSTEM_TABLES.map(table => [table, 'the plugin itself']))
  readonly #entities = new Map<string, string>(SYSTEM_ENTITIES.map(entity => [entity, 'the plugin itself']))
  readonly #plugins = new Map<string, PluginModel & { attributes: Map<string, Attribute> }>()
  readonly #sources = new Map<string, SourcedSchema<ContentTypeSchema | ComponentSchema>>()
  readonly #i18n: LocaleSettings | null
  readonly #settings: RegistrySettings
  #customFields: CustomFieldTable = new Map()
  readonly #problems: SchemaError[] = []
  readonly #warnings: string[] = []
  readonly #oneSidedRelations: string[] = []

  constructor (input: RegistryInput, settings: RegistrySettings) {
    this.#input = input
    this.#settings = settings
    this.#i18n = settings.i18n ?? null
    this.#file = {
      kind: 'file',
      uid: FILE_UID,
      entity: entityNameForTable(FILE_TABLE),
      table: FILE_TABLE,
      source: 'upload plugin',
      attributes: new Map()
    }
  }

  build (): Registry {
    this.#problems.push(...this.#input.problems ?? [])
    this.#customFields = customFieldTable(this.#settings.customFields)
    this.#declareFileModel()
    for (const component of this.#input.components) this.#attempt(() => { this.#declareComponent(component) })
    for (const contentType of this.#input.contentTypes) this.#attempt(() => { this.#declareContentType(contentType) })
    this.#declarePluginTypes()
    for (const model of [...this.#components.values(), ...this.#contentTypes.values(), ...this.#plugins.values()]) this.#resolveAttributes(model)
    this.#attempt(() => { this.#checkComponentCycles() })
    if (this.#problems.length > 0) throw SchemaError.all(this.#problems)
    return new Registry({
      contentTypes: this.#contentTypes,
      components: this.#components,
      file: this.#file,
      plugins: this.#plugins,
      links: this.#links,
      i18n: this.#i18n,
      warnings: this.#warnings,
      oneSidedRelations: this.#oneSidedRelations
    })
  }

  /** Runs one independent check; its problem is collected so the others still run. */
  #attempt (step: () => void): void {
    try {
      step()
    } catch (error) {
      if (!(error instanceof SchemaError)) throw error
      this.#problems.push(error)
    }
  }

  #declarePluginTypes (): void {
    const { wanted, warnings } = pluginTypesWanted(this.#input, this.#settings.usersPermissions === true)
    this.#warnings.push(...warnings)
    for (const { definition, extension } of wanted) this.#attempt(() => { this.#declarePluginType(definition, extension) })
  }

  /** Strapi's attributes of the type, plus those an extension adds (extra fields, relations back to content). */
  #declarePluginType (definition: PluginTypeDefinition, extension: SourcedSchema<ContentTypeSchema> | undefined): void {
    const source = extension?.source ?? `plugin type ${definition.uid}`
    if (extension !== undefined) checkSchemaObject(source, extension.schema)
    const schema = pluginTypeSchema(definition, extension?.schema)
    this.#sources.set(definition.uid, { uid: definition.uid, source, schema })
    this.#plugins.set(definition.uid, {
      kind: 'plugin',
      uid: definition.uid,
      entity: definition.entity,
      table: definition.table,
      source,
      displayName: definition.displayName,
      schemaName: definition.schemaName,
      attributes: new Map([['id', systemScalar('id', 'integer')]])
    })
  }

  /** Tables, and the entity names derived from them, are unique across the whole model. */
  #claimTable (table: string, source: string): void {
    const holder = this.#tables.get(table) ?? this.#entities.get(entityNameForTable(table))
    if (holder !== undefined) throw new SchemaError(source, null, `table "${table}" is already used by ${holder}`)
    this.#tables.set(table, source)
    this.#entities.set(entityNameForTable(table), source)
  }

  #declareFileModel (): void {
    this.#claimTable(FILE_TABLE, 'the upload plugin')
    this.#file.attributes.set('id', systemScalar('id', 'integer'))
    for (const [name, declared] of Object.entries(FILE_ATTRIBUTES)) {
      this.#file.attributes.set(name, scalarAttribute({ source: this.#file.source, name }, declared, FILE_ATTRIBUTES))
    }
    this.#addTimestamps(this.#file.attributes)
  }

  #addTimestamps (attributes: Map<string, Attribute>): void {
    attributes.set('createdAt', systemScalar('createdAt', 'datetime'))
    attributes.set('updatedAt', systemScalar('updatedAt', 'datetime'))
  }

  #declareComponent ({ uid, source, schema }: SourcedSchema<ComponentSchema>): void {
    const match = /^([a-z][a-z0-9-]*)\.([a-z][a-z0-9-]*)$/.exec(uid)
    if (match === null) throw new SchemaError(source, null, `component uid "${uid}" must look like <category>.<name> in kebab-case`)
    if (this.#components.has(uid)) throw new SchemaError(source, null, `component "${uid}" is declared twice`)
    checkSchemaObject(source, schema)
    const [, category, name] = match as unknown as [string, string, string]
    const table = schema.collectionName ?? `components_${snakeCase(category)}_${snakeCase(name)}s`
    checkTableName(source, table)
    this.#claimTable(table, source)
    this.#sources.set(uid, { uid, source, schema })
    this.#components.set(uid, {
      kind: 'component',
      uid,
      entity: entityNameForTable(table),
      table,
      source,
      category,
      displayName: schema.info?.displayName ?? name,
      attributes: new Map([['id', systemScalar('id', 'integer')]])
    })
  }

  #declareContentType ({ uid, source, schema }: SourcedSchema<ContentTypeSchema>): void {
    checkSchemaObject(source, schema)
    const info = schema.info
    if (info === undefined || typeof info !== 'object') throw new SchemaError(source, null, 'missing "info"')
    for (const key of ['singularName', 'pluralName'] as const) {
      if (typeof info[key] !== 'string' || !KEBAB_NAME.test(info[key])) {
        throw new SchemaError(source, null, `info.${key} must be a kebab-case name, got ${JSON.stringify(info[key])}`)
      }
    }
    if (info.singularName === info.pluralName) throw new SchemaError(source, null, 'info.singularName and info.pluralName must differ')
    if (schema.kind !== undefined && schema.kind !== 'collectionType' && schema.kind !== 'singleType') {
      throw new SchemaError(source, null, `kind "${String(schema.kind)}" must be collectionType or singleType`)
    }
    const expectedUid = `api::${info.singularName}.${info.singularName}`
    if (uid !== expectedUid) throw new SchemaError(source, null, `uid "${uid}" must be "${expectedUid}" (api::<singularName>.<singularName>)`)
    if (this.#contentTypes.has(uid)) throw new SchemaError(source, null, `content type "${uid}" is declared twice`)
    for (const other of this.#contentTypes.values()) {
      if (other.pluralName === info.pluralName || other.singularName === info.pluralName || other.pluralName === info.singularName) {
        throw new SchemaError(source, null, `name "${info.pluralName}" clashes with ${other.source}`)
      }
    }
    const table = schema.collectionName ?? snakeCase(info.pluralName)
    checkTableName(source, table)
    this.#claimTable(table, source)
    this.#sources.set(uid, { uid, source, schema })
    const attributes = new Map<string, Attribute>([['id', systemScalar('id', 'integer')]])
    this.#contentTypes.set(uid, {
      kind: 'contentType',
      uid,
      entity: entityNameForTable(table),
      table,
      source,
      singularName: info.singularName,
      pluralName: info.pluralName,
      displayName: info.displayName ?? info.singularName,
      single: schema.kind === 'singleType',
      draftAndPublish: schema.options?.draftAndPublish === true,
      populateCreatorFields: schema.options?.populateCreatorFields === true,
      localized: this.#i18n !== null && schema.pluginOptions?.i18n?.localized === true,
      attributes
    })
  }

  #resolveAttributes (model: MutableModel): void {
    const { schema, source } = this.#sources.get(model.uid)!
    // Custom fields become their stored type before any other check; an unknown one is a problem of its own.
    const { attributes: declared, problems } = resolveCustomFields(source, schema.attributes, this.#customFields)
    this.#problems.push(...problems)
    const columns = new Map<string, string>()
    for (const [name, raw] of Object.entries(declared)) {
      this.#attempt(() => {
        const context = { source, name }
        if (!ATTRIBUTE_NAME.test(name)) throw new SchemaError(source, `attribute "${name}"`, 'names must start with a letter and hold only letters, digits and _')
        if (RESERVED_ATTRIBUTE_NAMES.has(name)) throw new SchemaError(source, `attribute "${name}"`, 'this name is reserved by the system')
        const column = snakeCase(name)
        const clash = columns.get(column)
        if (clash !== undefined) throw new SchemaError(source, `attribute "${name}"`, `maps to the same column as "${clash}"`)
        columns.set(column, name)
        const attribute = checkAttributeShape(context, raw)
        if (isMorphRelation(attribute)) {
          this.#warnings.push(`${source} (attribute "${name}"): ${(attribute as RelationAttributeSchema).relation} relations are not served`)
          return
        }
        const normalised = this.#normalise(model, name, attribute, declared)
        if (normalised !== null) model.attributes.set(name, shareAcrossLocales(model, normalised, attribute))
      })
    }
    if (model.kind === 'plugin' && PLUGIN_TYPES[model.uid]!.timestamps) this.#addTimestamps(model.attributes)
    if (model.uid === USER_UID) model.attributes.set('role', userRoleAttribute())
    if (model.kind === 'contentType') {
      this.#addTimestamps(model.attributes)
      if (model.draftAndPublish) model.attributes.set('publishedAt', systemScalar('publishedAt', 'datetime', true))
      if (model.localized) this.#addLocalization(model)
    }
  }

  /**
   * `locale`, set on create, and `localizations`: the other locales of the same entry. Each
   * member of a localization group links to every other one, so the group reads like any
   * many-to-many relation (populate, filters) and a deleted member leaves it by FK cascade.
   */
  #addLocalization (model: ContentTypeModel & { attributes: Map<string, Attribute> }): void {
    model.attributes.set('locale', systemScalar('locale', 'string'))
    model.attributes.set('localizations', {
      kind: 'relation',
      name: 'localizations',
      required: false,
      private: false,
      system: true,
      relation: 'manyToMany',
      target: model.uid,
      toMany: true,
      otherToMany: true,
      owning: true,
      link: this.#ownLink(model, 'localizations', model.uid, { uniqueOwner: false, uniqueTarget: false })
    })
  }

  #normalise (model: Model, name: string, declared: AttributeSchema, siblings: Record<string, AttributeSchema>): Attribute | null {
    const source = model.source
    const common = { name, required: declared.required === true, private: declared.private === true, system: false }
    switch (declared.type) {
      case 'relation':
        return this.#relation(model, name, declared)
      case 'media':
        return {
          ...common,
          kind: 'media',
          multiple: declared.multiple === true,
          allowedTypes: declared.allowedTypes ?? null,
          target: FILE_UID,
          link: this.#ownLink(model, name, FILE_UID, { uniqueOwner: declared.multiple !== true, uniqueTarget: false })
        }
      case 'component': {
        this.#requireComponent(source, name, declared.component)
        const attribute = {
          ...common,
          kind: 'component' as const,
          component: declared.component,
          repeatable: declared.repeatable === true,
          link: this.#ownLink(model, name, declared.component, { uniqueOwner: declared.repeatable !== true, uniqueTarget: true })
        }
        return withBounds(attribute, declared)
      }
      case 'dynamiczone': {
        const links: Record<string, LinkSide> = {}
        for (const uid of declared.components) {
          this.#requireComponent(source, name, uid)
          links[uid] = this.#ownLink(model, name, uid, { uniqueOwner: false, uniqueTarget: true }, uid)
        }
        return withBounds({ ...common, kind: 'dynamiczone' as const, components: [...declared.components], links }, declared)
      }
      default:
        return scalarAttribute({ source, name }, declared as ScalarAttributeSchema, siblings)
    }
  }

  #requireComponent (source: string, name: string, uid: string): void {
    if (!this.#components.has(uid)) throw new SchemaError(source, `attribute "${name}"`, `unknown component "${uid}"`)
  }

  /** Declares the link table owned by `model.name` (optionally one per zone component). */
  #ownLink (
    model: Model,
    name: string,
    target: string,
    unique: { uniqueOwner: boolean, uniqueTarget: boolean },
    zoneComponent?: string
  ): LinkSide {
    const suffix = zoneComponent === undefined ? '' : `_${snakeCase(zoneComponent)}`
    const table = tableIdentifier(`${model.table}_${snakeCase(name)}${suffix}_lnk`)
    this.#claimTable(table, `${model.source} (attribute "${name}")`)
    const entity = entityNameForTable(table)
    this.#links.push({ entity, table, owner: model.uid, target, ...unique })
    return { entity, self: 'owner', other: 'target', order: 'ord' }
  }

  /** null: a mappedBy side no owning side names, which Strapi neither stores nor reads. */
  #relation (model: Model, name: string, declared: RelationAttributeSchema): RelationAttribute | null {
    const where = `attribute "${name}"`
    if (model.kind === 'component' && (declared.inversedBy !== undefined || declared.mappedBy !== undefined)) {
      throw new SchemaError(model.source, where, 'relations inside components must be one-way (no inversedBy/mappedBy)')
    }
    const target = this.#contentTypes.get(declared.target) ?? this.#plugins.get(declared.target)
    if (target === undefined) throw new SchemaError(model.source, where, `unknown relation target "${declared.target}"`)
    const relation = declared.relation as RelationType
    const toMany = holdsMany(relation)
    const base = {
      kind: 'relation' as const,
      name,
      required: declared.required === true,
      private: declared.private === true,
      system: false,
      relation,
      target: target.uid,
      toMany
    }
    if (declared.inversedBy === undefined && declared.mappedBy === undefined) {
      // One-way relations never make a target exclusive to one owner (as in Strapi).
      const link = this.#ownLink(model, name, target.uid, { uniqueOwner: !toMany, uniqueTarget: false })
      return { ...base, otherToMany: true, owning: true, link }
    }
    return this.#namedSide(model, { declared, target, base })
  }

  /** A relation naming its other side (inversedBy/mappedBy): two-way, one-way or not served, as Strapi serves it. */
  #namedSide (model: Model, relation: {
    declared: RelationAttributeSchema
    target: Model
    base: Omit<RelationAttribute, 'otherToMany' | 'owning' | 'inverse' | 'link'>
  }): RelationAttribute | null {
    const { declared, target, base } = relation
    const where = `attribute "${base.name}"`
    const side = otherSide({ uid: model.uid, name: base.name, declared }, uid => this.#sources.get(uid)?.schema.attributes)
    if (side.kind === 'refused') throw new SchemaError(model.source, where, side.problem)
    if (side.disagreement !== null) this.#disagreement(model, where, side.disagreement)
    if (side.kind === 'absent') return null
    if (side.kind === 'oneWay') {
      // Strapi still treats the side as two-way: a oneToOne target belongs to one owner at a time.
      const otherToMany = holdsMany(MIRRORED_RELATION[base.relation])
      const link = this.#ownLink(model, base.name, target.uid, { uniqueOwner: !base.toMany, uniqueTarget: !otherToMany })
      return { ...base, otherToMany, owning: true, link }
    }
    const { inverse, mirror } = side
    if (mirror.relation !== MIRRORED_RELATION[base.relation]) {
      throw new SchemaError(model.source, where,
        `a ${base.relation} relation must be mirrored by ${MIRRORED_RELATION[base.relation]}, ${target.uid}.${inverse} is ${mirror.relation}`)
    }
    const otherToMany = holdsMany(mirror.relation)
    if (declared.inversedBy !== undefined) {
      const link = this.#ownLink(model, base.name, target.uid, { uniqueOwner: !base.toMany, uniqueTarget: !otherToMany })
      return { ...base, otherToMany, owning: true, inverse, link }
    }
    const ownerTable = tableIdentifier(`${target.table}_${snakeCase(inverse)}_lnk`)
    // The owning side made its target column unique exactly when this side is to-one (`uniqueTarget` above).
    const link: LinkSide = { entity: entityNameForTable(ownerTable), self: 'target', other: 'owner', order: 'invOrd' }
    return { ...base, otherToMany, owning: false, inverse, link }
  }

  /** A relation whose sides disagree: refused with `strict`, else named once in the start-up warnings. */
  #disagreement (model: Model, where: string, disagreement: Disagreement): void {
    if (this.#settings.strict === true) throw new SchemaError(model.source, where, disagreement.problem)
    if (disagreement.warning !== null) this.#oneSidedRelations.push(disagreement.warning)
  }

  #checkComponentCycles (): void {
    const visiting = new Set<string>()
    const done = new Set<string>()
    const visit = (uid: string, trail: string[]): void => {
      if (done.has(uid)) return
      const model = this.#components.get(uid)!
      if (visiting.has(uid)) throw new SchemaError(model.source, null, `components include each other in a cycle: ${[...trail, uid].join(' → ')}`)
      visiting.add(uid)
      for (const attribute of model.attributes.values()) {
        const nested = attribute.kind === 'component' ? [attribute.component] : attribute.kind === 'dynamiczone' ? attribute.components : []
        for (const child of nested) visit(child, [...trail, uid])
      }
      visiting.delete(uid)
      done.add(uid)
    }
    for (const uid of this.#components.keys()) visit(uid, [])
  }
}
