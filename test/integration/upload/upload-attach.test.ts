/**
 * Files and entries (docs/media.md): an upload attached to an entry's media attribute with
 * ref/refId/field, `allowedTypes`, media populate in reads (still one statement), and a
 * deleted file unlinked from every entry that used it.
 */
import t from 'tap'
import { buildTestApp } from '../../helpers/app.js'
import { post } from '../../helpers/magazine.js'
import { jpeg, png, upload } from './upload-helpers.js'
import type { UploadedFile } from './upload-helpers.js'

const { app, close, statements } = await buildTestApp({ upload: { dir: t.testdir() } })
t.teardown(close)

const article = await post(app, 'articles', { title: 'Media article' })
const ref = { ref: 'api::article.article', refId: String(article) }

async function uploaded (response: Awaited<ReturnType<typeof upload>>): Promise<UploadedFile[]> {
  if (response.statusCode !== 200) throw new Error(`upload answered ${response.statusCode}: ${response.body}`)
  return response.json<UploadedFile[]>()
}

async function populated (query: string): Promise<any> {
  const response = await app.inject({ method: 'GET', url: `/api/articles/${article}?${query}` })
  if (response.statusCode !== 200) throw new Error(`read answered ${response.statusCode}: ${response.body}`)
  return response.json().data.attributes
}

t.test('an upload attached to a single media attribute shows in populate=cover; a new one replaces it', async t => {
  const [first] = await uploaded(await upload(app, [{ filename: 'cover.jpg', bytes: await jpeg(1200, 800) }], { ...ref, field: 'cover' }))
  const { cover } = await populated('populate=cover')
  t.match(cover, {
    data: {
      id: first!.id,
      attributes: { name: 'cover.jpg', url: first!.url, mime: 'image/jpeg', width: 1200, height: 800, formats: { thumbnail: { url: `/uploads/thumbnail_${first!.hash}.jpg` } } }
    }
  })
  t.notOk('meta' in cover.data, 'a populated file is { id, attributes }')

  const [second] = await uploaded(await upload(app, [{ filename: 'new-cover.png', bytes: await png(10, 10) }], { ...ref, field: 'cover' }))
  t.equal((await populated('populate=cover')).cover.data.id, second!.id, 'replaced')
  t.equal((await app.inject({ method: 'GET', url: `/api/upload/files/${first!.id}` })).statusCode, 200, 'the replaced file itself stays')
})

t.test('uploads attached to a multiple media attribute are appended in order', async t => {
  const firstBatch = await uploaded(await upload(app, [
    { filename: 'g1.png', bytes: await png(10, 10) },
    { filename: 'g2.png', bytes: await png(12, 12) }
  ], { ...ref, field: 'gallery' }))
  const [third] = await uploaded(await upload(app, [{ filename: 'g3.png', bytes: await png(14, 14) }], { ...ref, field: 'gallery' }))
  const { gallery } = await populated('populate[gallery][fields][0]=name')
  t.same(gallery, {
    data: [...firstBatch, third!].map(file => ({ id: file.id, attributes: { name: file.name } }))
  })
})

t.test('allowedTypes is enforced when attaching, and nothing is kept when it refuses', async t => {
  const before = (await app.inject({ method: 'GET', url: '/api/upload/files' })).json<unknown[]>().length
  const text = await upload(app, [{ filename: 'notes.txt', bytes: 'not an image' }], { ...ref, field: 'cover' })
  t.equal(text.statusCode, 400)
  t.match(text.json(), { error: { name: 'ValidationError', message: /cover accepts only images/, details: { errors: [{ path: ['files', 0] }] } } })
  const spoofed = await upload(app, [{ filename: 'fake.png', bytes: 'text dressed as png', type: 'image/png' }], { ...ref, field: 'gallery' })
  t.equal(spoofed.statusCode, 400, 'judged by content, not by the claimed type')
  t.equal((await app.inject({ method: 'GET', url: '/api/upload/files' })).json<unknown[]>().length, before)
})

t.test('ref, refId and field are checked', async t => {
  const cases: Array<[Record<string, string>, string, RegExp]> = [
    [{ ...ref, field: 'title' }, 'field', /not a media attribute/],
    [{ ...ref, field: 'nope' }, 'field', /has no attribute nope/],
    [{ ...ref, field: 'internalNotes' }, 'field', /has no attribute internalNotes/],
    [{ ref: 'api::nope.nope', refId: '1', field: 'cover' }, 'ref', /Unknown content type/],
    [{ ...ref, refId: 'abc', field: 'cover' }, 'refId', /Invalid refId/],
    [{ ...ref, refId: '999999', field: 'cover' }, 'refId', /has no entry 999999/]
  ]
  for (const [fields, path, message] of cases) {
    const response = await upload(app, [{ filename: 'a.png', bytes: await png(10, 10) }], fields)
    t.equal(response.statusCode, 400, JSON.stringify(fields))
    t.match(response.json(), { error: { message, details: { errors: [{ path: [path] }] } } }, JSON.stringify(fields))
  }
  const two = await upload(app, [{ filename: 'a.png', bytes: await png(10, 10) }, { filename: 'b.png', bytes: await png(10, 10) }], { ...ref, field: 'cover' })
  t.equal(two.statusCode, 400, 'a single media attribute takes one file')
})

t.test('a list populating cover and gallery is still ONE statement', async t => {
  await post(app, 'articles', { title: 'Another' })
  statements.reset()
  const response = await app.inject({ method: 'GET', url: '/api/articles?populate[cover]=true&populate[gallery]=true' })
  t.equal(response.statusCode, 200)
  t.equal(statements.count(), 1)
  const entries = response.json().data as Array<{ id: number, attributes: any }>
  const mine = entries.find(entry => entry.id === article)!
  t.equal(mine.attributes.cover.data.attributes.name, 'new-cover.png')
  t.equal(mine.attributes.gallery.data.length, 3)
  t.same(entries.find(entry => entry.id !== article)!.attributes.gallery, { data: [] })
})

t.test('reading the files is one statement each', async t => {
  statements.reset()
  await app.inject({ method: 'GET', url: '/api/upload/files?filters[mime][$startsWith]=image&sort=name' })
  t.equal(statements.count(), 1)
})

t.test('deleting a file unlinks it from every entry that used it', async t => {
  const { gallery } = await populated('populate=gallery')
  const [doomed, ...kept] = gallery.data as Array<{ id: number }>
  const other = await post(app, 'articles', { title: 'Shares a file' })
  await uploaded(await upload(app, [{ filename: 'other.png', bytes: await png(10, 10) }], { ref: 'api::article.article', refId: String(other), field: 'gallery' }))
  const link = await app.inject({ method: 'PUT', url: `/api/articles/${other}`, payload: { data: { cover: doomed!.id } } })
  t.equal(link.statusCode, 200, 'the same file used by a second entry (through the write path)')

  const deleted = await app.inject({ method: 'DELETE', url: `/api/upload/files/${doomed!.id}` })
  t.equal(deleted.statusCode, 200)
  t.same((await populated('populate=gallery')).gallery.data.map((file: { id: number }) => file.id), kept.map(file => file.id))
  const otherRead = await app.inject({ method: 'GET', url: `/api/articles/${other}?populate=cover` })
  t.same(otherRead.json().data.attributes.cover, { data: null })
})

t.test('deleting an entry keeps its files', async t => {
  const entry = await post(app, 'articles', { title: 'Short-lived' })
  const [file] = await uploaded(await upload(app, [{ filename: 'keep.png', bytes: await png(10, 10) }], { ref: 'api::article.article', refId: String(entry), field: 'cover' }))
  t.equal((await app.inject({ method: 'DELETE', url: `/api/articles/${entry}` })).statusCode, 200)
  t.equal((await app.inject({ method: 'GET', url: `/api/upload/files/${file!.id}` })).statusCode, 200)
})
