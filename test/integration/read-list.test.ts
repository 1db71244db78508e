/** List reads: default fields and values, order, pagination, publication state, filters and sort. */
import t from 'tap'
import { buildTestApp } from '../helpers/app.js'
import { seedMagazine } from '../helpers/magazine.js'

const { app, close } = await buildTestApp()
t.teardown(close)
const ids = await seedMagazine(app)

async function get (url: string): Promise<{ status: number, body: any }> {
  const response = await app.inject({ method: 'GET', url })
  return { status: response.statusCode, body: response.json() }
}

async function titles (query: string): Promise<string[]> {
  const { status, body } = await get(`/api/articles?${query}`)
  if (status !== 200) throw new Error(`${query} answered ${status}: ${JSON.stringify(body)}`)
  return body.data.map((entry: any) => entry.attributes.title)
}

t.test('a list answers the envelope with pagination meta, ordered by id', async t => {
  const { status, body } = await get('/api/articles')
  t.equal(status, 200)
  t.same(body.meta, { pagination: { page: 1, pageSize: 25, pageCount: 1, total: 2 } })
  t.same(body.data.map((entry: any) => entry.id), [ids.articles.alpha, ids.articles.gamma], 'drafts hidden in live, id order')
  t.same(body.data[0].meta, {})
})

t.test('values are rendered per type', async t => {
  const { body } = await get(`/api/articles/${ids.articles.alpha}`)
  const attributes = body.data.attributes
  t.equal(attributes.views, '9007199254740993', 'biginteger as an exact string')
  t.equal(attributes.rating, 4.25, 'decimal as a number')
  t.equal(attributes.publishedOn, '2024-02-29')
  t.equal(attributes.publishAt, '09:30:00')
  t.match(attributes.createdAt, /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/)
  t.match(attributes.publishedAt, /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/)
  t.equal(attributes.featured, false, 'default applied on create')
  t.equal(attributes.status, 'draft-idea')
  t.equal(attributes.slug, 'alpha-release', 'uid generated from its targetField')
  t.notOk('internalNotes' in attributes)
})

t.test('publicationState: live hides drafts, preview shows them, a draft by id is 404 in live', async t => {
  t.same(await titles('publicationState=preview'), ['Alpha release', 'Beta draft', 'Gamma news'])
  const draft = await get(`/api/articles/${ids.articles.draft}`)
  t.equal(draft.status, 404)
  t.equal(draft.body.error.name, 'NotFoundError')
  t.equal((await get(`/api/articles/${ids.articles.draft}?publicationState=preview`)).status, 200)
  t.equal((await get('/api/authors?publicationState=preview')).status, 200, 'ignored on types without draftAndPublish')
})

t.test('pagination: page/pageSize, start/limit, withCount, clamping', async t => {
  const page = await get('/api/articles?publicationState=preview&pagination[page]=2&pagination[pageSize]=2')
  t.same(page.body.meta.pagination, { page: 2, pageSize: 2, pageCount: 2, total: 3 })
  t.same(page.body.data.map((e: any) => e.id), [ids.articles.gamma])
  const offset = await get('/api/articles?publicationState=preview&pagination[start]=1&pagination[limit]=1')
  t.same(offset.body.meta.pagination, { start: 1, limit: 1, total: 3 })
  t.same(offset.body.data.map((e: any) => e.id), [ids.articles.draft])
  const past = await get('/api/articles?pagination[page]=9&pagination[pageSize]=1')
  t.same(past.body, { data: [], meta: { pagination: { page: 9, pageSize: 1, pageCount: 2, total: 2 } } }, 'a page past the end still counts')
  const filteredPast = await get('/api/articles?filters[title][$containsi]=a&pagination[page]=9&pagination[pageSize]=1')
  t.same(filteredPast.body.meta.pagination, { page: 9, pageSize: 1, pageCount: 2, total: 2 }, 'a filtered page past the end still counts')
  const filtered = await get('/api/articles?filters[title][$containsi]=alpha&pagination[pageSize]=1')
  t.same(filtered.body.meta.pagination, { page: 1, pageSize: 1, pageCount: 1, total: 1 })
  const noCount = await get('/api/articles?pagination[withCount]=false')
  t.same(noCount.body.meta.pagination, { page: 1, pageSize: 25 })
  const clamped = await get('/api/articles?pagination[pageSize]=1000')
  t.equal(clamped.body.meta.pagination.pageSize, 100)
  const all = await get('/api/articles?pagination[limit]=-1')
  t.equal(all.body.meta.pagination.limit, 100)
})

t.test('sort: forms, relation paths, id tie-break', async t => {
  t.same(await titles('sort=title:desc'), ['Gamma news', 'Alpha release'])
  t.same(await titles('sort[0]=title:asc'), ['Alpha release', 'Gamma news'])
  t.same(await titles('sort=author.name:desc'), ['Gamma news', 'Alpha release'])
  t.same(await titles('sort[author][name]=asc'), ['Alpha release', 'Gamma news'])
  t.same(await titles('sort=category.name:asc,title:desc'), ['Gamma news', 'Alpha release'])
})

t.test('filters: operators, relations, components, logic', async t => {
  t.same(await titles('filters[title][$eq]=Gamma%20news'), ['Gamma news'])
  t.same(await titles('filters[title][$containsi]=ALPHA'), ['Alpha release'])
  t.same(await titles('filters[title][$contains]=ALPHA'), [], '$contains is case-sensitive')
  t.same(await titles('filters[author][name][$eq]=Bob'), ['Gamma news'])
  t.same(await titles('filters[tags][name][$in][0]=alpha&filters[tags][name][$in][1]=zzz'), ['Alpha release'])
  t.same(await titles('filters[seo][metaTitle][$startsWith]=Alpha'), ['Alpha release'])
  t.same(await titles('filters[$or][0][views][$gt]=100&filters[$or][1][title][$endsWith]=news'), ['Alpha release', 'Gamma news'])
  t.same(await titles('filters[$not][title][$containsi]=alpha'), ['Gamma news'])
  t.same(await titles('filters[excerpt][$null]=true'), ['Alpha release', 'Gamma news'])
  t.same(await titles('filters[views][$between][0]=1&filters[views][$between][1]=100'), ['Gamma news'])
  t.same(await titles('filters[title][$ne]=Gamma%20news'), ['Alpha release'])
  t.same(await titles('filters[title][$containsi]=%25'), [], 'LIKE wildcards in values are literal')
  t.same(await titles('filters[coverOf][number][$eq]=1'), ['Alpha release'], 'through the inverse side of a one-to-one')
})

t.test('fields: array, *, comma string; id always present', async t => {
  const { body } = await get('/api/articles?fields[0]=title&fields[1]=views')
  t.same(Object.keys(body.data[0].attributes).sort(), ['title', 'views'])
  t.equal(body.data[0].id, ids.articles.alpha)
  const comma = await get('/api/articles?fields=title,views')
  t.same(Object.keys(comma.body.data[0].attributes).sort(), ['title', 'views'])
  const star = await get('/api/articles?fields=*')
  t.ok('createdAt' in star.body.data[0].attributes)
})

t.test('a trailing slash on the list path is the list', async t => {
  const { status, body } = await get('/api/articles/')
  t.equal(status, 200)
  t.equal(body.data.length, 2)
})
