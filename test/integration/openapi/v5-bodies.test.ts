/**
 * The OpenAPI document of the v5 format describes each content type's write bodies exactly
 * (schemas/input.ts, `v5InputSchemas`): a create's and an update's, relations by documentId in
 * every form the routes take, and nothing else accepted. Checked by Fastify's own validator
 * (Ajv) over the document's schemas, nothing coerced or removed.
 */
import Fastify from 'fastify'
import t from 'tap'
import { buildTestApp, EXAMPLE_SCHEMAS } from '../../helpers/app.js'

const { app, close } = await buildTestApp({ schemas: EXAMPLE_SCHEMAS, apiFormat: 'v5', i18n: { locales: ['en', 'fr'] } })
t.teardown(close)

t.test('the v5 write bodies are described exactly', async t => {
  const document = (await app.inject({ method: 'GET', url: '/documentation/json' })).json()
  const reference = (path: string, method: string): string => document.paths[path][method].requestBody.content['application/json'].schema.$ref
  const create = reference('/api/articles', 'post')
  const update = reference('/api/articles/{id}', 'put')
  t.not(create, update, 'a create body and an update body each')
  const name = (ref: string): string => ref.replace('#/components/schemas/', '')
  const data = document.components.schemas[name(update)].properties.data
  t.equal(data.additionalProperties, false, 'any key but the attributes is refused')
  t.notOk('id' in data.properties || 'documentId' in data.properties, 'id and documentId are not written')
  t.ok('publishedAt' in data.properties && 'locale' in data.properties, 'publishedAt and locale are accepted (and ignored)')
  const checker = Fastify({ ajv: { customOptions: { coerceTypes: false, removeAdditional: false, useDefaults: false, allErrors: true, strict: false } } })
  t.teardown(async () => { await checker.close() })
  checker.addSchema({ $id: 'openapi', components: { schemas: document.components.schemas } })
  checker.post('/update', { schema: { body: { $ref: `openapi${update as string}` } } }, async () => 'valid')
  const valid = async (payload: unknown): Promise<boolean> => (await checker.inject({ method: 'POST', url: '/update', payload: payload as object })).statusCode === 200
  const documentId = 'a1b2c3d4e5f6g7h8i9j0k1l2'
  const accepted: unknown[] = [
    { tags: documentId }, { tags: [documentId, 12] }, { tags: { connect: [documentId], disconnect: [{ documentId, locale: 'fr' }] } },
    { tags: { set: [{ documentId, status: 'draft' }] } }, { tags: { connect: [{ documentId, position: { before: documentId } }, { id: 3, position: { end: true } }] } },
    { author: { documentId, locale: null } }, { author: null }, { blocks: [{ __component: 'blocks.related-articles', articles: [documentId] }] }
  ]
  for (const value of accepted) t.ok(await valid({ data: value }), `accepted: ${JSON.stringify(value)}`)
  const refused: unknown[] = [{ documentId }, { id: 1 }, { tags: { connect: [{ documentId, position: { before: true } }] } }, { tags: { connect: [{ documentId: 7 }] } }, { author: [documentId, documentId] }, { color: 'red' }]
  for (const value of refused) t.notOk(await valid({ data: value }), `refused: ${JSON.stringify(value)}`)
})
