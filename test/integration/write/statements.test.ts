/**
 * How many SQL statements a write sends (begin and commit included): one for the facts its
 * checks need, the deletions, the unit of work's batched inserts/updates (one per table),
 * then every link row in one. Bounds, so a regression shows. `WRITE_SQL=1` prints every
 * statement counted.
 */
import t, { type Test } from 'tap'
import { createEntry, deleteEntry, updateEntry } from '../../../plugin/repository/write.js'
import { openTestDatabase } from './fixtures/database.js'

/** Counts the statements `write` sends (and prints them under `WRITE_SQL=1`). */
function statementCounter (t: Test, statements: string[]) {
  return async (label: string, write: () => Promise<unknown>): Promise<number> => {
    statements.length = 0
    await write()
    if (process.env.WRITE_SQL === '1') t.comment(`${label}:\n${statements.map(sql => `  ${sql}`).join('\n')}`)
    return statements.length
  }
}

t.test('statements per write of an article with author, tags, seo and 3 zone items', async t => {
  const { db, registry, contentType, statements, rows } = await openTestDatabase(t)
  const measure = statementCounter(t, statements)
  const article = contentType('article')
  const ada = await createEntry(db, registry, contentType('author'), { data: { name: 'Ada' } })
  const bob = await createEntry(db, registry, contentType('author'), { data: { name: 'Bob' } })
  const tags = [await createEntry(db, registry, contentType('tag'), { data: { name: 'a' } }), await createEntry(db, registry, contentType('tag'), { data: { name: 'b' } })]

  let id = 0
  const create = await measure('create', async () => {
    id = await createEntry(db, registry, article, {
      data: {
        title: 'Counted',
        author: ada,
        tags,
        seo: { metaTitle: 'seo', openGraph: { ogTitle: 'og' } },
        blocks: [{ __component: 'blocks.quote', text: 'q1' }, { __component: 'blocks.rich-text', body: 'r' }, { __component: 'blocks.quote', text: 'q2' }]
      }
    })
  })
  const [seo] = await rows('select target_id as id from articles_seo_lnk where owner_id = $1', [id])
  const quotes = await rows('select target_id as id from articles_blocks_blocks_quote_lnk where owner_id = $1 order by ord', [id])
  const [rich] = await rows('select target_id as id from articles_blocks_blocks_rich_text_lnk where owner_id = $1', [id])
  const update = await measure('update', async () => await updateEntry(db, registry, article, id, {
    data: {
      title: 'Counted again',
      author: bob,
      tags: [tags[1], tags[0]],
      seo: { id: seo!.id, metaTitle: 'seo 2' },
      blocks: [
        { __component: 'blocks.quote', id: quotes[1]!.id, text: 'q2!' },
        { __component: 'blocks.rich-text', id: rich!.id, body: 'r!' },
        { __component: 'blocks.quote', id: quotes[0]!.id, text: 'q1!' }
      ]
    }
  }))
  const empty = await measure('empty update', async () => await updateEntry(db, registry, article, id, { data: {} }))
  const remove = await measure('delete', async () => await deleteEntry(db, registry, article, id))
  t.comment(`statements: create ${create}, update ${update}, empty update ${empty}, delete ${remove}`)
  // begin, the facts, 4 component tables, the article, every link row, commit
  t.ok(create <= 9, `create: ${create} statements`)
  // begin, the lock (writing the title), the facts, 3 component tables, every link row, commit
  t.ok(update <= 8, `update: ${update} statements`)
  t.equal(empty, 3, 'an empty update: begin, the lock (moving updatedAt), commit')
  // begin, lock, the entry with every component row nested in it, commit
  t.ok(remove <= 4, `delete: ${remove} statements`)
})

t.test("statements per write of the benchmark's article: every kind of link, then a partial update", async t => {
  const { db, registry, contentType, statements, insertFile } = await openTestDatabase(t)
  const article = contentType('article')
  const create = async (kind: string, data: Record<string, unknown>): Promise<number> => await createEntry(db, registry, contentType(kind), { data })
  const author = await create('author', { name: 'Ada' })
  const [news, sport] = [await create('category', { name: 'News' }), await create('category', { name: 'Sport' })]
  const tags = [await create('tag', { name: 'a' }), await create('tag', { name: 'b' }), await create('tag', { name: 'c' })]
  const [older, old] = [await create('article', { title: 'Older' }), await create('article', { title: 'Old' })]
  const [cover, still, clip] = [await insertFile(), await insertFile(), await insertFile('video/mp4')]
  const measure = statementCounter(t, statements)

  let id = 0
  const created = await measure('create', async () => {
    id = await createEntry(db, registry, article, {
      data: {
        title: 'Benchmark article',
        excerpt: 'A new article',
        author,
        category: news,
        tags,
        related: [older, old],
        cover,
        gallery: [still, clip],
        seo: { metaTitle: 'seo', openGraph: { ogTitle: 'og' } },
        blocks: [
          { __component: 'blocks.rich-text', body: 'r' },
          { __component: 'blocks.quote', text: 'q' },
          { __component: 'blocks.related-articles', heading: 'Read next', articles: [older, old] }
        ]
      }
    })
  })
  const sameCategory = await measure('update, same category', async () =>
    await updateEntry(db, registry, article, id, { data: { excerpt: 'Updated', rating: 2, featured: true, category: news } }))
  const otherCategory = await measure('update, other category', async () =>
    await updateEntry(db, registry, article, id, { data: { excerpt: 'Moved', rating: 3, featured: false, category: sport } }))
  t.comment(`statements: create ${created}, update (same category) ${sameCategory}, update (other category) ${otherCategory}`)
  // begin, the facts, 5 component tables, the article, every link row, commit
  t.ok(created <= 10, `create: ${created} statements`)
  // begin, the lock (writing the scalars), the facts (current category, its existence), commit
  t.ok(sameCategory <= 4, `update, same category: ${sameCategory} statements`)
  // and the category link rewritten in place
  t.ok(otherCategory <= 5, `update, other category: ${otherCategory} statements`)
})
