/**
 * The GraphQL side of the tests: an app of the example model with the endpoint on, the
 * corpus magazine (test/fixtures/graphql/seed.ts) written through its REST API, and a
 * client that counts the statements each operation sends.
 */
import type { FastifyInstance } from 'fastify'
import type { ContentApiOptions } from '../../plugin/index.js'
import { seedGraphqlMagazine } from '../fixtures/graphql/seed.js'
import type { GraphqlMagazine } from '../fixtures/graphql/seed.js'
import { buildTestApp } from './app.js'
import type { TestApp } from './app.js'

export const GRAPHQL_LOCALES = { locales: ['en', 'fr'], defaultLocale: 'en' }

export async function graphqlApp (options: Partial<ContentApiOptions> = {}): Promise<TestApp> {
  return await buildTestApp({ i18n: GRAPHQL_LOCALES, graphql: {}, ...options })
}

async function write (app: FastifyInstance, method: 'POST' | 'PUT', url: string, payload: unknown, headers: Record<string, string>): Promise<number> {
  const response = await app.inject({ method, url, payload: payload as Record<string, unknown>, headers })
  if (response.statusCode !== 200) throw new Error(`${method} ${url} answered ${response.statusCode}: ${response.body}`)
  const body = response.json() as { data?: { id: number }, id?: number }
  return body.data?.id ?? body.id!
}

/** `headers`: what a caller allowed to write sends (an admin token when roles are on). */
export async function seedCorpus (app: FastifyInstance, headers: Record<string, string> = {}): Promise<GraphqlMagazine> {
  return await seedGraphqlMagazine({
    post: async (url, body) => await write(app, 'POST', url, body, headers),
    put: async (url, body) => await write(app, 'PUT', url, body, headers),
    localize: async (plural, _uid, id, attributes) => await write(app, 'POST', `/api/${plural}/${id}/localizations`, { ...attributes, locale: 'fr' }, headers)
  })
}

export interface GraphqlAnswer {
  status: number
  body: any
  /** Statements sent while answering. */
  statements: string[]
}

export async function graphql (
  test: TestApp, query: string, variables?: Record<string, unknown>, headers: Record<string, string> = {}
): Promise<GraphqlAnswer> {
  test.statements.reset()
  const response = await test.app.inject({ method: 'POST', url: '/graphql', payload: { query, ...(variables === undefined ? {} : { variables }) }, headers })
  return { status: response.statusCode, body: response.json(), statements: [...test.statements.list] }
}
