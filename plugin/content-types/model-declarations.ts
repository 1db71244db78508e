/**
 * The models a registry holds, declared before any attribute is resolved (so a relation or a
 * component may name any of them): the file model, components, content types and plugin types.
 */
import { SchemaError } from '../errors.js'
import { scalarAttribute, systemScalar } from './attribute-rules.js'
import type { ComponentSchema, ContentTypeSchema, SourcedSchema } from './definition.js'
import { FILE_ATTRIBUTES, FILE_FOCAL_POINT, FILE_TABLE, FOCAL_POINT_ATTRIBUTE } from './file-model.js'
import { DOCUMENT_ID, documentIdAttribute, hasDocumentId } from './documents.js'
import type { Attribute, Model } from './model.js'
import { KEBAB_NAME, entityNameForTable, snakeCase } from './names.js'
import { pluginTypeSchema, pluginTypesWanted } from './plugin-types.js'
import type { PluginTypeDefinition } from './plugin-types.js'
import { addTimestamps, addWriteTimePublishedAt } from './registry-draft.js'
import type { RegistryDraft } from './registry-draft.js'
import { checkSchemaObject, checkTableName } from './registry-rules.js'

/** `id`, and `documentId` after it where the registry shows documentIds, in the place Strapi v5 answers it. */
function keyAttributes (draft: RegistryDraft, model: Pick<Model, 'kind' | 'uid'>): Map<string, Attribute> {
  const attributes = new Map<string, Attribute>([['id', systemScalar('id', 'integer')]])
  if (draft.settings.documentIds === true && hasDocumentId(model)) attributes.set(DOCUMENT_ID, documentIdAttribute())
  return attributes
}

export function declareFileModel (draft: RegistryDraft): void {
  const file = draft.file
  draft.claimTable(FILE_TABLE, 'the upload plugin')
  for (const [name, attribute] of keyAttributes(draft, file)) file.attributes.set(name, attribute)
  const declared = draft.settings.v5Attributes === true ? { ...FILE_ATTRIBUTES, [FILE_FOCAL_POINT]: FOCAL_POINT_ATTRIBUTE } : FILE_ATTRIBUTES
  for (const [name, attribute] of Object.entries(declared)) {
    file.attributes.set(name, scalarAttribute({ source: file.source, name }, attribute, declared))
  }
  addTimestamps(file.attributes)
  addWriteTimePublishedAt(draft, file.attributes)
}

export function declareComponent (draft: RegistryDraft, { uid, source, schema }: SourcedSchema<ComponentSchema>): void {
  const match = /^([a-z][a-z0-9-]*)\.([a-z][a-z0-9-]*)$/.exec(uid)
  if (match === null) throw new SchemaError(source, null, `component uid "${uid}" must look like <category>.<name> in kebab-case`)
  if (draft.components.has(uid)) throw new SchemaError(source, null, `component "${uid}" is declared twice`)
  checkSchemaObject(source, schema)
  const [, category, name] = match as unknown as [string, string, string]
  const table = schema.collectionName ?? `components_${snakeCase(category)}_${snakeCase(name)}s`
  checkTableName(source, table)
  draft.claimTable(table, source)
  draft.sources.set(uid, { uid, source, schema })
  draft.components.set(uid, {
    kind: 'component',
    uid,
    entity: entityNameForTable(table),
    table,
    source,
    category,
    displayName: schema.info?.displayName ?? name,
    ...(typeof schema.info?.icon === 'string' ? { icon: schema.info.icon } : {}),
    ...(typeof schema.info?.description === 'string' ? { description: schema.info.description } : {}),
    ...(schema.config === undefined ? {} : { adminConfig: schema.config }),
    attributes: new Map([['id', systemScalar('id', 'integer')]])
  })
}

export function declareContentType (draft: RegistryDraft, { uid, source, schema }: SourcedSchema<ContentTypeSchema>): void {
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
  if (draft.contentTypes.has(uid)) throw new SchemaError(source, null, `content type "${uid}" is declared twice`)
  for (const other of draft.contentTypes.values()) {
    if (other.pluralName === info.pluralName || other.singularName === info.pluralName || other.pluralName === info.singularName) {
      throw new SchemaError(source, null, `name "${info.pluralName}" clashes with ${other.source}`)
    }
  }
  const table = schema.collectionName ?? snakeCase(info.pluralName)
  checkTableName(source, table)
  draft.claimTable(table, source)
  draft.sources.set(uid, { uid, source, schema })
  const attributes = keyAttributes(draft, { kind: 'contentType', uid })
  draft.contentTypes.set(uid, {
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
    localized: draft.i18n !== null && schema.pluginOptions?.i18n?.localized === true,
    ...(typeof info.description === 'string' ? { description: info.description } : {}),
    ...(schema.config === undefined ? {} : { adminConfig: schema.config }),
    attributes
  })
}

export function declarePluginTypes (draft: RegistryDraft): void {
  const { wanted, warnings } = pluginTypesWanted(draft.input, draft.settings.usersPermissions === true)
  draft.warnings.push(...warnings)
  for (const { definition, extension } of wanted) draft.attempt(() => { declarePluginType(draft, definition, extension) })
}

/** Strapi's attributes of the type, plus those an extension adds (extra fields, relations back to content). */
function declarePluginType (draft: RegistryDraft, definition: PluginTypeDefinition, extension: SourcedSchema<ContentTypeSchema> | undefined): void {
  const source = extension?.source ?? `plugin type ${definition.uid}`
  if (extension !== undefined) checkSchemaObject(source, extension.schema)
  const schema = pluginTypeSchema(definition, extension?.schema)
  draft.sources.set(definition.uid, { uid: definition.uid, source, schema })
  draft.plugins.set(definition.uid, {
    kind: 'plugin',
    uid: definition.uid,
    entity: definition.entity,
    table: definition.table,
    source,
    displayName: definition.displayName,
    schemaName: definition.schemaName,
    attributes: keyAttributes(draft, { kind: 'plugin', uid: definition.uid })
  })
}
