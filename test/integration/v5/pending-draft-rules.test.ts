/**
 * The rules a published document's pending draft keeps (docs/strapi-v5.md, 'Drafts beside
 * published versions'): a refused first draft write spends no id, concurrent first draft
 * writes make one draft, and the other side of a relation written in a draft leaves the
 * published links alone until the publication.
 */
import pg from 'pg'
import t from 'tap'
import { harness, published } from './pending-drafts-harness.js'
import type { Json } from './pending-drafts-harness.js'

t.test('a refused first draft write copies nothing and spends no id', async t => {
  const h = await harness(t)
  const { article } = await published(h)
  const other = (await h.send('POST', '/api/articles', { data: { title: 'Other', seo: { metaTitle: 'Other' } } })).body.data
  const path = `/api/articles/${article.documentId as string}?status=draft`
  const maxIds = async (): Promise<Json> => (await h.rows('select (select max(id) from articles) as article, (select max(id) from components_shared_seos) as seo'))[0]
  const before = await maxIds()

  const refusals: Array<[string, Json]> = [
    ['a value of the wrong type', { title: 'Engines, draft', views: 'many' }],
    ['another document\'s unique value', { title: 'Engines, draft', slug: other.slug }],
    ['a related row that does not exist', { title: 'Engines, draft', categories: [987654] }]
  ]
  for (const [what, data] of refusals) {
    const refused = await h.send('PUT', path, { data: { ...data, seo: { metaTitle: 'Draft' } } })
    t.equal(refused.status, 400, `${what}: a 400`)
    t.equal(refused.body.error.name, 'ValidationError', `${what}: in the error envelope`)
  }
  t.same(await maxIds(), before, 'no row left behind')
  t.same(await h.rows('select id from articles where document_id = $1', [article.documentId]), [{ id: article.id }], 'no draft row')

  const next = await h.send('POST', '/api/articles?populate=seo', { data: { title: 'Next', seo: { metaTitle: 'Next' } } })
  t.equal(next.body.data.id, Number(before.article) + 1, 'the next entry takes the next id: the refused copies drew none')
  t.equal(next.body.data.seo.id, Number(before.seo) + 1, 'and so does the next component row')
})

t.test('a beforeUpdate hook that refuses a first draft write spends no id either', async t => {
  const heard: Json[] = []
  const h = await harness(t, {
    lifecycles: {
      'api::article.article': {
        async beforeUpdate (event: Json) {
          heard.push({ hook: 'before', id: event.params.where.id, title: event.params.data.title })
          if (event.params.data.title === 'Forbidden') throw Object.assign(new Error('Pick another title'), { name: 'ApplicationError' })
          if (event.params.data.title === 'Spoiled') event.params.data.views = 'many'
          if (event.params.data.title === 'Signed') event.params.data.body = 'Signed by the hook'
        },
        async afterUpdate (event: Json) { heard.push({ hook: 'after', id: event.result.id }) }
      }
    }
  })
  const { article } = await published(h)
  const path = `/api/articles/${article.documentId as string}?status=draft`
  const maxIds = async (): Promise<Json> => (await h.rows('select (select max(id) from articles) as article, (select max(id) from components_shared_seos) as seo'))[0]
  const before = await maxIds()

  const refused = await h.send('PUT', path, { data: { title: 'Forbidden', seo: { metaTitle: 'Draft' } } })
  t.match(refused, { status: 400, body: { error: { name: 'ApplicationError', message: 'Pick another title' } } }, 'the hook\'s refusal, in the error envelope')
  const spoiled = await h.send('PUT', path, { data: { title: 'Spoiled', seo: { metaTitle: 'Draft' } } })
  t.match(spoiled, { status: 400, body: { error: { name: 'ValidationError' } } }, 'the data the hook left, refused by the checks')
  t.same(await maxIds(), before, 'no row left behind')
  t.same(await h.rows('select id from articles where document_id = $1', [article.documentId]), [{ id: article.id }], 'no draft row')
  t.same(heard, [{ hook: 'before', id: article.id, title: 'Forbidden' }, { hook: 'before', id: article.id, title: 'Spoiled' }],
    'the hook ran once per write, on the published row (the draft has none yet), and no after hook')

  heard.length = 0
  const signed = await h.send('PUT', `${path}&populate=seo`, { data: { title: 'Signed' } })
  t.match(signed, { status: 200, body: { data: { title: 'Signed', body: 'Signed by the hook', publishedAt: null, seo: { metaTitle: 'Engines' } } } }, 'the draft holds what the hook left')
  t.equal(signed.body.data.id, Number(before.article) + 1, 'its row takes the next id: the refused writes drew none')
  t.equal(signed.body.data.seo.id, Number(before.seo) + 1, 'and so does its copied component row')
  t.same(heard, [{ hook: 'before', id: article.id, title: 'Signed' }, { hook: 'after', id: signed.body.data.id }], 'the hook ran once; the after hook sees the draft, which it reads')
  t.match((await h.send('GET', `/api/articles/${article.documentId as string}`)).body.data, { title: 'Engines', body: 'First' }, 'the published version untouched')

  heard.length = 0
  const later = await h.send('PUT', path, { data: { title: 'Forbidden' } })
  t.equal(later.status, 400, 'a later draft write: refused as any update')
  t.same(heard, [{ hook: 'before', id: signed.body.data.id, title: 'Forbidden' }], 'its hook sees the draft\'s row')
})

t.test('concurrent first draft writes of one document make one draft', async t => {
  const h = await harness(t)
  const { article } = await published(h)
  const path = `/api/articles/${article.documentId as string}?status=draft`
  // A transaction of the test's own holds the published row: both writes reach it and wait, or finish without it.
  const holder = new pg.Client({ connectionString: h.test.url })
  await holder.connect()
  t.teardown(async () => { await holder.end() })
  await holder.query('begin')
  await holder.query('select id from articles where id = $1 for update', [article.id])

  const first = h.send('PUT', path, { data: { title: 'Engines, draft' } })
  const second = h.send('PUT', path, { data: { body: 'Drafted' } })
  let settled = 0
  void first.finally(() => { settled++ })
  void second.finally(() => { settled++ })
  // Asked outside the holder's transaction, which would see the activity as it was when it first asked.
  const waiting = async (): Promise<number> => Number((await h.rows(
    "select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'"))[0].n)
  // Polled until both have reached the lock or both have answered: the state observed, not a guessed delay.
  let waiters = 0
  for (const until = Date.now() + 60_000; settled < 2 && Date.now() < until;) {
    waiters = await waiting()
    if (waiters === 2) break
    await new Promise(resolve => setTimeout(resolve, 20))
  }
  t.equal(waiters, 2, 'both first draft writes queue on the published row')
  await holder.query('commit')
  const answers = await Promise.all([first, second])
  t.same(answers.map(answer => answer.status), [200, 200])

  const drafts = await h.rows('select id, title, body from articles where document_id = $1 and published_at is null', [article.documentId])
  t.equal(drafts.length, 1, 'one draft row')
  t.match(drafts[0], { title: 'Engines, draft', body: 'Drafted' }, 'holding both writes')
  t.same(answers.map(answer => answer.body.data.id), [drafts[0].id, drafts[0].id], 'both answered the same draft')
  t.match((await h.send('GET', `/api/articles/${article.documentId as string}`)).body.data, { title: 'Engines', body: 'First' }, 'the published version untouched')
})

t.test('the other side of a relation written in a draft stays with the drafts until the publication', async t => {
  const h = await harness(t)
  const { article, category } = await published(h)
  const other = (await h.send('POST', '/api/articles', { data: { title: 'Turbines' } })).body.data
  const path = `/api/categories/${category.documentId as string}`
  const names = (entries: Json[]): string[] => entries.map(entry => entry.title ?? entry.name)
  const read = async (url: string, attribute: string): Promise<string[]> => names((await h.send('GET', url)).body.data[attribute])
  const publishedLinks = 'select l.owner_id, l.target_id, l.ord, l.inv_ord from articles_categories_lnk l join articles a on a.id = l.owner_id where a.published_at is not null order by l.id'
  const linksBefore = await h.rows(publishedLinks)

  const refused = await h.send('PUT', `${path}?status=draft`, { data: { articles: [987654] } })
  t.equal(refused.status, 400, 'an owner that does not exist: a 400')
  t.equal((await h.rows('select count(*)::int as n from articles where published_at is null'))[0].n, 0, 'and no draft opened')

  const draft = await h.send('PUT', `${path}?status=draft&populate=articles`, { data: { name: 'Science (draft)', articles: [other.documentId] } })
  t.equal(draft.status, 200)
  t.same(names(draft.body.data.articles), ['Turbines'], 'the draft lists what it was sent')
  t.same(await h.rows(publishedLinks), linksBefore, 'the published articles\' links are as they were')
  t.same(await read(`${path}?populate=articles`, 'articles'), ['Engines'], 'published readers of the category see no change')
  t.same(await read(`/api/articles/${article.documentId as string}?populate=categories`, 'categories'), ['Science'], 'nor of the article it no longer lists')
  t.same(await read(`/api/articles/${other.documentId as string}?populate=categories`, 'categories'), [], 'nor of the article it now lists')
  t.same(await read(`${path}?status=draft&populate=articles`, 'articles'), ['Turbines'], 'draft readers see the draft\'s list')
  t.same(await read(`/api/articles/${article.documentId as string}?status=draft&populate=categories`, 'categories'), [], 'from both sides')
  t.same(await read(`/api/articles/${other.documentId as string}?status=draft&populate=categories`, 'categories'), ['Science (draft)'])

  t.equal((await h.send('PUT', path, { data: {} })).status, 200, 'the category published')
  t.same(await read(`${path}?populate=articles`, 'articles'), ['Turbines'], 'the publication carries the list over')
  t.same(await read(`/api/articles/${article.documentId as string}?populate=categories`, 'categories'), [], 'to both sides')
  t.same(await read(`/api/articles/${other.documentId as string}?populate=categories`, 'categories'), ['Science (draft)'])
  t.same(await read(`/api/articles/${other.documentId as string}?status=draft&populate=categories`, 'categories'), ['Science (draft)'], 'the drafts agree')
})
