/**
 * What the importer copies from a Strapi v5 database: the same steps as from v4
 * (import-steps.ts), over v5's tables (`_lnk` links, `_cmps` components, `files_related_mph`
 * media, all named by Strapi's own description: strapi-v5-layout.ts), keeping Strapi's row
 * ids and documentIds.
 *
 * Strapi v5 keeps each version of a document in its own row: a draft row and, once
 * published, a published row (same document_id and locale), each with its own links and
 * component rows. This plugin stores the published row (or the only row) as the document's
 * main row, and a draft beside it only while it differs from the published version (a
 * pending draft: docs/strapi-v5.md, 'Drafts beside published versions'). So the published
 * row, a draft-only document's draft and a pending draft are imported, each with its own
 * row id; a draft equal to its published version is not. A link or a component belongs to
 * the version whose row owns it, so only those of imported rows come along; every link
 * points at its target's main row, as this plugin keeps them (Strapi's draft links point at
 * the targets' drafts).
 */
import type { ComponentModel, ContentTypeModel } from '../content-types/model.js'
import { ROLE_UID, USER_UID } from '../content-types/plugin-types.js'
import { identifier as id, literal } from '../sql/index.js'
import { adminRoleNotes } from './admin-roles.js'
import { adminUsersStep, linkStep, modelColumn, position, rowsStep } from './import-steps.js'
import type { ImportPlan, ImportStep, LinkSource, PlanContext, StrapiColumns, UnclaimedCheck } from './import-steps.js'
import type { Registry } from '../content-types/registry.js'
import type { MetadataStorage } from '@mikro-orm/core'
import { STRAPI_PLUGIN_TABLES, strapiLayouts } from './strapi-layout.js'
import { StrapiV5Description } from './strapi-v5-layout.js'
import { fileFolderColumn, folderRows, strapiV5FolderLinks } from './folder-steps.js'

const MEDIA = 'files_related_mph'

interface V5Context extends PlanContext {
  description: StrapiV5Description
  /** Tables of content types: the ones whose rows are versions of documents. */
  documentTables: Set<string>
}

/**
 * Every row of `table` with its document's main row (`main_id`: its published row, or
 * itself when there is none) and whether it is imported (`kept`): a published row, a
 * draft-only row, or a draft that differs from its published version (Strapi's
 * `updated_at` differs, as Strapi decides a document is modified). Joins on equality (a
 * NULL locale compared as ''), so PostgreSQL hashes them: no lookup per row.
 */
function versions (context: V5Context, table: string): string {
  const columns = context.columns.get(table)
  if (!context.documentTables.has(table) || columns?.has('published_at') !== true || !columns.has('document_id')) {
    return `select r.id, r.id as main_id, true as kept from ${id(table)} r`
  }
  const published = `select distinct on (document_id, coalesce(locale, '')) id, document_id, coalesce(locale, '') as locale, updated_at from ${id(table)} ` +
    'where published_at is not null order by document_id, coalesce(locale, \'\'), id'
  return 'select r.id, coalesce(p.id, r.id) as main_id, (r.published_at is not null or p.id is null or p.updated_at is distinct from r.updated_at) as kept ' +
    `from ${id(table)} r left join (${published}) p on p.document_id = r.document_id and p.locale = coalesce(r.locale, '')`
}

/** The main rows of `table` (a document's published row, or its only row), for `… in (…)`: the ones links point at. */
function mainIds (context: V5Context, table: string): string {
  return `select v.id from (${versions(context, table)}) v where v.id = v.main_id`
}

/** The imported rows of `table`, for `… in (…)`. */
function importedIds (context: V5Context, table: string): string {
  return `select v.id from (${versions(context, table)}) v where v.kept`
}

/** Component rows reachable from imported entries, through `_cmps` tables, nested ones included: `kept_components (uid, id)`. */
function keptComponents (context: V5Context, models: Array<ContentTypeModel | ComponentModel>): string {
  const roots: string[] = []
  const nested: string[] = []
  for (const model of models) {
    const table = context.description.componentsTable(model.table)
    if (table === null) continue
    if (model.kind === 'contentType') {
      roots.push(`select c.component_type, c.cmp_id from ${id(table)} c where c.entity_id in (${importedIds(context, model.table)})`)
    } else {
      nested.push(`select ${literal(model.uid)} as owner_uid, entity_id, cmp_id, component_type from ${id(table)}`)
    }
  }
  if (roots.length === 0) roots.push('select null::text, null::bigint where false')
  const recursion = nested.length === 0 ? '' : ` union select c.component_type, c.cmp_id from (${nested.join(' union all ')}) c join kept_components k on k.uid = c.owner_uid and k.id = c.entity_id`
  return `with recursive kept_components (uid, id) as (${roots.join(' union ')}${recursion}) `
}

function relationSource (context: V5Context, options: { table: string, owner: string, target: string, ownerTable: string, targetTable: string, ord: string | null, invOrd: string | null, where?: string }): LinkSource {
  const order = (column: string | null): string => column === null ? 'null::double precision' : `l.${id(column)}`
  // A link to a row that is not there keeps its id: the staged checks then name it.
  const items = `select l.id, l.${id(options.owner)} as owner_id, coalesce(t.main_id, l.${id(options.target)}) as target_id, ` +
    `${order(options.ord)} as ord, ${order(options.invOrd)} as inv_ord from ${id(options.table)} l ` +
    `left join (${versions(context, options.ownerTable)}) o on o.id = l.${id(options.owner)} left join (${versions(context, options.targetTable)}) t on t.id = l.${id(options.target)} ` +
    `where (o.id is null or o.kept)${options.where === undefined ? '' : ` and ${options.where}`}`
  return { from: `(${items})`, owner: 'owner_id', target: 'target_id', ord: options.ord === null ? null : 's.ord', invOrd: options.invOrd === null ? null : 's.inv_ord' }
}

function tableOf (registry: Registry, uid: string): string | undefined {
  return registry.contentTypes.get(uid)?.table ?? registry.components.get(uid)?.table ?? STRAPI_PLUGIN_TABLES[uid]?.table
}

function linkStepsV5 (context: V5Context, model: ContentTypeModel | ComponentModel, kept: string): ImportStep[] {
  const steps: ImportStep[] = []
  // A component's links belong to the component rows an imported entry reaches.
  const reached = (column: string): string => `${column} in (${kept}select id from kept_components where uid = ${literal(model.uid)})`
  const cmps = context.description.componentsTable(model.table)
  const componentItems = (field: string, component: string): LinkSource => {
    const items = `select s.id, s.entity_id, s.cmp_id, s.component_type, ${position('s.entity_id', 's."order"')} as position from ${id(cmps!)} s ` +
      `left join (${versions(context, model.table)}) o on o.id = s.entity_id where s.field = ${literal(field)} and ` +
      (model.kind === 'contentType' ? '(o.id is null or o.kept)' : reached('s.entity_id'))
    return { from: `(${items})`, owner: 'entity_id', target: 'cmp_id', ord: 's.position', invOrd: null, where: `s.component_type = ${literal(component)}` }
  }
  for (const attribute of model.attributes.values()) {
    const label = `${model.uid}.${attribute.name}`
    if (attribute.kind === 'relation' && attribute.owning) {
      if (attribute.system && attribute.name === 'localizations') {
        // The localizations are the main rows' (a pending draft reads its main row's).
        const kept = `select r.* from ${id(model.table)} r where r.id in (${mainIds(context, model.table)})`
        const pairs = `select row_number() over (order by a.id, b.id) as id, a.id as owner_id, b.id as target_id from (${kept}) a ` +
          `join (${kept}) b on b.document_id = a.document_id and b.locale is distinct from a.locale`
        if (context.columns.get(model.table)?.has('document_id') === true) steps.push(linkStep(context, label, attribute.link, { from: `(${pairs})`, owner: 'owner_id', target: 'target_id', ord: null, invOrd: null }))
        continue
      }
      const targetTable = tableOf(context.registry, attribute.target)
      const side = targetTable === undefined ? null : context.description.linkTable({ ownerTable: model.table, attribute: attribute.name, targetTable })
      if (side === null || targetTable === undefined) continue
      steps.push(linkStep(context, label, attribute.link, relationSource(context, {
        table: side.table, owner: side.selfColumn, target: side.otherColumn, ownerTable: model.table, targetTable, ord: side.orderColumn, invOrd: side.otherOrderColumn
      })))
    } else if (attribute.kind === 'media') {
      const where = `l.related_type = ${literal(model.uid)} and l.field = ${literal(attribute.name)}` +
        (model.kind === 'contentType' ? '' : ` and ${reached('l.related_id')}`)
      steps.push(linkStep(context, label, attribute.link, relationSource(context, {
        table: MEDIA, owner: 'related_id', target: 'file_id', ownerTable: model.table, targetTable: 'files', ord: 'order', invOrd: null, where
      })))
    } else if (attribute.kind === 'component' && cmps !== null) {
      steps.push(linkStep(context, label, attribute.link, componentItems(attribute.name, attribute.component)))
    } else if (attribute.kind === 'dynamiczone' && cmps !== null) {
      for (const component of attribute.components) {
        steps.push(linkStep(context, `${label}[${component}]`, attribute.links[component]!, componentItems(attribute.name, component)))
      }
    }
  }
  return steps
}

/** Media links no attribute claims. */
function unclaimedChecks (models: Array<ContentTypeModel | ComponentModel>): UnclaimedCheck[] {
  const media = models.flatMap(model => [...model.attributes.values()].filter(attribute => attribute.kind === 'media').map(attribute => `(${literal(model.uid)}, ${literal(attribute.name)})`))
  return [{
    label: MEDIA,
    source: 'select s.id, \'file \' || s.file_id || \' linked to \' || s.related_type || \' \' || s.related_id || \' field \' || s.field || \': no such media attribute\' as why ' +
      `from ${MEDIA} s where (s.related_type, s.field) not in (${media.length === 0 ? '(null, null)' : media.join(', ')})`
  }]
}

/** Every step of an import of a Strapi v5 database (`schema`: its `strapi_database_schema` description) into `registry`'s tables. */
export function importPlanV5 (options: { registry: Registry, metadata: MetadataStorage, columns: StrapiColumns, schema: unknown }): ImportPlan {
  const { registry, metadata, columns } = options
  const description = new StrapiV5Description(options.schema)
  description.checkPresent(columns)
  const context: V5Context = {
    registry, metadata, columns, layouts: strapiLayouts(registry), unfilled: [], description,
    documentTables: new Set([...registry.contentTypes.values()].map(model => model.table))
  }
  const steps: ImportStep[] = []
  const push = (step: ImportStep | null): void => { if (step !== null) steps.push(step) }
  const snake = modelColumn(undefined)

  const roleSide = description.linkTable({ ownerTable: 'admin_users', attribute: 'roles', targetTable: 'admin_roles' })
  const adminRoles = roleSide === null ? null : { table: roleSide.table, userColumn: roleSide.selfColumn, roleColumn: roleSide.otherColumn }
  push(adminUsersStep(context, snake, adminRoles))
  const role = registry.plugins.get(ROLE_UID)
  if (role !== undefined) {
    const step = rowsStep(context, { label: 'roles', entity: role.entity, strapiTable: STRAPI_PLUGIN_TABLES[role.uid]!.table, strapiColumn: snake })
    if (step !== null) steps.push({ ...step, replaceByType: true })
  }
  const user = registry.plugins.get(USER_UID)
  const userRole = description.linkTable({ ownerTable: 'up_users', attribute: 'role', targetTable: 'up_roles' })
  if (user !== undefined && metadata.find(user.entity as never) !== undefined) {
    push(rowsStep(context, {
      label: 'users',
      entity: user.entity,
      strapiTable: STRAPI_PLUGIN_TABLES[USER_UID]!.table,
      strapiColumn: snake,
      documentIds: 'kept',
      // Strapi links a user to its role through a link table; here it is a column.
      ...(userRole === null ? {} : { extra: { role_id: `(select r.${id(userRole.otherColumn)} from ${id(userRole.table)} r where r.${id(userRole.selfColumn)} = s.id order by r.id limit 1)` } })
    }))
  }
  const folders = strapiV5FolderLinks(description)
  push(rowsStep(context, folderRows(metadata, folders, 'kept')))
  push(rowsStep(context, { label: 'files', entity: registry.file.entity, strapiTable: 'files', strapiColumn: snake, documentIds: 'kept', extra: fileFolderColumn(metadata, registry.file.entity, folders) }))
  const models: Array<ContentTypeModel | ComponentModel> = [...registry.components.values(), ...registry.contentTypes.values()]
  const kept = keptComponents(context, models)
  for (const model of models) {
    const strapiColumn = modelColumn(context.layouts.get(model.uid))
    const where = model.kind === 'contentType' ? `s.id in (${importedIds(context, model.table)})` : `s.id in (${kept}select id from kept_components where uid = ${literal(model.uid)})`
    push(rowsStep(context, { label: model.uid, entity: model.entity, strapiTable: model.table, strapiColumn, documentIds: 'kept', where }))
  }
  for (const model of models) steps.push(...linkStepsV5(context, model, kept))
  return { steps, unclaimed: unclaimedChecks(models), unfilled: context.unfilled, adminRoles: adminRoles === null ? null : adminRoleNotes(adminRoles) }
}
