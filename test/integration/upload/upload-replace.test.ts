/**
 * Replacing a stored file's content (docs/media.md, 'Replacing a file'): `POST /upload?id=` with
 * one file keeps the row's id, so every entry linking it shows the new content; the old
 * stored objects go after the commit. Every refusal leaves the row and the objects as they were.
 */
import { existsSync, readdirSync } from 'node:fs'
import { join } from 'node:path'
import t from 'tap'
import { buildTestApp } from '../../helpers/app.js'
import { post } from '../../helpers/magazine.js'
import { S3_CREDENTIALS, startS3Server } from '../../helpers/s3-server.js'
import { jpeg, multipartBody, png, upload } from './upload-helpers.js'
import type { FilePart, UploadedFile } from './upload-helpers.js'

const dir = t.testdir()
const { app, close, statements } = await buildTestApp({ upload: { dir } })
t.teardown(close)

async function uploadedOne (target = app, part: FilePart, fields: Record<string, string> = {}): Promise<UploadedFile> {
  const response = await upload(target, [part], fields)
  if (response.statusCode !== 200) throw new Error(`upload answered ${response.statusCode}: ${response.body}`)
  return response.json<UploadedFile[]>()[0]!
}

async function replace (id: number | string, parts: readonly FilePart[], fileInfo?: Record<string, unknown>, target = app) {
  return await target.inject({ method: 'POST', url: `/api/upload?id=${id}`, ...await multipartBody(parts, fileInfo === undefined ? {} : { fileInfo }) })
}

async function readFile (id: number, target = app): Promise<UploadedFile> {
  return (await target.inject({ method: 'GET', url: `/api/upload/files/${id}` })).json<UploadedFile>()
}

const storedNames = (file: UploadedFile): string[] =>
  [`${file.hash}${file.ext}`, ...Object.values(file.formats ?? {}).map(format => `${format.hash}${format.ext}`)]

const uploadsFolder = (): string[] => readdirSync(dir).filter(name => !name.startsWith('.')).sort()

t.test('the content is replaced in place: same id, new content, old objects gone, linking entries see it', async t => {
  const old = await uploadedOne(app, { filename: 'photo.png', bytes: await png(800, 600) })
  t.ok(old.formats !== null, 'the old image has formats')
  const article = await post(app, 'articles', { title: 'Replaced cover', cover: old.id })
  await app.inject({ method: 'POST', url: `/api/upload?id=${old.id}`, payload: { fileInfo: { alternativeText: 'kept alt', caption: 'kept caption' } } })

  statements.reset()
  const response = await replace(old.id, [{ filename: 'new.jpg', bytes: await jpeg(320, 200) }], { name: 'new name.jpg' })
  t.equal(response.statusCode, 200, response.body)
  const write = statements.list.slice(0, statements.list.findIndex(statement => /^commit/i.test(statement)) + 1)
  t.equal(write.filter(statement => /^update/i.test(statement)).length, 1, 'one UPDATE of the row')
  t.equal(write.length, 4, `begin, the row locked and read, its update, commit: ${write.join(' | ')}`)

  const replaced = response.json<UploadedFile>()
  t.notOk(Array.isArray(replaced), 'the answer is the file, not a list')
  t.match(replaced, { id: old.id, name: 'new name.jpg', mime: 'image/jpeg', ext: '.jpg', width: 320, height: 200, alternativeText: 'kept alt', caption: 'kept caption', provider: 'local' })
  t.not(replaced.hash, old.hash, 'a new hash')
  t.not(replaced.size, old.size, 'the new size')
  t.equal(replaced.url, `/uploads/${replaced.hash}.jpg`)
  t.same(Object.keys(replaced.formats ?? {}).sort(), ['thumbnail'], 'formats of the new image only (320×200 is under every breakpoint)')
  t.same(await readFile(old.id), replaced, 'read back the same')

  for (const name of storedNames(old)) t.notOk(existsSync(join(dir, name)), `old ${name} removed`)
  t.same(uploadsFolder(), storedNames(replaced).sort(), 'only the new objects are stored')
  t.equal((await app.inject({ method: 'GET', url: replaced.url })).statusCode, 200, 'the new url answers')

  const entry = await app.inject({ method: 'GET', url: `/api/articles/${article}?populate=cover` })
  t.match(entry.json().data.attributes.cover.data, { id: old.id, attributes: { url: replaced.url, mime: 'image/jpeg' } })

  const texts = await replace(old.id, [{ filename: 'again.png', bytes: await png(20, 20) }], { alternativeText: null })
  t.match(texts.json(), { name: 'again.png', alternativeText: null, caption: 'kept caption', ext: '.png' }, 'fileInfo texts replace only when given; the name follows the file')
})

t.test('refusals leave the row and the stored objects as they were', async t => {
  const file = await uploadedOne(app, { filename: 'kept.png', bytes: await png(300, 200) })
  await post(app, 'articles', { title: 'Image-only cover', cover: file.id })
  const before = uploadsFolder()
  const unchanged = async (label: string): Promise<void> => {
    t.same(await readFile(file.id), file, `${label}: the row is unchanged`)
    t.same(uploadsFolder(), before, `${label}: no object added or removed`)
  }

  const two = await replace(file.id, [{ filename: 'a.png', bytes: await png(10, 10) }, { filename: 'b.png', bytes: await png(10, 10) }])
  t.equal(two.statusCode, 400)
  t.match(two.json(), { error: { name: 'ValidationError', message: /exactly one file; 2 were sent/, details: { errors: [{ path: ['files'] }] } } })
  await unchanged('two files')

  const missing = await replace(999999, [{ filename: 'c.png', bytes: await png(400, 300) }])
  t.equal(missing.statusCode, 404)
  t.match(missing.json(), { error: { name: 'NotFoundError' } })
  await unchanged('unknown id (its new objects removed)')

  const bad = await replace(file.id, [{ filename: 'broken.png', bytes: Buffer.concat([(await png(10, 10)).subarray(0, 40)]), type: 'image/png' }])
  t.equal(bad.statusCode, 400)
  t.match(bad.json(), { error: { name: 'ValidationError', message: /not a readable image\/png image/ } })
  await unchanged('unreadable image')

  const text = await replace(file.id, [{ filename: 'notes.png', bytes: 'text dressed as an image', type: 'image/png' }])
  t.equal(text.statusCode, 400)
  t.match(text.json(), { error: { name: 'ValidationError', message: /api::article\.article\.cover links this file and accepts only images; "notes\.png" is text\/plain \(files\)/, details: { errors: [{ path: ['files', 0] }] } } })
  await unchanged('a type an attribute linking the file does not allow')

  const badInfo = await replace(file.id, [{ filename: 'd.png', bytes: await png(10, 10) }], { colour: 'red' })
  t.equal(badInfo.statusCode, 400)
  await unchanged('an unknown fileInfo key')

  const unlinked = await uploadedOne(app, { filename: 'free.png', bytes: await png(10, 10) })
  const freely = await replace(unlinked.id, [{ filename: 'notes.txt', bytes: 'no attribute links me' }])
  t.match(freely.json(), { id: unlinked.id, mime: 'text/plain', ext: '.txt' }, 'a file no attribute links takes any type')
})

t.test('replacing needs the upload action, as uploading does', async t => {
  const restricted = await buildTestApp({
    upload: { dir: t.testdir() },
    permissions: { jwtSecret: 'a-test-secret-that-is-long-enough', roles: { public: { 'plugin::upload': ['find', 'findOne'] } } }
  })
  t.teardown(restricted.close)
  const response = await replace(1, [{ filename: 'x.png', bytes: await png(10, 10) }], undefined, restricted.app)
  t.equal(response.statusCode, 403)
  t.match(response.json(), { error: { name: 'ForbiddenError' } })
})

t.test('with the s3 provider the new objects go to the bucket and the old ones leave it', async t => {
  const root = t.testdir({ bucket: {}, staging: {} })
  const s3 = await startS3Server({ directory: join(root, 'bucket'), buckets: ['media'] })
  t.teardown(s3.stop)
  const built = await buildTestApp({ upload: { provider: 's3', endpoint: s3.endpoint, bucket: 'media', region: 'us-east-1', ...S3_CREDENTIALS, forcePathStyle: true, dir: join(root, 'staging') } as never })
  t.teardown(built.close)
  const old = await uploadedOne(built.app, { filename: 'cloud.jpg', bytes: await jpeg(640, 480) })
  const response = await replace(old.id, [{ filename: 'cloud.png', bytes: await png(100, 80) }], undefined, built.app)
  t.equal(response.statusCode, 200, response.body)
  const replaced = response.json<UploadedFile>()
  t.match(replaced, { id: old.id, mime: 'image/png', ext: '.png', url: `${s3.endpoint}/media/${replaced.hash}.png`, formats: null })
  t.same(await s3.keys('media'), [`${replaced.hash}.png`], 'the old original and its formats are gone; only the new object is stored')
  t.equal((await fetch(replaced.url)).status, 200)
})
