/**
 * DocumentIds for a database made before them (docs/schemas.md, 'Documents'), at start-up,
 * before MikroORM brings the tables up to date. Left to MikroORM, the column would be added
 * with its default, a new id per row, and the localizations of an entry would each get
 * their own; here each table missing it is taken through these steps:
 *
 * 1. the column is added, nullable and without a default (no rewrite of the table yet);
 * 2. every row gets a made documentId;
 * 3. on a localized type, each localization group gets one: its lowest id's;
 * 4. the column gets its default and NOT NULL, and its index.
 *
 * MikroORM then finds the column as it declares it, and nothing to change. All tables are
 * done in ONE transaction under an advisory lock: a start that dies half way leaves the
 * database as it was, the next start does it all again, two API processes starting
 * together do it once, and a database already done costs a look at the catalog.
 */
import type { Registry } from '../../content-types/registry.js'
import type { Model } from '../../content-types/model.js'
import { DOCUMENT_ID, hasDocumentId } from '../../content-types/documents.js'
import { identifier, join, literal, raw, sql, type Sql } from '../../sql/index.js'
import type { RuntimeOrm } from '../connection/runtime-orm.js'
import {
  DOCUMENT_ID_FUNCTION, DOCUMENT_ID_FUNCTION_BODY, documentIdFunctionDefinition, documentIdProperty, shareDocumentIds
} from './document-ids.js'
import { SqlNames } from './sql-names.js'

type Run = (statement: Sql) => Promise<Array<Record<string, unknown>>>

/** One key for every process of any app of this plugin on the database: they queue here. */
const LOCK = raw(`select pg_advisory_xact_lock(hashtextextended(${literal('fastify-content-api document ids')}, 0))`)

/** Creates the function documentIds are made by, then gives documentIds to the rows of every table without its column. */
export async function prepareDocumentIds (orm: RuntimeOrm, registry: Registry): Promise<void> {
  const connection = orm.em.getConnection()
  const names = new SqlNames(orm.getMetadata())
  await connection.transactional(async (trx: unknown) => {
    const run: Run = async statement => await connection.execute(textOf(statement), [], 'all', trx)
    await run(LOCK)
    // Replaced only when it differs: a `create or replace` invalidates the plans of every
    // running session that inserts rows.
    const [current] = await run(raw(`select p.prosrc from pg_proc p where p.oid = to_regprocedure(${literal(`${DOCUMENT_ID_FUNCTION}()`)})`))
    if (current?.prosrc !== DOCUMENT_ID_FUNCTION_BODY) await run(documentIdFunctionDefinition())
    for (const { model, linked } of await tablesToMigrate(run, names, registry)) {
      await migrateTable(run, names, model, linked)
    }
  })
}

/**
 * MikroORM's connection inlines values into `?` marks; these statements hold none, only
 * names from the metadata and constants.
 */
function textOf (statement: Sql): string {
  const { text, values } = statement.render()
  if (values.length > 0) throw new Error('A schema statement holds no values')
  return text
}

interface TableToMigrate {
  model: Model
  /** A localized type whose localizations link table exists: its groups are given one documentId. */
  linked: boolean
}

/** The existing tables whose documentId column is missing or not yet NOT NULL, in one look at the catalog. */
async function tablesToMigrate (run: Run, names: SqlNames, registry: Registry): Promise<TableToMigrate[]> {
  const models = registry.models().filter(hasDocumentId)
  if (models.length === 0) return []
  const tables = models.map((model, index) => {
    const link = localizationsLink(model)
    const linkTable = link === null ? 'null::text' : literal(names.table(link))
    return raw(`(${index}, ${literal(names.table(model.entity))}, ${literal(names.columnName(model.entity, DOCUMENT_ID))}, ${linkTable})`)
  })
  const done = raw('select 1 from pg_attribute a where a.attrelid = to_regclass(x.t) and a.attname = x.c and a.attnotnull and not a.attisdropped')
  const rows = await run(sql`select x.n, to_regclass(x.l) is not null as linked from (values ${join(tables)}) as x(n, t, c, l) where to_regclass(x.t) is not null and not exists (${done})`)
  return rows.map(row => ({ model: models[Number(row.n)]!, linked: row.linked === true }))
}

/** The link entity of a localized type's `localizations`; null on other models. */
function localizationsLink (model: Model): string | null {
  if (model.kind !== 'contentType' || !model.localized) return null
  const localizations = model.attributes.get('localizations')
  return localizations?.kind === 'relation' ? localizations.link.entity : null
}

async function migrateTable (run: Run, names: SqlNames, model: Model, linked: boolean): Promise<void> {
  const table = names.table(model.entity)
  const column = names.column(model.entity, DOCUMENT_ID)
  const made = `${DOCUMENT_ID_FUNCTION}()`
  const declared = documentIdProperty(names.tableName(model.entity))
  await run(raw(`alter table ${table} add column if not exists ${column} ${String(declared.columnType)}`))
  await run(raw(`update ${table} set ${column} = ${made} where ${column} is null`))
  if (linked && model.kind === 'contentType') await run(shareDocumentIds(names, model))
  await run(raw(`alter table ${table} alter column ${column} set default ${made}, alter column ${column} set not null`))
  // Built here rather than by MikroORM's update after: inside the lock, two processes
  // starting on an old database cannot both try to build it.
  await run(raw(`create index if not exists ${identifier(String(declared.index))} on ${table} (${column})`))
}
