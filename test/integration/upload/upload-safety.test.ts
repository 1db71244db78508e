/**
 * What the media plugin refuses to trust (docs/media.md, 'Where this differs from Strapi v4'): the client's Content-Type and
 * file name, sizes over the limit, and half-done uploads. A failed upload leaves no row
 * and no file behind.
 */
import { randomBytes } from 'node:crypto'
import { readdirSync } from 'node:fs'
import { join } from 'node:path'
import t from 'tap'
import type { Test } from 'tap'
import { buildTestApp } from '../../helpers/app.js'
import { jpeg, png, upload } from './upload-helpers.js'
import type { UploadedFile } from './upload-helpers.js'

const SIZE_LIMIT = 64 * 1024
const dir = t.testdir()
const { app, close } = await buildTestApp({ upload: { dir, sizeLimit: SIZE_LIMIT } })
t.teardown(close)

/** Every file under the upload folder, staging included. */
function everythingOnDisk (): string[] {
  return (readdirSync(dir, { recursive: true }) as string[]).filter(name => name !== '.staging').sort()
}

async function fileCount (): Promise<number> {
  return (await app.inject({ method: 'GET', url: '/api/upload/files' })).json<unknown[]>().length
}

async function expectNothingKept (t: Test, run: () => Promise<void>): Promise<void> {
  const files = everythingOnDisk()
  const rows = await fileCount()
  await run()
  t.same(everythingOnDisk(), files, 'no file stays on disk')
  t.equal(await fileCount(), rows, 'no row is kept')
}

t.test('a file over the size limit is a 413 PayloadTooLargeError in the error envelope', async t => {
  await expectNothingKept(t, async () => {
    const response = await upload(app, [{ filename: 'huge.bin', bytes: randomBytes(SIZE_LIMIT + 1) }])
    t.equal(response.statusCode, 413)
    t.match(response.json(), { data: null, error: { status: 413, name: 'PayloadTooLargeError', message: /huge\.bin.*limit/ } })
  })
})

t.test('one file over the limit fails the whole upload, the files before it included', async t => {
  await expectNothingKept(t, async () => {
    const response = await upload(app, [
      { filename: 'fine.png', bytes: await png(10, 10) },
      { filename: 'huge.bin', bytes: randomBytes(SIZE_LIMIT * 2) }
    ])
    t.equal(response.statusCode, 413)
  })
})

t.test('a file exactly at the limit is accepted', async t => {
  const response = await upload(app, [{ filename: 'exact.bin', bytes: randomBytes(SIZE_LIMIT) }])
  t.equal(response.statusCode, 200)
  t.match(response.json(), [{ name: 'exact.bin', mime: 'application/octet-stream', ext: '.bin', size: Math.round(SIZE_LIMIT / 10) / 100 }])
})

t.test('the Content-Type a client claims is ignored: text sent as image/png is stored as text', async t => {
  const response = await upload(app, [{ filename: 'logo.png', bytes: 'this is not a picture', type: 'image/png' }])
  t.equal(response.statusCode, 200)
  const [file] = response.json<UploadedFile[]>()
  t.match(file, { name: 'logo.png', mime: 'text/plain', ext: '.txt', width: null, height: null, formats: null })
  const served = await app.inject({ method: 'GET', url: file!.url })
  t.match(served.headers['content-type'], /^text\/plain/, 'and served as what it is')
})

t.test('an image named as something else is stored as the image it is', async t => {
  const response = await upload(app, [{ filename: 'report.pdf', bytes: await jpeg(10, 10), type: 'application/pdf' }])
  t.match(response.json(), [{ name: 'report.pdf', mime: 'image/jpeg', ext: '.jpg', width: 10, height: 10 }])
})

t.test('HTML never keeps an extension a browser would render', async t => {
  const page = await upload(app, [{ filename: 'page.html', bytes: '<html><script>alert(1)</script></html>', type: 'text/html' }])
  t.match(page.json(), [{ mime: 'text/plain', ext: '.txt' }])
  const binary = await upload(app, [{ filename: 'page.html', bytes: Buffer.from([0, 1, 2, 3, 0xfe, 0xff]) }])
  t.match(binary.json(), [{ mime: 'application/octet-stream', ext: '.bin' }])
})

t.test('path separators, `..` and control characters never reach a name or a path', async t => {
  const response = await upload(app, [
    { filename: '../../../etc/passwd.png', bytes: await png(10, 10) },
    { filename: '..\\..\\windows\\evil\u0000\u202e.png', bytes: await png(10, 10) },
    { filename: '..', bytes: 'dots' }
  ])
  t.equal(response.statusCode, 200)
  const files = response.json<UploadedFile[]>()
  t.same(files.map(file => file.name), ['passwd.png', 'evil.png', 'file'])
  for (const file of files) {
    t.match(file.hash, /^[A-Za-z0-9_]+$/)
    t.equal(file.url, `/uploads/${file.hash}${file.ext}`)
  }
  t.same(readdirSync(join(dir, '..')).filter(name => name.includes('passwd')), [], 'nothing written beside the folder')
})

t.test('a multi-file upload is all or nothing: an unreadable image fails it and nothing is kept', async t => {
  const broken = Buffer.concat([(await png(10, 10)).subarray(0, 16), randomBytes(64)])
  await expectNothingKept(t, async () => {
    const response = await upload(app, [
      { filename: 'photo.jpg', bytes: await jpeg(1200, 800) },
      { filename: 'broken.png', bytes: broken }
    ])
    t.equal(response.statusCode, 400)
    t.match(response.json(), { error: { name: 'ValidationError', details: { errors: [{ path: ['files', 1] }] } } })
  })
})

t.test('a failure after the files are stored (attachment to a missing entry) removes them again', async t => {
  await expectNothingKept(t, async () => {
    const response = await upload(app, [{ filename: 'photo.jpg', bytes: await jpeg(800, 600) }], {
      ref: 'api::article.article', refId: '999999', field: 'cover'
    })
    t.equal(response.statusCode, 400)
    t.match(response.json(), { error: { details: { errors: [{ path: ['refId'] }] } } })
  })
})

t.test('bad requests are 400 ValidationErrors', async t => {
  const cases: Array<[string, Parameters<typeof upload>[1], Parameters<typeof upload>[2], RegExp]> = [
    ['no files', [], {}, /Files are empty/],
    ['fileInfo that is not JSON', [{ filename: 'a.txt', bytes: 'a' }], { fileInfo: '{nope' }, /JSON/],
    ['fileInfo with an unknown key', [{ filename: 'a.txt', bytes: 'a' }], { fileInfo: { title: 'x' } }, /Invalid key title/],
    ['more fileInfo than files', [{ filename: 'a.txt', bytes: 'a' }], { fileInfo: [{}, {}] }, /2 files but 1/],
    ['a caption that is not text', [{ filename: 'a.txt', bytes: 'a' }], { fileInfo: { caption: 5 } }, /caption must be a string/],
    ['an unknown field', [{ filename: 'a.txt', bytes: 'a' }], { folderPath: '/x' }, /Unexpected field/],
    ['ref without refId and field', [{ filename: 'a.txt', bytes: 'a' }], { ref: 'api::article.article' }, /go together/]
  ]
  for (const [label, files, fields, message] of cases) {
    await expectNothingKept(t, async () => {
      const response = await upload(app, files, fields)
      t.equal(response.statusCode, 400, label)
      t.match(response.json(), { data: null, error: { status: 400, name: 'ValidationError', message } }, label)
    })
  }
  const notMultipart = await app.inject({ method: 'POST', url: '/api/upload', payload: { files: [] } })
  t.equal(notMultipart.statusCode, 400)
})

t.test('a malformed multipart body is a 400 ValidationError, never a 500', async t => {
  const part = '--right\r\nContent-Disposition: form-data; name="files"; filename="a.txt"\r\nContent-Type: text/plain\r\n\r\nhello\r\n'
  const cases: Array<[string, string, string]> = [
    ['a boundary that is not the one in the header', 'multipart/form-data; boundary=wrong', `${part}--right--\r\n`],
    ['no boundary in the header', 'multipart/form-data', `${part}--right--\r\n`],
    ['a body cut before its closing boundary', 'multipart/form-data; boundary=right', part]
  ]
  for (const [label, contentType, body] of cases) {
    await expectNothingKept(t, async () => {
      const response = await app.inject({ method: 'POST', url: '/api/upload', headers: { 'content-type': contentType }, body })
      t.equal(response.statusCode, 400, label)
      t.match(response.json(), { data: null, error: { status: 400, name: 'ValidationError' } }, label)
    })
  }
})

t.test('multipart stays confined to the upload routes', async t => {
  const response = await upload(app, [{ filename: 'a.txt', bytes: 'a' }], {}, '/api/articles')
  t.equal(response.statusCode, 415)
})

t.test('nothing is left in staging', async t => {
  t.same(readdirSync(join(dir, '.staging')), [])
})
