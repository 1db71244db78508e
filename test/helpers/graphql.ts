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

/** One part of a multipart body: a text field, or a file. */
export type MultipartPart = { name: string, value: string } | { name: string, filename: string, bytes: Uint8Array, type?: string }

/**
 * Sends `parts` in the order given as a multipart POST to the endpoint (encoded by the
 * platform's FormData, as a browser's upload link sends it), counting its statements.
 */
export async function graphqlMultipart (test: TestApp, parts: readonly MultipartPart[], headers: Record<string, string> = {}): Promise<GraphqlAnswer> {
  const form = new FormData()
  for (const part of parts) {
    if ('value' in part) form.append(part.name, part.value)
    else form.append(part.name, new Blob([part.bytes], { type: part.type ?? 'application/octet-stream' }), part.filename)
  }
  const encoded = new Response(form)
  test.statements.reset()
  const response = await test.app.inject({
    method: 'POST',
    url: '/graphql',
    payload: Buffer.from(await encoded.arrayBuffer()),
    headers: { ...headers, 'content-type': encoded.headers.get('content-type')! }
  })
  return { status: response.statusCode, body: response.json(), statements: [...test.statements.list] }
}

/**
 * The parts of a GraphQL multipart request as the spec orders them: `operations` (whose
 * `variables` hold a null where each file goes), `map` numbering the files in order by the
 * path each fills, then the files.
 */
export function uploadParts (
  query: string, variables: Record<string, unknown>, files: ReadonlyArray<[path: string, file: { filename: string, bytes: Uint8Array }]>
): MultipartPart[] {
  return [
    { name: 'operations', value: JSON.stringify({ query, variables }) },
    { name: 'map', value: JSON.stringify(Object.fromEntries(files.map(([path], index) => [String(index), [path]]))) },
    ...files.map(([, file], index) => ({ name: String(index), ...file, type: 'image/png' }))
  ]
}
