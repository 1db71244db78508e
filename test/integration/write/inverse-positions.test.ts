/** Edge cases of writes from the inverse (mappedBy) side and of connect positions. */
import t from 'tap'
import { createEntry, updateEntry } from './fixtures/writes.js'
import { openTestDatabase } from './fixtures/database.js'
import { rejectsWithIssues } from './fixtures/expect.js'
import { orderClashes, owned, owners } from './fixtures/links.js'

t.test('inverse side and positions', async t => {
  const { db, registry, contentType, rows } = await openTestDatabase(t)
  const model = { article: contentType('article'), author: contentType('author'), tag: contentType('tag'), issue: contentType('issue') }
  type Kind = keyof typeof model
  const create = async (kind: Kind, data: Record<string, unknown>): Promise<number> => await createEntry(db, registry, model[kind], { data })
  const update = async (kind: Kind, id: number, data: Record<string, unknown>): Promise<number> => await updateEntry(db, registry, model[kind], id, { data })
  const articles: number[] = []
  for (let i = 1; i <= 5; i++) articles.push(await create('article', { title: `a${i}` }))
  const [a1, a2, a3, a4, a5] = articles as [number, number, number, number, number]

  t.test('connect with positions from the mappedBy side of a oneToMany', async t => {
    const ada = await create('author', { name: 'Ada', articles: [a1, a2] })
    const bob = await create('author', { name: 'Bob', articles: [a3, a4] })
    await update('author', ada, { articles: { connect: [{ id: a3, position: { start: true } }, { id: a4, position: { after: a1 } }] } })
    t.same(await owners(rows, 'articles_author_lnk', ada), [a3, a1, a4, a2], "Ada's order follows the positions")
    t.same(await owners(rows, 'articles_author_lnk', bob), [], 'both were taken from Bob')
    t.same(await owned(rows, 'articles_author_lnk', a3), [ada])
    await update('author', bob, { articles: { connect: [a1] } })
    t.same(await owners(rows, 'articles_author_lnk', ada), [a3, a4, a2], "Ada's remaining order is kept")
    await update('article', a5, { author: ada })
    t.same(await owners(rows, 'articles_author_lnk', ada), [a3, a4, a2, a5], 'written from the owning side: appended after the reordered list')
    await update('author', ada, { articles: { disconnect: [a4] } })
    t.same(await owned(rows, 'articles_author_lnk', a4), [])
    t.same(await orderClashes(rows, 'articles_author_lnk', true), [])
  })

  t.test('manyToMany from both sides: each side keeps its own order', async t => {
    const [t1, t2, t3] = [await create('tag', { name: 't1' }), await create('tag', { name: 't2' }), await create('tag', { name: 't3' })]
    await update('article', a1, { tags: [t1, t2] })
    await update('article', a2, { tags: [t1] })
    t.same(await owners(rows, 'articles_tags_lnk', t1), [a1, a2])
    await update('tag', t1, { articles: { connect: [{ id: a3, position: { before: a1 } }] } })
    t.same(await owners(rows, 'articles_tags_lnk', t1), [a3, a1, a2], 'placed before an entry linked from the other side')
    t.same(await owned(rows, 'articles_tags_lnk', a3), [t1])
    await update('article', a1, { tags: [t2, t1, t3] })
    t.same(await owners(rows, 'articles_tags_lnk', t1), [a3, a1, a2], "reordering a1's tags leaves t1's order alone")
    t.same(await owned(rows, 'articles_tags_lnk', a1), [t2, t1, t3])
    await update('tag', t1, { articles: [a2, a1] })
    t.same(await owners(rows, 'articles_tags_lnk', t1), [a2, a1])
    t.same(await owned(rows, 'articles_tags_lnk', a1), [t2, t1, t3], "and setting t1's list leaves a1's order alone")
    t.same(await owned(rows, 'articles_tags_lnk', a3), [], 'a3 left t1')
    await update('tag', t2, { articles: { disconnect: [a1], connect: [{ id: a1, position: { end: true } }, { id: a4, position: { before: a1 } }] } })
    t.same(await owners(rows, 'articles_tags_lnk', t2), [a4, a1])
    t.same(await owned(rows, 'articles_tags_lnk', a1), [t2, t1, t3], 'a link kept through disconnect + connect keeps its place on the other side')
    t.same(await orderClashes(rows, 'articles_tags_lnk', true), [])
  })

  t.test('oneToOne from the mappedBy side with connect', async t => {
    const i1 = await create('issue', { number: 101, coverStory: a1 })
    const i2 = await create('issue', { number: 102 })
    await update('article', a2, { coverOf: { connect: [i1] } })
    t.same(await owned(rows, 'issues_cover_story_lnk', i1), [a2], 'the issue changes cover story')
    t.same(await owners(rows, 'issues_cover_story_lnk', a1), [])
    await update('article', a2, { coverOf: { connect: [{ id: i2, position: { end: true } }] } })
    t.same([await owned(rows, 'issues_cover_story_lnk', i1), await owned(rows, 'issues_cover_story_lnk', i2)], [[], [a2]])
    await update('article', a2, { coverOf: { disconnect: [i2] } })
    t.same(await owned(rows, 'issues_cover_story_lnk', i2), [])
  })

  t.test('positions on create; relative to an entry disconnected in the same request', async t => {
    const [t4, t5] = [await create('tag', { name: 't4' }), await create('tag', { name: 't5' })]
    const id = await create('article', { title: 'created with positions', tags: { connect: [t5, { id: t4, position: { before: t5 } }] } })
    t.same(await owned(rows, 'articles_tags_lnk', id), [t4, t5])
    await rejectsWithIssues(t, update('article', id, { tags: { disconnect: [t5], connect: [{ id: t5, position: { after: t5 } }] } }),
      [{ path: ['tags', 'connect', '0', 'position'], message: `tags.connect[0].position refers to ${t5}, which is not linked` }])
    t.same(await owned(rows, 'articles_tags_lnk', id), [t4, t5], 'unchanged after the refusal')
  })
})
