/** Every relation kind written from either side, with order and both list orders kept. */
import t from 'tap'
import { createEntry, updateEntry } from './fixtures/writes.js'
import { openTestDatabase } from './fixtures/database.js'
import { orderClashes, owned, owners } from './fixtures/links.js'

t.test('relations', async t => {
  const { db, registry, contentType, rows, insertFile } = await openTestDatabase(t)
  const model = {
    article: contentType('article'),
    author: contentType('author'),
    tag: contentType('tag'),
    issue: contentType('issue'),
    category: contentType('category')
  }
  type Kind = keyof typeof model
  const create = async (kind: Kind, data: Record<string, unknown>): Promise<number> => await createEntry(db, registry, model[kind], { data })
  const update = async (kind: Kind, id: number, data: Record<string, unknown>): Promise<number> => await updateEntry(db, registry, model[kind], id, { data })
  const ada = await create('author', { name: 'Ada' })
  const bob = await create('author', { name: 'Bob' })
  const [t1, t2, t3] = [await create('tag', { name: 't1' }), await create('tag', { name: 't2' }), await create('tag', { name: 't3' })] as [number, number, number]

  t.test('manyToOne (owning side): every id form; the inverse list is appended in order', async t => {
    const a1 = await create('article', { title: 'a1', author: ada })
    const a2 = await create('article', { title: 'a2', author: String(ada) })
    const a3 = await create('article', { title: 'a3', author: { id: ada, type: 'api::author.author' } })
    const a4 = await create('article', { title: 'a4', author: [ada] })
    t.same(await owners(rows, 'articles_author_lnk', ada), [a1, a2, a3, a4], "Ada's articles in the order they were linked")
    await update('article', a2, { author: bob })
    t.same(await owned(rows, 'articles_author_lnk', a2), [bob])
    t.same(await owners(rows, 'articles_author_lnk', ada), [a1, a3, a4])
    await update('article', a3, { author: null })
    await update('article', a4, { author: [] })
    t.same(await owned(rows, 'articles_author_lnk', a3), [])
    t.same(await owned(rows, 'articles_author_lnk', a4), [])
    await update('article', a1, { title: 'untouched relation' })
    t.same(await owned(rows, 'articles_author_lnk', a1), [ada], 'an unsent relation is untouched')
    t.same(await orderClashes(rows, 'articles_author_lnk', true), [])
  })

  t.test('oneToMany (mappedBy side): linking an article moves it from its previous author', async t => {
    const [a1, a2, a3] = [await create('article', { title: 'm1', author: ada }), await create('article', { title: 'm2', author: ada }), await create('article', { title: 'm3' })]
    const carol = await create('author', { name: 'Carol', articles: [a3, a1] })
    t.same(await owners(rows, 'articles_author_lnk', carol), [a3, a1], "Carol's list in the order sent")
    t.same(await owned(rows, 'articles_author_lnk', a1), [carol], 'a1 has a single author: Carol')
    t.notOk((await owners(rows, 'articles_author_lnk', ada)).includes(a1), 'and no longer Ada')
    t.ok((await owners(rows, 'articles_author_lnk', ada)).includes(a2))
    await update('author', carol, { articles: [a2, a1] })
    t.same(await owners(rows, 'articles_author_lnk', carol), [a2, a1])
    t.same(await owned(rows, 'articles_author_lnk', a3), [], 'a3 left out: unlinked')
    t.same(await owned(rows, 'articles_author_lnk', a2), [carol])
    await update('author', carol, { articles: [] })
    t.same(await owners(rows, 'articles_author_lnk', carol), [])
    t.same(await orderClashes(rows, 'articles_author_lnk', true), [])
  })

  t.test('manyToMany (owning side): order kept and changed; each tag lists its articles in link order', async t => {
    const a1 = await create('article', { title: 'tagged 1', tags: [t3, t1, t2] })
    const a2 = await create('article', { title: 'tagged 2', tags: [t1] })
    t.same(await owned(rows, 'articles_tags_lnk', a1), [t3, t1, t2])
    await update('article', a1, { tags: [t2, t3, t1] })
    t.same(await owned(rows, 'articles_tags_lnk', a1), [t2, t3, t1])
    const tail = (await owners(rows, 'articles_tags_lnk', t1)).slice(-2)
    t.same(tail, [a1, a2], 'reordering a1 does not move it in t1 list')
    await update('article', a1, { tags: [t1] })
    t.same(await owned(rows, 'articles_tags_lnk', a1), [t1])
    await update('article', a2, { tags: t2 })
    t.same(await owned(rows, 'articles_tags_lnk', a2), [t2], 'a single id for a to-many')
    t.same(await orderClashes(rows, 'articles_tags_lnk', true), [])
  })

  t.test('manyToMany (mappedBy side): no exclusivity; the articles get the tag appended to their lists', async t => {
    const a1 = await create('article', { title: 'inverse 1', tags: [t1, t2] })
    const a2 = await create('article', { title: 'inverse 2' })
    const t4 = await create('tag', { name: 't4', articles: [a2, a1] })
    t.same(await owners(rows, 'articles_tags_lnk', t4), [a2, a1], "the tag's order")
    t.same(await owned(rows, 'articles_tags_lnk', a1), [t1, t2, t4], 'appended to the article list')
    t.same(await owned(rows, 'articles_tags_lnk', a2), [t4])
    const t5 = await create('tag', { name: 't5', articles: [a1] })
    t.same(await owned(rows, 'articles_tags_lnk', a1), [t1, t2, t4, t5], 'still linked to t4 too')
    await update('tag', t4, { articles: [a1] })
    t.same(await owned(rows, 'articles_tags_lnk', a2), [])
    t.same(await owned(rows, 'articles_tags_lnk', a1), [t1, t2, t4, t5])
    t.same(await orderClashes(rows, 'articles_tags_lnk', true), [])
  })

  t.test('oneToOne from both sides: linking steals from the previous partner', async t => {
    const [a1, a2] = [await create('article', { title: 'cover 1' }), await create('article', { title: 'cover 2' })]
    const i1 = await create('issue', { number: 1, coverStory: a1 })
    const i2 = await create('issue', { number: 2, coverStory: a1 })
    t.same(await owned(rows, 'issues_cover_story_lnk', i1), [], 'the first issue lost its cover story')
    t.same(await owners(rows, 'issues_cover_story_lnk', a1), [i2])
    await update('article', a2, { coverOf: i2 })
    t.same(await owned(rows, 'issues_cover_story_lnk', i2), [a2], 'written from the mappedBy side')
    t.same(await owners(rows, 'issues_cover_story_lnk', a1), [], 'a1 is no longer a cover story')
    await update('article', a2, { coverOf: i1 })
    t.same(await owned(rows, 'issues_cover_story_lnk', i1), [a2])
    t.same(await owned(rows, 'issues_cover_story_lnk', i2), [])
    await update('issue', i1, { coverStory: null })
    t.same(await owners(rows, 'issues_cover_story_lnk', a2), [])
  })

  t.test('one-way relations never make a target exclusive', async t => {
    const a1 = await create('article', { title: 'one-way 1' })
    const a2 = await create('article', { title: 'one-way 2' })
    const dora = await create('author', { name: 'Dora', featuredArticle: a1 })
    const eve = await create('author', { name: 'Eve', featuredArticle: a1 })
    t.same([await owned(rows, 'authors_featured_article_lnk', dora), await owned(rows, 'authors_featured_article_lnk', eve)], [[a1], [a1]])
    const science = await create('category', { name: 'Science', featuredArticles: [a2, a1] })
    const culture = await create('category', { name: 'Culture', featuredArticles: [a1], parent: science })
    t.same(await owned(rows, 'categories_featured_articles_lnk', science), [a2, a1])
    t.same(await owned(rows, 'categories_featured_articles_lnk', culture), [a1])
    t.same(await owned(rows, 'categories_parent_lnk', culture), [science], 'manyToOne to its own type')
    await update('article', a1, { related: [a2, a1] })
    t.same(await owned(rows, 'articles_related_lnk', a1), [a2, a1], 'manyToMany to its own type, itself included')
    const i3 = await create('issue', { number: 3, articles: [a1, a2] })
    t.same(await owned(rows, 'issues_articles_lnk', i3), [a1, a2])
  })

  t.test('relations and media inside components and zones; media order', async t => {
    const [image1, image2, image3] = [await insertFile('image/png'), await insertFile('image/jpeg'), await insertFile('video/mp4')]
    const a0 = await create('article', { title: 'target' })
    const id = await create('article', {
      title: 'media',
      cover: image2,
      gallery: [image3, image1, image2],
      seo: { metaTitle: 'm', shareImage: image1, openGraph: { ogImage: { id: image2 } } },
      blocks: [{ __component: 'blocks.related-articles', articles: [a0] }, { __component: 'blocks.media', file: image3 }]
    })
    t.same(await owned(rows, 'articles_cover_lnk', id), [image2])
    t.same(await owned(rows, 'articles_gallery_lnk', id), [image3, image1, image2])
    const [seo] = await owned(rows, 'articles_seo_lnk', id)
    t.same(await owned(rows, 'components_shared_seos_share_image_lnk', seo!), [image1])
    const [og] = await owned(rows, 'components_shared_seos_open_graph_lnk', seo!)
    t.same(await owned(rows, 'components_shared_open_graphs_og_image_lnk', og!), [image2])
    const [related] = await owned(rows, 'articles_blocks_blocks_related_articles_lnk', id)
    t.same(await owned(rows, 'components_blocks_related_articles_articles_lnk', related!), [a0])
    await update('article', id, { gallery: [image2, image3], cover: null })
    t.same(await owned(rows, 'articles_gallery_lnk', id), [image2, image3])
    t.same(await owned(rows, 'articles_cover_lnk', id), [])
  })
})
