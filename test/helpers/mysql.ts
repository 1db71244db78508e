/**
 * The tests' MariaDB/MySQL databases, on MYSQL_URL's server (default the local
 * mysql://root@127.0.0.1:3306, which .ci/run starts when it is down). Named like the
 * PostgreSQL ones (`fca_t_<run>_…`, databases.ts), so the run's `after` script drops whatever
 * a test file that died left behind, and never a database of another run.
 */
import { randomBytes } from 'node:crypto'
import mysql from 'mysql2/promise'
import type { Connection } from 'mysql2/promise'
import { runName } from './databases.js'

export function mysqlServerUrl (): string {
  const url = process.env.MYSQL_URL
  return url === undefined || url === '' ? 'mysql://root@127.0.0.1:3306' : url
}

function databaseUrl (name: string): string {
  const url = new URL(mysqlServerUrl())
  url.pathname = `/${name}`
  return url.toString()
}

export async function withMysql<T> (work: (connection: Connection) => Promise<T>, options: { database?: string, multipleStatements?: boolean } = {}): Promise<T> {
  const connection = await mysql.createConnection({
    uri: options.database === undefined ? mysqlServerUrl() : databaseUrl(options.database),
    multipleStatements: options.multipleStatements === true,
    connectTimeout: 20_000
  })
  try { return await work(connection) } finally { await connection.end() }
}

/** Why the MySQL tests cannot run here, or false. CI starts MariaDB, so there they must run. */
export async function whyNoMysql (): Promise<string | false> {
  if (process.env.CI !== undefined) return false
  try {
    await withMysql(async (connection) => { await connection.query('select 1') })
    return false
  } catch (error) {
    return `needs MariaDB/MySQL at ${mysqlServerUrl()} (MYSQL_URL): ${(error as Error).message}`
  }
}

export interface MysqlDatabase {
  name: string
  url: string
  drop: () => Promise<void>
}

/** A new database holding what the SQL `script` (a mysqldump) builds. */
export async function mysqlDatabaseFrom (script: string): Promise<MysqlDatabase> {
  const name = `fca_t_${runName()}_${randomBytes(6).toString('hex')}`
  await withMysql(async (connection) => { await connection.query(`create database \`${name}\` character set utf8mb4`) })
  const drop = async (): Promise<void> => { await withMysql(async (connection) => { await connection.query(`drop database if exists \`${name}\``) }) }
  try {
    await withMysql(async (connection) => { await connection.query(script) }, { database: name, multipleStatements: true })
  } catch (error) {
    await drop()
    throw error
  }
  return { name, url: databaseUrl(name), drop }
}

/** Drops every MySQL database of the run `run`; nothing when no server answers. */
export async function dropRunMysqlDatabases (run: string): Promise<string[]> {
  try {
    return await withMysql(async (connection) => {
      const [rows] = await connection.query('select schema_name as name from information_schema.schemata where schema_name like ? order by 1', [`fca\\_t\\_${run}\\_%`])
      const names = (rows as Array<{ name: string }>).map(row => row.name)
      for (const name of names) await connection.query(`drop database if exists \`${name}\``)
      return names
    })
  } catch {
    return []
  }
}
