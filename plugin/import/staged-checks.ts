/**
 * Rows Strapi kept that this plugin's tables would refuse: a duplicate where this plugin
 * has a unique constraint (Strapi checks some only in its services), or a reference to a
 * row that is not there (Strapi's morph tables have no foreign key on the linked side).
 * The constraints are read from the target's catalog, so the checks follow the tables as
 * MikroORM made them. Each offending staged row is removed (or its reference cleared when
 * the column may be NULL) and reported, so the insert that follows cannot fail.
 */
import type { SqlTransaction } from '../repository/connection/database.js'
import { identifier as id, runSql, sql } from '../sql/index.js'

export interface UnmappedRow {
  /** The import step (or Strapi table) the row belongs to. */
  label: string
  /** Strapi's id of the row. */
  id: number
  why: string
}

interface ForeignKey { column: string, refTable: string, refColumn: string, notNull: boolean }

async function foreignKeys (tx: SqlTransaction, table: string): Promise<ForeignKey[]> {
  const rows = await runSql(tx, sql`select a.attname as column, c.confrelid::regclass::text as ref_table, r.attname as ref_column, a.attnotnull as not_null
       from pg_constraint c
       join pg_attribute a on a.attrelid = c.conrelid and a.attnum = c.conkey[1]
       join pg_attribute r on r.attrelid = c.confrelid and r.attnum = c.confkey[1]
      where c.conrelid = ${id(table)}::regclass and c.contype = 'f' and cardinality(c.conkey) = 1`)
  return rows.map(row => ({ column: String(row.column), refTable: String(row.ref_table).replaceAll('"', ''), refColumn: String(row.ref_column), notNull: row.not_null === true }))
}

/** Unique column sets (not the primary key, plain columns only). */
async function uniqueColumns (tx: SqlTransaction, table: string): Promise<string[][]> {
  const rows = await runSql(tx, sql`select array(select a.attname::text from unnest(i.indkey) with ordinality k(attnum, n)
                   join pg_attribute a on a.attrelid = i.indrelid and a.attnum = k.attnum order by k.n) as columns
       from pg_index i
      where i.indrelid = ${id(table)}::regclass and i.indisunique and not i.indisprimary
        and i.indexprs is null and i.indpred is null`)
  return rows.map(row => row.columns as string[])
}

export interface StagedTable {
  label: string
  /** This plugin's table. */
  table: string
  /** The temporary table holding the rows to import. */
  staged: string
}

/**
 * Checks every staged table in order; `stagedOf` names the staged copy of a referenced
 * table (its rows replace the real ones), or null when the real table is referenced.
 */
export async function checkStagedRows (tx: SqlTransaction, tables: readonly StagedTable[], stagedOf: (table: string) => string | null): Promise<UnmappedRow[]> {
  const unmapped: UnmappedRow[] = []
  for (const { label, table, staged } of tables) {
    for (const columns of await uniqueColumns(tx, table)) {
      const list = columns.map(id).join(', ')
      const removed = await tx.query(
        `delete from ${staged} where ctid in (select ctid from (select ctid, row_number() over (partition by ${list} order by id) as n from ${staged} ` +
        `where ${columns.map(column => `${id(column)} is not null`).join(' and ')}) d where d.n > 1) returning id, ${columns.map(column => `${id(column)}::text`).join(' || \', \' || ')} as value`, [])
      for (const row of removed) unmapped.push({ label, id: Number(row.id), why: `duplicate ${columns.join(', ')} (${String(row.value)}), which must be unique here` })
    }
    for (const key of await foreignKeys(tx, table)) {
      const referenced = stagedOf(key.refTable) ?? id(key.refTable)
      const orphan = `s.${id(key.column)} is not null and not exists (select 1 from ${referenced} r where r.${id(key.refColumn)} = s.${id(key.column)})`
      const rows = key.notNull
        ? await tx.query(`delete from ${staged} s where ${orphan} returning s.id, s.${id(key.column)} as value`, [])
        : await tx.query(`update ${staged} s set ${id(key.column)} = null from (select s.id, s.${id(key.column)} as value from ${staged} s where ${orphan}) o where s.id = o.id returning s.id, o.value`, [])
      for (const row of rows) {
        const what = `${key.column} ${String(row.value)} points at no ${key.refTable} row`
        unmapped.push({ label, id: Number(row.id), why: key.notNull ? `${what}: row skipped` : `${what}: imported without it` })
      }
    }
  }
  return unmapped
}
