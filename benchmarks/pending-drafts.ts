/**
 * The data of the `-drafts` scenarios: half the published articles given a pending draft
 * (docs/strapi-v5.md, 'Drafts beside published versions'), each by the plugin's own first
 * draft write (`PUT /api/v5/articles/<documentId>?status=draft`), so the table holds what a
 * site where editors are mid-edit holds: a second row per such document, with copies of its
 * links, component rows and zone items. Readers of published content must not pay for them.
 */
import { withClient } from './database.js'
import { call } from './http.js'

/** Requests in flight while the drafts are written. */
const CONCURRENCY = 8

export interface PendingDraftsSetup {
  /** The server whose v5 mount writes the drafts (the untimed statement probe). */
  origin: string
  prefix: string
  databaseUrl: string
  /** Always among them: the single-entry scenarios read it. */
  singleArticleId: number
}

/** Gives every second published article (by id) and the single-entry article a pending draft; answers how many. */
export async function addPendingDrafts ({ origin, prefix, databaseUrl, singleArticleId }: PendingDraftsSetup): Promise<number> {
  const rows = await withClient(databaseUrl, async client => (await client.query<{ id: number, document_id: string }>(
    'select id, document_id from articles where published_at is not null order by id')).rows)
  const chosen = rows.filter((row, index) => index % 2 === 0 || row.id === singleArticleId).map(row => row.document_id)
  const queue = [...chosen]
  const writer = async (): Promise<void> => {
    for (let documentId = queue.shift(); documentId !== undefined; documentId = queue.shift()) {
      const path = `${prefix}/articles/${documentId}?status=draft`
      const answer = await call(origin, 'PUT', path, JSON.stringify({ data: { excerpt: 'Being revised in a pending draft.' } }))
      if (answer.status !== 200) throw new Error(`PUT ${path} answered ${answer.status}: ${JSON.stringify(answer.body).slice(0, 300)}`)
    }
  }
  await Promise.all(Array.from({ length: CONCURRENCY }, writer))
  return chosen.length
}
