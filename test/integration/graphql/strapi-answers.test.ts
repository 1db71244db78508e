/**
 * The corpus (test/fixtures/graphql/operations) answered as a real Strapi 4.26.2 with its
 * GraphQL plugin answered it (strapi-4.26.2/answers.json, recorded by record-strapi.ts on the
 * same magazine), and each root field in one SQL statement. Values that differ between any
 * two runs are left out of the comparison: timestamps, and component ids (Strapi numbers a
 * write's components in no fixed order). Deliberate differences are written out below, each
 * with its reason (docs/graphql.md, 'Differences from Strapi').
 */
import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import t from 'tap'
import { readOperations } from '../../fixtures/graphql/operations.js'
import { graphql, graphqlApp, seedCorpus } from '../../helpers/graphql.js'

const FIXTURES = path.join(path.dirname(fileURLToPath(import.meta.url)), '../../fixtures/graphql/strapi-4.26.2')
const recorded = JSON.parse(fs.readFileSync(path.join(FIXTURES, 'answers.json'), 'utf8')) as Record<string, { status: number, body: any }>

const TIMESTAMPS = new Set(['createdAt', 'updatedAt', 'publishedAt'])

/**
 * Timestamps become `<time>`; `id`s are kept only on entries (an object under `data`), as
 * component and zone item ids are the database's sequence order, which Strapi does not fix.
 */
function comparable (value: unknown, underData = false): unknown {
  if (Array.isArray(value)) return value.map(item => comparable(item, underData))
  if (value === null || typeof value !== 'object') return value
  const result: Record<string, unknown> = {}
  for (const [key, inner] of Object.entries(value)) {
    if (key === 'id' && !underData) continue
    result[key] = TIMESTAMPS.has(key) && typeof inner === 'string' ? '<time>' : comparable(inner, key === 'data')
  }
  return result
}

/** A list read without `sort` comes in id order here, in whatever order PostgreSQL reads the table there. */
function byId (entries: Array<{ id: string }>): void {
  entries.sort((a, b) => Number(a.id) - Number(b.id))
}

/** Where this plugin answers otherwise on purpose. */
const DIFFERENCES: Record<string, (strapi: any) => void> = {
  // Strapi's localization rewrote News, which its table then holds after Culture.
  '07-categories-locales.graphql': strapi => { byId(strapi.data.english.data) },
  '08-category-tree.graphql': strapi => { byId(strapi.data.categories.data) },
  // A draft is not found by id in a live read, as in REST (Strapi's findOne ignores drafts' state).
  '24-unknown-id.graphql': strapi => { strapi.data.draft.data = null }
}

const test = await graphqlApp()
t.teardown(test.close)
await seedCorpus(test.app)

for (const operation of readOperations()) {
  t.test(operation.file, async t => {
    const expected = recorded[operation.file]
    t.ok(expected, 'Strapi\'s answer is recorded')
    const strapi = structuredClone(expected!.body)
    DIFFERENCES[operation.file]?.(strapi)
    // The second answer comes from the operation prepared for the first.
    for (const round of ['first', 'again']) {
      const answer = await graphql(test, operation.query, operation.variables)
      t.equal(answer.status, expected!.status, `${round}: the same status`)
      t.same(comparable(answer.body), comparable(strapi), `${round}: the same answer`)
      const roots = Object.keys(answer.body.data ?? {}).filter(key => key !== '__typename').length
      t.equal(answer.statements.length, roots, `${round}: one statement per root field (${roots})`)
    }
  })
}
