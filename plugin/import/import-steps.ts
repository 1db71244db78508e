/**
 * What the importer copies, as data: one step per table of this plugin, each with the
 * SELECT that produces its rows from Strapi's database (columns named as this plugin's).
 * Pure: built from the registry, the ORM metadata and the list of Strapi's columns, so the
 * mapping is testable and the runner only moves rows. Order matters: rows before the
 * links that point at them, so the foreign-key checks see the rows they need.
 */
import type { MetadataStorage } from '@mikro-orm/core'
import { ADMIN_USER_ENTITY } from '../repository/schema/admin-entity.js'
import { DOCUMENT_ID } from '../content-types/documents.js'
import type { Attribute, ComponentModel, ContentTypeModel, LinkSide } from '../content-types/model.js'
import { ROLE_UID, USER_UID } from '../content-types/plugin-types.js'
import type { Registry } from '../content-types/registry.js'
import { identifier as id, literal } from '../sql/index.js'
import { fileFolderColumn, folderRows, strapiV4FolderLinks } from './folder-steps.js'
import { adminRoleColumn, adminRoleNotes, V4_ADMIN_ROLE_LINKS } from './admin-roles.js'
import type { AdminRoleLinks } from './admin-roles.js'
import { STRAPI_FILE_MORPHS, STRAPI_PLUGIN_TABLES, strapiLayouts, strapiSnakeCase } from './strapi-layout.js'
import type { StrapiModelLayout, StrapiRelationSide } from './strapi-layout.js'

export interface ImportStep {
  /** What the progress and summary call it: `api::article.article` or `api::article.article.tags`. */
  label: string
  /** Entry rows or link rows (the summary counts entries per type). */
  kind: 'rows' | 'links'
  /** This plugin's table (unquoted). */
  table: string
  /** A SELECT on Strapi's database; its column names are this plugin's column names. */
  source: string
  /** Its columns, in order. */
  columns: string[]
  /**
   * Columns this plugin makes for each staged row (the documentId, made by the column's
   * default), written with the row but never compared: a second run would make others.
   */
  made: string[]
  /** Roles are matched by `type` (the permissions option keeps them by type): replace those rows, not the table. */
  replaceByType?: true
}

/** A Strapi morph row no attribute of the model claims (an attribute removed from a schema, a component type no longer allowed). */
export interface UnclaimedCheck {
  label: string
  /** A SELECT of `id` and `why` on Strapi's database. */
  source: string
}

export interface ImportPlan {
  steps: ImportStep[]
  unclaimed: UnclaimedCheck[]
  /** Columns of this plugin that no Strapi column fills (left to their default). */
  unfilled: string[]
  /** A SELECT of the admin users whose Strapi roles do not come over as they were (admin-roles.ts), or null without Strapi's role tables. */
  adminRoles: string | null
}

/** Strapi's columns: table → column → data type, read from its information_schema. */
export type StrapiColumns = ReadonlyMap<string, ReadonlyMap<string, string>>

export interface PlanContext {
  registry: Registry
  metadata: MetadataStorage
  columns: StrapiColumns
  layouts: Map<string, StrapiModelLayout>
  unfilled: string[]
}

export function fieldName (metadata: MetadataStorage, entity: string, property: string): string | undefined {
  return metadata.get(entity as never).properties[property as never]?.fieldNames?.[0]
}

/** Strapi stores UTC in `timestamp without time zone`; this plugin in `timestamptz`. */
function sourceValue (columns: ReadonlyMap<string, string>, column: string): string {
  const type = columns.get(column)
  return type === 'timestamp without time zone' ? `(s.${id(column)} at time zone 'UTC')` : `s.${id(column)}`
}

/**
 * The rows of one entity table: each property with a column, filled from the Strapi column
 * `strapiColumn` names for it (undefined: no counterpart), when Strapi has that column.
 */
export function rowsStep (context: PlanContext, options: {
  label: string
  entity: string
  strapiTable: string
  strapiColumn: (property: string) => string | undefined
  /** Columns whose value comes from elsewhere than the row (a link table), by column name. */
  extra?: Record<string, string>
  /** Strapi v5's documentIds are kept; v4 has none, so each row gets one made here (the default). */
  documentIds?: 'made' | 'kept'
  /** Only the rows this condition on `s` admits (Strapi v5: the versions this plugin stores). */
  where?: string
}): ImportStep | null {
  const strapi = context.columns.get(options.strapiTable)
  if (strapi === undefined) return null
  const meta = context.metadata.get(options.entity as never)
  const select: string[] = []
  const columns: string[] = []
  const made: string[] = []
  for (const [property, prop] of Object.entries(meta.properties) as Array<[string, { fieldNames?: string[], kind: string }]>) {
    const column = prop.fieldNames?.[0]
    if (column === undefined || (prop.kind !== 'scalar' && prop.kind !== 'm:1')) continue
    // Strapi v4 has no documentId: each row gets one made here, shared by its localizations once their links are in.
    if (property === DOCUMENT_ID && options.documentIds !== 'kept') {
      made.push(column)
      continue
    }
    const expression = options.extra?.[column]
    const strapiColumn = options.strapiColumn(property)
    if (expression !== undefined) select.push(`${expression} as ${id(column)}`)
    else if (strapiColumn !== undefined && strapi.has(strapiColumn)) select.push(`${sourceValue(strapi, strapiColumn)} as ${id(column)}`)
    else {
      context.unfilled.push(`${meta.tableName}.${column}`)
      continue
    }
    columns.push(column)
  }
  return {
    label: options.label,
    kind: 'rows',
    table: meta.tableName,
    columns,
    made,
    source: `select ${select.join(', ')} from ${id(options.strapiTable)} s${options.where === undefined ? '' : ` where ${options.where}`}`
  }
}

/** Strapi's column of a model property: the layout's for attributes, the creator columns, else snake case. */
export function modelColumn (layout: StrapiModelLayout | undefined) {
  return (property: string): string | undefined => {
    if (property === 'createdBy') return 'created_by_id'
    if (property === 'updatedBy') return 'updated_by_id'
    return layout?.columns.get(property) ?? strapiSnakeCase(property)
  }
}

/** Admin users, each with the role its Strapi roles come to (admin-roles.ts). */
export function adminUsersStep (context: PlanContext, strapiColumn: (property: string) => string | undefined, links: AdminRoleLinks | null): ImportStep | null {
  const role = fieldName(context.metadata, ADMIN_USER_ENTITY, 'role')
  return rowsStep(context, {
    label: 'admin users',
    entity: ADMIN_USER_ENTITY,
    strapiTable: 'admin_users',
    strapiColumn,
    ...(links === null || role === undefined ? {} : { extra: { [role]: adminRoleColumn(links) } })
  })
}

/** Positions 1..n as this plugin stores them, from Strapi's double orders (ties and NULLs by link id). */
export function position (partition: string, order: string | null): string {
  return `row_number() over (partition by ${partition} order by ${order === null ? '' : `${order} nulls last, `}s.id)`
}

export interface LinkSource {
  from: string
  owner: string
  target: string
  ord: string | null
  invOrd: string | null
  where?: string
}

export function linkStep (context: PlanContext, label: string, link: LinkSide, source: LinkSource): ImportStep {
  const entity = link.entity
  const column = (property: string): string => fieldName(context.metadata, entity, property)!
  const table = context.metadata.get(entity as never).tableName
  const columns = ['id', column('owner'), column('target'), column('ord'), column('invOrd')]
  const select = [
    's.id as id',
    `s.${source.owner} as ${id(columns[1]!)}`,
    `s.${source.target} as ${id(columns[2]!)}`,
    `${position(`s.${source.owner}`, source.ord)} as ${id(columns[3]!)}`,
    `${position(`s.${source.target}`, source.invOrd)} as ${id(columns[4]!)}`
  ]
  return {
    label,
    kind: 'links',
    table,
    columns,
    made: [],
    source: `select ${select.join(', ')} from ${source.from} s${source.where === undefined ? '' : ` where ${source.where}`}`
  }
}

function relationSource (side: StrapiRelationSide): LinkSource {
  return {
    from: id(side.table),
    owner: id(side.selfColumn),
    target: id(side.otherColumn),
    ord: side.orderColumn === null ? null : `s.${id(side.orderColumn)}`,
    invOrd: side.otherOrderColumn === null ? null : `s.${id(side.otherOrderColumn)}`
  }
}

function mediaSource (uid: string, field: string): LinkSource {
  const m = STRAPI_FILE_MORPHS
  return {
    from: id(m.table),
    owner: id(m.relatedIdColumn),
    target: id(m.fileColumn),
    ord: `s.${id(m.orderColumn)}`,
    invOrd: null,
    where: `s.${id(m.relatedTypeColumn)} = ${literal(uid)} and s.${id(m.fieldColumn)} = ${literal(field)}`
  }
}

/**
 * The items of a component, repeatable or zone attribute. A zone's positions are counted
 * over all its items before they are split into one link table per component, so the items
 * keep one order across those tables (as this plugin reads zones).
 */
function componentSource (table: string, field: string, component: string): LinkSource {
  const items = `select s.id, s.entity_id, s.component_id, s.component_type, ${position('s.entity_id', 's."order"')} as position ` +
    `from ${id(table)} s where s.field = ${literal(field)}`
  return {
    from: `(${items})`,
    owner: 'entity_id',
    target: 'component_id',
    ord: 's.position',
    invOrd: null,
    where: `s.component_type = ${literal(component)}`
  }
}

function linkSteps (context: PlanContext, model: ContentTypeModel | ComponentModel): ImportStep[] {
  const layout = context.layouts.get(model.uid)!
  const steps: ImportStep[] = []
  const label = (attribute: Attribute): string => `${model.uid}.${attribute.name}`
  for (const attribute of model.attributes.values()) {
    switch (attribute.kind) {
      case 'relation': {
        if (!attribute.owning) break
        const side = attribute.name === 'localizations' && attribute.system ? layout.localizations : layout.relations.get(attribute.name)
        if (side == null || !context.columns.has(side.table)) break
        steps.push(linkStep(context, label(attribute), attribute.link, relationSource(side)))
        break
      }
      case 'media':
        steps.push(linkStep(context, label(attribute), attribute.link, mediaSource(model.uid, attribute.name)))
        break
      case 'component':
        if (layout.components === null) break
        steps.push(linkStep(context, label(attribute), attribute.link, componentSource(layout.components.table, attribute.name, attribute.component)))
        break
      case 'dynamiczone':
        if (layout.components === null) break
        for (const component of attribute.components) {
          steps.push(linkStep(context, `${label(attribute)}[${component}]`, attribute.links[component]!, componentSource(layout.components.table, attribute.name, component)))
        }
        break
      default:
        break
    }
  }
  return steps
}

/** Morph rows of `model` that no attribute claims: reported, never imported. */
function unclaimedChecks (models: Array<ContentTypeModel | ComponentModel>, layouts: Map<string, StrapiModelLayout>): UnclaimedCheck[] {
  const media: string[] = []
  const checks: UnclaimedCheck[] = []
  for (const model of models) {
    const claimed: string[] = []
    for (const attribute of model.attributes.values()) {
      if (attribute.kind === 'media') media.push(`(${literal(model.uid)}, ${literal(attribute.name)})`)
      if (attribute.kind === 'component') claimed.push(`(${literal(attribute.name)}, ${literal(attribute.component)})`)
      if (attribute.kind === 'dynamiczone') claimed.push(...attribute.components.map(component => `(${literal(attribute.name)}, ${literal(component)})`))
    }
    const table = layouts.get(model.uid)!.components?.table
    if (table === undefined) continue
    checks.push({
      label: table,
      source: `select s.id, 'component ' || s.component_type || ' in field ' || s.field || ' of ' || ${literal(model.uid)} || ' ' || s.entity_id || ' is not in the schema' as why ` +
        `from ${id(table)} s where (s.field, s.component_type) not in (${claimed.length === 0 ? '(null, null)' : claimed.join(', ')})`
    })
  }
  const m = STRAPI_FILE_MORPHS
  checks.push({
    label: m.table,
    source: `select s.id, 'file ' || s.${id(m.fileColumn)} || ' linked to ' || s.${id(m.relatedTypeColumn)} || ' ' || s.${id(m.relatedIdColumn)} || ' field ' || s.${id(m.fieldColumn)} || ': no such media attribute' as why ` +
      `from ${id(m.table)} s where (s.${id(m.relatedTypeColumn)}, s.${id(m.fieldColumn)}) not in (${media.length === 0 ? '(null, null)' : media.join(', ')})`
  })
  return checks
}

/** Every step of an import of Strapi's database into the tables of `registry`. */
export function importPlan (options: { registry: Registry, metadata: MetadataStorage, columns: StrapiColumns }): ImportPlan {
  const { registry, metadata, columns } = options
  const context: PlanContext = { registry, metadata, columns, layouts: strapiLayouts(registry), unfilled: [] }
  const steps: ImportStep[] = []
  const push = (step: ImportStep | null): void => { if (step !== null) steps.push(step) }
  const hasEntity = (entity: string): boolean => metadata.find(entity as never) !== undefined

  const adminRoles = columns.has('admin_roles') && columns.has(V4_ADMIN_ROLE_LINKS.table) ? V4_ADMIN_ROLE_LINKS : null
  push(adminUsersStep(context, strapiSnakeCase, adminRoles))
  const role = registry.plugins.get(ROLE_UID)
  if (role !== undefined) {
    const step = rowsStep(context, { label: 'roles', entity: role.entity, strapiTable: STRAPI_PLUGIN_TABLES[role.uid]!.table, strapiColumn: strapiSnakeCase })
    if (step !== null) steps.push({ ...step, replaceByType: true })
  }
  const user = registry.plugins.get(USER_UID)
  if (user !== undefined && hasEntity(user.entity)) {
    push(rowsStep(context, {
      label: 'users',
      entity: user.entity,
      strapiTable: STRAPI_PLUGIN_TABLES[USER_UID]!.table,
      strapiColumn: strapiSnakeCase,
      // Strapi links a user to its role through a join table; here it is a column.
      extra: { role_id: '(select r.role_id from up_users_role_links r where r.user_id = s.id order by r.id limit 1)' }
    }))
  }
  const folders = strapiV4FolderLinks(columns)
  push(rowsStep(context, folderRows(metadata, folders, 'made')))
  push(rowsStep(context, { label: 'files', entity: registry.file.entity, strapiTable: 'files', strapiColumn: strapiSnakeCase, extra: fileFolderColumn(metadata, registry.file.entity, folders) }))
  const models: Array<ContentTypeModel | ComponentModel> = [...registry.components.values(), ...registry.contentTypes.values()]
  for (const model of models) {
    const layout = context.layouts.get(model.uid)
    push(rowsStep(context, { label: model.uid, entity: model.entity, strapiTable: model.table, strapiColumn: modelColumn(layout) }))
  }
  for (const model of models) steps.push(...linkSteps(context, model))
  return { steps, unclaimed: unclaimedChecks(models, context.layouts), unfilled: context.unfilled, adminRoles: adminRoles === null ? null : adminRoleNotes(adminRoles) }
}
