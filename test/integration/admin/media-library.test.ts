/**
 * The media library for the admin (docs/admin-api.md, 'i18n and media'): upload, the paged list
 * with thumbnails, file info updates and deletes at Strapi's admin paths, with admin tokens only.
 */
import t from 'tap'
import { buildAdminApp } from './admin-app.js'
import { multipartBody, png } from '../upload/upload-helpers.js'

const dir = t.testdir()
const api = await buildAdminApp({ upload: { dir } })
t.teardown(api.close)
const { call, statements } = api
const token = api.tokens.author

async function send (files: Array<{ filename: string, bytes: Uint8Array }>, fields: Record<string, Record<string, unknown>> = {}, url = '/upload', auth = token) {
  const body = await multipartBody(files, fields)
  const response = await api.app.inject({ method: 'POST', url, payload: body.payload, headers: { ...body.headers, authorization: `Bearer ${auth}` } })
  return { status: response.statusCode, body: response.json() }
}

t.test('upload, list paged with formats, search by name, update the info, delete', async t => {
  const image = await png(400, 300)
  const first = await send([{ filename: 'first.png', bytes: image }], { fileInfo: { alternativeText: 'The first' } })
  t.equal(first.status, 200)
  t.match(first.body, [{ id: Number, name: 'first.png', alternativeText: 'The first', mime: 'image/png', formats: { thumbnail: { width: Number } } }])
  await send([{ filename: 'second.png', bytes: image }])

  statements.reset()
  const page = await call('GET', '/upload/files?page=1&pageSize=1&sort=name:ASC', { token })
  t.equal(statements.count(), 2, 'the admin, then ONE statement for the page and its total')
  t.match(page.body, { results: [{ name: 'first.png', formats: { thumbnail: { url: String } } }], pagination: { page: 1, pageSize: 1, pageCount: 2, total: 2 } })
  const searched = await call('GET', '/upload/files?_q=SECOND', { token })
  t.match(searched.body, { results: [{ name: 'second.png' }], pagination: { total: 1, pageSize: 10 } })

  const id = first.body[0].id as number
  const renamed = await send([], { fileInfo: { name: 'renamed.png', caption: 'A caption' } }, `/upload?id=${id}`)
  t.match(renamed.body, { id, name: 'renamed.png', caption: 'A caption' })
  t.match((await call('GET', `/upload/files/${id}`, { token })).body, { id, name: 'renamed.png' })
  t.equal((await call('DELETE', `/upload/files/${id}`, { token })).body.id, id)
  t.equal((await call('GET', `/upload/files/${id}`, { token })).status, 404)
})

t.test('without an admin token: 401; the REST media routes are unchanged', async t => {
  t.equal((await call('GET', '/upload/files')).status, 401)
  const rest = await api.app.inject({ method: 'GET', url: '/api/upload/files' })
  t.equal(rest.statusCode, 200)
  t.ok(Array.isArray(rest.json()), 'the REST list is still a bare array')
})
