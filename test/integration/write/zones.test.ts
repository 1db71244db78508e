/** Dynamic zones: mixed components in one order, updated by id, reordered, added, deleted. */
import t from 'tap'
import { createEntry, updateEntry } from './fixtures/writes.js'
import { openTestDatabase } from './fixtures/database.js'
import { rejectsWithIssues } from './fixtures/expect.js'
import { owned } from './fixtures/links.js'

t.test('dynamic zones', async t => {
  const { db, registry, contentType, rows, insertFile } = await openTestDatabase(t)
  const article = contentType('article')
  const image = await insertFile('image/png')
  const target = await createEntry(db, registry, article, { data: { title: 'target' } })
  const id = await createEntry(db, registry, article, {
    data: {
      title: 'zone',
      blocks: [
        { __component: 'blocks.quote', text: 'first quote', attribution: 'me' },
        { __component: 'blocks.rich-text', body: '**rich**' },
        { __component: 'blocks.quote', text: 'second quote' },
        { __component: 'blocks.related-articles', heading: 'More', articles: [target] },
        { __component: 'blocks.media', file: image, caption: 'pic' }
      ]
    }
  })
  const zone = async (): Promise<Array<{ component: string, id: number, text: unknown }>> => (await rows(
    `select 'quote' as component, q.id, q.text, k.ord from articles_blocks_blocks_quote_lnk k join components_blocks_quotes q on q.id = k.target_id where k.owner_id = $1
     union all select 'rich-text', r.id, r.body, k.ord from articles_blocks_blocks_rich_text_lnk k join components_blocks_rich_texts r on r.id = k.target_id where k.owner_id = $1
     union all select 'related', r.id, r.heading, k.ord from articles_blocks_blocks_related_articles_lnk k join components_blocks_related_articles r on r.id = k.target_id where k.owner_id = $1
     union all select 'media', m.id, m.caption, k.ord from articles_blocks_blocks_media_lnk k join components_blocks_media m on m.id = k.target_id where k.owner_id = $1
     order by ord`, [id])).map(row => ({ component: String(row.component), id: Number(row.id), text: row.text }))
  const created = await zone()
  t.same(created.map(item => [item.component, item.text]), [
    ['quote', 'first quote'], ['rich-text', '**rich**'], ['quote', 'second quote'], ['related', 'More'], ['media', 'pic']
  ], 'one order across the link tables of the zone')
  const [q1, rich, q2, related, media] = created as [typeof created[0], typeof created[0], typeof created[0], typeof created[0], typeof created[0]]

  await updateEntry(db, registry, article, id, {
    data: {
      blocks: [
        { __component: 'blocks.related-articles', id: related.id, articles: [] },
        { __component: 'blocks.quote', id: q2.id, text: 'second, edited' },
        { __component: 'blocks.quote', text: 'new quote' },
        { __component: 'blocks.media', id: media.id },
        { __component: 'blocks.quote', id: q1.id }
      ]
    }
  })
  const after = await zone()
  t.same(after.map(item => [item.component, item.text]), [
    ['related', 'More'], ['quote', 'second, edited'], ['quote', 'new quote'], ['media', 'pic'], ['quote', 'first quote']
  ])
  t.same([after[0]!.id, after[1]!.id, after[3]!.id, after[4]!.id], [related.id, q2.id, media.id, q1.id], 'items with ids are the same rows')
  t.same(await owned(rows, 'components_blocks_related_articles_articles_lnk', related.id), [], 'a relation inside a zone item was cleared')
  t.same(await owned(rows, 'components_blocks_media_file_lnk', media.id), [image], 'an unsent media of a zone item is kept')
  t.same(await rows('select id from components_blocks_rich_texts where id = $1', [rich.id]), [], 'the rich text left out is deleted')
  t.same(await rows('select attribution from components_blocks_quotes where id = $1', [q1.id]), [{ attribution: 'me' }])

  await updateEntry(db, registry, article, id, { data: { title: 'zone untouched' } })
  t.equal((await zone()).length, 5)

  await updateEntry(db, registry, article, id, { data: { blocks: [] } })
  t.same(await zone(), [])
  for (const table of ['components_blocks_quotes', 'components_blocks_rich_texts', 'components_blocks_related_articles', 'components_blocks_media']) {
    t.same(await rows(`select count(*)::int as n from ${table}`), [{ n: 0 }], `${table} emptied`)
  }
  await updateEntry(db, registry, article, id, { data: { blocks: [{ __component: 'blocks.quote', text: 'back' }] } })
  // Strapi 4.26 refuses null for a zone (only [] clears it).
  await rejectsWithIssues(t, updateEntry(db, registry, article, id, { data: { blocks: null } }),
    [{ path: ['blocks'], message: 'blocks must be a `array` type, but the final value was: `null`.' }])
  t.equal((await zone()).length, 1, 'null changes nothing')
})
