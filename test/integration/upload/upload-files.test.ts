/**
 * The media plugin's endpoints (docs/media.md, 'Routes'): uploads answer bare file objects, images
 * get their size and responsive formats, files are listed, read, renamed and deleted.
 */
import { existsSync, readdirSync } from 'node:fs'
import { join } from 'node:path'
import t from 'tap'
import { buildTestApp } from '../../helpers/app.js'
import { jpeg, multipartBody, png, upload } from './upload-helpers.js'
import type { UploadedFile } from './upload-helpers.js'

const dir = t.testdir()
const { app, close } = await buildTestApp({ upload: { dir } })
t.teardown(close)

async function uploadOne (filename: string, bytes: Uint8Array | string, fields = {}): Promise<UploadedFile> {
  const response = await upload(app, [{ filename, bytes }], fields)
  if (response.statusCode !== 200) throw new Error(`upload answered ${response.statusCode}: ${response.body}`)
  return (response.json() as UploadedFile[])[0]!
}

function storedFiles (): string[] {
  return readdirSync(dir).filter(name => !name.startsWith('.')).sort()
}

t.test('a small PNG: a bare array holding one Strapi file object, no formats', async t => {
  const bytes = await png(10, 10)
  const response = await upload(app, [{ filename: 'tiny.png', bytes, type: 'image/png' }])
  t.equal(response.statusCode, 200)
  t.match(response.headers['content-type'], /^application\/json/)
  const body = response.json() as UploadedFile[]
  t.ok(Array.isArray(body), 'bare array, no envelope')
  t.equal(body.length, 1)
  const file = body[0]!
  t.same(Object.keys(file), [
    'id', 'name', 'alternativeText', 'caption', 'width', 'height', 'formats', 'hash', 'ext', 'mime', 'size', 'url',
    'previewUrl', 'provider', 'provider_metadata', 'createdAt', 'updatedAt'
  ])
  t.match(file, {
    id: Number,
    name: 'tiny.png',
    alternativeText: null,
    caption: null,
    width: 10,
    height: 10,
    formats: null,
    ext: '.png',
    mime: 'image/png',
    previewUrl: null,
    provider: 'local',
    provider_metadata: null
  })
  t.match(file.hash, /^tiny_[0-9a-f]{10}$/)
  t.equal(file.url, `/uploads/${file.hash}.png`)
  t.equal(file.size, Math.round(bytes.length / 10) / 100, 'size in kB with two decimals')
  t.match(file.createdAt, /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/)
  t.ok(existsSync(join(dir, `${file.hash}.png`)), 'stored as <dir>/<hash><ext>')

  const served = await app.inject({ method: 'GET', url: file.url })
  t.equal(served.statusCode, 200, 'served under /uploads, outside the /api prefix')
  t.equal(served.headers['content-type'], 'image/png')
  t.equal(served.headers['x-content-type-options'], 'nosniff')
  t.match(served.headers['content-security-policy'], /sandbox/)
  t.same(served.rawPayload, bytes)
})

t.test('a 1200×800 JPEG gets thumbnail, large, medium and small formats, as Strapi makes them', async t => {
  const file = await uploadOne('Été à Paris.JPG', await jpeg(1200, 800))
  t.match(file, { name: 'Été à Paris.JPG', width: 1200, height: 800, mime: 'image/jpeg', ext: '.jpg' })
  t.match(file.hash, /^Ete_a_Paris_[0-9a-f]{10}$/)
  t.same(Object.keys(file.formats!).sort(), ['large', 'medium', 'small', 'thumbnail'])
  const sizes = Object.fromEntries(Object.entries(file.formats!).map(([key, format]) => [key, [format.width, format.height]]))
  t.same(sizes, { thumbnail: [234, 156], large: [1000, 667], medium: [750, 500], small: [500, 333] })
  const large = file.formats!.large
  t.match(large, {
    name: 'large_Été à Paris.JPG',
    hash: `large_${file.hash}`,
    ext: '.jpg',
    mime: 'image/jpeg',
    path: null,
    size: Number,
    url: `/uploads/large_${file.hash}.jpg`
  })
  for (const format of Object.values(file.formats!)) {
    t.ok(existsSync(join(dir, `${format.hash}${format.ext}`)), `${format.name} stored`)
    const served = await app.inject({ method: 'GET', url: format.url })
    t.equal(served.statusCode, 200, `${format.url} served`)
  }
})

t.test('formats are made only for breakpoints the image exceeds', async t => {
  const file = await uploadOne('middling.png', await png(600, 300))
  t.same(Object.keys(file.formats!).sort(), ['small', 'thumbnail'])
  t.match(file.formats, { small: { width: 500, height: 250 } })
  const narrow = await uploadOne('narrow.png', await png(200, 150))
  t.equal(narrow.formats, null, 'smaller than the thumbnail box: no formats')
})

t.test('a text file: its type from its content, no size, no formats', async t => {
  const file = await uploadOne('notes.txt', 'Some notes\nand more notes\n')
  t.match(file, { name: 'notes.txt', mime: 'text/plain', ext: '.txt', width: null, height: null, formats: null })
  t.equal(file.size, 0.03)
})

t.test('fileInfo sets name, alternativeText and caption; the hash follows the given name', async t => {
  const file = await uploadOne('IMG_0001.png', await png(10, 10), { fileInfo: { name: 'Red square.png', alternativeText: 'A red square', caption: 'Red' } })
  t.match(file, { name: 'Red square.png', alternativeText: 'A red square', caption: 'Red' })
  t.match(file.hash, /^Red_square_[0-9a-f]{10}$/)
})

t.test('several files in one upload, with one fileInfo field per file, answered in order', async t => {
  const response = await upload(app, [
    { filename: 'one.png', bytes: await png(10, 10) },
    { filename: 'two.txt', bytes: 'two' },
    { filename: 'three.jpg', bytes: await jpeg(20, 20) }
  ], { fileInfo: [{ caption: 'first' }, { caption: 'second' }] })
  t.equal(response.statusCode, 200)
  const files = response.json() as UploadedFile[]
  t.same(files.map(file => [file.name, file.caption, file.mime]), [
    ['one.png', 'first', 'image/png'],
    ['two.txt', 'second', 'text/plain'],
    ['three.jpg', null, 'image/jpeg']
  ])
  t.ok(files[0]!.id < files[1]!.id && files[1]!.id < files[2]!.id)
})

t.test('fileInfo as one JSON array field', async t => {
  const response = await upload(app, [
    { filename: 'a.txt', bytes: 'a' },
    { filename: 'b.txt', bytes: 'b' }
  ], { fileInfo: JSON.stringify([{ alternativeText: 'A' }, { alternativeText: 'B' }]) })
  t.equal(response.statusCode, 200)
  t.same((response.json() as UploadedFile[]).map(file => file.alternativeText), ['A', 'B'])
})

t.test('GET /upload/files lists bare file objects with filters, sort, fields and pagination', async t => {
  const all = await app.inject({ method: 'GET', url: '/api/upload/files' })
  t.equal(all.statusCode, 200)
  const files = all.json() as UploadedFile[]
  t.ok(Array.isArray(files) && files.length >= 8, 'bare array')
  t.same(files.map(file => file.id), [...files.map(file => file.id)].sort((a, b) => a - b), 'ordered by id')

  const texts = await app.inject({ method: 'GET', url: '/api/upload/files?filters[mime][$eq]=text%2Fplain&sort=name:desc' })
  t.equal(texts.statusCode, 200)
  t.same((texts.json() as UploadedFile[]).map(file => file.name), ['two.txt', 'notes.txt', 'b.txt', 'a.txt'])

  const slim = await app.inject({ method: 'GET', url: '/api/upload/files?fields[0]=name&filters[name][$startsWith]=Red&pagination[pageSize]=1' })
  t.same(slim.json(), [{ id: (files.find(file => file.name === 'Red square.png'))!.id, name: 'Red square.png' }])

  const bad = await app.inject({ method: 'GET', url: '/api/upload/files?filters[nope][$eq]=1' })
  t.equal(bad.statusCode, 400)
  t.match(bad.json(), { data: null, error: { status: 400, name: 'ValidationError', message: 'Invalid parameter nope' } })
})

t.test('GET /upload/files/:id answers the bare file; an unknown id is a 404 envelope', async t => {
  const file = await uploadOne('one-more.txt', 'x')
  const found = await app.inject({ method: 'GET', url: `/api/upload/files/${file.id}` })
  t.equal(found.statusCode, 200)
  t.same(found.json(), file)
  const missing = await app.inject({ method: 'GET', url: '/api/upload/files/999999' })
  t.equal(missing.statusCode, 404)
  t.match(missing.json(), { data: null, error: { status: 404, name: 'NotFoundError' } })
  const invalid = await app.inject({ method: 'GET', url: '/api/upload/files/abc' })
  t.equal(invalid.statusCode, 400)
})

t.test('POST /upload?id= updates the file info (multipart or JSON) and keeps the stored file', async t => {
  const file = await uploadOne('rename-me.png', await png(10, 10))
  const multipart = await app.inject({
    method: 'POST',
    url: `/api/upload?id=${file.id}`,
    ...await multipartBody([], { fileInfo: { name: 'Renamed.png', alternativeText: 'New alt' } })
  })
  t.equal(multipart.statusCode, 200)
  t.match(multipart.json(), { id: file.id, name: 'Renamed.png', alternativeText: 'New alt', caption: null, hash: file.hash, url: file.url })
  t.ok(Date.parse((multipart.json() as UploadedFile).updatedAt) >= Date.parse(file.updatedAt))

  const json = await app.inject({ method: 'POST', url: `/api/upload?id=${file.id}`, payload: { fileInfo: { caption: 'Now captioned', alternativeText: null } } })
  t.equal(json.statusCode, 200)
  t.match(json.json(), { name: 'Renamed.png', alternativeText: null, caption: 'Now captioned' })

  const missing = await app.inject({ method: 'POST', url: '/api/upload?id=999999', payload: { fileInfo: { caption: 'x' } } })
  t.equal(missing.statusCode, 404)
  t.ok(existsSync(join(dir, `${file.hash}.png`)), 'an info update keeps the stored file (a file sent with ?id= replaces it: upload-replace.test.ts)')
})

t.test('DELETE /upload/files/:id answers the deleted file and removes it and its formats from disk', async t => {
  const file = await uploadOne('doomed.jpg', await jpeg(800, 600))
  const names = [`${file.hash}.jpg`, ...Object.values(file.formats!).map(format => `${format.hash}.jpg`)]
  t.equal(names.length, 4, 'the file, a thumbnail, small and medium')
  for (const name of names) t.ok(existsSync(join(dir, name)))
  const deleted = await app.inject({ method: 'DELETE', url: `/api/upload/files/${file.id}` })
  t.equal(deleted.statusCode, 200)
  t.same(deleted.json(), file)
  for (const name of names) t.notOk(existsSync(join(dir, name)), `${name} removed`)
  t.equal((await app.inject({ method: 'GET', url: `/api/upload/files/${file.id}` })).statusCode, 404)
  t.equal((await app.inject({ method: 'GET', url: file.url })).statusCode, 404)
  t.equal((await app.inject({ method: 'DELETE', url: `/api/upload/files/${file.id}` })).statusCode, 404)
})

t.test('nothing is left in staging', async t => {
  t.same(readdirSync(join(dir, '.staging')), [])
  t.ok(storedFiles().length > 0)
})
