/**
 * With access control installed, the media plugin asks for the caller's `plugin::upload`
 * actions (upload, find, findOne, destroy), and attaching to an entry takes `update` on it.
 */
import { readdirSync } from 'node:fs'
import t from 'tap'
import { buildTestApp } from '../../helpers/app.js'
import { post } from '../../helpers/magazine.js'
import { png, upload } from './upload-helpers.js'
import type { UploadedFile } from './upload-helpers.js'

const dir = t.testdir()
const { app, close } = await buildTestApp({
  upload: { dir },
  permissions: {
    jwtSecret: 'a-test-secret-that-is-long-enough',
    roles: {
      public: {
        'plugin::upload': ['upload', 'find', 'findOne'],
        'api::article.article': ['find', 'findOne', 'create']
      }
    }
  }
})
t.teardown(close)

function storedOnDisk (): string[] {
  return (readdirSync(dir, { recursive: true }) as string[]).filter(name => name !== '.staging').sort()
}

t.test('granted actions work', async t => {
  const response = await upload(app, [{ filename: 'ok.png', bytes: await png(10, 10) }])
  t.equal(response.statusCode, 200)
  const [file] = response.json<UploadedFile[]>()
  t.equal((await app.inject({ method: 'GET', url: '/api/upload/files' })).statusCode, 200)
  t.equal((await app.inject({ method: 'GET', url: `/api/upload/files/${file!.id}` })).statusCode, 200)
})

t.test('a missing action is a 403 ForbiddenError', async t => {
  const [file] = (await app.inject({ method: 'GET', url: '/api/upload/files' })).json<UploadedFile[]>()
  const response = await app.inject({ method: 'DELETE', url: `/api/upload/files/${file!.id}` })
  t.equal(response.statusCode, 403)
  t.match(response.json(), { data: null, error: { status: 403, name: 'ForbiddenError' } })
})

t.test('attaching to an entry takes update on its type; nothing is kept when refused', async t => {
  const article = await post(app, 'articles', { title: 'Public article' })
  const before = storedOnDisk()
  const response = await upload(app, [{ filename: 'cover.png', bytes: await png(10, 10) }], {
    ref: 'api::article.article', refId: String(article), field: 'cover'
  })
  t.equal(response.statusCode, 403)
  // Strapi v4's message, whatever the action: the refusal names nothing a caller could probe.
  t.match(response.json(), { error: { name: 'ForbiddenError', message: 'Forbidden' } })
  t.same(storedOnDisk(), before)
})

t.test('an invalid token is a 401, never the public role', async t => {
  const response = await upload(app, [{ filename: 'ok.png', bytes: await png(10, 10) }], {}, '/api/upload')
  t.equal(response.statusCode, 200)
  const denied = await app.inject({ method: 'GET', url: '/api/upload/files', headers: { authorization: 'Bearer not-a-token' } })
  t.equal(denied.statusCode, 401)
})
