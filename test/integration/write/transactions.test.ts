/** A write that fails, wherever it fails, leaves no row behind and changes none. */
import t from 'tap'
import type { InlineSchemas } from '../../../plugin/content-types/registry.js'
import { createEntry, updateEntry } from './fixtures/writes.js'
import { openTestDatabase } from './fixtures/database.js'
import { rejectsWithIssues } from './fixtures/expect.js'

t.test('failed writes of articles', async t => {
  const { db, registry, contentType, tableCounts, rows } = await openTestDatabase(t)
  const article = contentType('article')
  const ada = await createEntry(db, registry, contentType('author'), { data: { name: 'Ada' } })
  const tag = await createEntry(db, registry, contentType('tag'), { data: { name: 'tag' } })
  const valid = {
    title: 'valid parts',
    author: ada,
    tags: [tag],
    seo: { metaTitle: 'm', openGraph: { ogTitle: 'og' } },
    blocks: [{ __component: 'blocks.quote', text: 'q' }, { __component: 'blocks.rich-text', body: 'b' }]
  }
  const existing = await createEntry(db, registry, article, { data: valid })
  const before = await tableCounts()
  const articleRow = async (): Promise<unknown> => await rows('select title, updated_at from articles where id = $1', [existing])
  const rowBefore = await articleRow()

  await rejectsWithIssues(t, createEntry(db, registry, article, {
    data: { ...valid, blocks: [...valid.blocks, { __component: 'blocks.quote', attribution: 'no text' }] }
  }), [{ path: ['blocks', '2', 'text'], message: 'blocks[2].text must be defined.' }])
  t.same(await tableCounts(), before, 'the third zone item is invalid: nothing written')

  await rejectsWithIssues(t, createEntry(db, registry, article, {
    data: { ...valid, blocks: [...valid.blocks, { __component: 'blocks.related-articles', articles: [99999] }] }
  }), [{ path: ['blocks', '2', 'articles'], message: 'blocks[2].articles has 1 relation(s) of type api::article.article that do not exist (99999)' }])
  t.same(await tableCounts(), before, 'an unknown related id after valid components: nothing written')

  await rejectsWithIssues(t, updateEntry(db, registry, article, existing, {
    data: { title: 'changed', tags: [], seo: { metaTitle: 'replaced' }, blocks: [], author: 99999 }
  }), [{ path: ['author'], message: 'author has 1 relation(s) of type api::author.author that do not exist (99999)' }])
  t.same(await tableCounts(), before, 'a failed update deletes no component and no link')
  t.same(await articleRow(), rowBefore, 'and changes no value')
})

const schemas: InlineSchemas = {
  contentTypes: {
    'api::box.box': {
      collectionName: 'boxes',
      info: { singularName: 'box', pluralName: 'boxes' },
      attributes: {
        label: { type: 'string' },
        // JSON values are not checked before the flush: the unique index refuses them mid-flush.
        doc: { type: 'json', unique: true },
        parts: { type: 'component', component: 'parts.part', repeatable: true },
        zone: { type: 'dynamiczone', components: ['parts.part', 'parts.holder'] }
      }
    }
  },
  components: {
    'parts.part': { attributes: { name: { type: 'string' } } },
    'parts.holder': { attributes: { inner: { type: 'component', component: 'parts.part' } } }
  }
}

t.test('a write refused by the database in the middle of the flush is rolled back', async t => {
  const { db, registry, contentType, tableCounts, rows } = await openTestDatabase(t, schemas)
  const box = contentType('box')
  await createEntry(db, registry, box, { data: { doc: { taken: true } } })
  const id = await createEntry(db, registry, box, {
    data: { label: 'kept', doc: { mine: true }, parts: [{ name: 'p1' }, { name: 'p2' }], zone: [{ __component: 'parts.holder', inner: { name: 'deep' } }] }
  })
  const before = await tableCounts()
  const snapshot = async (): Promise<unknown> => [
    await rows('select label, doc from boxes where id = $1', [id]),
    await rows('select id, name from components_parts_parts order by id')
  ]
  const contentBefore = await snapshot()

  await rejectsWithIssues(t, createEntry(db, registry, box, {
    data: { doc: { taken: true }, parts: [{ name: 'x' }], zone: [{ __component: 'parts.holder', inner: { name: 'y' } }] }
  }), [{ path: ['doc'], message: 'This attribute must be unique' }])
  t.same(await tableCounts(), before, 'component rows inserted before the entry are rolled back')

  await rejectsWithIssues(t, updateEntry(db, registry, box, id, {
    data: { label: 'changed', doc: { taken: true }, parts: [{ name: 'new' }], zone: [] }
  }), [{ path: ['doc'], message: 'This attribute must be unique' }])
  t.same(await tableCounts(), before, 'component rows deleted before the flush are back')
  t.same(await snapshot(), contentBefore, 'values unchanged')
})
