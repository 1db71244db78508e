/** connect / disconnect / set, with positions, on to-many and to-one relations. */
import t from 'tap'
import { createEntry, updateEntry } from './fixtures/writes.js'
import { openTestDatabase } from './fixtures/database.js'
import { rejectsWithIssues } from './fixtures/expect.js'
import { orderClashes, owned } from './fixtures/links.js'

t.test('connect, disconnect and set', async t => {
  const { db, registry, contentType, rows } = await openTestDatabase(t)
  const article = contentType('article')
  const tags: number[] = []
  for (let i = 1; i <= 9; i++) tags.push(await createEntry(db, registry, contentType('tag'), { data: { name: `tag${i}` } }))
  const [t1, t2, t3, t4, t5, t6, t7, t8] = tags as [number, number, number, number, number, number, number, number]
  const id = await createEntry(db, registry, article, { data: { title: 'positions', tags: { set: [t1, t2, t3] } } })
  const edit = async (tagsValue: unknown): Promise<number[]> => {
    await updateEntry(db, registry, article, id, { data: { tags: tagsValue } })
    return await owned(rows, 'articles_tags_lnk', id)
  }

  t.same(await owned(rows, 'articles_tags_lnk', id), [t1, t2, t3], 'set on create')
  t.same(await edit({ connect: [t4] }), [t1, t2, t3, t4], 'connect appends by default')
  t.same(await edit({ connect: [{ id: t5, position: { start: true } }] }), [t5, t1, t2, t3, t4], 'start')
  t.same(await edit({ connect: [{ id: t6, position: { before: t2 } }] }), [t5, t1, t6, t2, t3, t4], 'before')
  t.same(await edit({ connect: [{ id: t7, position: { after: t3 } }] }), [t5, t1, t6, t2, t3, t7, t4], 'after')
  t.same(await edit({ connect: [{ id: t1, position: { end: true } }] }), [t5, t6, t2, t3, t7, t4, t1], 'an already linked entry moves to its new position')
  // Strapi 4.26: connecting a linked entry without a position moves it to the end.
  t.same(await edit({ connect: [t2, String(t3)] }), [t5, t6, t7, t4, t1, t2, t3], 'an already linked entry without a position moves to the end')
  t.same(await edit({ disconnect: [t5, { id: t7 }, 99999] }), [t6, t4, t1, t2, t3], 'disconnect; an id not linked is ignored')
  t.same(await edit({ disconnect: [t3], connect: [{ id: t3, position: { start: true } }] }), [t3, t6, t4, t1, t2], 'disconnect runs before connect')
  t.same(await edit({ connect: [{ id: t7, position: { after: t8 } }, { id: t8, position: { before: t6 } }] }), [t3, t8, t7, t6, t4, t1, t2],
    'an item placed after another item of the same request waits for it')
  t.same(await edit({ set: [t2, t1] }), [t2, t1], 'set replaces the list')
  t.same(await edit({ connect: [], disconnect: [] }), [t2, t1], 'empty operations change nothing')
  t.same(await edit({ set: [] }), [], 'an empty set clears')
  t.same(await orderClashes(rows, 'articles_tags_lnk', true), [])

  await rejectsWithIssues(t, edit({ connect: [{ id: t1, position: { after: t2 } }, { id: t2, position: { after: t1 } }] }),
    [{ path: ['tags', 'connect', '0', 'position'], message: 'tags.connect[0].position refers to entries that are placed relative to each other in a cycle' }])
  await rejectsWithIssues(t, edit({ disconnect: [t1], connect: [{ id: t3, position: { before: t1 } }] }),
    [{ path: ['tags', 'connect', '0', 'position'], message: `tags.connect[0].position refers to ${t1}, which is not linked` }])
})

t.test('to-one relations with connect and disconnect', async t => {
  const { db, registry, contentType, rows } = await openTestDatabase(t)
  const article = contentType('article')
  const ada = await createEntry(db, registry, contentType('author'), { data: { name: 'Ada' } })
  const bob = await createEntry(db, registry, contentType('author'), { data: { name: 'Bob' } })
  const id = await createEntry(db, registry, article, { data: { title: 'to-one', author: { connect: [ada] } } })
  const edit = async (author: unknown): Promise<number[]> => {
    await updateEntry(db, registry, article, id, { data: { author } })
    return await owned(rows, 'articles_author_lnk', id)
  }
  t.same(await owned(rows, 'articles_author_lnk', id), [ada])
  t.same(await edit({ connect: [{ id: bob, position: { start: true } }] }), [bob], 'connect replaces; a position means nothing on a to-one')
  t.same(await edit({ disconnect: [ada] }), [bob], 'disconnecting another entry changes nothing')
  t.same(await edit({ disconnect: [{ id: bob }] }), [], 'disconnecting the linked one clears')
  t.same(await edit({ set: [ada] }), [ada])
  t.same(await edit({ disconnect: [ada], connect: [bob] }), [bob])
})
