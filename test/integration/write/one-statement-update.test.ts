/**
 * The one-statement update (write/one-statement): an update of scalars and to-one links whose
 * checks hold is ONE statement, the entry's lock and its facts read as the statement's first
 * CTE. One whose checks fail, whose entry is absent, or whose entry a concurrent write moved
 * while its lock waited writes nothing in that statement; the two-statement path then answers
 * exactly as before. Counted, never timed.
 */
import t from 'tap'
import type { SqlTransaction } from '../../../plugin/repository/connection/database.js'
import { rejectsWithIssues, rejectsWithStatus } from './fixtures/expect.js'
import { openTestDatabase } from './fixtures/database.js'
import { createEntry, updateEntry } from './fixtures/writes.js'

t.test('one statement when the checks hold: the to-one link found, kept, moved, added or removed by the statement', async t => {
  const { db, registry, contentType, statements, rows, insertFile } = await openTestDatabase(t)
  const article = contentType('article')
  const author = contentType('author')
  const [news, sport] = [
    await createEntry(db, registry, contentType('category'), { data: { name: 'News' } }),
    await createEntry(db, registry, contentType('category'), { data: { name: 'Sport' } })
  ]
  const [first, second] = [await insertFile(), await insertFile()]
  const other = await createEntry(db, registry, article, { data: { title: 'Other', category: sport } })
  const id = await createEntry(db, registry, article, { data: { title: 'Counted', category: news, cover: first } })
  const categoryLink = async (): Promise<unknown[]> => await rows('select id, target_id as category, ord, inv_ord as "invOrd" from articles_category_lnk where owner_id = $1', [id])
  const one = async (data: Record<string, unknown>, said: string): Promise<void> => {
    statements.length = 0
    t.equal(await updateEntry(db, registry, article, id, { data }), id)
    t.equal(statements.length, 1, said)
  }

  const [linked] = await categoryLink() as Array<{ id: number }>
  await one({ excerpt: 'Same', rating: 2, featured: true, category: news }, 'the bench\'s update, same category: one statement')
  t.same(await categoryLink(), [linked], 'the link is kept as it was (its id and positions too)')
  t.same(await rows('select excerpt, rating::float8 as rating, featured from articles where id = $1', [id]), [{ excerpt: 'Same', rating: 2, featured: true }])

  await one({ excerpt: 'Moved', category: sport }, 'another category: one statement')
  const [moved] = await categoryLink() as Array<{ id: number, invOrd: number }>
  t.equal(moved!.invOrd > 1, true, 'rewritten in place, appended to the end of Sport\'s articles')
  t.not(moved!.id, linked!.id, 'with a new link id, as a link just appended')
  t.same((await rows('select owner_id as id from articles_category_lnk where target_id = $1 order by inv_ord, id', [sport])).map(row => row.id), [other, id],
    'Sport lists it after the article it already had')

  await one({ category: { disconnect: [news] } }, 'a disconnect of a row not linked: one statement')
  t.equal((await categoryLink()).length, 1, 'nothing removed')
  await one({ category: { disconnect: [sport] } }, 'a disconnect of the linked row: one statement')
  t.same(await categoryLink(), [], 'the link is deleted')
  await one({ category: { connect: [news] } }, 'a connect without a link: one statement')
  t.same((await categoryLink()).map(link => (link as { category: number }).category), [news], 'the link is inserted')
  await one({ category: null }, 'a null to-one: one statement')
  t.same(await categoryLink(), [], 'unlinked')

  await one({ cover: second }, 'another image: one statement, its kind checked in it')
  t.same(await rows('select target_id as id from articles_cover_lnk where owner_id = $1', [id]), [{ id: second }], 'the cover is the new file')

  const ada = await createEntry(db, registry, author, { data: { name: 'Ada', email: 'ada@example.com' } })
  statements.length = 0
  await updateEntry(db, registry, author, ada, { data: { name: 'Ada L.', email: 'ada@example.com' } })
  t.equal(statements.length, 1, 'a unique value the entry itself holds is free: one statement')
})

t.test('when a check fails or the entry is absent: the same 400 or 404 as before, nothing written', async t => {
  const { db, registry, contentType, statements, rows, insertFile, tableCounts } = await openTestDatabase(t)
  const article = contentType('article')
  const author = contentType('author')
  const news = await createEntry(db, registry, contentType('category'), { data: { name: 'News' } })
  const clip = await insertFile('video/mp4')
  const id = await createEntry(db, registry, article, { data: { title: 'Kept', excerpt: 'As it was', category: news } })
  await createEntry(db, registry, author, { data: { name: 'Ada', email: 'ada@example.com' } })
  const bob = await createEntry(db, registry, author, { data: { name: 'Bob', email: 'bob@example.com' } })
  const before = await tableCounts()
  const row = async (): Promise<unknown[]> => await rows('select excerpt, updated_at from articles where id = $1', [id])
  const unchanged = await row()

  statements.length = 0
  await rejectsWithIssues(t, updateEntry(db, registry, article, id, { data: { excerpt: 'No', category: 999999 } }),
    [{ path: ['category'], message: 'category has 1 relation(s) of type api::category.category that do not exist (999999)' }])
  t.equal(statements.length, 2, 'a missing related id: the one statement wrote nothing, then the facts read found it')
  await rejectsWithIssues(t, updateEntry(db, registry, article, id, { data: { excerpt: 'No', cover: clip } }),
    [{ path: ['cover'], message: `cover accepts only images; file(s) ${clip} are not` }])
  await rejectsWithIssues(t, updateEntry(db, registry, author, bob, { data: { email: 'ada@example.com' } }),
    [{ path: ['email'], message: 'This attribute must be unique' }])
  await rejectsWithStatus(t, updateEntry(db, registry, article, 999999, { data: { excerpt: 'No', category: news } }), 'NotFoundError', 404)
  t.same(await row(), unchanged, 'the entry is as it was')
  t.same(await tableCounts(), before, 'no row of any table was added or removed')
})

const onServer = process.env.DATABASE_URL !== undefined && process.env.DATABASE_URL !== ''

t.test('racing writes of one entry: never a 500, no acknowledged write lost', { skip: onServer ? false : 'needs PostgreSQL (two sessions)' }, async t => {
  const { db, registry, contentType, rows } = await openTestDatabase(t)
  const article = contentType('article')
  const [news, sport] = [
    await createEntry(db, registry, contentType('category'), { data: { name: 'News' } }),
    await createEntry(db, registry, contentType('category'), { data: { name: 'Sport' } })
  ]
  /** Whether a statement of the test database waits for a lock. */
  const someoneWaits = async (): Promise<boolean> => {
    const [found] = await rows("select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'")
    return Number(found!.n) > 0
  }
  /** Runs `first` in a transaction holding the entry, starts `then` once it waits for that entry, and commits. */
  const whileHeld = async <T>(first: (tx: SqlTransaction) => Promise<void>, then: () => Promise<T>): Promise<{ outcome: Promise<T> }> => {
    let started!: Promise<T>
    await db.transaction(async tx => {
      await first(tx)
      started = then()
      started.catch(() => {})
      for (let polls = 0; polls < 500 && !(await someoneWaits()); polls++) await new Promise(resolve => setTimeout(resolve, 10))
    })
    // Wrapped: an async function would await the promise it returns.
    return { outcome: started }
  }

  const id = await createEntry(db, registry, article, { data: { title: 'Raced', category: news } })
  const update = await whileHeld(
    // B, as an update that unlinks the category: without B's link change seen, A's link would be lost.
    async tx => {
      await tx.query("update articles set title = 'B', updated_at = now() where id = $1", [id])
      await tx.query('delete from articles_category_lnk where owner_id = $1', [id])
    },
    async () => await updateEntry(db, registry, article, id, { data: { excerpt: 'A', category: sport } }))
  t.equal(await update.outcome, id, 'the update that waited for the lock is written')
  t.same(await rows('select title, excerpt from articles where id = $1', [id]), [{ title: 'B', excerpt: 'A' }], 'both writes are kept, the waiting one after')
  t.same(await rows('select target_id as id from articles_category_lnk where owner_id = $1', [id]), [{ id: sport }], 'one link, the later write\'s')

  const many = await Promise.all([news, sport, news, sport, news, sport].map(async (category, n) =>
    await updateEntry(db, registry, article, id, { data: { excerpt: `${n}`, category } })))
  t.same(many, [id, id, id, id, id, id], 'six concurrent updates of one entry: all written')
  t.equal((await rows('select count(*)::int as n from articles_category_lnk where owner_id = $1', [id]))[0]!.n, 1, 'one category link left')

  const deleted = await whileHeld(
    async tx => { await tx.query('delete from articles where id = $1', [id]) },
    async () => await updateEntry(db, registry, article, id, { data: { excerpt: 'Late', category: news } }))
  await rejectsWithStatus(t, deleted.outcome, 'NotFoundError', 404)
  t.same(await rows('select count(*)::int as n from articles_category_lnk where owner_id = $1', [id]), [{ n: 0 }], 'nothing written for the deleted entry')
})
