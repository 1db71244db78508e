/**
 * The `controllers` option on the v5 routes (docs/options.md, 'Controllers'): the same
 * contract as on v4's, with v5's answers (flat entries, documentIds in the path). A factory
 * is called once per mount and told its format; the core handlers keep their checks; a
 * wrapped delete still answers Strapi 5's empty 204.
 */
import t from 'tap'
import type { ApiFormat, ContentTypeSchema } from '../../../plugin/index.js'
import { buildTestApp } from '../../helpers/app.js'

type Json = any

const contentTypes: Record<string, ContentTypeSchema> = {
  'api::note.note': {
    info: { singularName: 'note', pluralName: 'notes' },
    attributes: { text: { type: 'string', required: true }, locked: { type: 'boolean' } }
  },
  'api::setting.setting': {
    kind: 'singleType',
    info: { singularName: 'setting', pluralName: 'settings' },
    attributes: { theme: { type: 'string' } }
  }
}

const formats: ApiFormat[] = []
const deleted: string[] = []

const { app, close } = await buildTestApp({
  contentTypes,
  apiFormat: 'v5',
  alsoServe: { apiFormat: 'v4', prefix: '/api/v4' },
  controllers: {
    'api::note.note': ({ core, apiFormat }) => {
      formats.push(apiFormat)
      return {
        async find (request) {
          const answer = await core.find(request)
          return { ...answer, meta: { ...answer.meta, servedBy: apiFormat } }
        },
        async findOne (request) {
          const answer = await core.findOne(request)
          return { data: answer.data, meta: { ...answer.meta, cached: false } }
        },
        async delete (request, reply) {
          const { id } = request.params as { id: string }
          const entry = await core.findOne(request)
          if ((entry.data as { locked?: boolean }).locked === true) {
            return await reply.status(405).send({ data: null, error: { status: 405, name: 'ApplicationError', message: 'This note is locked', details: {} } })
          }
          deleted.push(id)
          return await core.delete(request)
        }
      }
    },
    'api::setting.setting': ({ core }) => ({
      async find (request) {
        const answer = await core.find(request)
        return { ...answer, meta: { ...answer.meta, scope: 'site' } }
      },
      async update (request) {
        const answer = await core.update(request)
        return { ...answer, meta: { written: true } }
      }
    })
  }
})
t.teardown(close)

async function call (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown): Promise<{ status: number, body: Json, text: string }> {
  const response = await app.inject({ method, url, ...(payload === undefined ? {} : { payload: payload as object }) })
  return { status: response.statusCode, body: response.body === '' ? null : response.json(), text: response.body }
}

const kept = (await call('POST', '/api/notes', { data: { text: 'kept', locked: true } })).body.data
const gone = (await call('POST', '/api/notes', { data: { text: 'gone' } })).body.data

t.test('each mount calls the factory once, with its format', async t => {
  t.same([...formats].sort(), ['v4', 'v5'])
})

t.test('a wrapping controller gets v5 answers and adds to them', async t => {
  const list = await call('GET', '/api/notes')
  t.equal(list.status, 200)
  t.same(list.body.meta, { pagination: { page: 1, pageSize: 25, pageCount: 1, total: 2 }, servedBy: 'v5' })
  t.match(list.body.data[0], { id: kept.id, documentId: kept.documentId, text: 'kept' }, 'flat entries with their documentId')
  t.notOk('attributes' in list.body.data[0])
  const one = await call('GET', `/api/notes/${kept.documentId as string}?fields[0]=text`)
  t.same(one.body, { data: { id: kept.id, documentId: kept.documentId, text: 'kept' }, meta: { cached: false } }, 'found by documentId, with the query\'s fields')
  const v4 = await call('GET', '/api/v4/notes')
  t.equal(v4.body.meta.servedBy, 'v4', 'the v4 mount runs its own')
  t.match(v4.body.data[0], { id: kept.id, attributes: { text: 'kept' } })

  t.equal((await call('PUT', '/api/setting', { data: { theme: 'dark' } })).body.meta.written, true, 'a single type\'s write')
  const setting = await call('GET', '/api/setting')
  t.same(setting.body.meta, { scope: 'site' }, 'and its read')
  t.match(setting.body.data, { documentId: /^[a-z0-9]{24}$/, theme: 'dark' })
})

t.test('the core handlers a controller calls keep their checks', async t => {
  const missing = await call('GET', '/api/notes/a00000000000000000000000')
  t.equal(missing.status, 404)
  t.equal(missing.body.error.name, 'NotFoundError')
  t.equal((await call('GET', `/api/notes/${kept.id as number}`)).status, 404, 'a row id is no documentId')
  const bad = await call('GET', '/api/notes?filters[nope][$eq]=1')
  t.equal(bad.status, 400)
  t.match(bad.body.error, { name: 'ValidationError', message: 'Invalid key nope' }, 'worded as Strapi 5 words it')
})

t.test('a controller may answer by itself; a wrapped core delete answers 204; the rest stay the core ones', async t => {
  const refused = await call('DELETE', `/api/notes/${kept.documentId as string}`)
  t.equal(refused.status, 405)
  t.equal(refused.body.error.message, 'This note is locked')
  t.equal((await call('GET', `/api/notes/${kept.documentId as string}`)).status, 200, 'nothing was deleted')

  const removed = await call('DELETE', `/api/notes/${gone.documentId as string}`)
  t.equal(removed.status, 204, 'the core delete\'s empty 204')
  t.equal(removed.text, '')
  t.same(deleted, [gone.documentId])
  t.equal((await call('GET', `/api/notes/${gone.documentId as string}`)).status, 404, 'deleted')

  const updated = await call('PUT', `/api/notes/${kept.documentId as string}`, { data: { text: 'changed' } })
  t.equal(updated.status, 200)
  t.match(updated.body.data, { documentId: kept.documentId, text: 'changed' })
  const post = await app.inject({ method: 'POST', url: '/api/setting', payload: { data: {} } })
  t.same([post.statusCode, post.body], [405, 'Method Not Allowed'], 'a single type\'s POST stays Strapi 5\'s 405')
})
