/**
 * Strapi's SQLite database (its `.tmp/data.db`), read with better-sqlite3: the file is opened
 * `readonly` (SQLite itself refuses every write) and read in one transaction, so every table
 * comes from the same snapshot even while Strapi runs (its writes wait for the read to end).
 * Integers are read as BigInt (`safeIntegers`), so a biginteger above 2^53 keeps its digits;
 * every value is handed over as text. better-sqlite3 is an optional dependency, loaded only here.
 */
import { stat } from 'node:fs/promises'
import { resolve } from 'node:path'
import type BetterSqlite3 from 'better-sqlite3'
import { StrapiSourceError } from '../errors.js'
import type { EngineReader, EngineValue } from './engine-reader.js'
import { failureReason } from './source-location.js'
import type { SourceLocation } from './source-location.js'

const quoted = (name: string): string => `"${name.replaceAll('"', '""')}"`

/** SQLite's values as text: integers (BigInt) and reals (the shortest text that reads back the same double) alike. */
function text (value: unknown): EngineValue {
  if (value === null || value === undefined) return null
  if (Buffer.isBuffer(value)) return value.toString('utf8')
  return String(value)
}

async function driver (): Promise<typeof BetterSqlite3> {
  try {
    return (await import('better-sqlite3')).default
  } catch (error) {
    throw new StrapiSourceError(`--from sqlite: needs better-sqlite3 (an optional dependency of this package), which is not installed or not built for Node ${process.versions.node}: ${failureReason(error)}`)
  }
}

export async function openSqliteReader (location: Extract<SourceLocation, { engine: 'sqlite' }>): Promise<EngineReader> {
  const path = resolve(location.path)
  const file = await stat(path).catch(() => null)
  if (file === null || !file.isFile()) throw new StrapiSourceError(`--from: no SQLite database file at ${path}`)
  const Database = await driver()
  let db: BetterSqlite3.Database
  try {
    db = new Database(path, { readonly: true, fileMustExist: true })
  } catch (error) {
    throw new StrapiSourceError(`--from: cannot open the SQLite database ${path}: ${failureReason(error)}`)
  }
  try {
    db.exec('begin')
    // The first read takes the snapshot, and fails here if the file is not a database.
    db.prepare('select count(*) from sqlite_master').get()
  } catch (error) {
    db.close()
    throw new StrapiSourceError(`--from: cannot read the SQLite database ${path}: ${failureReason(error)}`)
  }
  return {
    engine: 'SQLite',
    async tables () {
      const names = db.prepare("select name from sqlite_master where type = 'table' and name not like 'sqlite\\_%' escape '\\' order by name").pluck().all() as string[]
      return names.map(name => ({
        name,
        columns: (db.prepare('select name, lower(type) as type from pragma_table_info(?) order by cid').all(name) as Array<{ name: string, type: string }>)
      }))
    },
    async count (tables) {
      if (tables.length === 0) return 0
      return Number(db.prepare(`select ${tables.map(table => `(select count(*) from ${quoted(table)})`).join(' + ')}`).pluck().get())
    },
    async rows (table, columns, batchSize, onBatch) {
      const statement = db.prepare(`select ${columns.map(quoted).join(', ')} from ${quoted(table)}`).raw(true).safeIntegers(true)
      let batch: EngineValue[][] = []
      for (const row of statement.iterate() as Iterable<unknown[]>) {
        batch.push(row.map(text))
        if (batch.length === batchSize) {
          await onBatch(batch)
          batch = []
        }
      }
      if (batch.length > 0) await onBatch(batch)
    },
    async close () {
      if (db.inTransaction) db.exec('rollback')
      db.close()
    }
  }
}
