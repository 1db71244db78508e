/**
 * The one-statement create (write/one-statement): a create whose checks hold is ONE
 * statement, its facts read as the statement's first CTE. One whose checks fail writes
 * nothing in that statement; the facts read then runs on its own and answers the same 400 as
 * before, and no row of any table is left behind. Counted, never timed.
 */
import t from 'tap'
import { rejectsWithIssues } from './fixtures/expect.js'
import { createEntry } from './fixtures/writes.js'
import { openTestDatabase } from './fixtures/database.js'

t.test('one statement when the checks hold; today\'s 400 and nothing written when they do not', async t => {
  const { db, registry, contentType, statements, rows, insertFile } = await openTestDatabase(t)
  const article = contentType('article')
  const tag = contentType('tag')
  const create = async (kind: string, data: Record<string, unknown>): Promise<number> => await createEntry(db, registry, contentType(kind), { data })
  /** Rows per table of the schema: what a write that failed must leave as it found. */
  const everyTable = async (): Promise<Record<string, number>> => {
    const tables = await rows("select table_name as name from information_schema.tables where table_schema = current_schema() and table_type = 'BASE TABLE' order by 1")
    const counted: Record<string, number> = {}
    for (const { name } of tables) {
      const [found] = await rows(`select count(*)::int as n from "${String(name)}"`)
      counted[String(name)] = Number(found!.n)
    }
    return counted
  }
  const author = await create('author', { name: 'Ada', email: 'ada@example.com' })
  const category = await create('category', { name: 'News' })
  const tags = [await create('tag', { name: 'a' }), await create('tag', { name: 'b' })]
  const older = await create('article', { title: 'Older' })
  const [cover, clip] = [await insertFile(), await insertFile('video/mp4')]
  const body = (extra: Record<string, unknown>): Record<string, unknown> => ({
    title: 'Bench shaped',
    excerpt: 'An article',
    author,
    category,
    tags,
    cover,
    seo: { metaTitle: 'seo', openGraph: { ogTitle: 'og' } },
    blocks: [
      { __component: 'blocks.rich-text', body: 'r' },
      { __component: 'blocks.quote', text: 'q' },
      { __component: 'blocks.related-articles', heading: 'Read next', articles: [older] }
    ],
    ...extra
  })

  statements.length = 0
  const first = await createEntry(db, registry, article, { data: body({}) })
  t.equal(statements.length, 1, 'a bench-shaped create: ONE statement')
  statements.length = 0
  const second = await createEntry(db, registry, article, { data: body({}) })
  t.equal(statements.length, 1, 'the same title again: still one statement, the uid picked in it')
  t.same(await rows('select id, slug from articles where id = any($1::int[]) order by id', [`{${first},${second}}`]),
    [{ id: first, slug: 'bench-shaped' }, { id: second, slug: 'bench-shaped-1' }])
  t.same(await rows('select count(*)::int as n from articles_tags_lnk where owner_id = $1', [second]), [{ n: 2 }], 'its links are written')

  const before = await everyTable()
  statements.length = 0
  await rejectsWithIssues(t, createEntry(db, registry, article, { data: body({ tags: [tags[0], 999999] }) }),
    [{ path: ['tags'], message: 'tags has 1 relation(s) of type api::tag.tag that do not exist (999999)' }])
  t.equal(statements.length, 2, 'a missing related id: the one statement wrote nothing, then the facts read found it')
  await rejectsWithIssues(t, createEntry(db, registry, article, { data: body({ cover: clip }) }),
    [{ path: ['cover'], message: `cover accepts only images; file(s) ${clip} are not` }])
  await rejectsWithIssues(t, createEntry(db, registry, tag, { data: { name: 'a' } }), [{ path: ['name'], message: 'This attribute must be unique' }])
  await rejectsWithIssues(t, createEntry(db, registry, contentType('author'), { data: { name: 'Bob', email: 'ada@example.com' } }),
    [{ path: ['email'], message: 'This attribute must be unique' }])
  t.same(await everyTable(), before, 'nothing of the refused creates is left in any table')
})

t.test('concurrent creates of one title: each gets its own uid, none is refused for a uid it did not send', async t => {
  const { db, registry, contentType, rows } = await openTestDatabase(t)
  const article = contentType('article')
  const ids = await Promise.all([1, 2, 3, 4, 5, 6].map(async () => await createEntry(db, registry, article, { data: { title: 'Raced' } })))
  t.equal(new Set(ids).size, 6, 'six creates, six entries')
  const slugs = (await rows("select slug from articles where title = 'Raced' order by slug")).map(row => row.slug)
  t.same(slugs, ['raced', 'raced-1', 'raced-2', 'raced-3', 'raced-4', 'raced-5'], 'a create that lost the race on a candidate took the next one')
})
