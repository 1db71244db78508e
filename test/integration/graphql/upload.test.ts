/**
 * The media library over GraphQL: `upload` and `multipleUpload` through the GraphQL
 * multipart request spec, `updateFileInfo(id, info)` and `removeFile(id)`: the REST media
 * routes' operations (upload/file-operations.ts), Strapi's types and nullability, the answer
 * with the mutation's selection, the `plugin::upload` actions (`upload`, `destroy`) checked as
 * REST checks them, and bad input as Strapi's extensions or a refused request, never a 500,
 * never a file row or a stored file left behind.
 */
import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { buildClientSchema, buildSchema, getIntrospectionQuery } from 'graphql'
import type { GraphQLObjectType } from 'graphql'
import t from 'tap'
import type { Test } from 'tap'
import { graphql, graphqlApp, graphqlMultipart, uploadParts } from '../../helpers/graphql.js'
import type { MultipartPart } from '../../helpers/graphql.js'
import { multipartBody, png } from '../upload/upload-helpers.js'

const FIXTURE = path.join(path.dirname(fileURLToPath(import.meta.url)), '../../fixtures/graphql/strapi-4.26.2/schema.graphql')
const strapi = buildSchema(fs.readFileSync(FIXTURE, 'utf8'))

const dir = t.testdir()
/** Bytes one file may have here: small, so that 'too big' is cheap to send. */
const SIZE_LIMIT = 50_000
const test = await graphqlApp({
  upload: { dir, sizeLimit: SIZE_LIMIT },
  permissions: { jwtSecret: 'a-test-secret-that-is-long-enough', roles: { public: { 'plugin::upload': ['find', 'findOne'] }, authenticated: {} } }
})
t.teardown(test.close)
const full = { authorization: `Bearer ${(await test.app.contentApi.apiTokens!.create({ name: 'media', type: 'full-access' })).accessKey}` }
const uploadOnly = { authorization: `Bearer ${(await test.app.contentApi.apiTokens!.create({ name: 'up', type: 'custom', permissions: { 'plugin::upload': ['upload'] } })).accessKey}` }

const body = await multipartBody([{ filename: 'one.png', bytes: await png(40, 30) }, { filename: 'two.png', bytes: await png(20, 10) }])
const uploaded = await test.app.inject({ method: 'POST', url: '/api/upload', payload: body.payload, headers: { ...body.headers, ...full } })
if (uploaded.statusCode !== 200) throw new Error(`upload answered ${uploaded.statusCode}: ${uploaded.body}`)
const [one, two] = uploaded.json() as Array<{ id: number, url: string }>

const signature = (schema: ReturnType<typeof buildSchema>, name: string): string => {
  const found = (schema.getType('Mutation') as GraphQLObjectType).getFields()[name]!
  return `${found.args.map(arg => `${arg.name}: ${String(arg.type)}`).join(', ')} → ${String(found.type)}`
}

t.test('Strapi\'s mutations and FileInfoInput', async t => {
  const served = buildClientSchema((await graphql(test, getIntrospectionQuery())).body.data)
  for (const name of ['upload', 'multipleUpload', 'updateFileInfo', 'removeFile']) t.equal(signature(served, name), signature(strapi, name), name)
  t.same(Object.keys((served.getType('FileInfoInput') as GraphQLObjectType).getFields()), ['name', 'alternativeText', 'caption'])
})

t.test('updateFileInfo: the info changed, the file answered with the selection', async t => {
  const answer = await graphql(test, `mutation ($info: FileInfoInput) { updateFileInfo(id: ${one!.id}, info: $info) { data { id attributes { name alternativeText caption width mime } } } }`,
    { info: { name: 'first.png', alternativeText: 'A first picture', caption: 'First' } }, uploadOnly)
  t.notOk(answer.body.errors, JSON.stringify(answer.body.errors))
  t.same(answer.body.data.updateFileInfo.data, { id: String(one!.id), attributes: { name: 'first.png', alternativeText: 'A first picture', caption: 'First', width: 40, mime: 'image/png' } })
  const rest = (await test.app.inject({ method: 'GET', url: `/api/upload/files/${one!.id}` })).json() as { name: string, caption: string }
  t.match(rest, { name: 'first.png', caption: 'First' }, 'REST reads the change')
})

t.test('removeFile: the file as it was, its row and stored bytes gone', async t => {
  const stored = path.join(dir, path.basename(two!.url))
  t.ok(fs.existsSync(stored))
  const refused = await graphql(test, `mutation { removeFile(id: ${two!.id}) { data { id } } }`, undefined, uploadOnly)
  t.same(refused.body.data, { removeFile: null })
  t.match(refused.body.errors, [{ extensions: { code: 'FORBIDDEN' } }], 'destroy is needed')
  const answer = await graphql(test, `mutation { removeFile(id: ${two!.id}) { data { id attributes { name } } } }`, undefined, full)
  t.same(answer.body.data.removeFile.data, { id: String(two!.id), attributes: { name: 'two.png' } })
  t.equal((await test.app.inject({ method: 'GET', url: `/api/upload/files/${two!.id}` })).statusCode, 404)
  t.notOk(fs.existsSync(stored), 'the stored file is removed')
})

t.test('errors: FORBIDDEN without the action, a 404, a bad id, never a 500', async t => {
  const anonymous = await graphql(test, `mutation { updateFileInfo(id: ${one!.id}, info: { name: "x.png" }) { data { id } } }`)
  t.equal(anonymous.body.data, null)
  t.match(anonymous.body.errors, [{ extensions: { code: 'FORBIDDEN' } }])
  const unknown = await graphql(test, 'mutation { updateFileInfo(id: 99999, info: { name: "x.png" }) { data { id } } }', undefined, full)
  t.match(unknown.body.errors, [{ message: 'File not found', extensions: { code: 'STRAPI_NOT_FOUND_ERROR' } }])
  const gone = await graphql(test, 'mutation { removeFile(id: 99999) { data { id } } }', undefined, full)
  t.same(gone.body.data, { removeFile: null })
  t.match(gone.body.errors, [{ extensions: { code: 'STRAPI_NOT_FOUND_ERROR' } }])
  const badId = await graphql(test, 'mutation { removeFile(id: "one") { data { id } } }', undefined, full)
  t.match(badId.body.errors, [{ extensions: { code: 'BAD_USER_INPUT' } }])
  const still = (await test.app.inject({ method: 'GET', url: `/api/upload/files/${one!.id}` })).json() as { name: string }
  t.equal(still.name, 'first.png', 'the refused updates wrote nothing')
})

const red = await png(4, 3)
const blue = await png(8, 6)
const FILE = '{ id attributes { name alternativeText caption width height ext mime size url previewUrl provider } }'
const UPLOAD = `mutation ($file: Upload!, $info: FileInfoInput) { upload(file: $file, info: $info) { data ${FILE} } }`
const MULTIPLE = `mutation ($files: [Upload]!, $ref: String, $refId: ID, $field: String) {
  multipleUpload(files: $files, ref: $ref, refId: $refId, field: $field) { data { id attributes { name width } } }
}`

const fileRows = async (): Promise<Array<{ id: number, name: string }>> =>
  (await test.app.inject({ method: 'GET', url: '/api/upload/files', headers: full })).json()
const stored = (): string[] => fs.readdirSync(dir).filter(name => name !== '.staging').sort()
const staged = (): string[] => fs.existsSync(path.join(dir, '.staging')) ? fs.readdirSync(path.join(dir, '.staging')) : []

/** What a refused upload must leave as it found: the file rows, the stored files, nothing staged. */
async function unchanged (t: Test, refused: () => Promise<void>): Promise<void> {
  const rows = await fileRows()
  const files = stored()
  await refused()
  t.same(await fileRows(), rows, 'no file row written')
  t.same(stored(), files, 'no file stored')
  t.same(staged(), [], 'nothing left staged')
}

t.test('upload: one file through the multipart request spec, with its info, answered as Strapi does', async t => {
  const answer = await graphqlMultipart(test, uploadParts(UPLOAD, { file: null, info: { alternativeText: 'A red square', caption: 'Red' } },
    [['variables.file', { filename: 'red.png', bytes: red }]]), uploadOnly)
  t.equal(answer.status, 200)
  t.notOk(answer.body.errors, JSON.stringify(answer.body.errors))
  const file = answer.body.data.upload.data
  t.match(file.attributes, {
    name: 'red.png', alternativeText: 'A red square', caption: 'Red', width: 4, height: 3, ext: '.png', mime: 'image/png',
    url: /^\/uploads\/red_[0-9a-f]{10}\.png$/, previewUrl: null, provider: 'local'
  })
  const rest = (await test.app.inject({ method: 'GET', url: `/api/upload/files/${file.id}` })).json() as { size: number, caption: string }
  t.equal(file.attributes.size, rest.size, 'the size REST answers, in kB')
  t.ok(fs.existsSync(path.join(dir, path.basename(file.attributes.url))), 'the file is stored')
  t.same(staged(), [], 'the staged bytes are gone')
  // The token (who it is), then one transaction (begin, the insert, commit) and the read of the answer.
  t.equal(answer.statements.length, 5, answer.statements.join('\n'))
})

t.test('multipleUpload: every file in one transaction, each answered with the selection', async t => {
  const answer = await graphqlMultipart(test, uploadParts(MULTIPLE, { files: [null, null] },
    [['variables.files.0', { filename: 'red.png', bytes: red }], ['variables.files.1', { filename: 'blue.png', bytes: blue }]]), uploadOnly)
  t.notOk(answer.body.errors, JSON.stringify(answer.body.errors))
  const files = answer.body.data.multipleUpload as Array<{ data: { id: string, attributes: { name: string, width: number } } }>
  t.same(files.map(file => file.data.attributes), [{ name: 'red.png', width: 4 }, { name: 'blue.png', width: 8 }])
  t.equal(Number(files[1]!.data.id), Number(files[0]!.data.id) + 1, 'one insert numbers them in order')
  t.equal(answer.statements.length, 5, 'as one upload: one insert for both files')
})

t.test('a file named twice is stored twice; a file linked to an entry as Strapi links it', async t => {
  const twice = await graphqlMultipart(test, uploadParts(
    'mutation ($f: Upload!) { a: upload(file: $f) { data { id } } b: multipleUpload(files: [$f, $f]) { data { id } } }', { f: null },
    [['variables.f', { filename: 'red.png', bytes: red }]]), uploadOnly)
  t.notOk(twice.body.errors, JSON.stringify(twice.body.errors))
  t.equal(twice.body.data.b.length, 2, 'each use its own file')

  const created = await test.app.inject({ method: 'POST', url: '/api/articles', payload: { data: { title: 'With a gallery' } }, headers: full })
  const article = (created.json() as { data: { id: number } }).data.id
  const linked = await graphqlMultipart(test, uploadParts(MULTIPLE, { files: [null, null], ref: 'api::article.article', refId: String(article), field: 'gallery' },
    [['variables.files.0', { filename: 'red.png', bytes: red }], ['variables.files.1', { filename: 'blue.png', bytes: blue }]]), full)
  t.notOk(linked.body.errors, JSON.stringify(linked.body.errors))
  const ids = (linked.body.data.multipleUpload as Array<{ data: { id: string } }>).map(file => Number(file.data.id))
  const read = await test.app.inject({ method: 'GET', url: `/api/articles/${article}?populate=gallery`, headers: full })
  const gallery = (read.json() as { data: { attributes: { gallery: { data: Array<{ id: number }> } } } }).data.attributes.gallery.data
  t.same(gallery.map(file => file.id), ids, 'the entry\'s gallery holds them, in order')

  const single = await graphqlMultipart(test, uploadParts(
    'mutation ($file: Upload!, $refId: ID) { upload(file: $file, ref: "api::article.article", refId: $refId, field: "cover") { data { id } } }',
    { file: null, refId: String(article) }, [['variables.file', { filename: 'blue.png', bytes: blue }]]), full)
  t.notOk(single.body.errors, JSON.stringify(single.body.errors))
  const cover = await test.app.inject({ method: 'GET', url: `/api/articles/${article}?populate=cover`, headers: full })
  t.equal((cover.json() as any).data.attributes.cover.data.id, Number(single.body.data.upload.data.id))
})

t.test('requests that break the spec: refused whole with BAD_REQUEST, nothing run', async t => {
  const operations = { name: 'operations', value: JSON.stringify({ query: UPLOAD, variables: { file: null } }) }
  const map = (value: unknown): MultipartPart => ({ name: 'map', value: JSON.stringify(value) })
  const file = (name: string): MultipartPart => ({ name, filename: 'red.png', bytes: red })
  const big = { name: '0', filename: 'big.png', bytes: new Uint8Array(SIZE_LIMIT + 1) }
  const cases: Array<[string, MultipartPart[], number, RegExp]> = [
    ['no map', [operations, file('0')], 400, /came before the "map" field/],
    ['no map and no file', [operations], 400, /"map" field is missing/],
    ['no operations', [map({ 0: ['variables.file'] }), file('0')], 400, /"operations" field is missing/],
    ['operations not JSON', [{ name: 'operations', value: '{"query":' }, map({ 0: ['variables.file'] }), file('0')], 400, /not valid JSON/],
    ['a batch', [{ name: 'operations', value: JSON.stringify([{ query: UPLOAD, variables: { file: null } }]) }, map({ '0': ['0.variables.file'] }), file('0')], 400, /batches are not served/],
    ['a map that is not an object of lists', [operations, map({ 0: 'variables.file' }), file('0')], 400, /must be a JSON object of file part names/],
    ['a map naming a part not sent', [operations, map({ 0: ['variables.file'], 1: ['variables.other'] }), file('0')], 400, /"1" is in the "map" field but no such part was sent/],
    ['a part not in the map', [operations, map({ 0: ['variables.file'] }), file('0'), file('1')], 400, /File part "1" is not in the "map" field/],
    ['a file before the map', [operations, file('0'), map({ 0: ['variables.file'] })], 400, /came before the "map" field/],
    ['a path outside the variables', [operations, map({ 0: ['query'] }), file('0')], 400, /must name a variable/],
    ['a path to no variable', [operations, map({ 0: ['variables.nope'] }), file('0')], 400, /names no value/],
    ['a path through a list to no item', [operations, map({ 0: ['variables.file.3'] }), file('0')], 400, /names no value/],
    ['a path to a value sent', [{ name: 'operations', value: JSON.stringify({ query: UPLOAD, variables: { file: 'x' } }) }, map({ 0: ['variables.file'] }), file('0')], 400, /must name a null/],
    ['a prototype path', [operations, map({ 0: ['variables.__proto__'] }), file('0')], 400, /names no value/],
    ['an unknown field', [operations, map({ 0: ['variables.file'] }), { name: 'extra', value: 'x' }, file('0')], 400, /Unexpected field "extra"/],
    ['a file over the size limit', [operations, map({ 0: ['variables.file'] }), big], 413, /larger than the upload size limit of 50000 bytes/]
  ]
  for (const [name, parts, status, message] of cases) {
    await unchanged(t, async () => {
      const answer = await graphqlMultipart(test, parts, full)
      t.equal(answer.status, status, `${name}: ${status}`)
      t.equal(answer.body.data, undefined, `${name}: no data, nothing ran`)
      t.match(answer.body.errors, [{ message, extensions: { code: 'BAD_REQUEST' } }], name)
      t.equal(answer.statements.length, 1, `${name}: only who the token names`)
    })
  }
})

t.test('refused uploads: Strapi\'s codes, never a 500, nothing written or stored', async t => {
  const send = async (parts: MultipartPart[], headers: Record<string, string> = {}): Promise<any> => {
    const answer = await graphqlMultipart(test, parts, headers)
    t.equal(answer.status, 200, 'execution ran')
    return answer.body
  }
  const one = uploadParts(UPLOAD, { file: null }, [['variables.file', { filename: 'red.png', bytes: red }]])
  const findOnly = { authorization: `Bearer ${(await test.app.contentApi.apiTokens!.create({ name: 'reader', type: 'custom', permissions: { 'plugin::upload': ['find', 'findOne'] } })).accessKey}` }
  for (const [who, headers, statements] of [['public', {}, 0], ['a token without upload', findOnly, 1]] as const) {
    await unchanged(t, async () => {
      const answer = await graphqlMultipart(test, one, headers)
      t.equal(answer.status, 403, `${who}: refused before its files are read`)
      t.match(answer.body, { errors: [{ message: 'Forbidden access', extensions: { code: 'FORBIDDEN' } }] }, who)
      t.notOk('data' in answer.body, `${who}: nothing ran`)
      t.equal(answer.statements.length, statements, `${who}: no statement but who the token names`)
    })
  }
  await unchanged(t, async () => {
    const body = await send(uploadParts(MULTIPLE, { files: [null], ref: 'api::article.article', refId: '1', field: 'gallery' },
      [['variables.files.0', { filename: 'red.png', bytes: red }]]), uploadOnly)
    t.match(body.errors, [{ extensions: { code: 'FORBIDDEN' } }], 'linking to an entry takes update on its type, as REST')
  })
  await unchanged(t, async () => {
    const body = await send(uploadParts(MULTIPLE, { files: [null, null], ref: 'api::article.article', refId: '1', field: 'gallery' },
      [['variables.files.0', { filename: 'red.png', bytes: red }], ['variables.files.1', { filename: 'notes.txt', bytes: new TextEncoder().encode('plain words') }]]), full)
    t.match(body.errors, [{ message: /gallery accepts only images, videos/, extensions: { code: 'BAD_USER_INPUT' } }], 'a type the attribute refuses')
  })
  await unchanged(t, async () => {
    const body = await send(uploadParts(MULTIPLE, { files: [null], ref: 'api::article.article', refId: '99999', field: 'gallery' },
      [['variables.files.0', { filename: 'red.png', bytes: red }]]), full)
    t.match(body.errors, [{ extensions: { code: 'BAD_USER_INPUT', error: { details: { errors: [{ path: ['refId'] }] } } } }], 'an unknown entry')
  })
  await unchanged(t, async () => {
    const body = await send(uploadParts(MULTIPLE, { files: [null], ref: 'api::article.article' }, [['variables.files.0', { filename: 'red.png', bytes: red }]]), full)
    t.match(body.errors, [{ extensions: { code: 'BAD_USER_INPUT' } }], 'ref without refId and field')
  })
  await unchanged(t, async () => {
    const body = await send(uploadParts(MULTIPLE, { files: [] }, []), full)
    t.match(body.errors, [{ message: /files is empty/, extensions: { code: 'BAD_USER_INPUT' } }], 'no files')
  })
  await unchanged(t, async () => {
    const body = await send(uploadParts(MULTIPLE, { files: [null, null] }, [['variables.files.0', { filename: 'red.png', bytes: red }]]), full)
    t.match(body.errors, [{ extensions: { code: 'BAD_USER_INPUT' } }], 'a null among the files')
  })
  await unchanged(t, async () => {
    const body = await send(uploadParts(UPLOAD, { file: null, info: { name: 'x'.repeat(300) } }, [['variables.file', { filename: 'red.png', bytes: red }]]), full)
    t.match(body.errors, [{ extensions: { code: 'BAD_USER_INPUT' } }], 'an info over its length')
  })
  await unchanged(t, async () => {
    const body = await send(uploadParts(UPLOAD, { file: null }, [['variables.file', { filename: 'cut.png', bytes: red.subarray(0, 40) }]]), full)
    t.match(body.errors, [{ extensions: { code: 'BAD_USER_INPUT' } }], 'a PNG cut short')
  })
  await unchanged(t, async () => {
    const json = await graphql(test, UPLOAD, { file: 'red.png' }, full)
    t.equal(json.status, 400)
    t.match(json.body.errors, [{ message: /Upload value invalid/, extensions: { code: 'BAD_USER_INPUT' } }], 'a file sent as a JSON variable')
    const literal = await graphql(test, 'mutation { upload(file: "red.png") { data { id } } }', undefined, full)
    t.equal(literal.status, 400)
    t.match(literal.body.errors, [{ message: /Upload literal unsupported/ }], 'a file written in the query')
  })
})

t.test('without uploads: no upload mutations, and a multipart body is refused as any other type', async t => {
  const off = await graphqlApp({ upload: false })
  t.teardown(off.close)
  const fields = (await graphql(off, '{ __type(name: "Mutation") { fields { name } } }')).body.data.__type.fields.map((field: { name: string }) => field.name)
  for (const name of ['upload', 'multipleUpload', 'updateFileInfo', 'removeFile']) t.notOk(fields.includes(name), `no ${name}`)
  const answer = await graphqlMultipart(off, uploadParts(UPLOAD, { file: null }, [['variables.file', { filename: 'red.png', bytes: red }]]))
  t.equal(answer.status, 415)
  t.match(answer.body.errors, [{ extensions: { code: 'BAD_REQUEST' } }])
})

t.test('a query sent as a multipart request is answered as a JSON one', async t => {
  const answer = await graphqlMultipart(test, [{ name: 'operations', value: JSON.stringify({ query: '{ uploadFiles: __typename }' }) }, { name: 'map', value: '{}' }], uploadOnly)
  t.same(answer.body, { data: { uploadFiles: 'Query' } })
})
