/**
 * The media library's `updateFileInfo(id, info)` and `removeFile(id)` over GraphQL: the REST
 * media routes' operations (upload/file-operations.ts), Strapi's types and nullability, the
 * answer with the mutation's selection, the `plugin::upload` actions (`upload`, `destroy`)
 * checked as REST checks them, and bad input as Strapi's extensions.
 */
import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { buildClientSchema, buildSchema, getIntrospectionQuery } from 'graphql'
import type { GraphQLObjectType } from 'graphql'
import t from 'tap'
import { graphql, graphqlApp } from '../../helpers/graphql.js'
import { multipartBody, png } from '../upload/upload-helpers.js'

const FIXTURE = path.join(path.dirname(fileURLToPath(import.meta.url)), '../../fixtures/graphql/strapi-4.26.2/schema.graphql')
const strapi = buildSchema(fs.readFileSync(FIXTURE, 'utf8'))

const dir = t.testdir()
const test = await graphqlApp({
  upload: { dir },
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
  for (const name of ['updateFileInfo', 'removeFile']) t.equal(signature(served, name), signature(strapi, name), name)
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
