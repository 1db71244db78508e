/**
 * The Strapi 5.54.0 site of test/fixtures/strapi-v5-project, restored from its dumps into
 * fresh databases (never a running Strapi): the pg_dump with psql, the mysqldump into
 * MariaDB, the SQLite file copied; and an app of this plugin on the same model, for the
 * importer's v5 tests.
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
import { templateCopy } from './databases.js'
import { mysqlDatabaseFrom, withMysql } from './mysql.js'
import type { EngineStrapiDatabase, StrapiEngine } from './strapi-fixture.js'

export const V5_FIXTURE = new URL('../fixtures/strapi-v5-project/', import.meta.url).pathname

/** The v5 dump of `engine` restored where `--from` can read it. */
export async function restoreV5Strapi (engine: StrapiEngine): Promise<EngineStrapiDatabase> {
  if (engine === 'postgres') {
    const dump = `${V5_FIXTURE}strapi-v5-postgres.sql`
    // psql from 15.14 knows the dump's `\restrict` line; the template is restored once per run.
    const database = await templateCopy({
      description: { strapiV5: createHash('sha256').update(readFileSync(dump)).digest('hex') },
      build: async (url) => { execFileSync('psql', ['-q', '-X', '-v', 'ON_ERROR_STOP=1', '-d', url, '-f', dump], { stdio: ['ignore', 'ignore', 'pipe'] }) }
    })
    const url = database.url!
    return {
      url,
      drop: database.drop,
      fingerprint: async () => execFileSync('pg_dump', ['--no-owner', '--no-privileges', '--data-only', '-d', url], { encoding: 'utf8' }).replace(/^\\(un)?restrict .*$/gm, '')
    }
  }
  if (engine === 'mysql') {
    // The first line is a MariaDB client command (the sandbox mode), not SQL.
    const script = readFileSync(`${V5_FIXTURE}strapi-v5-mysql.sql`, 'utf8').replace(/^\/\*M!999999.*\n/, '')
    const database = await mysqlDatabaseFrom(script)
    return {
      url: database.url,
      drop: database.drop,
      fingerprint: async () => await withMysql(async (connection) => {
        const [tables] = await connection.query("select table_name as name from information_schema.tables where table_schema = database() and table_type = 'BASE TABLE' order by 1")
        const names = (tables as Array<{ name: string }>).map(table => `\`${table.name}\``)
        const [sums] = await connection.query(`checksum table ${names.join(', ')} extended`)
        return JSON.stringify(sums)
      }, { database: database.name })
    }
  }
  const folder = await mkdtemp(join(tmpdir(), 'fca-strapi-v5-sqlite-'))
  const file = join(folder, 'data.db')
  await copyFile(`${V5_FIXTURE}strapi-v5.sqlite`, file)
  return {
    url: `sqlite:${file}`,
    drop: async () => { await rm(folder, { recursive: true, force: true }) },
    fingerprint: async () => JSON.stringify({ files: (await readdir(folder)).sort(), sha256: createHash('sha256').update(await readFile(file)).digest('hex') })
  }
}

/** As in the recording: the public role may do everything on the api:: types and upload files. */
export const V5_PERMISSIONS = {
  jwtSecret: 'v5-import-secret-of-sixteen-characters',
  roles: {
    public: {
      'api::article.article': ['find', 'findOne', 'create', 'update', 'delete'],
      'api::author.author': ['find', 'findOne', 'create', 'update', 'delete'],
      'api::category.category': ['find', 'findOne', 'create', 'update', 'delete'],
      'api::homepage.homepage': ['find', 'update', 'delete'],
      'plugin::upload': ['upload', 'find', 'findOne', 'destroy']
    }
  }
}

/** An app of the v5 fixture's model on the database at `url`. */
export async function v5FixtureApp (url: string, options: Partial<ContentApiOptions> = {}): Promise<FastifyInstance> {
  const app = Fastify({ logger: false, pluginTimeout: 120_000 })
  await app.register(contentApi, {
    schemas: `${V5_FIXTURE}src`,
    database: { url },
    i18n: { locales: ['en', 'fr'] },
    docs: false,
    permissions: V5_PERMISSIONS,
    ...options
  })
  await app.ready()
  return app
}
