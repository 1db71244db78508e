/** Large bodies: bounded lists, bounded error lists, deletions of thousands of rows. */
import t from 'tap'
import { createEntry, updateEntry } from './fixtures/writes.js'
import { MAX_LISTED_ISSUES } from '../../../plugin/write-plan/issues.js'
import { MAX_IDS_PER_LIST } from '../../../plugin/write-plan/input-relation.js'
import { openTestDatabase } from './fixtures/database.js'
import { rejectsWithIssues } from './fixtures/expect.js'

t.test('limits', async t => {
  const { db, registry, contentType, rows } = await openTestDatabase(t)
  const article = contentType('article')
  const author = contentType('author')

  await rejectsWithIssues(t, createEntry(db, registry, article, { data: { title: 't', tags: Array.from({ length: MAX_IDS_PER_LIST + 1 }, (_, i) => i + 1) } }),
    [{ path: ['tags'], message: `tags must hold at most ${MAX_IDS_PER_LIST} ids` }])

  const error = await createEntry(db, registry, article, { data: { title: 't', tags: Array.from({ length: 250 }, () => 'x') } })
    .then(() => null, (caught: unknown) => caught as { message: string, details: { errors: unknown[] } })
  t.equal(error?.message, '250 errors occurred')
  t.equal(error?.details.errors.length, MAX_LISTED_ISSUES, 'the answer lists the first ones only')

  const links = Array.from({ length: 6000 }, (_, i) => ({ label: `l${i}`, url: `https://example.org/${i}` }))
  const id = await createEntry(db, registry, author, { data: { name: 'Many links', socialLinks: links } })
  t.same(await rows('select count(*)::int as n from authors_social_links_lnk where owner_id = $1', [id]), [{ n: 6000 }])
  await updateEntry(db, registry, author, id, { data: { socialLinks: [] } })
  t.same(await rows('select count(*)::int as n from components_shared_links'), [{ n: 0 }], 'thousands of component rows deleted')
})
