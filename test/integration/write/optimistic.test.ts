/**
 * Updates and deletes without a transaction (docs/architecture.md, 'A write'): an update's facts read takes no lock
 * but reads the entry's version, and its data statement writes nothing unless the entry is
 * still at that version; a delete is one statement guarded the same way. Here a concurrent
 * write lands exactly where it hurts, and the outcome must be the one of the two writes run
 * one after the other.
 */
import pg from 'pg'
import t from 'tap'
import type { Database, SqlTransaction } from '../../../plugin/repository/connection/database.js'
import type { WriteObserver } from '../../../plugin/repository/write/observer.js'
import { openTestDatabase } from './fixtures/database.js'
import { createEntry, deleteEntry, repositoryOf, updateEntry } from './fixtures/writes.js'
import { entryPlanner } from '../../../plugin/write-plan/entry-planner.js'

/**
 * `db`, whose writes without a transaction run `between` once, just before the first
 * statement `when` picks is sent: on the same connection, each of its statements its own
 * transaction (so the same on PGlite, a single session). `sent`: what the wrapped writes sent.
 */
function interleaved (db: Database, when: (sql: string) => boolean, between: (other: Database) => Promise<void>): { db: Database, sent: string[] } {
  const sent: string[] = []
  let done = false
  const wrapped: Database = {
    ...db,
    autocommit: async work => await db.autocommit(async (tx: SqlTransaction) => await work({
      transactional: tx.transactional,
      query: async (sql, params) => {
        if (!done && when(sql)) {
          done = true
          await between({ ...db, autocommit: async other => await other(tx) })
        }
        sent.push(sql)
        return await tx.query(sql, params)
      }
    }))
  }
  return { db: wrapped, sent }
}

const isGuardedUpdate = (sql: string): boolean => /^with (new_ids as \(.*?\), )?w1 as \(update "articles" set .* and xmin = /s.test(sql)

t.test('an update whose entry another update moves between its facts read and its data statement is planned again: as if one ran after the other', async t => {
  const { db, registry, contentType, rows } = await openTestDatabase(t)
  const article = contentType('article')
  const tag = async (name: string): Promise<number> => await createEntry(db, registry, contentType('tag'), { data: { name } })
  const [t0, t1, t2] = [await tag('t0'), await tag('t1'), await tag('t2')]
  const id = await createEntry(db, registry, article, { data: { title: 'Raced', tags: [t0], blocks: [{ __component: 'blocks.quote', text: 'q1' }] } })
  const [q1] = await rows('select target_id as id from articles_blocks_blocks_quote_lnk where owner_id = $1', [id])
  const quotesBefore = await rows('select count(*)::int as n from components_blocks_quotes')

  const { db: racing, sent } = interleaved(db, isGuardedUpdate, async other => {
    // B: appends t2 and replaces the zone's second item, committed before A's data statement.
    await updateEntry(other, registry, article, id, {
      data: { title: 'B', tags: { connect: [t2] }, blocks: [{ __component: 'blocks.quote', id: q1!.id, text: 'q1' }, { __component: 'blocks.quote', text: 'b' }] }
    })
  })
  // A: appends t1 and replaces the zone's list by q1 and a new item.
  await updateEntry(racing, registry, article, id, {
    data: { title: 'A', tags: { connect: [t1] }, blocks: [{ __component: 'blocks.quote', id: q1!.id, text: 'q1' }, { __component: 'blocks.quote', text: 'a' }] }
  })

  const dataStatements = sent.filter(isGuardedUpdate)
  t.equal(dataStatements.length, 2, 'A\'s first data statement wrote nothing (the entry had moved), A was planned again from fresh facts')
  t.notOk(sent.some(sql => /^(begin|commit)$/i.test(sql.trim())), 'without a transaction')
  t.same(await rows('select title from articles where id = $1', [id]), [{ title: 'A' }], 'A ran last')
  t.same(await rows('select target_id as id, ord from articles_tags_lnk where owner_id = $1 order by ord, id', [id]),
    [{ id: t0, ord: 1 }, { id: t2, ord: 2 }, { id: t1, ord: 3 }], 'both links, once each, A\'s after B\'s, positions 1..3')
  t.same(await rows(`select q.text from articles_blocks_blocks_quote_lnk k join components_blocks_quotes q on q.id = k.target_id
    where k.owner_id = $1 order by k.ord`, [id]), [{ text: 'q1' }, { text: 'a' }], 'the zone is A\'s list')
  t.same(await rows('select count(*)::int as n from components_blocks_quotes'), [{ n: Number(quotesBefore[0]!.n) + 1 }],
    'B\'s item, dropped by A, is deleted: no orphan component row')
})

t.test('an update that keeps finding its entry moved locks it in a transaction after three attempts', async t => {
  const { db, registry, contentType, rows } = await openTestDatabase(t)
  const article = contentType('article')
  const t0 = await createEntry(db, registry, contentType('tag'), { data: { name: 't0' } })
  const id = await createEntry(db, registry, article, { data: { title: 'Busy' } })
  const sent: string[] = []
  let moves = 0
  // Every data statement sent without a transaction finds the entry moved just before.
  const busy: Database = {
    ...db,
    autocommit: async work => await db.autocommit(async tx => await work({
      transactional: false,
      query: async (sql, params) => {
        if (isGuardedUpdate(sql)) {
          moves++
          await tx.query('update articles set updated_at = now() where id = $1', [id])
        }
        sent.push(sql)
        return await tx.query(sql, params)
      }
    })),
    transaction: async work => await db.transaction(async tx => {
      sent.push('begin')
      return await work({ transactional: true, query: async (sql, params) => { sent.push(sql); return await tx.query(sql, params) } })
    })
  }
  await updateEntry(busy, registry, article, id, { data: { title: 'Finally', tags: [t0] } })
  t.equal(moves, 3, 'three attempts without a transaction, each finding the entry moved')
  t.ok(sent.includes('begin'), 'then one in a transaction')
  t.ok(sent.some(sql => /for no key update/.test(sql)), 'whose facts read locks the entry')
  t.same(await rows('select title from articles where id = $1', [id]), [{ title: 'Finally' }])
  t.same(await rows('select target_id as id from articles_tags_lnk where owner_id = $1', [id]), [{ id: t0 }], 'written once')
})

t.test('an update of an entry deleted between its facts read and its data statement is a 404 and writes nothing', async t => {
  const { db, registry, contentType, rows } = await openTestDatabase(t)
  const article = contentType('article')
  const t0 = await createEntry(db, registry, contentType('tag'), { data: { name: 't0' } })
  const id = await createEntry(db, registry, article, { data: { title: 'Doomed' } })
  const { db: racing } = interleaved(db, isGuardedUpdate, async other => { await deleteEntry(other, registry, article, id) })
  await t.rejects(updateEntry(racing, registry, article, id, { data: { tags: [t0] } }), { name: 'NotFoundError' })
  t.same(await rows('select count(*)::int as n from articles_tags_lnk'), [{ n: 0 }], 'no link row written')
})

t.test('a delete is ONE statement: the entry and every component row nested in it', async t => {
  const { db, registry, contentType, rows, statements, tableCounts } = await openTestDatabase(t)
  const article = contentType('article')
  const before = await tableCounts()
  const id = await createEntry(db, registry, article, {
    data: { title: 'Gone', seo: { metaTitle: 's', openGraph: { ogTitle: 'o' } }, blocks: [{ __component: 'blocks.quote', text: 'q' }] }
  })
  statements.length = 0
  await deleteEntry(db, registry, article, id)
  t.equal(statements.length, 1, 'one statement, no begin/commit')
  t.same(await tableCounts(), before, 'every row the create wrote is gone')
  t.same(await rows('select count(*)::int as n from articles where id = $1', [id]), [{ n: 0 }])
})

// Two sessions at once: PostgreSQL only (PGlite is one session).
const serverUrl = process.env.DATABASE_URL
if (serverUrl !== undefined && serverUrl !== '') {
  t.test('a delete racing an update that adds component rows leaves none behind: it finds the entry moved and is sent again', async t => {
    const { db, registry, contentType, rows, statements } = await openTestDatabase(t)
    const article = contentType('article')
    const id = await createEntry(db, registry, article, { data: { title: 'Raced', blocks: [{ __component: 'blocks.quote', text: 'q1' }] } })
    const [q1] = await rows('select target_id as id from articles_blocks_blocks_quote_lnk where owner_id = $1', [id])
    // The update holds the entry's lock (its observer locks first) while it waits for `release`.
    let release = (): void => {}
    const gate = new Promise<void>(resolve => { release = resolve })
    let locked = (): void => {}
    const holding = new Promise<void>(resolve => { locked = resolve })
    const observer: WriteObserver = {
      changesData: () => true,
      hooksBefore: () => true,
      wantsPublication: () => false,
      before: async write => { locked(); await gate; return write.data },
      committed: () => {}
    }
    const update = repositoryOf(db, registry, article).update({
      id,
      body: { data: { blocks: [{ __component: 'blocks.quote', id: q1!.id, text: 'q1' }, { __component: 'blocks.quote', text: 'added' }] } },
      context: { observer, planner: entryPlanner({ registry, model: article, strict: false }) }
    })
    await holding
    statements.length = 0
    const deleted = deleteEntry(db, registry, article, id)
    // The delete's statement has its snapshot (without the update's rows) and waits for the lock.
    const watcher = new pg.Client({ connectionString: serverUrl })
    await watcher.connect()
    t.teardown(async () => { await watcher.end() })
    for (;;) {
      const { rows: waiting } = await watcher.query("select count(*)::int as n from pg_stat_activity where wait_event_type = 'Lock' and query like 'with s as%'")
      if (waiting[0].n > 0) break
      await new Promise(resolve => setImmediate(resolve))
    }
    release()
    await update
    await deleted
    const sent = statements.filter(sql => sql.startsWith('with s as'))
    t.equal(sent.length, 2, 'the first statement deleted nothing (the entry had moved while it waited), the second deleted it')
    t.same(await rows('select count(*)::int as n from components_blocks_quotes'), [{ n: 0 }], 'no orphan component row: the update\'s item went too')
    t.same(await rows('select count(*)::int as n from articles_blocks_blocks_quote_lnk'), [{ n: 0 }])
    t.same(await rows('select count(*)::int as n from articles where id = $1', [id]), [{ n: 0 }])
  })
}
