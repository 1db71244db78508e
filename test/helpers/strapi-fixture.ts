/**
 * The Strapi 4.26.2 site of test/fixtures/strapi-import, restored with psql from its
 * pg_dump into a fresh database (never a running Strapi), and an app of this plugin on the
 * same model, for the importer's tests.
 */
import { execFileSync } from 'node:child_process'
import { createHash } from 'node:crypto'
import { readFileSync } from 'node:fs'
import Fastify from 'fastify'
import type { FastifyInstance } from 'fastify'
import contentApi from '../../plugin/index.js'
import type { ContentApiOptions } from '../../plugin/index.js'
import type { Answer } from '../../plugin/import/compare-answers.js'
import { templateCopy } from './databases.js'

export const STRAPI_IMPORT_FIXTURE = new URL('../fixtures/strapi-import/', import.meta.url).pathname

/** Strapi's recorded answers: url → { status, body }. */
export function strapiAnswers (): Record<string, Answer> {
  return JSON.parse(readFileSync(`${STRAPI_IMPORT_FIXTURE}answers.json`, 'utf8')) as Record<string, Answer>
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
