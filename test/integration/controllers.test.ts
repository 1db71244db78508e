/**
 * The `controllers` option (docs/options.md, 'Controllers'): a host wraps or replaces the handlers
 * of a content type; the core ones keep their checks, and what the host adds to the answer
 * reaches the client.
 */
import t from 'tap'
import type { ContentTypeSchema } from '../../plugin/index.js'
import { buildTestApp } from '../helpers/app.js'

const contentTypes: Record<string, ContentTypeSchema> = {
  'api::note.note': {
    info: { singularName: 'note', pluralName: 'notes' },
    attributes: { text: { type: 'string', required: true } }
  },
  'api::setting.setting': {
    kind: 'singleType',
    info: { singularName: 'setting', pluralName: 'settings' },
    attributes: { theme: { type: 'string' } }
  }
}

const { app, close } = await buildTestApp({
  contentTypes,
  controllers: {
    'api::note.note': ({ core }) => ({
      async find (request) {
        const answer = await core.find(request)
        return { ...answer, meta: { ...answer.meta, servedBy: 'host' } }
      },
      async findOne (request) {
        const answer = await core.findOne(request)
        return { data: answer.data, meta: { ...answer.meta, cached: false } }
      },
      async delete (_request, reply) {
        return await reply.status(405).send({ data: null, error: { status: 405, name: 'ApplicationError', message: 'Notes are kept', details: {} } })
      }
    }),
    'api::setting.setting': ({ core }) => ({
      async find (request) {
        const answer = await core.find(request)
        return { ...answer, meta: { ...answer.meta, scope: 'site' } }
      }
    })
  }
})
t.teardown(close)

type Json = any

async function call (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown): Promise<{ status: number, body: Json }> {
  const response = await app.inject({ method, url, ...(payload === undefined ? {} : { payload: payload as object }) })
  return { status: response.statusCode, body: response.json() }
}

const note = (await call('POST', '/api/notes', { data: { text: 'kept' } })).body.data.id as number

t.test('keys a wrapping controller adds to meta reach the client, next to the core ones', async t => {
  const list = await call('GET', '/api/notes')
  t.equal(list.status, 200)
  t.same(list.body.meta, { pagination: { page: 1, pageSize: 25, pageCount: 1, total: 1 }, servedBy: 'host' })
  t.same(list.body.data.map((entry: Json) => entry.id), [note])
  const one = await call('GET', `/api/notes/${note}`)
  t.same(one.body.meta, { cached: false })
  t.equal(one.body.data.attributes.text, 'kept')
  await call('PUT', '/api/setting', { data: { theme: 'dark' } })
  const setting = await call('GET', '/api/setting')
  t.same(setting.body.meta, { scope: 'site' }, 'on a single type too')
  t.equal(setting.body.data.attributes.theme, 'dark')
})

t.test('the core handlers a controller calls keep their checks', async t => {
  const missing = await call('GET', '/api/notes/999999')
  t.equal(missing.status, 404)
  t.equal(missing.body.error.name, 'NotFoundError')
  const bad = await call('GET', '/api/notes?filters[nope][$eq]=1')
  t.equal(bad.status, 400)
})

t.test('a controller may answer by itself; the handlers it does not replace stay the core ones', async t => {
  const refused = await call('DELETE', `/api/notes/${note}`)
  t.equal(refused.status, 405)
  t.equal(refused.body.error.message, 'Notes are kept')
  t.equal((await call('GET', `/api/notes/${note}`)).status, 200, 'nothing was deleted')
  const updated = await call('PUT', `/api/notes/${note}`, { data: { text: 'changed' } })
  t.equal(updated.status, 200)
  t.equal(updated.body.data.attributes.text, 'changed')
})
