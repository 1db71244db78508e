/**
 * `import:strapi`: copies a Strapi v4 or v5 site's rows into this plugin's tables.
 *
 * Everything happens in ONE transaction on the target (not one per content type): links
 * point both ways between types (article ↔ author, article.related to itself) and this
 * plugin's foreign keys are checked at once, so per-type transactions would still need all
 * rows before any link; and one transaction means a failed or refused import leaves the
 * target exactly as it was. Inside it, every table's rows are first staged in a temporary
 * table (batches of JSON from Strapi, `jsonb_populate_recordset`), checked against the
 * target's constraints, compared with what is there (a second run finds nothing to change),
 * and only then written with one INSERT … SELECT per table.
 */
import type { MetadataStorage } from '@mikro-orm/core'
import { PERMISSION_ENTITY } from '../repository/schema/auth-entities.js'
import { shareDocumentIds } from '../repository/schema/document-ids.js'
import { entitySql } from '../repository/schema/sql-names.js'
import type { Registry } from '../content-types/registry.js'
import type { Database, SqlTransaction } from '../repository/connection/database.js'
import { identifier as id, raw, runSql, sql } from '../sql/index.js'
import type { StorageProvider } from '../upload/storage.js'
import { copyUploads, restageFileUrls } from './copy-uploads.js'
import type { UploadCopyReport } from './copy-uploads.js'
import type { AdminRoleNote } from './admin-roles.js'
import { importPlan } from './import-steps.js'
import type { ImportPlan, ImportStep } from './import-steps.js'
import { importPlanV5 } from './import-steps-v5.js'
import { checkStagedRows } from './staged-checks.js'
import type { UnmappedRow } from './staged-checks.js'
import { openStrapiSource } from './open-strapi-source.js'
import type { ImportProgress } from './progress-events.js'
import type { StrapiSource } from './strapi-source.js'
import { strapiPermissions } from './strapi-permissions.js'

export interface StrapiImportOptions {
  /** Strapi's database (only read): `postgres://…`, `mysql://…` (MariaDB too) or `sqlite:path/to/data.db`. */
  from: string
  /** Strapi's `public/uploads` folder: its files go to this app's storage provider. */
  uploads?: string
  /** Dry run: stage, check and compare, write nothing. */
  check?: boolean
  /** Replace what the target holds (without it a non-empty target is refused). */
  replace?: boolean
  /** Rows per batch read from Strapi. Default 5,000. */
  batchSize?: number
  onProgress?: (event: ImportProgress) => void
}

export type { ImportProgress }

export interface StepReport {
  label: string
  kind: 'rows' | 'links'
  table: string
  /** Rows Strapi has. */
  read: number
  /** Rows this import writes (or would write). */
  mapped: number
  /** Rows that differ between what is there and what Strapi has (0: up to date). */
  changes: number
}

export type ImportOutcome = 'imported' | 'up-to-date' | 'checked' | 'refused'

export interface StrapiImportReport {
  outcome: ImportOutcome
  /** Which Strapi made the source database. */
  strapiVersion: StrapiSource['version']
  /** Why a non-empty target was refused. */
  refusal?: string
  steps: StepReport[]
  /** Every Strapi row not imported (or imported without a reference), and why. */
  unmapped: UnmappedRow[]
  /** Columns here that no Strapi column fills. */
  unfilled: string[]
  /** Admin users whose Strapi roles could not come over as they were (a custom role, no role), by email, with the role given. */
  adminRoles: AdminRoleNote[]
  files: UploadCopyReport | null
  /** Strapi's content-API permissions as this plugin's `permissions.roles` option (options decide permissions here). */
  permissions: Record<string, Record<string, string[]>>
  durationMs: number
}

export interface ImportTarget {
  db: Database
  /** `db`'s PostgreSQL server, where a MySQL or SQLite source is staged; absent (embedded), an in-memory PGlite stages it. */
  url?: string
  registry: Registry
  metadata: MetadataStorage
  storage: StorageProvider | null
}

interface Staged { step: ImportStep, staged: string, read: number }

async function stage (tx: SqlTransaction, source: StrapiSource, steps: ImportStep[], options: StrapiImportOptions): Promise<Staged[]> {
  const staged: Staged[] = []
  const batchSize = options.batchSize ?? 5_000
  for (const [index, step] of steps.entries()) {
    const name = `strapi_import_${index}`
    await tx.query(`create temporary table ${name} (like ${id(step.table)} including defaults) on commit drop`, [])
    // Read once: the bar's length is the planner's estimate, the rows read are counted as they come.
    const estimate = await source.estimate(step.source)
    options.onProgress?.({ kind: 'start', label: step.label, total: estimate, estimated: true })
    const columns = step.columns.map(id).join(', ')
    let done = 0
    await source.batches(step.source, batchSize, async (json, rows) => {
      await runSql(tx, sql`insert into ${raw(name)} (${raw(columns)}) select ${raw(columns)} from jsonb_populate_recordset(null::${raw(name)}, ${json}::jsonb)`)
      done += rows
      options.onProgress?.({ kind: 'rows', label: step.label, done, total: Math.max(estimate, done) })
    })
    options.onProgress?.({ kind: 'end', label: step.label })
    staged.push({ step, staged: name, read: done })
  }
  return staged
}

/** The rows of the real table this step compares with: all of them, or for roles those of the same types. */
function compared (item: Staged): string {
  const columns = item.step.columns.map(id).join(', ')
  const where = item.step.replaceByType === true ? ` where "type" in (select "type" from ${item.staged})` : ''
  return `select ${columns} from ${id(item.step.table)}${where}`
}

async function compare (tx: SqlTransaction, item: Staged): Promise<{ mapped: number, changes: number, existing: number }> {
  const columns = item.step.columns.map(id).join(', ')
  const mine = `select ${columns} from ${item.staged}`
  const [row] = await tx.query(
    `select (select count(*) from ${item.staged}) as mapped, (select count(*) from ${id(item.step.table)}) as existing, ` +
    `(select count(*) from (${mine} except ${compared(item)}) a) + (select count(*) from (${compared(item)} except ${mine}) b) as changes`, [])
  return { mapped: Number(row!.mapped), changes: Number(row!.changes), existing: Number(row!.existing) }
}

async function write (tx: SqlTransaction, target: ImportTarget, staged: Staged[], version: StrapiSource['version']): Promise<void> {
  const replaced = new Set<string>(target.registry.links.map(link => link.table))
  for (const item of staged) if (item.step.replaceByType !== true) replaced.add(item.step.table)
  // Every content table at once: TRUNCATE checks that no table outside the list points at them.
  await tx.query(`truncate ${[...replaced].map(id).join(', ')}`, [])
  for (const item of staged.filter(entry => entry.step.replaceByType === true)) {
    const roles = `select t.id from ${id(item.step.table)} t where t."type" in (select "type" from ${item.staged}) or t.id in (select id from ${item.staged})`
    if (target.metadata.find(PERMISSION_ENTITY as never) !== undefined) {
      const { table, column } = entitySql(target.db.names, PERMISSION_ENTITY)
      await runSql(tx, sql`delete from ${table} where ${column('role')} in (${raw(roles)})`)
    }
    await tx.query(`delete from ${id(item.step.table)} where id in (${roles})`, [])
  }
  for (const item of staged) {
    const columns = [...item.step.columns, ...item.step.made].map(id).join(', ')
    await tx.query(`insert into ${id(item.step.table)} (${columns}) select ${columns} from ${item.staged}`, [])
  }
  // Strapi v4 links the locales of an entry; here they are one document, with one documentId (v5 kept its own).
  for (const model of target.registry.contentTypes.values()) {
    if (model.localized && version === 'v4') await runSql(tx, shareDocumentIds(target.db.names, model))
  }
  for (const table of new Set(staged.map(item => item.step.table))) {
    await runSql(tx, sql`select setval(pg_get_serial_sequence(${id(table)}, 'id'), coalesce((select max(id) from ${raw(id(table))}), 0) + 1, false)`)
  }
}

async function planFor (target: ImportTarget, source: StrapiSource): Promise<ImportPlan> {
  const plans = { registry: target.registry, metadata: target.metadata, columns: source.columns }
  if (source.version === 'v4') return importPlan(plans)
  const [latest] = await source.rows('select "schema"::text as schema from strapi_database_schema order by id desc limit 1')
  let schema: unknown = null
  try { schema = latest === undefined ? null : JSON.parse(String(latest.schema)) } catch { /* refused below as no description */ }
  return importPlanV5({ ...plans, schema })
}

export async function importStrapi (target: ImportTarget, options: StrapiImportOptions): Promise<StrapiImportReport> {
  const started = Date.now()
  const source = await openStrapiSource(options.from, {
    ...(target.url === undefined ? {} : { stagingUrl: target.url }),
    ...(options.batchSize === undefined ? {} : { batchSize: options.batchSize }),
    ...(options.onProgress === undefined ? {} : { onProgress: options.onProgress })
  })
  try {
    const plan = await planFor(target, source)
    const unmapped: UnmappedRow[] = []
    for (const check of plan.unclaimed) {
      for (const row of await source.rows(check.source)) unmapped.push({ label: check.label, id: Number(row.id), why: String(row.why) })
    }
    // What is left out by design (unclaimed morph rows); what the staged checks add after it is damage.
    const leftOut = unmapped.length
    const adminRoles: AdminRoleNote[] = plan.adminRoles === null
      ? []
      : (await source.rows(plan.adminRoles)).map(row => ({ id: Number(row.id), email: String(row.email), role: String(row.role), why: String(row.why) }))
    const permissionLinks = ['up_permissions_role_links', 'up_permissions_role_lnk'].find(table => source.columns.has(table))
    const permissions = permissionLinks === undefined ? {} : await strapiPermissions(source, permissionLinks)
    return await target.db.transaction(async (tx) => {
      // The API's statement_timeout bounds one request's statement; an import's INSERT … SELECT
      // of a whole table (its trigram indexes built row by row) may rightly take longer.
      await tx.query('set local statement_timeout = 0', [])
      const staged = await stage(tx, source, plan.steps, options)
      const stagedTables = new Map(staged.map(item => [item.step.table, item.staged]))
      const stagedFiles = stagedTables.get(target.registry.file.table)
      const uploads = options.uploads === undefined || target.storage === null || stagedFiles === undefined ? null : { dir: options.uploads, storage: target.storage }
      if (uploads !== null) await restageFileUrls(tx, stagedFiles!, uploads)
      unmapped.push(...await checkStagedRows(tx, staged.map(item => ({ label: item.step.label, table: item.step.table, staged: item.staged })),
        table => stagedTables.get(table) ?? null))
      const steps: StepReport[] = []
      let nonEmpty: string | undefined
      for (const item of staged) {
        const { mapped, changes, existing } = await compare(tx, item)
        steps.push({ label: item.step.label, kind: item.step.kind, table: item.step.table, read: item.read, mapped, changes })
        if (existing > 0 && item.step.replaceByType !== true) nonEmpty ??= `${item.step.table} has ${existing} rows`
      }
      const report = (outcome: ImportOutcome, extra: Partial<StrapiImportReport> = {}): StrapiImportReport =>
        ({ outcome, strapiVersion: source.version, steps, unmapped, unfilled: plan.unfilled, adminRoles, files: null, permissions, durationMs: Date.now() - started, ...extra })
      // Strapi v5 keeps its own constraints (every link has foreign keys): a row this database refuses is damage, not a leftover.
      if (source.version === 'v5' && unmapped.length > leftOut) {
        return report('refused', { refusal: `Strapi's database holds rows this database refuses: ${unmapped.slice(leftOut).map(row => `${row.label} ${row.id}: ${row.why}`).join('; ')}` })
      }
      if (options.check === true) return report('checked')
      if (steps.every(step => step.changes === 0)) return report('up-to-date')
      if (nonEmpty !== undefined && options.replace !== true) {
        return report('refused', { refusal: `the target database is not empty (${nonEmpty}); run again with --replace to replace its content` })
      }
      await write(tx, target, staged, source.version)
      const files = uploads === null ? null : await copyUploads(tx, { ...uploads, files: target.registry.file.table })
      return report('imported', { files, durationMs: Date.now() - started })
    })
  } finally {
    await source.close()
  }
}
