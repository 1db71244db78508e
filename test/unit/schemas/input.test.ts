/** The TypeBox input schemas: stable ids, references that resolve, and what they accept. */
import { fileURLToPath } from 'node:url'
import { Value } from '@sinclair/typebox/value'
import Fastify from 'fastify'
import t from 'tap'
import { loadSchemaFolder } from '../../../plugin/content-types/load.js'
import { buildRegistry } from '../../../plugin/content-types/registry.js'
import { inputSchemaId, inputSchemas } from '../../../schemas/input.js'

const registry = buildRegistry(await loadSchemaFolder(fileURLToPath(new URL('../../../example/content', import.meta.url))))
const schemas = inputSchemas(registry)
const byId = new Map(schemas.map(schema => [String(schema.$id), schema]))

const validCreate = {
  data: {
    title: 'T',
    readingTime: '12',
    views: '9007199254740993',
    rating: 4.5,
    featured: 'true',
    publishedOn: '2024-02-29',
    publishAt: '10:20',
    scheduledAt: '2024-01-01T00:00:00Z',
    metadata: { any: ['json'] },
    status: 'ready',
    author: 1,
    tags: { connect: [{ id: 2, position: { before: 3 } }], disconnect: [4] },
    related: [1, '2', { id: 3 }],
    cover: null,
    seo: { metaTitle: 'm', openGraph: { ogTitle: 'og' } },
    blocks: [{ __component: 'blocks.quote', text: 'q' }, { __component: 'blocks.rich-text', id: 4, body: 'b' }],
    createdAt: 'ignored'
  }
}

t.test('ids: one create and one update schema per content type and component', async t => {
  t.equal(inputSchemaId('api::article.article', 'create'), 'api.article.article.create')
  t.equal(inputSchemaId('shared.seo', 'update'), 'shared.seo.update')
  t.equal(schemas.length, 2 * (registry.contentTypes.size + registry.components.size))
  t.ok(byId.has('api.article.article.update') && byId.has('blocks.quote.create'))
})

t.test('TypeBox checks bodies with the references resolved', async t => {
  const create = byId.get('api.article.article.create')!
  const update = byId.get('api.article.article.update')!
  t.ok(Value.Check(create, schemas, validCreate), 'a full create body')
  t.ok(Value.Check(update, schemas, { data: {} }), 'an empty update')
  t.notOk(Value.Check(create, schemas, { data: {} }), 'title is required on create')
  t.notOk(Value.Check(update, schemas, { data: { nope: 1 } }), 'unknown attributes')
  t.notOk(Value.Check(update, schemas, { data: { title: null } }), 'null for a required attribute')
  t.notOk(Value.Check(update, schemas, { data: { author: [1, 2] } }), 'two ids for a to-one')
  t.notOk(Value.Check(update, schemas, { data: { slug: 'a b' } }), 'the uid pattern')
  t.notOk(Value.Check(update, schemas, { data: { seo: { id: 1, bogus: 1 } } }), 'unknown component field')
  t.notOk(Value.Check(update, schemas, { data: { blocks: [{ __component: 'shared.seo' }] } }), 'a component not allowed in the zone')
  // Strapi 4.26: a list is cleared with [], never null; relation operations take options.strict.
  t.notOk(Value.Check(update, schemas, { data: { blocks: null } }), 'null for a zone')
  t.ok(Value.Check(update, schemas, { data: { blocks: [] } }), '[] for a zone')
  t.ok(Value.Check(update, schemas, { data: { tags: { connect: [{ id: 1, position: { before: 9 } }], options: { strict: false } } } }), 'options.strict')
  t.notOk(Value.Check(update, schemas, { data: { tags: { connect: [1], options: { loose: true } } } }), 'an unknown option')
})

t.test("Fastify's Ajv compiles them and validates a route body with them", async t => {
  const app = Fastify()
  t.teardown(async () => { await app.close() })
  for (const schema of schemas) app.addSchema(schema)
  app.post('/articles', { schema: { body: { $ref: 'api.article.article.create' } } }, async request => request.body)
  await app.ready()
  const accepted = await app.inject({ method: 'POST', url: '/articles', payload: validCreate })
  t.equal(accepted.statusCode, 200, accepted.body)
  t.same(accepted.json().data.blocks, validCreate.data.blocks, 'zone items survive removeAdditional intact')
  const refused = await app.inject({ method: 'POST', url: '/articles', payload: { data: { title: 'T', seo: { id: 1, metaTitle: {} } } } })
  t.equal(refused.statusCode, 400, 'a bad value inside a referenced component schema')
  const missing = await app.inject({ method: 'POST', url: '/articles', payload: { data: { readingTime: 3 } } })
  t.equal(missing.statusCode, 400, 'a required attribute left out')
})
