/**
 * The media library's entries over GraphQL, as Strapi's upload plugin serves them:
 * `uploadFile(id)` and `uploadFiles(filters, pagination, sort)` read as REST's
 * `/upload/files` routes read (one statement each), `updateUploadFile` and `deleteUploadFile`
 * write as `updateFileInfo` and `removeFile`, `createUploadFile` is refused (files are
 * uploaded), each with Strapi's `plugin::upload` action; `UploadFile.related` answers null.
 */
import fs from 'node:fs'
import t from 'tap'
import type { Test } from 'tap'
import { graphql, graphqlApp } from '../../helpers/graphql.js'
import { multipartBody, png } from '../upload/upload-helpers.js'

const dir = t.testdir()
const test = await graphqlApp({
  upload: { dir },
  permissions: {
    jwtSecret: 'a-test-secret-that-is-long-enough',
    roles: { public: { 'plugin::upload': ['findOne'] }, authenticated: {} }
  }
})
t.teardown(test.close)
const token = async (name: string, permissions: Record<string, string[]> | null): Promise<Record<string, string>> => {
  const created = await test.app.contentApi.apiTokens!.create(permissions === null ? { name, type: 'full-access' } : { name, type: 'custom', permissions })
  return { authorization: `Bearer ${created.accessKey}` }
}
const full = await token('full', null)
const reader = await token('reader', { 'plugin::upload': ['find', 'findOne'] })
const uploader = await token('uploader', { 'plugin::upload': ['upload'] })

const body = await multipartBody([
  { filename: 'b-wide.png', bytes: await png(60, 20) },
  { filename: 'a-square.png', bytes: await png(30, 30) },
  { filename: 'notes.txt', bytes: 'plain words' }
])
const uploaded = await test.app.inject({ method: 'POST', url: '/api/upload', payload: body.payload, headers: { ...body.headers, ...full } })
if (uploaded.statusCode !== 200) throw new Error(`upload answered ${uploaded.statusCode}: ${uploaded.body}`)
const [wide, square, notes] = uploaded.json() as Array<{ id: number, url: string }>

async function fileRows (): Promise<unknown[]> {
  return (await test.app.inject({ method: 'GET', url: '/api/upload/files?sort=id', headers: full })).json() as unknown[]
}

/** `refused` changes no file row. */
async function unchanged (t: Test, refused: () => Promise<void>): Promise<void> {
  const rows = await fileRows()
  await refused()
  t.same(await fileRows(), rows, 'no file row changed')
}

const LIST = `query ($filters: UploadFileFiltersInput, $sort: [String], $pagination: PaginationArg) {
  uploadFiles(filters: $filters, sort: $sort, pagination: $pagination) {
    data { id attributes { name mime width related { __typename } } }
    meta { pagination { total page pageSize pageCount } }
  }
}`

t.test('uploadFiles: filters, sort and pagination as REST\'s /upload/files, in one statement', async t => {
  const variables = { filters: { mime: { startsWith: 'image/' } }, sort: ['name:asc'], pagination: { page: 1, pageSize: 1 } }
  for (const round of ['first', 'again (a direct answer)']) {
    const answer = await graphql(test, LIST, variables, reader)
    t.notOk(answer.body.errors, JSON.stringify(answer.body.errors))
    t.same(answer.body.data.uploadFiles, {
      data: [{ id: String(square!.id), attributes: { name: 'a-square.png', mime: 'image/png', width: 30, related: null } }],
      meta: { pagination: { total: 2, page: 1, pageSize: 1, pageCount: 2 } }
    }, round)
    t.equal(answer.statements.length, 2, `${round}: who the token names, then one statement`)
  }
  const rest = (await test.app.inject({ method: 'GET', url: '/api/upload/files?filters[mime][$startsWith]=image/&sort=name:asc', headers: reader })).json() as Array<{ id: number }>
  const all = await graphql(test, LIST, { filters: { mime: { startsWith: 'image/' } }, sort: ['name:asc'] }, reader)
  t.same(all.body.data.uploadFiles.data.map((file: { id: string }) => Number(file.id)), rest.map(file => file.id), 'the files REST lists, in its order')
  const nested = await graphql(test, '{ uploadFiles(filters: { or: [{ name: { eq: "notes.txt" } }, { width: { gt: 50 } }] }, sort: "id") { data { id } } }', undefined, reader)
  t.same(nested.body.data.uploadFiles.data, [{ id: String(wide!.id) }, { id: String(notes!.id) }], 'or, eq and gt')
})

t.test('uploadFile(id): the file, null for an unknown id, in one statement', async t => {
  const answer = await graphql(test, `{ uploadFile(id: ${wide!.id}) { data { id attributes { name url width height related { __typename } } } } }`)
  t.notOk(answer.body.errors, JSON.stringify(answer.body.errors))
  t.same(answer.body.data.uploadFile.data, { id: String(wide!.id), attributes: { name: 'b-wide.png', url: wide!.url, width: 60, height: 20, related: null } })
  t.equal(answer.statements.length, 1, 'a public caller: one statement')
  const unknown = await graphql(test, '{ uploadFile(id: 99999) { data { id } } }')
  t.same(unknown.body, { data: { uploadFile: { data: null } } })
  t.equal(unknown.statements.length, 1)
})

t.test('each query takes its own action on plugin::upload', async t => {
  // The public role has findOne only.
  const list = await graphql(test, '{ uploadFiles { data { id } } one: uploadFile(id: 1) { data { id } } }')
  t.equal(list.status, 200)
  t.equal(list.body.data.uploadFiles, null, 'no find: uploadFiles is null')
  t.match(list.body.errors, [{ path: ['uploadFiles'], extensions: { code: 'FORBIDDEN' } }])
  t.equal(list.body.errors.length, 1, 'uploadFile still answers')
  t.equal(list.statements.length, 1, 'no statement for the refused field')
  const none = await graphql(test, `{ uploadFile(id: ${wide!.id}) { data { id } } }`, undefined, uploader)
  t.match(none.body, { data: { uploadFile: null }, errors: [{ extensions: { code: 'FORBIDDEN' } }] }, 'upload alone reads nothing')
  t.equal(none.statements.length, 1, 'only who the token names')
})

t.test('updateUploadFile: the info changed as updateFileInfo changes it; nothing else may change', async t => {
  const UPDATE = 'mutation ($id: ID!, $data: UploadFileInput!) { updateUploadFile(id: $id, data: $data) { data { id attributes { name caption alternativeText url } } } }'
  const answer = await graphql(test, UPDATE, { id: String(square!.id), data: { name: 'square.png', caption: 'A square', alternativeText: 'Grey' } }, uploader)
  t.notOk(answer.body.errors, JSON.stringify(answer.body.errors))
  t.same(answer.body.data.updateUploadFile.data, { id: String(square!.id), attributes: { name: 'square.png', caption: 'A square', alternativeText: 'Grey', url: square!.url } })
  const rest = (await test.app.inject({ method: 'GET', url: `/api/upload/files/${square!.id}`, headers: full })).json() as { caption: string }
  t.equal(rest.caption, 'A square', 'REST reads the change')
  for (const data of [{ url: 'https://elsewhere.example/x.png' }, { hash: 'other', caption: 'x' }, { size: 1 }]) {
    await unchanged(t, async () => {
      const refused = await graphql(test, UPDATE, { id: String(square!.id), data }, uploader)
      t.equal(refused.status, 200)
      t.match(refused.body, { data: { updateUploadFile: null }, errors: [{ message: /cannot be changed/, extensions: { code: 'BAD_USER_INPUT' } }] }, Object.keys(data).join())
    })
  }
  const unknown = await graphql(test, UPDATE, { id: '99999', data: { caption: 'x' } }, uploader)
  t.match(unknown.body, { data: { updateUploadFile: null }, errors: [{ extensions: { code: 'STRAPI_NOT_FOUND_ERROR' } }] })
  await unchanged(t, async () => {
    const forbidden = await graphql(test, UPDATE, { id: String(square!.id), data: { caption: 'x' } }, reader)
    t.match(forbidden.body, { data: { updateUploadFile: null }, errors: [{ extensions: { code: 'FORBIDDEN' } }] }, 'find and findOne do not update')
    t.equal(forbidden.statements.length, 1, 'only who the token names')
  })
})

t.test('createUploadFile is refused: files are uploaded', async t => {
  await unchanged(t, async () => {
    const answer = await graphql(test, 'mutation { createUploadFile(data: { name: "x.png", url: "https://elsewhere.example/x.png", hash: "x", mime: "image/png", size: 1, provider: "local" }) { data { id } } }', undefined, full)
    t.equal(answer.status, 200)
    t.match(answer.body, { data: { createUploadFile: null }, errors: [{ message: /upload or multipleUpload/, extensions: { code: 'STRAPI_APPLICATION_ERROR' } }] })
    t.equal(answer.statements.length, 1, 'only who the token names')
  })
  const forbidden = await graphql(test, 'mutation { createUploadFile(data: { name: "x" }) { data { id } } }', undefined, reader)
  t.match(forbidden.body.errors, [{ extensions: { code: 'FORBIDDEN' } }], 'without upload: FORBIDDEN first')
})

t.test('deleteUploadFile: the file as it was, its row and stored bytes gone; destroy is needed', async t => {
  const DELETE = 'mutation ($id: ID!) { deleteUploadFile(id: $id) { data { id attributes { name } } } }'
  await unchanged(t, async () => {
    const forbidden = await graphql(test, DELETE, { id: String(notes!.id) }, uploader)
    t.match(forbidden.body, { data: { deleteUploadFile: null }, errors: [{ extensions: { code: 'FORBIDDEN' } }] }, 'upload does not destroy')
  })
  const stored = `${dir}/${notes!.url.split('/').pop()!}`
  t.ok(fs.existsSync(stored), 'the bytes are stored')
  const answer = await graphql(test, DELETE, { id: String(notes!.id) }, full)
  t.same(answer.body, { data: { deleteUploadFile: { data: { id: String(notes!.id), attributes: { name: 'notes.txt' } } } } })
  t.notOk(fs.existsSync(stored), 'the stored bytes are removed')
  const again = await graphql(test, DELETE, { id: String(notes!.id) }, full)
  t.match(again.body, { data: { deleteUploadFile: null }, errors: [{ extensions: { code: 'STRAPI_NOT_FOUND_ERROR' } }] })
})

t.test('bad input: GraphQL errors, never a 500', async t => {
  const cases: Array<[string, string, number, string]> = [
    ['an unknown filter field', '{ uploadFiles(filters: { nope: { eq: 1 } }) { data { id } } }', 400, 'GRAPHQL_VALIDATION_FAILED'],
    ['an operator JSON values cannot take', '{ uploadFiles(filters: { formats: { eq: "x" } }) { data { id } } }', 200, 'BAD_USER_INPUT'],
    ['an unknown sort field', '{ uploadFiles(sort: "nope:asc") { data { id } } }', 200, 'BAD_USER_INPUT'],
    ['page mixed with limit', '{ uploadFiles(pagination: { page: 1, limit: 2 }) { data { id } } }', 200, 'STRAPI_PAGINATION_ERROR'],
    ['an id that is not a number', '{ uploadFile(id: "abc") { data { id } } }', 200, 'BAD_USER_INPUT'],
    ['a mutation without its id', 'mutation { deleteUploadFile { data { id } } }', 400, 'GRAPHQL_VALIDATION_FAILED'],
    ['an input field of the wrong type', 'mutation { updateUploadFile(id: 1, data: { caption: 3 }) { data { id } } }', 400, 'GRAPHQL_VALIDATION_FAILED']
  ]
  for (const [name, query, status, code] of cases) {
    const answer = await graphql(test, query, undefined, full)
    t.equal(answer.status, status, `${name}: ${status}`)
    t.equal(answer.body.errors?.[0]?.extensions?.code, code, `${name}: ${code}`)
  }
})
