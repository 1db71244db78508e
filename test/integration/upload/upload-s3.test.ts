/**
 * The s3 media provider (option `upload.provider`; docs/media.md, 'S3 and S3-compatible storage') against a real S3-protocol server
 * on a loopback port: files and their image formats go to the bucket and nowhere else,
 * their URLs answer the bytes, a delete removes every object, and a storage that fails
 * answers 503 leaving neither a row nor an object behind.
 */
import { readdirSync } from 'node:fs'
import { request as httpRequest, createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { join } from 'node:path'
import Fastify from 'fastify'
import sharp from 'sharp'
import t from 'tap'
import contentApi from '../../../plugin/index.js'
import { buildTestApp } from '../../helpers/app.js'
import type { TestApp } from '../../helpers/app.js'
import { S3_CREDENTIALS, startS3Server } from '../../helpers/s3-server.js'
import { jpeg, upload } from './upload-helpers.js'
import type { UploadedFile } from './upload-helpers.js'

const root = t.testdir({ bucket: {}, staging: {} })
const s3 = await startS3Server({ directory: join(root, 'bucket'), buckets: ['media', 'cdn-media', 'other'] })
t.teardown(s3.stop)

const staging = join(root, 'staging')
const s3Upload = { provider: 's3', endpoint: s3.endpoint, bucket: 'media', region: 'us-east-1', ...S3_CREDENTIALS, forcePathStyle: true } as const

async function appWith (upload: Record<string, unknown>): Promise<TestApp> {
  const built = await buildTestApp({ upload: { ...s3Upload, dir: staging, ...upload } as never })
  t.teardown(built.close)
  return built
}

const { app } = await appWith({})

async function uploaded (response: Awaited<ReturnType<typeof upload>>): Promise<UploadedFile[]> {
  if (response.statusCode !== 200) throw new Error(`upload answered ${response.statusCode}: ${response.body}`)
  return response.json<UploadedFile[]>()
}

async function fileCount (target = app): Promise<number> {
  const response = await target.inject({ method: 'GET', url: '/api/upload/files' })
  return response.json<unknown[]>().length
}

const FORMATS = ['large', 'medium', 'small', 'thumbnail']

/**
 * A pass-through HTTP proxy on a loopback port in front of the real server (a CDN, or a
 * storage that fails some writes): `failPut` answers, for the n-th PUT, the status to fail
 * it with (null: pass it on).
 */
async function startProxy (failPut: (n: number) => number | null = () => null): Promise<{ url: string, puts: () => number }> {
  let puts = 0
  const proxy = createServer((incoming, outgoing) => {
    const failure = incoming.method === 'PUT' ? failPut(++puts) : null
    if (failure !== null) {
      incoming.resume()
      const code = failure === 403 ? 'AccessDenied' : 'InternalError'
      outgoing.writeHead(failure, { 'content-type': 'application/xml' })
      outgoing.end(`<?xml version="1.0" encoding="UTF-8"?><Error><Code>${code}</Code><Message>${code}</Message></Error>`)
      return
    }
    const forwarded = httpRequest(`${s3.endpoint}${incoming.url}`, { method: incoming.method, headers: incoming.headers }, answer => {
      outgoing.writeHead(answer.statusCode!, answer.headers)
      answer.pipe(outgoing)
    })
    incoming.pipe(forwarded)
  })
  await new Promise<void>(resolve => proxy.listen(0, '127.0.0.1', resolve))
  t.teardown(() => { proxy.closeAllConnections(); proxy.close() })
  return { url: `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`, puts: () => puts }
}

t.test('an image and its formats go to the bucket; the answer points there; a delete removes every object', async t => {
  const bytes = await jpeg(1200, 900)
  const [file] = await uploaded(await upload(app, [{ filename: 'Harbour at dawn.jpg', bytes }]))
  t.match(file, { name: 'Harbour at dawn.jpg', provider: 'aws-s3', provider_metadata: null, mime: 'image/jpeg', ext: '.jpg', width: 1200, height: 900 })
  t.equal(file!.url, `${s3.endpoint}/media/${file!.hash}.jpg`, 'path-style bucket URL + key')
  t.same(Object.keys(file!.formats ?? {}).sort(), FORMATS)

  const keys = [`${file!.hash}.jpg`, ...FORMATS.map(name => `${name}_${file!.hash}.jpg`)].sort()
  t.same(await s3.keys('media'), keys, 'the file and its four formats, nothing else')

  const stored = await s3.get('media', `${file!.hash}.jpg`)
  t.ok(stored.bytes.equals(bytes), 'the original bytes, unchanged')
  t.equal(stored.contentType, 'image/jpeg')
  const served = await fetch(file!.url)
  t.equal(served.status, 200)
  t.ok(Buffer.from(await served.arrayBuffer()).equals(bytes), 'the url answers the bytes')

  for (const name of FORMATS) {
    const format = file!.formats![name]!
    t.equal(format.url, `${s3.endpoint}/media/${name}_${file!.hash}.jpg`, `${name} url`)
    const response = await fetch(format.url)
    t.equal(response.status, 200, `${name} url answers`)
    const metadata = await sharp(Buffer.from(await response.arrayBuffer())).metadata()
    t.same([metadata.format, metadata.width, metadata.height], ['jpeg', format.width, format.height], `${name} is the resized image`)
  }

  t.same(readdirSync(staging).flatMap(name => name === '.staging' ? readdirSync(join(staging, '.staging')) : [name]), [],
    'nothing left on local disk: staging emptied')
  const local = await app.inject({ method: 'GET', url: `/uploads/${file!.hash}.jpg` })
  t.equal(local.statusCode, 404, 'no local /uploads route with s3')

  const read = await app.inject({ method: 'GET', url: `/api/upload/files/${file!.id}` })
  t.equal(read.json<UploadedFile>().url, file!.url, 'the stored row keeps the bucket URL')

  const deleted = await app.inject({ method: 'DELETE', url: `/api/upload/files/${file!.id}` })
  t.equal(deleted.statusCode, 200)
  t.same(await s3.keys('media'), [], 'the file and every format are gone from the bucket')
  t.equal((await fetch(file!.url)).status, 404)
  t.equal(await fileCount(), 0)
})

t.test('objects get the type found in their bytes; an SVG is stored as an attachment', async t => {
  const svg = '<svg xmlns="http://www.w3.org/2000/svg" width="4" height="4"><script>alert(1)</script></svg>'
  const [file] = await uploaded(await upload(app, [{ filename: 'logo.svg', bytes: svg, type: 'text/plain' }]))
  t.same(await s3.head('media', `${file!.hash}.svg`), { contentType: 'image/svg+xml', contentDisposition: 'attachment' })
  await app.inject({ method: 'DELETE', url: `/api/upload/files/${file!.id}` })
  t.equal(await s3.head('media', `${file!.hash}.svg`), null)
})

t.test('with baseUrl the urls are baseUrl + key, served by what is behind it', async t => {
  const cdn = await startProxy()
  const { app: behindCdn } = await appWith({ bucket: 'cdn-media', baseUrl: `${cdn.url}/cdn-media/` })
  const bytes = await jpeg(640, 480)
  const [file] = await uploaded(await upload(behindCdn, [{ filename: 'cdn.jpg', bytes }]))
  t.equal(file!.url, `${cdn.url}/cdn-media/${file!.hash}.jpg`, 'trailing slash of baseUrl dropped')
  t.equal(file!.formats!.small!.url, `${cdn.url}/cdn-media/small_${file!.hash}.jpg`)
  const served = await fetch(file!.url)
  t.ok(Buffer.from(await served.arrayBuffer()).equals(bytes), 'the baseUrl answers the bytes')
  t.same(await s3.keys('cdn-media'), [`${file!.hash}.jpg`, `small_${file!.hash}.jpg`, `thumbnail_${file!.hash}.jpg`].sort())
})

t.test('the row fails after the objects were put: the objects are removed again', async t => {
  const response = await upload(app, [{ filename: 'orphan.jpg', bytes: await jpeg(800, 600) }], { ref: 'api::article.article', refId: '999999', field: 'cover' })
  t.equal(response.statusCode, 400, response.body)
  t.match(response.json(), { data: null, error: { status: 400, name: 'ValidationError', message: /has no entry 999999/ } })
  t.same(await s3.keys('media'), [], 'nothing left in the bucket')
  t.equal(await fileCount(), 0, 'no row')
})

t.test('a bucket that does not exist: 503 ServiceUnavailableError, no row, nothing stored', async t => {
  const { app: missing } = await appWith({ bucket: 'no-such-bucket' })
  const response = await upload(missing, [{ filename: 'lost.jpg', bytes: await jpeg(600, 400) }])
  t.equal(response.statusCode, 503)
  t.same(response.json(), {
    data: null,
    error: { status: 503, name: 'ServiceUnavailableError', message: 'The media storage is unavailable, the file was not stored: try again later', details: {} }
  })
  t.equal(await fileCount(missing), 0)
})

t.test('credentials the storage refuses: 503, no row, nothing stored', async t => {
  const { app: refused } = await appWith({ secretAccessKey: 'wrong-secret' })
  const response = await upload(refused, [{ filename: 'refused.jpg', bytes: await jpeg(600, 400) }])
  t.equal(response.statusCode, 503)
  t.equal(response.json().error.name, 'ServiceUnavailableError')
  t.equal(await fileCount(refused), 0)
  t.same(await s3.keys('media'), [])
})

t.test('a put that fails midway: what was already put is deleted, no row', async t => {
  const proxy = await startProxy(n => n > 2 ? 403 : null)
  const { app: flaky } = await appWith({ endpoint: proxy.url, bucket: 'other' })

  const response = await upload(flaky, [{ filename: 'halfway.jpg', bytes: await jpeg(1200, 900) }])
  t.equal(response.statusCode, 503)
  t.equal(proxy.puts(), 3, 'two formats were put, the third put failed')
  t.same(await s3.keys('other'), [], 'the two formats already put were deleted')
  t.equal(await fileCount(flaky), 0)
})

t.test('a transient storage error (a 500) is retried: the upload succeeds', async t => {
  const proxy = await startProxy(n => n === 1 ? 500 : null)
  const { app: shaky } = await appWith({ endpoint: proxy.url, bucket: 'other' })
  const bytes = await jpeg(300, 200)
  const [file] = await uploaded(await upload(shaky, [{ filename: 'retried.jpg', bytes }]))
  t.equal(proxy.puts(), 3, 'the thumbnail\'s first put failed and was sent again, then the original')
  t.ok((await s3.get('other', `${file!.hash}.jpg`)).bytes.equals(bytes))
  t.same(await s3.keys('other'), [`${file!.hash}.jpg`, `thumbnail_${file!.hash}.jpg`].sort())
  await shaky.inject({ method: 'DELETE', url: `/api/upload/files/${file!.id}` })
  t.same(await s3.keys('other'), [])
})

t.test('the storage server stopped: an upload answers 503 and leaves no row; a delete still removes the entry', async t => {
  const [file] = await uploaded(await upload(app, [{ filename: 'before.jpg', bytes: await jpeg(300, 200) }]))
  t.equal(await fileCount(), 1)
  await s3.stop()

  const response = await upload(app, [{ filename: 'during.jpg', bytes: await jpeg(300, 200) }])
  t.equal(response.statusCode, 503)
  t.equal(response.json().error.name, 'ServiceUnavailableError')
  t.equal(await fileCount(), 1, 'no row for the failed upload')

  // The entry goes (nothing may point at it any more); the objects it leaves are logged.
  const deleted = await app.inject({ method: 'DELETE', url: `/api/upload/files/${file!.id}` })
  t.equal(deleted.statusCode, 200)
  t.equal(await fileCount(), 0)
})

t.test('s3 options are checked at register time', async t => {
  const cases: Array<[Record<string, unknown>, RegExp]> = [
    [{ provider: 's3', region: 'us-east-1' }, /upload\.bucket is required for the s3 provider/],
    [{ provider: 's3', bucket: 'Bad_Bucket', region: 'us-east-1' }, /upload\.bucket .* got "Bad_Bucket"/],
    [{ provider: 's3', bucket: 'media' }, /upload\.region is required/],
    [{ provider: 's3', bucket: 'media', region: 'us-east-1', endpoint: 'ftp://host' }, /upload\.endpoint must be an absolute http\(s\) URL/],
    [{ provider: 's3', bucket: 'media', region: 'us-east-1', baseUrl: '/relative' }, /upload\.baseUrl must be an absolute http\(s\) URL/],
    [{ provider: 's3', bucket: 'media', region: 'us-east-1', accessKeyId: 'key' }, /accessKeyId and upload\.secretAccessKey go together/],
    [{ provider: 's3', bucket: 'media', region: 'us-east-1', forcePathStyle: 'yes' }, /upload\.forcePathStyle must be a boolean/],
    [{ provider: 's3', bucket: 'media', region: 'us-east-1', acl: 'public-read' }, /upload\.acl is not an option/],
    [{ provider: 'gcs' }, /upload\.provider must be "local" or "s3"/],
    [{ bucket: 'media' }, /upload\.bucket is an option of the s3 provider/]
  ]
  for (const [options, message] of cases) {
    const bad = Fastify({ logger: false })
    await t.rejects(async () => { await bad.register(contentApi, { contentTypes: {}, upload: options as never }); await bad.ready() }, message, JSON.stringify(options))
    await bad.close()
  }
})
