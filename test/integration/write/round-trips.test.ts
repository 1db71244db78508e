/**
 * Round trips of a write through the routes, its answer included (docs/architecture.md, 'A write': the budget, begin
 * and commit aside: create ≤ 3, update ≤ 3, delete ≤ 2). The answer of the entry's own
 * attributes is built by the data statement from the row it writes; a delete's answer is
 * built from the row it deletes (one statement), or, populated, is the read that locks it.
 * Those answers are the same text a read of the entry gives.
 */
import t from 'tap'
import { buildTestApp } from '../../helpers/app.js'
import type { TestApp } from '../../helpers/app.js'

const TRANSACTION = /^(begin|commit|rollback)$/i

/** What `send` sent: the statements besides begin/commit, and whether it ran in a transaction. */
async function counted (statements: TestApp['statements'], send: () => Promise<unknown>): Promise<{ statements: number, transaction: boolean }> {
  statements.reset()
  await send()
  const list = statements.list.map(sql => sql.trim())
  if (process.env.WRITE_SQL === '1') t.comment(list.join('\n'))
  return { statements: list.filter(sql => !TRANSACTION.test(sql)).length, transaction: list.some(sql => TRANSACTION.test(sql)) }
}

t.test('create, update and delete of an article: their statements, answer included, and the answers a read gives', async t => {
  const test = await buildTestApp()
  t.teardown(test.close)
  const { app, statements } = test
  const post = async (url: string, data: unknown): Promise<{ status: number, body: string }> => {
    const reply = await app.inject({ method: 'POST', url, payload: { data } })
    return { status: reply.statusCode, body: reply.body }
  }
  const idOf = (body: string): number => JSON.parse(body).data.id
  const author = idOf((await post('/api/authors', { name: 'Ada' })).body)
  const tags = [idOf((await post('/api/tags', { name: 'a' })).body), idOf((await post('/api/tags', { name: 'b' })).body)]
  const [news, sport] = [idOf((await post('/api/categories', { name: 'News' })).body), idOf((await post('/api/categories', { name: 'Sport' })).body)]
  const read = async (id: number, query = ''): Promise<string> =>
    (await app.inject({ method: 'GET', url: `/api/articles/${id}?publicationState=preview${query}` })).body

  let created = { status: 0, body: '' }
  const create = await counted(statements, async () => {
    created = await post('/api/articles', {
      title: 'Counted',
      excerpt: 'An article',
      rating: 4.5,
      metadata: { a: [1, 2] },
      author,
      category: news,
      tags,
      seo: { metaTitle: 'seo', openGraph: { ogTitle: 'og' } },
      blocks: [{ __component: 'blocks.quote', text: 'q' }, { __component: 'blocks.rich-text', body: 'r' }]
    })
  })
  t.equal(created.status, 200, created.body)
  const id = idOf(created.body)
  t.same(create, { statements: 1, transaction: false }, 'create: ONE statement, its facts read inside it, answering the entry; no transaction')
  t.equal(created.body, await read(id), 'the answer is the text a read of the entry gives')

  let updated = { status: 0, body: '' }
  const update = await counted(statements, async () => {
    const reply = await app.inject({ method: 'PUT', url: `/api/articles/${id}`, payload: { data: { excerpt: 'Updated', rating: 2, featured: true, category: sport } } })
    updated = { status: reply.statusCode, body: reply.body }
  })
  t.equal(updated.status, 200, updated.body)
  t.same(update, { statements: 1, transaction: false }, 'update: ONE statement, its facts read and the row\'s lock inside it, answering the entry; no transaction')
  t.equal(updated.body, await read(id), 'the update answers the entry as a read gives it')
  t.equal(JSON.parse(updated.body).data.attributes.excerpt, 'Updated')

  let renamed = ''
  const scalarsOnly = await counted(statements, async () => {
    renamed = (await app.inject({ method: 'PUT', url: `/api/articles/${id}`, payload: { data: { title: 'Renamed' } } })).body
  })
  t.equal(renamed, await read(id), 'its answer is the entry as a read gives it')
  t.equal(JSON.parse(renamed).data.attributes.title, 'Renamed')
  t.same(scalarsOnly, { statements: 1, transaction: false }, 'an update with nothing to check: its UPDATE alone, answering the entry')

  let withCategory = ''
  const populated = await counted(statements, async () => {
    withCategory = (await app.inject({ method: 'PUT', url: `/api/articles/${id}?populate=category`, payload: { data: { excerpt: 'With its category' } } })).body
  })
  t.same(populated, { statements: 2, transaction: false }, 'a populated answer needs more than the row: the data statement, then the read')
  t.equal(withCategory, await read(id, '&populate=category'), 'a populated answer is the read after the write')
  t.equal(JSON.parse(withCategory).data.attributes.category.data.id, sport)

  const before = await read(id, '&populate=*')
  let deleted = { status: 0, body: '' }
  const remove = await counted(statements, async () => {
    const reply = await app.inject({ method: 'DELETE', url: `/api/articles/${id}?populate=*` })
    deleted = { status: reply.statusCode, body: reply.body }
  })
  t.equal(deleted.status, 200, deleted.body)
  t.same(remove, { statements: 2, transaction: true }, 'delete: the answer read that locks the row, then the deletion')
  t.equal(deleted.body, before, 'the delete answers the entry as it was, populated attributes included')
  t.equal((await app.inject({ method: 'GET', url: `/api/articles/${id}?publicationState=preview` })).statusCode, 404, 'and it is gone')

  const other = idOf((await post('/api/articles', {
    title: 'Gone in one', category: news, tags, seo: { metaTitle: 's', openGraph: { ogTitle: 'o' } }, blocks: [{ __component: 'blocks.quote', text: 'q' }]
  })).body)
  const otherBefore = await read(other)
  let deletedAlone = { status: 0, body: '' }
  const removeAlone = await counted(statements, async () => {
    const reply = await app.inject({ method: 'DELETE', url: `/api/articles/${other}` })
    deletedAlone = { status: reply.statusCode, body: reply.body }
  })
  t.equal(deletedAlone.status, 200, deletedAlone.body)
  t.same(removeAlone, { statements: 1, transaction: false }, 'delete answering the row alone: ONE statement, no transaction')
  t.equal(deletedAlone.body, otherBefore, 'the one-statement delete answers the entry as it was')
  t.equal((await app.inject({ method: 'GET', url: `/api/articles/${other}?publicationState=preview` })).statusCode, 404, 'and it is gone')

  for (const method of ['PUT', 'DELETE'] as const) {
    const reply = await app.inject({ method, url: '/api/articles/999999', payload: { data: { title: 'x' } } })
    t.equal(reply.statusCode, 404, `${method} of a missing entry is a 404`)
    t.equal(JSON.parse(reply.body).error.name, 'NotFoundError')
  }
  const missing = await app.inject({ method: 'PUT', url: '/api/articles/999999', payload: { data: { category: news } } })
  t.equal(missing.statusCode, 404, 'also when the facts read takes the lock')
})

t.test('concurrent updates of one entry queue: each sees the links the one before it committed', async t => {
  const test = await buildTestApp()
  t.teardown(test.close)
  const { app } = test
  const created = async (url: string, data: unknown): Promise<number> =>
    JSON.parse((await app.inject({ method: 'POST', url, payload: { data } })).body).data.id
  const tags: number[] = []
  for (let n = 0; n < 8; n++) tags.push(await created('/api/tags', { name: `t${n}` }))
  const id = await created('/api/articles', { title: 'Contended', tags: [tags[0]] })
  for (let round = 0; round < 3; round++) {
    // Each update replaces the whole list: one that read the links before another committed would delete
    // only the link it saw and leave the other's in place.
    const replies = await Promise.all(tags.map(async tag =>
      await app.inject({ method: 'PUT', url: `/api/articles/${id}`, payload: { data: { title: `round ${round}`, tags: [tag] } } })))
    t.same(replies.map(reply => reply.statusCode), tags.map(() => 200), `round ${round}: every update succeeds`)
    const read = JSON.parse((await app.inject({ method: 'GET', url: `/api/articles/${id}?publicationState=preview&populate=tags` })).body)
    t.equal(read.data.attributes.tags.data.length, 1, `round ${round}: one tag left, the last writer's`)
  }
})
