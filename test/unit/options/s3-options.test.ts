/**
 * The s3 provider's options and object URLs, without a server: what `upload` resolves to
 * and where each kind of endpoint puts a key.
 */
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import t from 'tap'
import { objectUrl } from '../../../plugin/upload/s3-storage.js'
import { resolveUploadOptions } from '../../../plugin/options/upload.js'

const minimal = { provider: 's3', bucket: 'media', region: 'eu-west-3' } as const

t.test('s3 options resolve with their defaults; local stays the default provider', async t => {
  t.match(resolveUploadOptions(undefined, '/srv'), { ok: true, value: { dir: '/srv/public/uploads', provider: { name: 'local' } } })
  t.same(resolveUploadOptions(minimal, '/srv'), {
    ok: true,
    value: {
      dir: join(tmpdir(), 'fastify-content-api-uploads'),
      sizeLimit: 200 * 1024 * 1024,
      breakpoints: { large: 1000, medium: 750, small: 500 },
      provider: { name: 's3', endpoint: null, bucket: 'media', region: 'eu-west-3', credentials: null, forcePathStyle: false, baseUrl: null }
    }
  })
  t.match(resolveUploadOptions({
    ...minimal, dir: 'staging', endpoint: 'https://s3.example.com/', accessKeyId: 'AK', secretAccessKey: 'SK', forcePathStyle: true, baseUrl: 'https://cdn.example.com/media//'
  }, '/srv'), {
    ok: true,
    value: {
      dir: '/srv/staging',
      provider: { endpoint: 'https://s3.example.com', credentials: { accessKeyId: 'AK', secretAccessKey: 'SK' }, forcePathStyle: true, baseUrl: 'https://cdn.example.com/media' }
    }
  })
})

t.test('bad s3 options are refused with a message naming the key', async t => {
  const cases: Array<[Record<string, unknown>, RegExp]> = [
    [{ ...minimal, bucket: 'ab' }, /^upload\.bucket /],
    [{ ...minimal, bucket: 'a..b' }, /^upload\.bucket /],
    [{ ...minimal, bucket: 42 }, /^upload\.bucket /],
    [{ ...minimal, region: '' }, /^upload\.region /],
    [{ ...minimal, region: 'us east' }, /^upload\.region /],
    [{ ...minimal, endpoint: 'not a url' }, /^upload\.endpoint /],
    [{ ...minimal, endpoint: 'https://user:pw@s3.example.com' }, /^upload\.endpoint /],
    [{ ...minimal, baseUrl: 'https://cdn.example.com/?sig=1' }, /^upload\.baseUrl /],
    [{ ...minimal, baseUrl: 'javascript:alert(1)' }, /^upload\.baseUrl /],
    [{ ...minimal, secretAccessKey: 'SK' }, /go together/],
    [{ ...minimal, accessKeyId: '', secretAccessKey: 'SK' }, /^upload\.accessKeyId must be a non-empty string/],
    [{ ...minimal, forcePathStyle: 1 }, /^upload\.forcePathStyle /],
    [{ provider: 'local', endpoint: 'https://s3.example.com' }, /^upload\.endpoint is an option of the s3 provider/],
    [{ provider: 'ftp' }, /^upload\.provider must be "local" or "s3"/]
  ]
  for (const [raw, message] of cases) {
    const result = resolveUploadOptions(raw)
    t.match(result, { ok: false, problem: message }, JSON.stringify(raw))
  }
})

t.test('object URLs: baseUrl first, then the endpoint path-style or virtual-hosted, then AWS', async t => {
  const base = { endpoint: null, bucket: 'media', region: 'eu-west-3', forcePathStyle: false, baseUrl: null }
  t.equal(objectUrl({ ...base, baseUrl: 'https://cdn.example.com/files' }, 'a_1.jpg'), 'https://cdn.example.com/files/a_1.jpg')
  t.equal(objectUrl({ ...base, baseUrl: 'https://cdn.example.com', forcePathStyle: true, endpoint: 'http://127.0.0.1:9000' }, 'a_1.jpg'), 'https://cdn.example.com/a_1.jpg')
  t.equal(objectUrl({ ...base, endpoint: 'http://127.0.0.1:9000', forcePathStyle: true }, 'a_1.jpg'), 'http://127.0.0.1:9000/media/a_1.jpg')
  t.equal(objectUrl({ ...base, endpoint: 'https://gateway.example.com/s3', forcePathStyle: true }, 'a_1.jpg'), 'https://gateway.example.com/s3/media/a_1.jpg')
  t.equal(objectUrl({ ...base, endpoint: 'https://nyc3.digitaloceanspaces.com' }, 'a_1.jpg'), 'https://media.nyc3.digitaloceanspaces.com/a_1.jpg')
  t.equal(objectUrl(base, 'a_1.jpg'), 'https://media.s3.eu-west-3.amazonaws.com/a_1.jpg')
  t.equal(objectUrl({ ...base, forcePathStyle: true }, 'a_1.jpg'), 'https://s3.eu-west-3.amazonaws.com/media/a_1.jpg')
})
