/**
 * The `lifecycles` option and `app.contentApi.events` (issue 16, DECISIONS §2): Strapi v4's
 * hooks around API writes with its `event` shape, `before*` inside the transaction (may
 * change the data, may refuse the write), `after*` and the entry events after commit.
 */
import t from 'tap'
import type { ContentTypeSchema } from '../../../plugin/index.js'
import type { EntryEvent, EntryEventName } from '../../../plugin/lifecycles/content-events.js'
import { ENTRY_EVENTS } from '../../../plugin/lifecycles/content-events.js'
import type { LifecycleEvent, LifecycleHookName } from '../../../plugin/options/lifecycles.js'
import { LIFECYCLE_HOOKS } from '../../../plugin/options/lifecycles.js'
import { buildTestApp } from '../../helpers/app.js'

const contentTypes: Record<string, ContentTypeSchema> = {
  'api::article.article': {
    info: { singularName: 'article', pluralName: 'articles' },
    options: { draftAndPublish: true },
    attributes: {
      title: { type: 'string', required: true, unique: true },
      slug: { type: 'string' },
      views: { type: 'integer', min: 0 },
      secret: { type: 'string', private: true }
    }
  },
  'api::global.global': {
    kind: 'singleType',
    info: { singularName: 'global', pluralName: 'globals' },
    attributes: { siteName: { type: 'string' } }
  },
  'api::page.page': {
    info: { singularName: 'page', pluralName: 'pages' },
    pluginOptions: { i18n: { localized: true } },
    attributes: { heading: { type: 'string' } }
  }
}

type Json = any

interface HookCall {
  hook: LifecycleHookName
  event: LifecycleEvent
  /** `event.params.data` as the hook received it (hooks may change the object after). */
  data: unknown
  /** after*: the entry's title as another connection reads it while the hook runs. */
  committedTitle?: unknown
}

const calls: HookCall[] = []
const emitted: Array<{ name: EntryEventName, payload: EntryEvent, committedTitle: unknown }> = []
/** What a test makes a hook do besides being recorded. */
const behaviour: Partial<Record<LifecycleHookName, (event: LifecycleEvent) => unknown>> = {}

async function committedTitle (id: unknown): Promise<unknown> {
  const [row] = await app.contentApi.db.query('select title from articles where id = $1', [id])
  return row?.title ?? null
}

function recorder (hook: LifecycleHookName) {
  return async (event: LifecycleEvent): Promise<void> => {
    const call: HookCall = { hook, event, data: structuredClone(event.params.data) }
    if (hook.startsWith('after') && event.model.uid === 'api::article.article') call.committedTitle = await committedTitle(event.result?.id)
    calls.push(call)
    await behaviour[hook]?.(event)
  }
}

const recorded = Object.fromEntries(LIFECYCLE_HOOKS.map(hook => [hook, recorder(hook)]))
const { app, close } = await buildTestApp({
  contentTypes,
  i18n: { locales: ['en', 'fr'] },
  lifecycles: { 'api::article.article': recorded, 'api::global.global': recorded, 'api::page.page': recorded }
})
t.teardown(close)
/** The listeners' reads still running. */
const reading = new Set<Promise<void>>()
for (const name of ENTRY_EVENTS) {
  app.contentApi.events.on(name, (payload) => {
    const record: (typeof emitted)[number] = { name, payload, committedTitle: undefined }
    emitted.push(record)
    // A listener runs after the commit: another connection already sees the row (or its absence).
    const read = committedTitle(payload.entry.id).then(title => { record.committedTitle = title })
    reading.add(read)
    void read.finally(() => { reading.delete(read) })
  })
}

t.beforeEach(() => {
  calls.length = 0
  emitted.length = 0
  for (const hook of LIFECYCLE_HOOKS) delete behaviour[hook]
})

async function call (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown): Promise<{ status: number, body: Json }> {
  const response = await app.inject({ method, url, ...(payload === undefined ? {} : { payload: payload as object }) })
  return { status: response.statusCode, body: response.json() }
}

async function articleCount (): Promise<number> {
  const [row] = await app.contentApi.db.query('select count(*)::int as n from articles', [])
  return row!.n as number
}

/**
 * The listeners record after a read of their own: wait for those reads. The events themselves
 * are all emitted before the write answers, so every read has started by now.
 */
async function settled (): Promise<void> {
  await Promise.all(reading)
}

/** An article made for a test, the hooks and events its create caused forgotten. */
async function freshArticle (data: Record<string, unknown>): Promise<number> {
  const id = (await call('POST', '/api/articles', { data })).body.data.id as number
  await settled()
  calls.length = 0
  emitted.length = 0
  return id
}

function hooksCalled (): LifecycleHookName[] {
  return calls.map(call => call.hook)
}

t.test('create: beforeCreate may change the data, afterCreate sees the committed entry, state is shared, entry.create follows', async t => {
  behaviour.beforeCreate = (event) => {
    event.params.data!.slug = `${String(event.params.data!.title).toLowerCase()}-from-hook`
    event.state.startedBy = 'beforeCreate'
  }
  const { status, body } = await call('POST', '/api/articles', { data: { title: 'Hello', views: 3, secret: 's' } })
  t.equal(status, 200)
  t.equal(body.data.attributes.slug, 'hello-from-hook', 'the data the hook changed was written')
  t.same(hooksCalled(), ['beforeCreate', 'afterCreate'])
  const [before, after] = calls
  t.equal(before!.event.action, 'beforeCreate')
  t.match(before!.event.model, { uid: 'api::article.article', singularName: 'article', pluralName: 'articles', kind: 'collectionType', tableName: 'articles' })
  t.ok(before!.event.model.attributes.title, 'the model lists its attributes')
  t.same(before!.data, { title: 'Hello', views: 3, secret: 's' }, 'params.data is the body\'s data')
  t.notOk('where' in before!.event.params, 'a create has no where')
  t.equal(after!.event.action, 'afterCreate')
  t.equal(after!.event.state, before!.event.state, 'one state object for the before and the after of a write')
  t.same(after!.event.state, { startedBy: 'beforeCreate' })
  t.match(after!.event.result, { id: body.data.id, title: 'Hello', slug: 'hello-from-hook', views: 3 })
  t.notOk('secret' in after!.event.result!, 'private attributes are not in the result')
  t.equal(after!.committedTitle, 'Hello', 'afterCreate runs after the commit')
  await settled()
  t.same(emitted.map(event => event.name), ['entry.create'], 'no publish event for a create (as Strapi)')
  t.match(emitted[0]!.payload, { model: 'article', uid: 'api::article.article', entry: { id: body.data.id, title: 'Hello', slug: 'hello-from-hook' } })
  t.equal(emitted[0]!.committedTitle, 'Hello', 'the event comes after the commit')
})

t.test('a before* change is checked as if the client had sent it', async t => {
  behaviour.beforeCreate = (event) => { event.params.data!.views = -4 }
  const count = await articleCount()
  const { status, body } = await call('POST', '/api/articles', { data: { title: 'Checked' } })
  t.equal(status, 400)
  t.same(body.error.details.errors.map((error: Json) => error.path), [['views']])
  t.equal(await articleCount(), count, 'nothing written')
  t.same(hooksCalled(), ['beforeCreate'], 'no after hook')
})

class StrapiValidationError extends Error {
  details: Record<string, unknown>
  constructor (message: string, details: Record<string, unknown>) {
    super(message)
    this.name = 'ValidationError'
    this.details = details
  }
}

class StrapiApplicationError extends Error {
  constructor (message: string) {
    super(message)
    this.name = 'ApplicationError'
  }
}

t.test('a before* throw: Strapi-style errors are their 4xx, anything else a 500; nothing is written, no after*, no event', async t => {
  const cases: Array<{ thrown: () => Error, status: number, name: string, message: string, details?: unknown }> = [
    { thrown: () => new StrapiValidationError('title is not nice', { errors: [{ path: ['title'] }] }), status: 400, name: 'ValidationError', message: 'title is not nice', details: { errors: [{ path: ['title'], message: 'title is not nice', name: 'ValidationError' }] } },
    { thrown: () => new StrapiApplicationError('not today'), status: 400, name: 'ApplicationError', message: 'not today' },
    { thrown: () => Object.assign(new Error('closed'), { status: 403 }), status: 403, name: 'ForbiddenError', message: 'closed' },
    { thrown: () => Object.assign(new Error('policy'), { name: 'PolicyError' }), status: 403, name: 'ForbiddenError', message: 'policy' },
    { thrown: () => new Error('the host broke'), status: 500, name: 'ApplicationError', message: 'Internal Server Error' }
  ]
  for (const { thrown, status, name, message, details } of cases) {
    calls.length = 0
    behaviour.beforeCreate = () => { throw thrown() }
    const count = await articleCount()
    const answer = await call('POST', '/api/articles', { data: { title: `Refused ${status} ${name}` } })
    t.equal(answer.status, status, `${name} ${status}`)
    t.match(answer.body.error, { status, name, message })
    if (details !== undefined) t.same(answer.body.error.details, details, 'details are kept')
    t.equal(await articleCount(), count, 'nothing written')
    t.same(hooksCalled(), ['beforeCreate'])
  }
  await settled()
  t.same(emitted, [], 'no event for a failed write')
})

t.test('update: params.where and params.data, the change applied, afterUpdate and entry.update', async t => {
  const id = await freshArticle({ title: 'To update' })
  behaviour.beforeUpdate = (event) => {
    event.params.data = { ...event.params.data, slug: 'set-by-hook' }
    event.state.seen = event.params.where!.id
  }
  const { status, body } = await call('PUT', `/api/articles/${id}`, { data: { title: 'Updated' } })
  t.equal(status, 200)
  t.match(body.data.attributes, { title: 'Updated', slug: 'set-by-hook' }, 'a replaced params.data is written')
  const [before, after] = calls
  t.match(before!, { hook: 'beforeUpdate', event: { action: 'beforeUpdate', params: { where: { id } } }, data: { title: 'Updated' } })
  t.match(after!, { hook: 'afterUpdate', event: { action: 'afterUpdate', params: { where: { id } }, result: { id, title: 'Updated', slug: 'set-by-hook' } }, committedTitle: 'Updated' })
  t.equal(after!.event.state, before!.event.state)
  t.same(after!.event.state, { seen: id })
  await settled()
  t.same(emitted.map(event => [event.name, event.payload.entry.title, event.committedTitle]), [['entry.update', 'Updated', 'Updated']],
    'one entry.update, no publish event: the publication did not change')
})

t.test('update: a plain Error in beforeUpdate is a 500 and the entry stays as it was; an update of a missing entry is a 404 before any hook', async t => {
  const id = await freshArticle({ title: 'Kept', views: 1 })
  behaviour.beforeUpdate = () => { throw new TypeError('boom') }
  const failed = await call('PUT', `/api/articles/${id}`, { data: { title: 'Never', views: 2 } })
  t.equal(failed.status, 500)
  const [row] = await app.contentApi.db.query('select title, views from articles where id = $1', [id])
  t.same(row, { title: 'Kept', views: 1 }, 'rolled back')
  const missing = await call('PUT', '/api/articles/999999', { data: { title: 'Nobody' } })
  t.equal(missing.status, 404)
  t.same(hooksCalled(), ['beforeUpdate'], 'the failed update ran its before hook, the missing entry none')
  await settled()
  t.same(emitted, [])
})

t.test('delete: beforeDelete may refuse; afterDelete and entry.delete get the entry as it was', async t => {
  const id = await freshArticle({ title: 'Doomed', views: 7 })
  behaviour.beforeDelete = () => { throw new StrapiApplicationError('keep it') }
  const refused = await call('DELETE', `/api/articles/${id}`)
  t.match(refused, { status: 400, body: { error: { name: 'ApplicationError', message: 'keep it' } } })
  t.equal(await committedTitle(id), 'Doomed', 'still there')
  delete behaviour.beforeDelete
  calls.length = 0
  t.equal((await call('DELETE', `/api/articles/${id}`)).status, 200)
  const [before, after] = calls
  t.match(before!.event, { action: 'beforeDelete', params: { where: { id } } })
  t.notOk('data' in before!.event.params, 'a delete has no data')
  t.match(after!, { hook: 'afterDelete', event: { result: { id, title: 'Doomed', views: 7 } }, committedTitle: null })
  await settled()
  t.same(emitted.map(event => [event.name, event.payload.entry.id, event.committedTitle]), [['entry.delete', id, null]], 'emitted once the row is gone')
})

t.test('an after* throw is logged; the answer stands', async t => {
  behaviour.afterCreate = () => { throw new Error('after failed') }
  const { status, body } = await call('POST', '/api/articles', { data: { title: 'Stands' } })
  t.equal(status, 200)
  t.equal(await committedTitle(body.data.id), 'Stands')
  await settled()
  t.same(emitted.map(event => event.name), ['entry.create'], 'the events still follow')
})

t.test('publish and unpublish of a draftAndPublish type: entry.update, then entry.publish or entry.unpublish', async t => {
  const id = (await call('POST', '/api/articles', { data: { title: 'Draft', publishedAt: null } })).body.data.id as number
  await settled()
  t.same(emitted.map(event => event.name), ['entry.create'])
  emitted.length = 0
  t.equal((await call('PUT', `/api/articles/${id}`, { data: { publishedAt: '2026-01-02T03:04:05.000Z' } })).status, 200)
  await settled()
  t.same(emitted.map(event => event.name), ['entry.update', 'entry.publish'])
  t.match(emitted[1]!.payload, { model: 'article', uid: 'api::article.article', entry: { id, publishedAt: '2026-01-02T03:04:05.000Z' } })
  emitted.length = 0
  await call('PUT', `/api/articles/${id}`, { data: { publishedAt: '2026-02-02T03:04:05.000Z' } })
  await settled()
  t.same(emitted.map(event => event.name), ['entry.update'], 'published again: not a publish')
  emitted.length = 0
  await call('PUT', `/api/articles/${id}`, { data: { publishedAt: null } })
  await settled()
  t.same(emitted.map(event => event.name), ['entry.update', 'entry.unpublish'])
})

t.test('single types: the first PUT is a create, the next an update; a new localization is a create', async t => {
  t.equal((await call('PUT', '/api/global', { data: { siteName: 'One' } })).status, 200)
  t.equal((await call('PUT', '/api/global', { data: { siteName: 'Two' } })).status, 200)
  t.same(hooksCalled(), ['beforeCreate', 'afterCreate', 'beforeUpdate', 'afterUpdate'])
  t.equal(calls[1]!.event.model.kind, 'singleType')
  t.match(calls[3]!.event.result, { siteName: 'Two' })
  await settled()
  t.same(emitted.map(event => [event.name, event.payload.uid]), [['entry.create', 'api::global.global'], ['entry.update', 'api::global.global']])
  calls.length = 0
  emitted.length = 0
  const source = (await call('POST', '/api/pages', { data: { heading: 'Hello' } })).body.data.id as number
  const french = await call('POST', `/api/pages/${source}/localizations`, { locale: 'fr', heading: 'Bonjour' })
  t.equal(french.status, 200)
  t.same(hooksCalled(), ['beforeCreate', 'afterCreate', 'beforeCreate', 'afterCreate'])
  // POST /:id/localizations answers the bare entry, as Strapi v4 does.
  t.match(calls[3]!.event.result, { id: french.body.id, heading: 'Bonjour', locale: 'fr' })
  await settled()
  t.same(emitted.map(event => event.name), ['entry.create', 'entry.create'])
})

t.test('an async listener that rejects is logged; the write stands', async t => {
  const failing = async (): Promise<void> => { throw new Error('listener failed') }
  app.contentApi.events.on('entry.create', failing)
  t.teardown(() => { app.contentApi.events.off('entry.create', failing) })
  const { status } = await call('POST', '/api/articles', { data: { title: 'Listened' } })
  t.equal(status, 200)
  await settled()
  t.same(emitted.map(event => event.name), ['entry.create'])
})

t.test('the option is checked at start-up', async t => {
  const start = async (lifecycles: unknown): Promise<void> => {
    const { default: Fastify } = await import('fastify')
    const { default: contentApi } = await import('../../../plugin/index.js')
    const bare = Fastify({ logger: false })
    try {
      // The check comes before any connection is made.
      await bare.register(contentApi, { contentTypes, database: { url: 'postgresql://nobody@127.0.0.1:1/none' }, lifecycles: lifecycles as never })
      await bare.ready()
    } finally {
      await bare.close().catch(() => {})
    }
  }
  await t.rejects(start({ 'api::missing.missing': {} }), /lifecycles: unknown content type "api::missing\.missing"/)
  await t.rejects(start({ 'api::article.article': { beforeSave: () => {} } }), /lifecycles\["api::article\.article"\]\.beforeSave is not a lifecycle hook/)
  await t.rejects(start({ 'api::article.article': { afterCreate: 'nope' } }), /lifecycles\["api::article\.article"\]\.afterCreate must be a function/)
  await t.rejects(start([]), /lifecycles must be an object/)
})
