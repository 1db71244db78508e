/**
 * A published document's pending draft (docs/strapi-v5.md, 'Drafts beside published
 * versions'): `PUT ?status=draft` writes a second row of the document, readers of published
 * content keep the published one, a publication moves the draft over it, a delete takes both;
 * reads stay one statement, writes are counted.
 */
import t from 'tap'
import { harness, published } from './pending-drafts-harness.js'
import type { Json } from './pending-drafts-harness.js'

t.test('a draft write keeps the published version for its readers', async t => {
  const h = await harness(t)
  const { article, category } = await published(h)
  const { documentId } = article
  const path = `/api/articles/${documentId as string}`

  h.test.statements.reset()
  const first = await h.send('PUT', `${path}?status=draft`, { data: { title: 'Engines, draft' } })
  t.match(first, { status: 200, body: { data: { documentId, title: 'Engines, draft', publishedAt: null } } })
  t.not(first.body.data.id, article.id, 'a row of its own')
  // The document's rows read; begin, the published row locked with the write's checks (its
  // facts read), the copy of the row, the copy of its links and component rows, the update, commit.
  t.equal(h.test.statements.count(), 7, 'the first draft write: seven statements, in one transaction')

  const draft = await h.send('PUT', `${path}?status=draft&populate=*`, { data: { title: 'Engines, revised', seo: { metaTitle: 'Revised' }, categories: [] } })
  t.equal(draft.status, 200)
  t.match(draft.body.data, { id: first.body.data.id, documentId, title: 'Engines, revised', body: 'First', publishedAt: null, seo: { metaTitle: 'Revised' }, categories: [], blocks: [{ text: 'Hello' }] },
    'the draft: its own values, the unsent ones copied from the published version')

  const stored = await h.rows('select id, title, published_at from articles where document_id = $1 order by id', [documentId])
  t.equal(stored.length, 2, 'two rows of the document')
  t.match(stored, [{ id: article.id, title: 'Engines' }, { title: 'Engines, revised', published_at: null }])

  h.test.statements.reset()
  const read = await h.send('GET', `${path}?populate=*`)
  t.match(read.body.data, { id: article.id, title: 'Engines', seo: { metaTitle: 'Engines' }, categories: [{ documentId: category.documentId }] }, 'status=published: the published version')
  t.equal(h.test.statements.count(), 1, 'one statement')
  h.test.statements.reset()
  const asDraft = await h.send('GET', `${path}?status=draft&populate=*`)
  t.match(asDraft.body.data, { id: draft.body.data.id, title: 'Engines, revised', publishedAt: null, categories: [] }, 'status=draft: the draft')
  t.equal(h.test.statements.count(), 1, 'one statement')

  const list = await h.send('GET', '/api/articles?status=draft')
  t.equal(list.body.meta.pagination.total, 1, 'one entry per document in a draft list')
  t.same(list.body.data.map((entry: Json) => entry.title), ['Engines, revised'])
  t.same((await h.send('GET', '/api/articles')).body.data.map((entry: Json) => entry.title), ['Engines'], 'and in a published list')

  h.test.statements.reset()
  const again = await h.send('PUT', `${path}?status=draft`, { data: { body: 'Second' } })
  t.match(again.body.data, { id: draft.body.data.id, title: 'Engines, revised', body: 'Second' }, 'a later draft write edits the same draft')
  t.equal(h.test.statements.count(), 2, 'as an update of its row: the document\'s rows read, the update')
  t.equal((await h.rows('select count(*)::int as n from articles where document_id = $1', [documentId]))[0].n, 2)
})

t.test('populated relations follow the status at every depth', async t => {
  const h = await harness(t)
  const { article, category } = await published(h)
  await h.send('PUT', `/api/categories/${category.documentId as string}?status=draft`, { data: { name: 'Science (draft)' } })
  await h.send('PUT', `/api/articles/${article.documentId as string}?status=draft`, { data: { title: 'Engines (draft)' } })

  const query = 'populate[articles][populate][categories][fields][0]=name&populate[articles][fields][0]=title'
  h.test.statements.reset()
  const live = await h.send('GET', `/api/categories/${category.documentId as string}?${query}`)
  t.match(live.body.data, { name: 'Science', articles: [{ title: 'Engines', categories: [{ name: 'Science' }] }] }, 'published at every depth')
  const draft = await h.send('GET', `/api/categories/${category.documentId as string}?status=draft&${query}`)
  t.match(draft.body.data, { name: 'Science (draft)', publishedAt: null, articles: [{ title: 'Engines (draft)', categories: [{ name: 'Science (draft)' }] }] },
    'drafts at every depth, through both sides of the relation')
  const list = await h.send('GET', `/api/categories?status=draft&${query}`)
  t.match(list.body.data, [{ name: 'Science (draft)', articles: [{ title: 'Engines (draft)', categories: [{ name: 'Science (draft)' }] }] }], 'a list too (set-wise populate)')
  t.equal(h.test.statements.count(), 3, 'one statement per read')

  const fr = await h.send('PUT', `/api/articles/${article.documentId as string}?locale=fr`, { data: { title: 'Moteurs' } })
  t.equal(fr.status, 200)
  const localized = await h.send('GET', `/api/articles/${article.documentId as string}?status=draft&populate=localizations`)
  t.match(localized.body.data, { title: 'Engines (draft)', localizations: [{ locale: 'fr', title: 'Moteurs' }] }, 'a draft row reads its document\'s localizations')
})

t.test('a publication moves the draft over the published row, which keeps its id', async t => {
  const h = await harness(t)
  const { article, category } = await published(h)
  const path = `/api/articles/${article.documentId as string}`
  await h.send('PUT', `${path}?status=draft`, { data: { title: 'Engines, revised', seo: { metaTitle: 'Revised' }, blocks: [{ __component: 'sections.quote', text: 'Bye' }] } })

  h.test.statements.reset()
  const publishedAgain = await h.send('PUT', path, { data: { body: 'Final' } })
  t.match(publishedAgain, { status: 200, body: { data: { id: article.id, title: 'Engines, revised', body: 'Final', publishedAt: /Z$/ } } }, 'the draft\'s values and the write\'s, in the published row')
  // The document's rows read; begin, the published row's links and component rows deleted, the
  // draft's values copied and its links moved, the draft row deleted, the update, commit.
  t.equal(h.test.statements.count(), 7, 'a publication with a pending draft: seven statements, in one transaction')
  t.match((await h.send('GET', `${path}?populate=*`)).body.data, { id: article.id, title: 'Engines, revised', seo: { metaTitle: 'Revised' }, blocks: [{ text: 'Bye' }] },
    'with the draft\'s component and zone')
  t.same(await h.rows('select id from articles where document_id = $1', [article.documentId]), [{ id: article.id }], 'one row again')
  const seos = await h.rows('select count(*)::int as n from components_shared_seos')
  t.equal(seos[0].n, 1, 'no component row left behind')
  const fromCategory = await h.send('GET', `/api/categories/${category.documentId as string}?populate=articles`)
  t.match(fromCategory.body.data.articles, [{ id: article.id, title: 'Engines, revised' }], 'links pointing at the document stay valid')
  const v4 = await h.send('GET', `/api/v4/articles/${article.id as number}`)
  t.match(v4.body.data, { id: article.id, attributes: { title: 'Engines, revised' } }, 'the v4 id stays')
})

t.test('a delete takes both rows; unique values are unique per document', async t => {
  const h = await harness(t)
  const { article } = await published(h)
  const path = `/api/articles/${article.documentId as string}`
  const draft = await h.send('PUT', `${path}?status=draft`, { data: { title: 'Engines, revised' } })
  t.equal(draft.body.data.slug, article.slug, 'the draft and its published row share their uid')

  const taken = await h.send('POST', '/api/articles', { data: { title: 'Other', slug: article.slug } })
  t.equal(taken.status, 400, 'another document cannot take it')
  const other = (await h.send('POST', '/api/articles?status=draft', { data: { title: 'Other', slug: 'other' } })).body.data
  const takenByDraft = await h.send('PUT', `/api/articles/${other.documentId as string}?status=draft`, { data: { slug: article.slug } })
  t.equal(takenByDraft.status, 400, 'nor another document\'s draft')
  const again = await h.send('PUT', `${path}?status=draft`, { data: { slug: article.slug } })
  t.equal(again.status, 200, 'the document\'s own draft keeps it')

  h.test.statements.reset()
  t.equal((await h.send('DELETE', path)).status, 204)
  // The document's rows read; begin, the draft row deleted, the published row deleted, commit.
  t.equal(h.test.statements.count(), 5, 'a delete with a pending draft: both rows in one transaction')
  t.same(await h.rows('select id from articles where document_id = $1', [article.documentId]), [], 'both rows deleted')
  t.equal((await h.rows('select count(*)::int as n from components_shared_seos'))[0].n, 0, 'and their component rows')
})

t.test('the v4 format: one row per document', async t => {
  const h = await harness(t)
  const { article } = await published(h)
  const draftOnly = (await h.send('POST', '/api/articles?status=draft', { data: { title: 'Unpublished' } })).body.data
  await h.send('PUT', `/api/articles/${article.documentId as string}?status=draft`, { data: { title: 'Engines, revised' } })

  const live = await h.send('GET', '/api/v4/articles?publicationState=live')
  t.same(live.body.data.map((entry: Json) => entry.attributes.title), ['Engines'], 'live: the published rows')
  const preview = await h.send('GET', '/api/v4/articles?publicationState=preview&pagination[pageSize]=1')
  t.equal(preview.body.meta.pagination.total, 2, 'preview: one entry per document, counted so')
  const all = await h.send('GET', '/api/v4/articles?publicationState=preview&sort=id')
  t.same(all.body.data.map((entry: Json) => [entry.id, entry.attributes.title]), [[article.id, 'Engines'], [draftOnly.id, 'Unpublished']],
    'the published row (its v4 id), and the draft-only one')
  const hidden = await h.send('GET', `/api/v4/articles/${(await h.send('GET', `/api/articles/${article.documentId as string}?status=draft`)).body.data.id as number}?publicationState=preview`)
  t.equal(hidden.status, 404, 'a pending draft\'s row has no v4 entry')

  const written = await h.send('PUT', `/api/v4/articles/${article.id as number}`, { data: { body: 'Through v4' } })
  t.match(written.body.data.attributes, { title: 'Engines', body: 'Through v4' }, 'a v4 write writes the published row it names')
  t.match((await h.send('GET', `/api/articles/${article.documentId as string}?status=draft`)).body.data, { title: 'Engines, revised', body: 'First' },
    'and leaves the pending draft as it is')

  t.equal((await h.send('DELETE', `/api/v4/articles/${article.id as number}`)).status, 200, 'a v4 delete deletes the published row it names')
  t.equal((await h.send('GET', `/api/articles/${article.documentId as string}`)).status, 404, 'the document is no longer published')
  t.match((await h.send('GET', `/api/articles/${article.documentId as string}?status=draft`)).body.data, { title: 'Engines, revised', publishedAt: null },
    'its pending draft remains, as a draft-only document')
})

t.test('GraphQL reads one row per document, as the v4 format does', async t => {
  const h = await harness(t)
  const { article, category } = await published(h)
  await h.send('PUT', `/api/articles/${article.documentId as string}?status=draft`, { data: { title: 'Engines, revised' } })
  const ask = async (query: string): Promise<Json> => (await h.test.app.inject({ method: 'POST', url: '/graphql', payload: { query } })).json()
  const titles = (answer: Json): string[] => answer.data.articles.data.map((entry: Json) => `${entry.id as string} ${entry.attributes.title as string}`)

  h.test.statements.reset()
  t.same(titles(await ask('{ articles { data { id attributes { title } } } }')), [`${article.id as number} Engines`], 'LIVE: the published row')
  t.same(titles(await ask('{ articles(publicationState: PREVIEW) { data { id attributes { title } } meta { pagination { total } } } }')), [`${article.id as number} Engines`],
    'PREVIEW: one row per document, the published one with its id')
  const nested = await ask(`{ category(id: ${category.id as number}) { data { attributes { articles(publicationState: PREVIEW) { data { id attributes { title } } } } } } }`)
  t.same(nested.data.category.data.attributes.articles.data, [{ id: String(article.id), attributes: { title: 'Engines' } }], 'and so does a relation')
  t.equal(h.test.statements.count(), 3, 'one statement per query')
})
