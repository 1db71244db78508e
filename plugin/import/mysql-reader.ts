/**
 * Strapi's database on MySQL or MariaDB, read with mysql2: one transaction started READ ONLY
 * WITH CONSISTENT SNAPSHOT at REPEATABLE READ, so a site that keeps running still gives one
 * picture (InnoDB's snapshot, taken at the start) and no statement of the import can write.
 * Every value is taken as the text MySQL sends (`typeCast` answers the field's string), so a
 * bigint, a decimal, a datetime or a JSON document keeps every digit and character and
 * nothing is reinterpreted in Node: not in a time zone, not as a float.
 */
import mysql from 'mysql2'
import type { Connection, ConnectionOptions } from 'mysql2'
import type { EngineReader, EngineTable, EngineValue } from './engine-reader.js'
import { unreachable } from './source-location.js'
import type { SourceLocation } from './source-location.js'

/** MySQL quotes names with backquotes; one inside a name is doubled. */
const quoted = (name: string): string => `\`${name.replaceAll('`', '``')}\``

function connectionOptions (url: URL): ConnectionOptions {
  return {
    host: url.hostname.replace(/^\[(.*)\]$/, '$1'),
    port: url.port === '' ? 3306 : Number(url.port),
    user: decodeURIComponent(url.username),
    password: decodeURIComponent(url.password),
    database: decodeURIComponent(url.pathname.slice(1)),
    charset: 'utf8mb4',
    connectTimeout: 10_000,
    // utf8 named: MySQL 8 sends JSON columns with the binary character set.
    typeCast: field => field.string('utf8')
  }
}

async function connect (options: ConnectionOptions): Promise<Connection> {
  const connection = mysql.createConnection(options)
  await new Promise<void>((resolve, reject) => { connection.connect(error => { if (error === null) resolve(); else reject(error) }) })
  return connection
}

export async function openMysqlReader (location: Extract<SourceLocation, { engine: 'mysql' }>): Promise<EngineReader> {
  let connection: Connection
  try {
    connection = await connect(connectionOptions(location.url))
  } catch (error) {
    throw unreachable(location, error)
  }
  // A connection that drops later fails the query running on it; the event must have a listener.
  connection.on('error', () => {})
  const db = connection.promise()
  const query = async (sql: string): Promise<Array<Record<string, string | null>>> => (await db.query(sql))[0] as Array<Record<string, string | null>>
  try {
    await query('set session transaction isolation level repeatable read')
    await query('start transaction read only, with consistent snapshot')
  } catch (error) {
    connection.destroy()
    throw unreachable(location, error)
  }
  return {
    engine: 'MySQL',
    async tables () {
      const rows = await query(`select c.table_name as t, c.column_name as c, lower(c.data_type) as type
          from information_schema.columns c
          join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name
         where c.table_schema = database() and t.table_type = 'BASE TABLE'
         order by c.table_name, c.ordinal_position`)
      const tables = new Map<string, EngineTable>()
      for (const row of rows) {
        let table = tables.get(row.t!)
        if (table === undefined) tables.set(row.t!, table = { name: row.t!, columns: [] })
        table.columns.push({ name: row.c!, type: row.type! })
      }
      return [...tables.values()]
    },
    async count (tables) {
      if (tables.length === 0) return 0
      return Number((await query(`select ${tables.map(table => `(select count(*) from ${quoted(table)})`).join(' + ')} as n`))[0]!.n)
    },
    async rows (table, columns, batchSize, onBatch) {
      const stream = connection.query({ sql: `select ${columns.map(quoted).join(', ')} from ${quoted(table)}`, rowsAsArray: true }).stream({ highWaterMark: batchSize })
      let batch: EngineValue[][] = []
      // Iterating pauses the stream while a batch is written, so at most about a batch is held.
      for await (const row of stream) {
        batch.push(row as EngineValue[])
        if (batch.length === batchSize) {
          await onBatch(batch)
          batch = []
        }
      }
      if (batch.length > 0) await onBatch(batch)
    },
    async close () {
      await query('rollback').catch(() => {})
      await db.end().catch(() => { connection.destroy() })
    }
  }
}
