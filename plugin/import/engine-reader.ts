/**
 * What the importer needs of a Strapi database that is not on PostgreSQL (MySQL/MariaDB,
 * SQLite): its tables as its catalog lists them, and their rows as text, read in one
 * snapshot that nothing can write through. source-mirror.ts copies them into PostgreSQL.
 */

/** A column and the type the engine's catalog gives it (`datetime`, `tinyint`, `json`, …), lower case. */
export interface EngineColumn {
  name: string
  type: string
}

export interface EngineTable {
  name: string
  columns: EngineColumn[]
}

/**
 * A value as the engine's text: the digits of an integer or a decimal exactly as stored, a
 * datetime as the engine writes it (SQLite: often epoch milliseconds), a JSON document
 * unparsed; null for NULL.
 */
export type EngineValue = string | null

export interface EngineReader {
  /** What messages call it: `MySQL`, `SQLite`. */
  engine: string
  tables: () => Promise<EngineTable[]>
  /** The rows of these tables together, in one statement (the copy's progress total). */
  count: (tables: readonly string[]) => Promise<number>
  /** Every row of `table`, `columns` in that order, `batchSize` rows at a time: the next batch is read once `onBatch` resolves. */
  rows: (table: string, columns: readonly string[], batchSize: number, onBatch: (rows: EngineValue[][]) => Promise<void>) => Promise<void>
  close: () => Promise<void>
}
