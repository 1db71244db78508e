/**
 * The app of the pending-draft tests (docs/strapi-v5.md, 'Drafts beside published versions'):
 * the Strapi 5 fixture project in the v5 format, the v4 format beside it at /api/v4 and
 * GraphQL, a session of the test's own on its database, and a published article to draft.
 */
import pg from 'pg'
import type { Test } from 'tap'
import { buildTestApp } from '../../helpers/app.js'
import type { TestApp } from '../../helpers/app.js'
import type { ContentApiOptions } from '../../../plugin/index.js'
import { V5_PROJECT } from './replay.js'

export type Json = any

const schemas = `${V5_PROJECT}src`
const i18n = { locales: ['en', 'fr'] }

export interface Harness {
  test: TestApp
  send: (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: Json) => Promise<{ status: number, body: Json }>
  rows: (sql: string, params?: unknown[]) => Promise<Json[]>
}

/** `options`: more of the plugin's options (hooks, other schemas), over the harness's own. */
export async function harness (t: Test, options: Partial<ContentApiOptions> = {}): Promise<Harness> {
  const test = await buildTestApp({ schemas, i18n, apiFormat: 'v5', alsoServe: { apiFormat: 'v4', prefix: '/api/v4' }, graphql: true, ...options })
  const client = new pg.Client({ connectionString: test.url })
  await client.connect()
  t.teardown(async () => {
    await client.end()
    await test.close()
  })
  return {
    test,
    send: async (method, url, payload) => {
      const response = await test.app.inject({ method, url, ...(payload === undefined ? {} : { payload }) })
      return { status: response.statusCode, body: response.body === '' ? null : response.json() }
    },
    rows: async (sql, params = []) => (await client.query(sql, params)).rows
  }
}

/** A published article with a relation, a component and a zone item, and its category. */
export async function published (h: Harness): Promise<{ article: Json, category: Json }> {
  const category = (await h.send('POST', '/api/categories', { data: { name: 'Science' } })).body.data
  const created = await h.send('POST', '/api/articles?populate=*', {
    data: {
      title: 'Engines',
      body: 'First',
      categories: [category.documentId],
      seo: { metaTitle: 'Engines' },
      blocks: [{ __component: 'sections.quote', text: 'Hello' }]
    }
  })
  return { article: created.body.data, category }
}
