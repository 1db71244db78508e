/**
 * `--verify` for a Strapi v5 site: the reads are asked in v5's own format (entries by
 * documentId, `status`), per type and status the number of entries, and a sample of
 * documents in both statuses. Checked on the Strapi 5.54.0 fixture's PostgreSQL dump, imported
 * with Strapi's ids and documentIds: the final reads of the recording (test/fixtures/
 * strapi-v5-project) answer as Strapi 5 answered, the draft reads' row ids aside (the one
 * deliberate difference an import keeps); and a count or a read that differs is reported.
 */
import t from 'tap'
import type { FastifyInstance } from 'fastify'
import { freshDatabase } from '../helpers/app.js'
import { restoreV5Strapi, v5FixtureApp } from '../helpers/strapi-v5-fixture.js'
import { recording } from '../integration/v5/replay.js'
import { resolve } from '../fixtures/strapi-v5-project/placeholders.mjs'
import { DELTAS } from '../../plugin/import/compare-answers.js'
import type { Answer } from '../../plugin/import/compare-answers.js'
import { verifyReadListV5, verifyReads } from '../../plugin/import/verify-reads.js'
import type { V5Document } from '../../plugin/import/verify-reads.js'

function injected (app: FastifyInstance): (url: string) => Promise<Answer> {
  return async (url) => {
    const response = await app.inject(url)
    return { status: response.statusCode, body: response.body === '' ? null : response.json() }
  }
}

t.test('--verify on a Strapi v5 site: counts per type and status, sample answers, in the v5 format', async t => {
  const strapi = await restoreV5Strapi('postgres')
  t.teardown(strapi.drop)
  const target = await freshDatabase()
  t.teardown(target.drop)
  const app = await v5FixtureApp(target.url!, { apiFormat: 'v5' })
  t.teardown(() => app.close())
  const report = await app.contentApi.importStrapi({ from: strapi.url })
  t.equal(report.outcome, 'imported', report.refusal ?? '')

  await t.test('the recording\'s final reads answer as Strapi 5 did; draft reads compared without row ids', async t => {
    const recorded = recording()
    // The dump is PostgreSQL's run of the recording: its documentIds are the import's, so the recorded urls are sent as they were.
    const named: Record<string, unknown> = {}
    recorded.uploads.forEach(upload => { named[upload.name] = upload.answer })
    const answers = new Map<string, Answer>()
    for (const step of recorded.steps) {
      if (step.name !== undefined) named[step.name] = step.answer
      if (step.method === 'GET' && step.section === 'final' && step.headers === undefined) answers.set(resolve(step.url, named), { status: step.status, body: step.answer })
    }
    t.ok(answers.size >= 10, `${answers.size} recorded final reads`)
    const verified = await verifyReads({
      reads: [...answers.keys()],
      format: 'v5',
      strapi: async (url) => answers.get(url)!,
      ours: injected(app)
    })
    t.same(verified.differences, [], 'no difference')
    t.equal(verified.equal, answers.size)
    t.ok(verified.accepted.includes(DELTAS.draftRowIds), 'the draft reads\' row ids are the accepted difference')
  })

  await t.test('the read list: counts per type, status and locale, lists, and each sampled document in both statuses', async t => {
    const documents = new Map<string, V5Document[]>([
      ['api::article.article', (await app.contentApi.db.query('select document_id, locale from articles group by document_id, locale order by min(id) limit 3', []))
        .map(row => ({ documentId: String(row.document_id), locale: String(row.locale) }))]
    ])
    const { counts, reads } = verifyReadListV5(app.contentApi.registry, { documents, locales: ['en', 'fr'] })
    t.ok(counts.includes('/api/articles?status=draft&locale=fr&pagination[pageSize]=1'), 'a localized type counted per status and locale')
    t.ok(counts.includes('/api/authors?status=published&pagination[pageSize]=1'), 'a type without draft & publish counted once')
    t.notOk(counts.some(url => url.startsWith('/api/authors?status=draft')))
    t.ok(reads.includes('/api/homepage?status=draft&populate=*'), 'a single type read in both statuses')
    const [first] = documents.get('api::article.article')!
    t.ok(reads.includes(`/api/articles/${first!.documentId}?status=published&locale=${first!.locale!}&populate=*`))

    const same = await verifyReads({ counts, reads, format: 'v5', strapi: injected(app), ours: injected(app) })
    t.same([same.reads, same.equal, same.differences], [counts.length + reads.length, counts.length + reads.length, []], 'the same site answers the same')

    // A site that has one more draft article, and answers one document otherwise.
    const ours = injected(app)
    const sampled = `/api/articles/${first!.documentId}?status=published&locale=${first!.locale!}&populate=*`
    const differs = await verifyReads({
      counts,
      reads,
      format: 'v5',
      ours,
      strapi: async (url) => {
        const answer = await ours(url)
        if (url === '/api/articles?status=draft&locale=en&pagination[pageSize]=1') {
          const body = answer.body as { meta: { pagination: { total: number } } }
          return { ...answer, body: { ...body, meta: { pagination: { ...body.meta.pagination, total: body.meta.pagination.total + 1 } } } }
        }
        if (url === sampled) return { status: 404, body: { data: null } }
        return answer
      }
    })
    t.same(differs.differences.map(difference => [difference.url, difference.path]), [
      ['/api/articles?status=draft&locale=en&pagination[pageSize]=1', 'meta.pagination.total'],
      [sampled, 'status']
    ])
    t.equal(differs.equal, counts.length + reads.length - 2)
  })
})
