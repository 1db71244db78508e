/**
 * The Strapi 4.26.2 site of test/fixtures/strapi-import, restored from its recordings into
 * fresh databases (never a running Strapi): the pg_dump with psql, the mysqldump into
 * MariaDB, the SQLite file copied; and an app of this plugin on the same model, for the
 * importer's tests.
 */
import { execFileSync } from 'node:child_process'
import { createHash } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { copyFile, mkdtemp, readdir, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import Fastify from 'fastify'
import type { FastifyInstance } from 'fastify'
import contentApi from '../../plugin/index.js'
import type { ContentApiOptions } from '../../plugin/index.js'
import type { Answer } from '../../plugin/import/compare-answers.js'
import { templateCopy } from './databases.js'
import { mysqlDatabaseFrom, withMysql } from './mysql.js'

export const STRAPI_IMPORT_FIXTURE = new URL('../fixtures/strapi-import/', import.meta.url).pathname

/** The databases the fixture's site was recorded on (regenerate.mjs --client). */
export type StrapiEngine = 'postgres' | 'mysql' | 'sqlite'

/** Strapi's recorded answers on `engine`: url → { status, body }. */
export function strapiAnswers (engine: StrapiEngine = 'postgres'): Record<string, Answer> {
  const file = engine === 'postgres' ? 'answers.json' : `answers-${engine}.json`
  return JSON.parse(readFileSync(`${STRAPI_IMPORT_FIXTURE}${file}`, 'utf8')) as Record<string, Answer>
}

/** Strapi's `public/uploads` of the recording on `engine` (file names carry random hashes, so each recording has its own). */
export function strapiUploads (engine: StrapiEngine = 'postgres'): string {
  return `${STRAPI_IMPORT_FIXTURE}${engine === 'postgres' ? 'uploads' : `uploads-${engine}`}`
}

/** Why these tests cannot run here, or false. CI has PostgreSQL and psql, so there they must run. */
export function whyNoStrapiFixture (): string | false {
  if (process.env.CI !== undefined) return false
  if (process.env.DATABASE_URL === undefined || process.env.DATABASE_URL === '') return 'needs DATABASE_URL (a PostgreSQL server) for the Strapi database'
  try {
    execFileSync('psql', ['--version'], { stdio: 'ignore' })
  } catch {
    return 'psql is not installed'
  }
  return false
}

/** A copy of the restored dump: psql restores it once per run, into the template every test copies. */
export async function restoreStrapiDatabase (): Promise<{ url: string, drop: () => Promise<void> }> {
  const dump = `${STRAPI_IMPORT_FIXTURE}strapi.sql`
  const database = await templateCopy({
    description: { strapi: createHash('sha256').update(readFileSync(dump)).digest('hex') },
    build: async (url) => { execFileSync('psql', ['-q', '-X', '-v', 'ON_ERROR_STOP=1', '-d', url, '-f', dump], { stdio: ['ignore', 'ignore', 'pipe'] }) }
  })
  return { url: database.url!, drop: database.drop }
}

/** A Strapi database restored from a recording that is not PostgreSQL's, and what it holds, to show it unchanged. */
export interface EngineStrapiDatabase {
  /** For `--from`. */
  url: string
  /** Changes when any row does: MySQL's table checksums and counts, the SQLite file's hash. */
  fingerprint: () => Promise<string>
  drop: () => Promise<void>
}

/** The MariaDB recording (strapi-mysql.sql) loaded into a fresh database of the MySQL server. */
export async function restoreMysqlStrapi (): Promise<EngineStrapiDatabase> {
  const database = await mysqlDatabaseFrom(readFileSync(`${STRAPI_IMPORT_FIXTURE}strapi-mysql.sql`, 'utf8'))
  return {
    url: database.url,
    drop: database.drop,
    fingerprint: async () => await withMysql(async (connection) => {
      const [tables] = await connection.query("select table_name as name from information_schema.tables where table_schema = database() and table_type = 'BASE TABLE' order by 1")
      const names = (tables as Array<{ name: string }>).map(table => `\`${table.name}\``)
      const [sums] = await connection.query(`checksum table ${names.join(', ')} extended`)
      const counts = []
      for (const name of names) counts.push(((await connection.query(`select count(*) as n from ${name}`))[0] as Array<{ n: number }>)[0]!.n)
      return JSON.stringify({ sums, counts })
    }, { database: database.name })
  }
}

/** The SQLite recording (strapi.sqlite) copied into a temporary folder, as Strapi's `.tmp/data.db` would be. */
export async function copySqliteStrapi (): Promise<EngineStrapiDatabase> {
  const folder = await mkdtemp(join(tmpdir(), 'fca-strapi-sqlite-'))
  const file = join(folder, 'data.db')
  await copyFile(`${STRAPI_IMPORT_FIXTURE}strapi.sqlite`, file)
  const listing = async (): Promise<string[]> => (await readdir(folder)).sort()
  return {
    url: `sqlite:${file}`,
    drop: async () => { await rm(folder, { recursive: true, force: true }) },
    // The folder too: a journal or WAL file next to the database would be a write.
    fingerprint: async () => JSON.stringify({ files: await listing(), sha256: createHash('sha256').update(await readFile(file)).digest('hex') })
  }
}

/** An app of the fixture's model on `url`; list handlers attach creator fields, as Strapi's populateCreatorFields does. */
export async function fixtureApp (url: string, options: Partial<ContentApiOptions> = {}): Promise<FastifyInstance> {
  const app = Fastify({ logger: false, pluginTimeout: 120_000 })
  const creatorFields = ({ core }: { core: { find: (request: never, options: { creatorFields: boolean }) => Promise<unknown> } }) => ({
    async find (request: never) { return await core.find(request, { creatorFields: true }) }
  })
  await app.register(contentApi, {
    schemas: `${STRAPI_IMPORT_FIXTURE}src`,
    database: { url },
    i18n: { locales: ['en', 'fr'] },
    docs: false,
    controllers: { 'api::article.article': creatorFields as never },
    ...options
  })
  await app.ready()
  return app
}
