/**
 * compareAnswers: each Δ difference of docs/decisions.md is accepted and named; anything else,
 * however small, is a difference with its path.
 */
import t from 'tap'
import { compareAnswers, DELTAS } from '../../../plugin/import/compare-answers.js'

const entry = (id: number, attributes: Record<string, unknown>) => ({ id, attributes })
const ok = (body: unknown) => ({ status: 200, body })

t.test('equal answers have no difference', async t => {
  const body = { data: [entry(1, { title: 'a' })], meta: { pagination: { total: 1 } } }
  t.same(compareAnswers({ url: '/api/articles?sort=id', strapi: ok(body), ours: ok(structuredClone(body)) }), { differences: [], accepted: [] })
})

t.test('a changed value, a missing key, a longer list are differences with their paths', async t => {
  const strapi = ok({ data: [entry(1, { title: 'a', tags: { data: [entry(2, { name: 'x' })] } })] })
  const ours = ok({ data: [entry(1, { title: 'b', tags: { data: [entry(2, { name: 'x' }), entry(3, { name: 'y' })] } })] })
  const { differences } = compareAnswers({ url: '/api/articles?sort=title', strapi, ours })
  t.same(differences.map(d => [d.path, d.strapi, d.ours]), [
    ['data[0].attributes.title', 'a', 'b'],
    ['data[0].attributes.tags.data.length', 1, 2]
  ])
  const missing = compareAnswers({ url: '/api/articles/1', strapi: ok({ data: entry(1, { title: 'a', rank: 1 }) }), ours: ok({ data: entry(1, { title: 'a' }) }) })
  t.same(missing.differences.map(d => d.path), ['data.attributes.rank'])
  t.same(compareAnswers({ url: '/api/x', strapi: { status: 403, body: null }, ours: { status: 404, body: null } }).differences.map(d => d.path), ['status'])
})

t.test('a list without sort is compared as a set; with sort, in order', async t => {
  const strapi = ok({ data: [entry(2, {}), entry(1, {})] })
  const ours = ok({ data: [entry(1, {}), entry(2, {})] })
  t.same(compareAnswers({ url: '/api/tags', strapi, ours }), { differences: [], accepted: [DELTAS.order] })
  t.equal(compareAnswers({ url: '/api/tags?sort=name', strapi, ours }).differences.length, 2)
})

t.test('the Δ differences of docs/decisions.md are accepted and named', async t => {
  const media = compareAnswers({ url: '/api/a/1', strapi: ok({ data: entry(1, { gallery: { data: null } }) }), ours: ok({ data: entry(1, { gallery: { data: [] } }) }) })
  t.same(media, { differences: [], accepted: [DELTAS.emptyMedia] })

  const draft = compareAnswers({ url: '/api/a/5', strapi: ok({ data: entry(5, { publishedAt: null }) }), ours: { status: 404, body: {} } })
  t.same(draft, { differences: [], accepted: [DELTAS.draft404] })
  const preview = compareAnswers({ url: '/api/a/5?publicationState=preview', strapi: ok({ data: entry(5, { publishedAt: null }) }), ours: { status: 404, body: {} } })
  t.same(preview.differences.map(d => d.path), ['status'], 'in preview a draft must be there')

  const hidden = compareAnswers({
    url: '/api/authors/1?populate=*',
    strapi: ok({ data: entry(1, { articles: { data: [entry(1, { publishedAt: 'x' }), entry(5, { publishedAt: null })] } }) }),
    ours: ok({ data: entry(1, { articles: { data: [entry(1, { publishedAt: 'x' })] } }) })
  })
  t.same(hidden, { differences: [], accepted: [DELTAS.draftRelations] })

  const ada = { firstname: 'Ada', lastname: 'Lovelace' }
  const creator = compareAnswers({
    url: '/api/articles?sort=id',
    strapi: ok({ data: [entry(1, { createdBy: { data: { id: 1, attributes: { ...ada, username: null } } }, updatedBy: { data: null } })] }),
    ours: ok({ data: [{ ...entry(1, { createdBy: { id: 1, ...ada }, updatedBy: null }), meta: {} }] })
  })
  t.same(creator.differences, [])
  t.same(creator.accepted.sort(), [DELTAS.creatorFields, DELTAS.entryMeta].sort())
  const wrongCreator = compareAnswers({
    url: '/api/articles?sort=id',
    strapi: ok({ data: [entry(1, { createdBy: { data: { id: 1, attributes: ada } } })] }),
    ours: ok({ data: [entry(1, { createdBy: { id: 2, ...ada } })] })
  })
  t.same(wrongCreator.differences.map(d => d.path), ['data[0].attributes.createdBy'])

  const time = compareAnswers({ url: '/api/p/1', strapi: ok({ data: entry(1, { wakeUp: '06:30:15.25' }) }), ours: ok({ data: entry(1, { wakeUp: '06:30:15' }) }) })
  t.same(time, { differences: [], accepted: [DELTAS.time] })
  const otherTime = compareAnswers({ url: '/api/p/1', strapi: ok({ data: entry(1, { wakeUp: '06:30:15.25' }) }), ours: ok({ data: entry(1, { wakeUp: '06:30:16' }) }) })
  t.equal(otherTime.differences.length, 1)
})

t.test('v5: draft reads are compared without row ids, lists by documentId; a publishedAt that is the entry\'s updatedAt is the Δ of types without drafts', async t => {
  const flat = (id: number, documentId: string, fields: Record<string, unknown> = {}) => ({ id, documentId, ...fields })
  const strapi = ok({ data: [flat(7, 'b', { seo: { id: 30 } }), flat(5, 'a')] })
  const ours = ok({ data: [flat(2, 'a'), flat(4, 'b', { seo: { id: 12 } })] })
  t.same(compareAnswers({ url: '/api/articles?status=draft', strapi, ours, format: 'v5' }), { differences: [], accepted: [DELTAS.order, DELTAS.draftRowIds] })
  t.same(compareAnswers({ url: '/api/articles?status=published', strapi, ours, format: 'v5' }).differences.map(d => d.path),
    ['data[0].id', 'data[1].id', 'data[1].seo.id'], 'published reads keep Strapi\'s ids, so they are compared')
  t.same(compareAnswers({ url: '/api/articles?status=draft', strapi: ok({ data: flat(5, 'a', { title: 'x' }) }), ours: ok({ data: flat(2, 'a', { title: 'y' }) }), format: 'v5' }).differences.map(d => d.path),
    ['data.title'], 'the rest of a draft is compared')

  const author = (publishedAt: string) => ok({ data: flat(1, 'a', { updatedAt: '2026-01-02T00:00:00.000Z', publishedAt }) })
  t.same(compareAnswers({ url: '/api/authors/a', strapi: author('2026-01-01T00:00:00.000Z'), ours: author('2026-01-02T00:00:00.000Z'), format: 'v5' }),
    { differences: [], accepted: [DELTAS.publishedAtAsUpdatedAt] })
  t.same(compareAnswers({ url: '/api/authors/a', strapi: author('2026-01-01T00:00:00.000Z'), ours: author('2026-01-03T00:00:00.000Z'), format: 'v5' }).differences.map(d => d.path),
    ['data.publishedAt'], 'any other publishedAt is compared')
})
