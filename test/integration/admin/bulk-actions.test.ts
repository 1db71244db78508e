/**
 * The bulk actions of the content manager (docs/admin-api.md, 'Collection types') are ONE
 * transaction each: every entry through its one-entry write path, and a refusal of any one
 * (here a `before*` hook's) leaves every other entry as it was; hooks after the commit and
 * the entry events only once it committed.
 */
import t from 'tap'
import { buildAdminApp } from './admin-app.js'

class Refusal extends Error {
  constructor (message: string) {
    super(message)
    this.name = 'ApplicationError'
  }
}

/** Titles the hooks refuse, by action. */
const refused = { update: new Set<string>(), delete: new Set<string>() }
const titleOf = async (id: unknown): Promise<string> =>
  String((await api.app.contentApi.db.query('select title from articles where id = $1', [id]))[0]?.title)
const afterHooks: string[] = []

const api = await buildAdminApp({
  lifecycles: {
    'api::article.article': {
      beforeUpdate: async (event) => {
        if (refused.update.has(await titleOf(event.params.where?.id))) throw new Refusal('This entry may not change now')
      },
      beforeDelete: async (event) => {
        if (refused.delete.has(await titleOf(event.params.where?.id))) throw new Refusal('This entry may not go now')
      },
      afterUpdate: (event) => { afterHooks.push(`afterUpdate ${String(event.params.where?.id)}`) },
      afterDelete: (event) => { afterHooks.push(`afterDelete ${String(event.params.where?.id)}`) }
    }
  }
})
t.teardown(api.close)
const { call, tokens, statements } = api
const token = tokens.editor
const ARTICLES = '/content-manager/collection-types/api::article.article'
const events: string[] = []
api.app.contentApi.events.on('entry.publish', (payload) => { events.push(`publish ${String(payload.entry.id)}`) })
api.app.contentApi.events.on('entry.delete', (payload) => { events.push(`delete ${String(payload.entry.id)}`) })

const ids: number[] = []
for (const title of ['Bulk one', 'Bulk two', 'Bulk three']) ids.push((await call('POST', ARTICLES, { token, payload: { title } })).body.id)

async function rows (): Promise<Array<{ id: number, title: string, published: boolean }>> {
  return await api.app.contentApi.db.query('select id, title, published_at is not null as published from articles where id = any($1) order by id', [ids]) as any
}

t.test('a bulk publish refused for one entry publishes none', async t => {
  refused.update.add('Bulk two')
  const answer = await call('POST', `${ARTICLES}/actions/bulkPublish`, { token, payload: { ids } })
  t.equal(answer.status, 400)
  t.match(answer.body, { data: null, error: { status: 400, name: 'ApplicationError', message: 'This entry may not change now' } })
  t.same((await rows()).map(row => row.published), [false, false, false], 'the entry before the refused one is not published either')
  t.same(events, [], 'no event for a batch that did not commit')
  t.same(afterHooks, [], 'no after* hook either')
  refused.update.clear()
})

t.test('a bulk publish is one transaction: begin, the locks, each entry, commit; events after it', async t => {
  statements.reset()
  const answer = await call('POST', `${ARTICLES}/actions/bulkPublish`, { token, payload: { ids: [ids[2], ids[0], ids[1], 99999] } })
  t.same(answer.body, { count: 3 }, 'an id already gone is not counted')
  const sent = statements.list.map(text => text.trim().toLowerCase())
  t.equal(sent.filter(text => text === 'begin').length, 1, 'one transaction')
  t.equal(sent.filter(text => text === 'commit').length, 1, 'one commit')
  t.match(sent.find(text => text.includes('for no key update') && text.includes('any(')), /order by 1/, 'the entries are locked in id order first')
  t.same((await rows()).map(row => row.published), [true, true, true])
  t.same(events, ids.map(id => `publish ${id}`), 'each entry\'s event, in id order, after the commit')
  t.same(afterHooks, ids.map(id => `afterUpdate ${id}`))
  events.length = 0
  afterHooks.length = 0
})

t.test('a bulk unpublish refused for one entry unpublishes none', async t => {
  refused.update.add('Bulk three')
  t.equal((await call('POST', `${ARTICLES}/actions/bulkUnpublish`, { token, payload: { ids } })).status, 400)
  t.same((await rows()).map(row => row.published), [true, true, true])
  refused.update.clear()
  t.same((await call('POST', `${ARTICLES}/actions/bulkUnpublish`, { token, payload: { ids } })).body, { count: 3 })
  t.same((await rows()).map(row => row.published), [false, false, false])
  afterHooks.length = 0
})

t.test('a bulk delete refused for one entry deletes none', async t => {
  refused.delete.add('Bulk three')
  const answer = await call('POST', `${ARTICLES}/actions/bulkDelete`, { token, payload: { ids } })
  t.equal(answer.status, 400)
  t.match(answer.body, { error: { name: 'ApplicationError', message: 'This entry may not go now' } })
  t.same((await rows()).map(row => row.title), ['Bulk one', 'Bulk two', 'Bulk three'], 'all three are still there')
  t.same(events, [])
  refused.delete.clear()
  t.same((await call('POST', `${ARTICLES}/actions/bulkDelete`, { token, payload: { ids } })).body, { count: 3 })
  t.same(await rows(), [])
  t.same(events, ids.map(id => `delete ${id}`))
  t.same(afterHooks, ids.map(id => `afterDelete ${id}`))
})

t.test('a refused batch spends no id and leaves nothing behind', async t => {
  const [before] = await api.app.contentApi.db.query('select count(*)::int as n from articles', [])
  const kept = (await call('POST', ARTICLES, { token, payload: { title: 'Kept' } })).body.id as number
  refused.delete.add('Kept')
  t.equal((await call('POST', `${ARTICLES}/actions/bulkDelete`, { token, payload: { ids: [kept] } })).status, 400)
  refused.delete.clear()
  const next = (await call('POST', ARTICLES, { token, payload: { title: 'Next' } })).body.id as number
  t.equal(next, kept + 1, 'the refused batch took no id')
  const [after] = await api.app.contentApi.db.query('select count(*)::int as n from articles', [])
  t.equal(after!.n, Number(before!.n) + 2, 'both creates stored, nothing of the refused batch gone')
})
