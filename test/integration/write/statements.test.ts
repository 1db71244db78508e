/**
 * How many SQL statements a write sends (begin and commit included): one for the facts its
 * checks need (and the new rows' ids, and an update's row lock), then ONE data statement for
 * the rows, their link rows and the deletions; a create, most often, the two as one. A create whose data statement is its only
 * change needs no transaction around it (no begin/commit). Bounds, so a regression shows.
 * `WRITE_SQL=1` prints every statement counted.
 */
import t, { type Test } from 'tap'
import type { InlineSchemas } from '../../../plugin/content-types/registry.js'
import { createEntry, deleteEntry, updateEntry } from './fixtures/writes.js'
import { openTestDatabase } from './fixtures/database.js'

/** Counts the statements `write` sends (and prints them under `WRITE_SQL=1`). */
function statementCounter (t: Test, statements: string[]) {
  return async (label: string, write: () => Promise<unknown>): Promise<number> => {
    statements.length = 0
    await write()
    if (process.env.WRITE_SQL === '1') t.comment(`${label}:\n${statements.map(sql => `  ${sql}`).join('\n')}`)
    return statements.length
  }
}

t.test('statements per write of an article with author, tags, seo and 3 zone items', async t => {
  const { db, registry, contentType, statements, rows } = await openTestDatabase(t)
  const measure = statementCounter(t, statements)
  const article = contentType('article')
  const ada = await createEntry(db, registry, contentType('author'), { data: { name: 'Ada' } })
  const bob = await createEntry(db, registry, contentType('author'), { data: { name: 'Bob' } })
  const tags = [await createEntry(db, registry, contentType('tag'), { data: { name: 'a' } }), await createEntry(db, registry, contentType('tag'), { data: { name: 'b' } })]

  let id = 0
  const create = await measure('create', async () => {
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
  const update = await measure('update', async () => await updateEntry(db, registry, article, id, {
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
  const empty = await measure('empty update', async () => await updateEntry(db, registry, article, id, { data: {} }))
  const remove = await measure('delete', async () => await deleteEntry(db, registry, article, id))
  t.comment(`statements: create ${create}, update ${update}, empty update ${empty}, delete ${remove}`)
  // ONE statement: the facts as its first CTE, the rows written only if they hold (was 2: the facts read, then the data statement)
  t.equal(create, 1, `create: ${create} statements`)
  // the facts (with the row's version), the data statement guarded by it: no begin/commit (4 with them)
  t.equal(update, 2, `update: ${update} statements`)
  t.equal(empty, 1, 'an empty update: the data statement moving updatedAt, alone (no facts to read, no transaction)')
  // ONE statement: the entry, guarded by its version, with every component row nested in it (was 4: begin, lock, deletion, commit)
  t.equal(remove, 1, `delete: ${remove} statements`)
})

t.test("statements per write of the benchmark's article: every kind of link, then a partial update", async t => {
  const { db, registry, contentType, statements, insertFile } = await openTestDatabase(t)
  const article = contentType('article')
  const create = async (kind: string, data: Record<string, unknown>): Promise<number> => await createEntry(db, registry, contentType(kind), { data })
  const author = await create('author', { name: 'Ada' })
  const [news, sport] = [await create('category', { name: 'News' }), await create('category', { name: 'Sport' })]
  const tags = [await create('tag', { name: 'a' }), await create('tag', { name: 'b' }), await create('tag', { name: 'c' })]
  const [older, old] = [await create('article', { title: 'Older' }), await create('article', { title: 'Old' })]
  const [cover, still, clip] = [await insertFile(), await insertFile(), await insertFile('video/mp4')]
  const measure = statementCounter(t, statements)

  let id = 0
  const created = await measure('create', async () => {
    id = await createEntry(db, registry, article, {
      data: {
        title: 'Benchmark article',
        excerpt: 'A new article',
        author,
        category: news,
        tags,
        related: [older, old],
        cover,
        gallery: [still, clip],
        seo: { metaTitle: 'seo', openGraph: { ogTitle: 'og' } },
        blocks: [
          { __component: 'blocks.rich-text', body: 'r' },
          { __component: 'blocks.quote', text: 'q' },
          { __component: 'blocks.related-articles', heading: 'Read next', articles: [older, old] }
        ]
      }
    })
  })
  const sameCategory = await measure('update, same category', async () =>
    await updateEntry(db, registry, article, id, { data: { excerpt: 'Updated', rating: 2, featured: true, category: news } }))
  const otherCategory = await measure('update, other category', async () =>
    await updateEntry(db, registry, article, id, { data: { excerpt: 'Moved', rating: 3, featured: false, category: sport } }))
  t.comment(`statements: create ${created}, update (same category) ${sameCategory}, update (other category) ${otherCategory}`)
  // ONE statement: the facts (related ids, the files' kinds, the uid) read inside it (was 2)
  t.equal(created, 1, `create: ${created} statements`)
  // ONE statement: the row's lock and the category's existence read inside it, the link found by its parts (was 2)
  t.equal(sameCategory, 1, `update, same category: ${sameCategory} statements`)
  // the statement rewrites the category link in place as well
  t.equal(otherCategory, 1, `update, other category: ${otherCategory} statements`)
})

const everyKind: InlineSchemas = {
  contentTypes: {
    'api::page.page': {
      collectionName: 'pages',
      info: { singularName: 'page', pluralName: 'pages' },
      attributes: {
        title: { type: 'string' },
        writer: { type: 'relation', relation: 'manyToOne', target: 'api::writer.writer' },
        labels: { type: 'relation', relation: 'manyToMany', target: 'api::label.label' },
        hero: { type: 'component', component: 'parts.hero' },
        links: { type: 'component', component: 'parts.link', repeatable: true },
        body: { type: 'dynamiczone', components: ['parts.hero', 'parts.link'] }
      }
    },
    'api::writer.writer': { collectionName: 'writers', info: { singularName: 'writer', pluralName: 'writers' }, attributes: { name: { type: 'string' } } },
    'api::label.label': { collectionName: 'labels', info: { singularName: 'label', pluralName: 'labels' }, attributes: { name: { type: 'string' } } }
  },
  components: {
    'parts.hero': { attributes: { heading: { type: 'string' } } },
    'parts.link': { attributes: { url: { type: 'string' } } }
  }
}

/**
 * The budget of compiled writes (docs/architecture.md, 'A write'), `begin` and `commit` aside: a create is ONE
 * statement whose first CTE is its facts (existence, uniqueness, the new rows' ids), with no
 * transaction around it when it is its only change (write/one-statement; the facts read and
 * the data statement when a check fails or the plan does not suit); an update the facts with the row's
 * version, and the data statement guarded by it, no transaction either; a delete ONE
 * statement (the entry guarded by its version, and its component rows). The answer is the
 * route's (built into the data statement, or the delete's lock, when the route asks:
 * test/integration/write-round-trips.test.ts) and is not counted here.
 */
t.test('a create with a to-one, a many-to-many, a component, a repeatable component and a zone item is 1 statement, no transaction needed', async t => {
  const { db, registry, contentType, statements, rows } = await openTestDatabase(t, everyKind)
  const measure = statementCounter(t, statements)
  const page = contentType('page')
  const writers = [await createEntry(db, registry, contentType('writer'), { data: { name: 'w1' } }), await createEntry(db, registry, contentType('writer'), { data: { name: 'w2' } })]
  const labels = [await createEntry(db, registry, contentType('label'), { data: { name: 'a' } }), await createEntry(db, registry, contentType('label'), { data: { name: 'b' } })]

  let id = 0
  const created = await measure('create', async () => {
    id = await createEntry(db, registry, page, {
      data: {
        title: 'every kind',
        writer: writers[0],
        labels,
        hero: { heading: 'h' },
        links: [{ url: 'u1' }, { url: 'u2' }],
        body: [{ __component: 'parts.link', url: 'z1' }, { __component: 'parts.hero', heading: 'z2' }]
      }
    })
  })
  t.notOk(statements.some(sql => ['begin', 'commit'].includes(sql.toLowerCase())), 'no transaction: the data statement is the only change')
  t.equal(created, 1, 'create: one data statement, its facts read inside it (was 2: the facts read, then the data statement)')
  t.same(await rows('select count(*)::int as n from pages_links_lnk where owner_id = $1', [id]), [{ n: 2 }], 'the repeatable component rows are linked')
  t.same(await rows('select count(*)::int as n from pages_labels_lnk where owner_id = $1', [id]), [{ n: 2 }], 'the many-to-many links are written')

  const links = await rows('select target_id as id from pages_links_lnk where owner_id = $1 order by ord', [id])
  const [hero] = await rows('select target_id as id from pages_hero_lnk where owner_id = $1', [id])
  const updated = await measure('update', async () => await updateEntry(db, registry, page, id, {
    data: {
      title: 'every kind, again',
      writer: writers[1],
      labels: [labels[1], labels[0]],
      hero: { id: hero!.id, heading: 'h2' },
      links: [{ id: links[1]!.id, url: 'u2!' }, { id: links[0]!.id, url: 'u1!' }],
      // both zone items dropped (their rows deleted in the data statement), a new one added
      body: [{ __component: 'parts.hero', heading: 'z3' }]
    }
  }))
  t.equal(updated, 2, 'update: the facts with the row\'s version, and the data statement guarded by it (no begin/commit)')
  t.same(await rows('select l.url from pages_links_lnk k join components_parts_links l on l.id = k.target_id where k.owner_id = $1 order by k.ord', [id]),
    [{ url: 'u2!' }, { url: 'u1!' }], 'the repeatable items are updated and reordered')

  // A single component replaced (no id): its owner's one link must be gone before the new
  // one goes in, so the deletions run just before the data statement.
  const replaced = await measure('replace a component', async () => await updateEntry(db, registry, page, id, { data: { hero: { heading: 'new' } } }))
  t.equal(replaced - 2, 3, 'a replaced single component: the facts with the lock, the deletions, the data statement')
  t.same(await rows('select h.heading from pages_hero_lnk k join components_parts_heros h on h.id = k.target_id where k.owner_id = $1', [id]), [{ heading: 'new' }])

  const deleted = await measure('delete', async () => { await deleteEntry(db, registry, page, id) })
  t.equal(deleted, 1, 'delete: ONE statement, no begin/commit')
  t.same(await rows('select count(*)::int as n from components_parts_links'), [{ n: 0 }], 'with every component row of the entry')
})

t.test('a create that takes a one-to-one link from another entry needs two data statements: it runs in a transaction', async t => {
  const { db, registry, contentType, statements, rows } = await openTestDatabase(t)
  const measure = statementCounter(t, statements)
  const issue = contentType('issue')
  const story = await createEntry(db, registry, contentType('article'), { data: { title: 'Cover story' } })
  const first = await createEntry(db, registry, issue, { data: { number: 1, coverStory: story } })
  let second = 0
  const count = await measure('create taking the link', async () => {
    second = await createEntry(db, registry, issue, { data: { number: 2, coverStory: story } })
  })
  const lower = statements.map(sql => sql.toLowerCase())
  t.equal(lower[0], 'begin', 'the plan says it takes the link: the write starts inside a transaction, not alone and then again')
  t.equal(lower.at(-1), 'commit')
  t.equal(count, 5, 'begin, the facts, the link released, the data statement, commit')
  t.equal(new Set(lower).size, lower.length, 'no statement sent twice')
  const links = await rows('select owner_id as owner from issues_cover_story_lnk where target_id = $1', [story])
  t.same(links, [{ owner: second }], `the story moved from issue ${first} to issue ${second}`)
})
