/** populate (docs/querying.md, 'populate') and the entry shapes of docs/api.md, 'Entries', through HTTP against a real database. */
import t from 'tap'
import { buildTestApp } from '../helpers/app.js'
import { seedMagazine } from '../helpers/magazine.js'

const { app, close } = await buildTestApp()
t.teardown(close)
const ids = await seedMagazine(app)

interface Entry { id: number, attributes: Record<string, any>, meta?: Record<string, unknown> }

async function get (url: string): Promise<{ status: number, body: any }> {
  const response = await app.inject({ method: 'GET', url })
  return { status: response.statusCode, body: response.json() }
}

async function alpha (query: string): Promise<Entry> {
  const { status, body } = await get(`/api/articles/${ids.articles.alpha}?${query}`)
  if (status !== 200) throw new Error(`${query} answered ${status}: ${JSON.stringify(body)}`)
  return body.data as Entry
}

t.test('without populate no relation, media, component or zone is returned', async t => {
  const entry = await alpha('')
  for (const name of ['author', 'tags', 'cover', 'gallery', 'seo', 'blocks', 'category', 'related']) {
    t.notOk(name in entry.attributes, `${name} absent`)
  }
  t.same(entry.meta, {})
  t.equal(entry.attributes.title, 'Alpha release')
})

t.test('populate=* populates every relation, media, component and zone one level', async t => {
  const entry = await alpha('populate=*')
  t.match(entry.attributes.author, { data: { id: ids.authors.ann, attributes: { name: 'Ann' } } })
  t.notOk('meta' in entry.attributes.author.data, 'populated entries carry no meta')
  t.notOk('articles' in entry.attributes.author.data.attributes, 'one level only')
  t.same(entry.attributes.tags.data.map((tag: Entry) => tag.attributes.name), ['gamma', 'alpha'], 'write order kept')
  t.same(entry.attributes.cover, { data: null }, 'empty single media')
  t.same(entry.attributes.gallery, { data: [] }, 'empty multiple media')
  t.match(entry.attributes.seo, { id: Number, metaTitle: 'Alpha SEO' })
  t.notOk('openGraph' in entry.attributes.seo, 'components get scalar fields only under *')
  t.same(entry.attributes.blocks.map((item: any) => item.__component), ['blocks.quote', 'blocks.rich-text', 'blocks.related-articles'])
  t.match(entry.attributes.blocks[0], { id: Number, __component: 'blocks.quote', text: 'First quote', attribution: 'Ann' })
  t.notOk('articles' in entry.attributes.blocks[2], 'zone items get scalar fields only under *')
})

t.test('array, comma and object forms name what to populate', async t => {
  const arrayForm = await alpha('populate[0]=author&populate[1]=tags')
  t.ok(arrayForm.attributes.author.data)
  t.equal(arrayForm.attributes.tags.data.length, 2)
  t.notOk('category' in arrayForm.attributes)
  const comma = await alpha('populate=author,category')
  t.equal(comma.attributes.category.data.attributes.name, 'News')
  for (const yes of ['true', 't', '1']) {
    t.ok((await alpha(`populate[author]=${yes}`)).attributes.author.data, `populate[author]=${yes}`)
  }
  for (const no of ['false', 'f', '0']) {
    t.notOk('author' in (await alpha(`populate[author]=${no}`)).attributes, `populate[author]=${no}`)
  }
})

t.test('nested populate goes as deep as asked', async t => {
  const entry = await alpha('populate[author][populate][articles][populate][category][populate][parent]=true')
  const articles = entry.attributes.author.data.attributes.articles.data as Entry[]
  t.same(articles.map(article => article.id), [ids.articles.alpha], 'the draft is hidden at depth in live')
  t.equal(articles[0]!.attributes.category.data.attributes.name, 'News')
  t.same(articles[0]!.attributes.category.data.attributes.parent, { data: null })
  const preview = await get(`/api/articles/${ids.articles.alpha}?publicationState=preview&populate[author][populate][articles][populate][category][populate][parent]=true`)
  const all = preview.body.data.attributes.author.data.attributes.articles.data as Entry[]
  t.same(all.map(article => article.id), [ids.articles.alpha, ids.articles.draft], 'preview shows drafts at depth')
  t.equal(all[1]!.attributes.category.data.attributes.parent.data.attributes.name, 'News')
})

t.test('dotted paths populate each listed level of components', async t => {
  const entry = await alpha('populate[0]=seo&populate[1]=seo.openGraph')
  t.match(entry.attributes.seo, { metaTitle: 'Alpha SEO', openGraph: { id: Number, ogTitle: 'OG alpha' } })
  const both = await alpha('populate[0]=seo.openGraph')
  t.equal(both.attributes.seo.openGraph.ogTitle, 'OG alpha', 'a dotted path populates both levels')
})

t.test('dynamic zones: shared strategy and the on strategy', async t => {
  const shared = await alpha('populate[blocks][populate]=*')
  t.same(shared.attributes.blocks[2].articles, { data: [] }, 'nested relation populated inside every item')
  const on = await alpha('populate[blocks][on][blocks.quote][fields][0]=text&populate[blocks][on][blocks.related-articles][populate]=*')
  t.same(on.attributes.blocks.map((item: any) => item.__component), ['blocks.quote', 'blocks.related-articles'], 'items not named under on are removed')
  t.same(Object.keys(on.attributes.blocks[0]).sort(), ['__component', 'id', 'text'], 'only the selected fields')
  t.same(on.attributes.blocks[1].articles, { data: [] })
})

t.test('fields at the top and inside a populate select attributes at each level', async t => {
  const entry = await alpha('fields[0]=title&populate[author][fields][0]=name')
  t.same(Object.keys(entry.attributes).sort(), ['author', 'title'])
  t.same(entry.attributes.author.data, { id: ids.authors.ann, attributes: { name: 'Ann' } })
})

t.test('sort and filter inside a populated relation', async t => {
  const sorted = await alpha('populate[tags][sort][0]=name%3Aasc')
  t.same(sorted.attributes.tags.data.map((tag: Entry) => tag.attributes.name), ['alpha', 'gamma'])
  const filtered = await alpha('populate[tags][filters][name][$eq]=alpha')
  t.same(filtered.attributes.tags.data.map((tag: Entry) => tag.attributes.name), ['alpha'], 'only matching related entries appear')
})

t.test('count=true answers the number of related entries', async t => {
  const entry = await alpha('populate[tags][count]=true')
  t.same(entry.attributes.tags, { data: { attributes: { count: 2 } } })
})

t.test('inverse sides and self relations populate', async t => {
  const { body } = await get(`/api/authors/${ids.authors.ann}?populate[articles][fields][0]=title&publicationState=preview`)
  t.same(body.data.attributes.articles.data.map((a: Entry) => a.attributes.title), ['Alpha release', 'Beta draft'])
  const gamma = await get(`/api/articles/${ids.articles.gamma}?populate[related][fields][0]=title&populate[coverOf]=true`)
  t.same(gamma.body.data.attributes.related.data.map((a: Entry) => a.id), [ids.articles.alpha], 'drafts hidden in live')
  const alphaCover = await alpha('populate[coverOf][fields][0]=number')
  t.same(alphaCover.attributes.coverOf, { data: { id: ids.issue, attributes: { number: 1 } } })
})

t.test('createdBy and updatedBy are never returned without the creator-fields configuration', async t => {
  const entry = await alpha('populate[0]=createdBy&populate[1]=updatedBy')
  t.notOk('createdBy' in entry.attributes)
  t.notOk('updatedBy' in entry.attributes)
})

t.test('private and password attributes never appear, even with fields=* and populate=*', async t => {
  const entry = await alpha('fields=*&populate=*')
  t.notOk('internalNotes' in entry.attributes)
  const { body } = await get(`/api/authors/${ids.authors.ann}?populate=*`)
  t.notOk('password' in body.data.attributes)
  t.notMatch(JSON.stringify(body), /hunter2/)
})

t.test('the on strategy filters and sorts one component\'s items within their positions', async t => {
  const response = await app.inject({
    method: 'POST',
    url: '/api/articles',
    payload: {
      data: {
        title: 'Quotes',
        blocks: [
          { __component: 'blocks.quote', text: 'zeta' },
          { __component: 'blocks.rich-text', body: 'between' },
          { __component: 'blocks.quote', text: 'alpha' },
          { __component: 'blocks.quote', text: 'mid' }
        ]
      }
    }
  })
  const id = response.json().data.id as number
  const read = async (query: string): Promise<string[]> => {
    const { body } = await get(`/api/articles/${id}?${query}`)
    return body.data.attributes.blocks.map((item: any) => item.text ?? item.body)
  }
  t.same(await read('populate[blocks][populate]=*'), ['zeta', 'between', 'alpha', 'mid'], 'written order')
  t.same(await read('populate[blocks][on][blocks.quote][sort][0]=text:asc&populate[blocks][on][blocks.rich-text]=true'),
    ['alpha', 'between', 'mid', 'zeta'], 'quotes sorted among the slots quotes hold; the rich text keeps its place')
  t.same(await read('populate[blocks][on][blocks.quote][filters][text][$ne]=mid&populate[blocks][on][blocks.rich-text]=true'),
    ['zeta', 'between', 'alpha'], 'filtered items are left out')
  t.same(await read('populate[blocks][on][blocks.quote][filters][text][$ne]=mid&populate[blocks][on][blocks.quote][sort]=text:desc'),
    ['zeta', 'alpha'], 'filter and sort together')
})
