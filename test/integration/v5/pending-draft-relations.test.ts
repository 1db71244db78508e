/**
 * Pending drafts and relations whose other side has no drafts of its own (docs/strapi-v5.md,
 * 'Drafts beside published versions'): an article (draftAndPublish) and its author (no
 * draftAndPublish), and a category that exists only as a draft. Published readers never see
 * a draft's links, a draft reader sees its own, a publication carries them over, and no link
 * row is lost.
 */
import t from 'tap'
import { harness, published } from './pending-drafts-harness.js'
import type { Harness, Json } from './pending-drafts-harness.js'

const names = (entries: Json): string[] => (Array.isArray(entries) ? entries : entries === null ? [] : [entries]).map((entry: Json) => entry.title ?? entry.name)

async function read (h: Harness, url: string, attribute: string): Promise<string[]> {
  const answer = await h.send('GET', url)
  if (answer.status !== 200) throw new Error(`GET ${url}: ${answer.status as number} ${JSON.stringify(answer.body)}`)
  return names(answer.body.data[attribute])
}

const authorLinks = 'select a.title, a.published_at is not null as published, w.name from articles_author_lnk l join articles a on a.id = l.owner_id join authors w on w.id = l.target_id order by a.id, w.id'

t.test('an article\'s draft links another author: published readers keep the first until the publication', async t => {
  const h = await harness(t)
  const first = (await h.send('POST', '/api/authors', { data: { name: 'Ada' } })).body.data
  const second = (await h.send('POST', '/api/authors', { data: { name: 'Grace' } })).body.data
  const article = (await h.send('POST', '/api/articles', { data: { title: 'Engines', author: first.documentId } })).body.data
  const path = `/api/articles/${article.documentId as string}`

  const draft = await h.send('PUT', `${path}?status=draft&populate=author`, { data: { title: 'Engines, revised', author: second.documentId } })
  t.equal(draft.status, 200)
  t.same(names(draft.body.data.author), ['Grace'], 'the draft links the second author')
  t.same(await read(h, `${path}?populate=author`, 'author'), ['Ada'], 'published readers of the article see the first')
  t.same(await read(h, `/api/authors/${first.documentId as string}?populate=articles`, 'articles'), ['Engines'], 'and of the first author')
  t.same(await read(h, `/api/authors/${second.documentId as string}?populate=articles`, 'articles'), [], 'nothing of the draft from the second')
  t.same(await read(h, `${path}?status=draft&populate=author`, 'author'), ['Grace'], 'draft readers see the draft\'s')
  t.same(await read(h, `/api/authors/${second.documentId as string}?status=draft&populate=articles`, 'articles'), ['Engines, revised'], 'from the author\'s side too')
  t.same(await read(h, `/api/authors/${first.documentId as string}?status=draft&populate=articles`, 'articles'), [], 'which the draft left')

  t.equal((await h.send('PUT', path, { data: {} })).status, 200, 'published')
  t.same(await read(h, `${path}?populate=author`, 'author'), ['Grace'], 'the publication carries the link over')
  t.same(await read(h, `/api/authors/${second.documentId as string}?populate=articles`, 'articles'), ['Engines, revised'])
  t.same(await read(h, `/api/authors/${first.documentId as string}?populate=articles`, 'articles'), [])
  t.same(await h.rows(authorLinks), [{ title: 'Engines, revised', published: true, name: 'Grace' }], 'one link row, the published row\'s')
})

t.test('an author (no drafts) listing articles links both versions of each, as Strapi 5 does', async t => {
  const h = await harness(t)
  const { article } = await published(h)
  const other = (await h.send('POST', '/api/articles', { data: { title: 'Turbines' } })).body.data
  const path = `/api/articles/${article.documentId as string}`
  await h.send('PUT', `${path}?status=draft`, { data: { title: 'Engines, revised' } })
  const author = (await h.send('POST', '/api/authors', { data: { name: 'Ada', articles: [article.documentId, other.documentId] } })).body.data
  const authorPath = `/api/authors/${author.documentId as string}`

  t.same(await read(h, `${path}?populate=author`, 'author'), ['Ada'], 'the published article links the author')
  t.same(await read(h, `${path}?status=draft&populate=author`, 'author'), ['Ada'], 'so does its pending draft')
  t.same(await read(h, `${authorPath}?populate=articles`, 'articles'), ['Engines', 'Turbines'], 'published readers of the author: the published versions')
  t.same(await read(h, `${authorPath}?status=draft&populate=articles`, 'articles'), ['Engines, revised', 'Turbines'], 'draft readers: the drafts, once each')

  t.equal((await h.send('PUT', path, { data: {} })).status, 200, 'the article published')
  t.same(await read(h, `${path}?populate=author`, 'author'), ['Ada'], 'its publication keeps the link: none lost')
  t.same(await read(h, `${authorPath}?populate=articles`, 'articles'), ['Engines, revised', 'Turbines'])

  await h.send('PUT', `${path}?status=draft`, { data: { title: 'Engines, third' } })
  const set = await h.send('PUT', authorPath, { data: { articles: [other.documentId] } })
  t.equal(set.status, 200, 'the author lists the other article only')
  t.same(await read(h, `${path}?populate=author`, 'author'), [], 'the published article left it')
  t.same(await read(h, `${path}?status=draft&populate=author`, 'author'), [], 'and its draft')
  await h.send('PUT', authorPath, { data: { articles: { connect: [article.documentId] } } })
  t.same(await read(h, `${path}?status=draft&populate=author`, 'author'), ['Ada'], 'a connect reaches the draft')
  await h.send('PUT', authorPath, { data: { articles: { disconnect: [article.documentId] } } })
  t.same(await read(h, `${path}?status=draft&populate=author`, 'author'), [], 'and so does a disconnect')
  t.same(await h.rows(authorLinks), [{ title: 'Turbines', published: true, name: 'Ada' }], 'the link rows: the other article\'s only')
})

t.test('a category that exists only as a draft lists articles: their drafts list it, published readers see it once it is published', async t => {
  const h = await harness(t)
  const { article } = await published(h)
  const path = `/api/articles/${article.documentId as string}`
  await h.send('PUT', `${path}?status=draft`, { data: { title: 'Engines, revised' } })
  const category = (await h.send('POST', '/api/categories?status=draft', { data: { name: 'Drafted' } })).body.data
  const categoryPath = `/api/categories/${category.documentId as string}`

  const written = await h.send('PUT', `${categoryPath}?status=draft&populate=articles`, { data: { articles: [article.documentId] } })
  t.equal(written.status, 200)
  t.same(names(written.body.data.articles), ['Engines, revised'], 'the draft lists the article\'s draft')
  t.same(await read(h, `${path}?populate=categories`, 'categories'), ['Science'], 'published readers of the article see nothing of it')
  t.same(await read(h, `${path}?status=draft&populate=categories`, 'categories'), ['Science', 'Drafted'], 'the article\'s draft lists the category')

  t.equal((await h.send('PUT', path, { data: {} })).status, 200, 'the article published')
  t.same(await read(h, `${path}?populate=categories`, 'categories'), ['Science'], 'still nothing for published readers: the category is a draft')
  t.same(await read(h, `${categoryPath}?status=draft&populate=articles`, 'articles'), ['Engines, revised'], 'the link kept through the article\'s publication')

  t.equal((await h.send('PUT', categoryPath, { data: {} })).status, 200, 'the category published')
  t.same(await read(h, `${path}?populate=categories`, 'categories'), ['Science', 'Drafted'], 'published readers see it')
  t.same(await read(h, `${categoryPath}?populate=articles`, 'articles'), ['Engines, revised'])
})

t.test('the other side of a relation owned by a type without drafts: shared by both versions, refused in a pending draft', async t => {
  const contentTypes = {
    'api::post.post': {
      info: { singularName: 'post', pluralName: 'posts' },
      options: { draftAndPublish: true },
      attributes: {
        title: { type: 'string' },
        writers: { type: 'relation', relation: 'manyToMany', target: 'api::writer.writer', mappedBy: 'posts' }
      }
    },
    'api::writer.writer': {
      info: { singularName: 'writer', pluralName: 'writers' },
      options: { draftAndPublish: false },
      attributes: {
        name: { type: 'string' },
        posts: { type: 'relation', relation: 'manyToMany', target: 'api::post.post', inversedBy: 'writers' }
      }
    }
  }
  const h = await harness(t, { schemas: undefined, contentTypes, i18n: undefined, alsoServe: undefined, graphql: false } as never)
  const ada = (await h.send('POST', '/api/writers', { data: { name: 'Ada' } })).body.data
  const grace = (await h.send('POST', '/api/writers', { data: { name: 'Grace' } })).body.data
  const post = (await h.send('POST', '/api/posts', { data: { title: 'Engines', writers: [ada.documentId] } })).body.data
  const path = `/api/posts/${post.documentId as string}`
  await h.send('PUT', `${path}?status=draft`, { data: { title: 'Engines, revised' } })
  const links = 'select count(*)::int as n from writers_posts_lnk'
  const before = await h.rows(links)

  const refused = await h.send('PUT', `${path}?status=draft`, { data: { title: 'Engines, third', writers: [grace.documentId] } })
  t.equal(refused.status, 400, 'a pending draft cannot write it')
  t.equal(refused.body.error.name, 'ValidationError')
  t.match(refused.body.error.message, /writers cannot be written in a draft of a published entry/)
  t.same(await h.rows(links), before, 'no link written')
  t.match((await h.send('GET', `${path}?status=draft`)).body.data, { title: 'Engines, revised' }, 'the draft untouched')

  t.same(await read(h, `${path}?populate=writers`, 'writers'), ['Ada'], 'published readers see the shared links')
  t.same(await read(h, `${path}?status=draft&populate=writers`, 'writers'), ['Ada'], 'and so do draft readers')
  await h.send('PUT', `/api/writers/${grace.documentId as string}`, { data: { posts: [post.documentId] } })
  t.same(await read(h, `${path}?populate=writers`, 'writers'), ['Ada', 'Grace'], 'a writer\'s own write reaches both versions')
  t.same(await read(h, `${path}?status=draft&populate=writers`, 'writers'), ['Ada', 'Grace'])
  t.same(await read(h, `/api/writers/${grace.documentId as string}?status=draft&populate=posts`, 'posts'), ['Engines, revised'], 'the writer\'s draft readers see the post\'s draft, once')

  const publication = await h.send('PUT', `${path}?populate=writers`, { data: { writers: [grace.documentId] } })
  t.equal(publication.status, 200, 'a publication writes it')
  t.same(names(publication.body.data.writers), ['Grace'])
  t.same(await read(h, `/api/writers/${ada.documentId as string}?populate=posts`, 'posts'), [], 'from both sides')
  t.same(await read(h, `/api/writers/${grace.documentId as string}?populate=posts`, 'posts'), ['Engines, revised'])
  t.same(await h.rows(links), [{ n: 1 }], 'one link row left')

  const unpublished = (await h.send('POST', '/api/posts?status=draft', { data: { title: 'Turbines' } })).body.data
  const unpublishedPath = `/api/posts/${unpublished.documentId as string}`
  t.equal((await h.send('PUT', `${unpublishedPath}?status=draft`, { data: { writers: [ada.documentId] } })).status, 200, 'a document with no published version writes it in its draft')
  t.same(await read(h, `/api/writers/${ada.documentId as string}?populate=posts`, 'posts'), [], 'published readers of the writer do not see an unpublished post')
  t.same(await read(h, `/api/writers/${ada.documentId as string}?status=draft&populate=posts`, 'posts'), ['Turbines'], 'draft readers do')
  t.equal((await h.send('PUT', unpublishedPath, { data: {} })).status, 200, 'published')
  t.same(await read(h, `/api/writers/${ada.documentId as string}?populate=posts`, 'posts'), ['Turbines'], 'the publication carries the link')
})
