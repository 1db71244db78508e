/**
 * How many SQL statements a write sends (begin and commit included): the reads it needs,
 * then batched inserts/updates through the unit of work. Bounds, so a regression shows.
 */
import t from 'tap'
import { createEntry, deleteEntry, updateEntry } from '../../../plugin/repository/write.js'
import { openTestDatabase } from './fixtures/database.js'

t.test('statements per write of an article with author, tags, seo and 3 zone items', async t => {
  const { db, registry, contentType, statements, rows } = await openTestDatabase(t)
  const article = contentType('article')
  const ada = await createEntry(db, registry, contentType('author'), { data: { name: 'Ada' } })
  const bob = await createEntry(db, registry, contentType('author'), { data: { name: 'Bob' } })
  const tags = [await createEntry(db, registry, contentType('tag'), { data: { name: 'a' } }), await createEntry(db, registry, contentType('tag'), { data: { name: 'b' } })]
  const measure = async (write: () => Promise<unknown>): Promise<number> => {
    statements.length = 0
    await write()
    return statements.length
  }

  let id = 0
  const create = await measure(async () => {
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
  const update = await measure(async () => await updateEntry(db, registry, article, id, {
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
  const empty = await measure(async () => await updateEntry(db, registry, article, id, { data: {} }))
  const remove = await measure(async () => await deleteEntry(db, registry, article, id))
  t.comment(`statements: create ${create}, update ${update}, empty update ${empty}, delete ${remove}`)
  t.ok(create <= 16, `create: ${create} statements`)
  t.ok(update <= 17, `update: ${update} statements`)
  t.equal(empty, 4, 'an empty update: begin, lock, update updatedAt, commit')
  t.ok(remove <= 10, `delete: ${remove} statements`)
})
