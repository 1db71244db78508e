/** Deleting an entry removes its component rows at every depth and its links, nothing else. */
import t from 'tap'
import { createEntry, deleteEntry } from './fixtures/writes.js'
import { openTestDatabase } from './fixtures/database.js'
import { rejectsWithStatus } from './fixtures/expect.js'

t.test('delete', async t => {
  const { db, registry, contentType, tableCounts, insertFile } = await openTestDatabase(t)
  const article = contentType('article')
  const ada = await createEntry(db, registry, contentType('author'), { data: { name: 'Ada' } })
  const tag = await createEntry(db, registry, contentType('tag'), { data: { name: 'tag' } })
  const image = await insertFile()
  const keep = await createEntry(db, registry, article, {
    data: { title: 'kept', author: ada, tags: [tag], seo: { metaTitle: 'kept', openGraph: { ogTitle: 'kept' } }, blocks: [{ __component: 'blocks.quote', text: 'kept' }] }
  })
  const before = await tableCounts()
  const doomed = await createEntry(db, registry, article, {
    data: {
      title: 'doomed',
      author: ada,
      tags: [tag],
      cover: image,
      related: [keep],
      seo: { metaTitle: 'doomed', shareImage: image, openGraph: { ogTitle: 'doomed', ogImage: image } },
      blocks: [
        { __component: 'blocks.quote', text: 'q' },
        { __component: 'blocks.rich-text', body: 'b' },
        { __component: 'blocks.related-articles', articles: [keep] },
        { __component: 'blocks.media', file: image }
      ]
    }
  })
  // Links pointing at the doomed entry from other entries go too.
  await createEntry(db, registry, contentType('issue'), { data: { number: 1, coverStory: doomed } })
  await deleteEntry(db, registry, article, doomed)
  const after = await tableCounts()
  t.same(after, { ...before, issues: before.issues! + 1 }, 'every row the entry brought is gone (the issue stays); the rest is as before')
  t.equal(after.files, 1, 'files are not deleted with the entry')
  await rejectsWithStatus(t, deleteEntry(db, registry, article, doomed), 'NotFoundError', 404)
})
