/**
 * What a client of the v5 format is told matches what the v5 routes answer: entries are
 * written with bodies of the generated v5 request types (relations by documentId), then the
 * real answers (lists, entries with deep populate, counts, `status` and `locale` reads,
 * writes, errors, files) are compiled with tsc --strict against the generated v5 types
 * (`generateTypes(registry, { apiFormat: 'v5' })`), and validated against the OpenAPI
 * document's schemas of their operation, as are the `Strapi-Response-Format: v4` answers.
 */
import SwaggerParser from '@apidevtools/swagger-parser'
import Fastify from 'fastify'
import t from 'tap'
import { generateTypes } from '../../../plugin/typegen/generate-types.js'
import { buildTestApp, EXAMPLE_SCHEMAS } from '../../helpers/app.js'
import { compileDeclarations } from '../../unit/typegen/compile-declarations.js'

type Json = any

const { app, close } = await buildTestApp({ schemas: EXAMPLE_SCHEMAS, apiFormat: 'v5', i18n: { locales: ['en', 'fr'] } })
t.teardown(close)

/** `[type, value]` pairs written into the compiled file as `const x: type = value`. */
const samples: Array<[string, unknown]> = []
/** Answers with the operation that gave them: `[method, OpenAPI path, status, body, headers]`. */
const answers: Array<{ method: string, path: string, status: number, body: unknown, v4Shape: boolean }> = []
/** The bodies sent that were accepted, with their operation: each valid against the document's request body of it. */
const requests: Array<{ method: string, path: string, payload: unknown }> = []

/** `/api/articles/abc…?x` → `/api/articles/{id}`, the document's path of the route. */
function documentPath (url: string): string {
  const path = url.split('?')[0]!
  return path.replace(/^(\/api\/[a-z-]+)\/[^/]+$/, (whole, list: string) => list === '/api/upload' ? whole : `${list}/{id}`)
}

t.test('entries are written with bodies of the generated v5 request types and read back', async t => {
  async function call (method: 'GET' | 'POST' | 'PUT', url: string, type: string, { payload, status = 200, v4Shape = false }: { payload?: unknown, status?: number, v4Shape?: boolean } = {}): Promise<Json> {
    const response = await app.inject({ method, url, ...(payload === undefined ? {} : { payload: payload as object }), headers: v4Shape ? { 'strapi-response-format': 'v4' } : {} })
    t.equal(response.statusCode, status, `${method} ${url}: ${response.body.slice(0, 300)}`)
    if (payload !== undefined && status < 300) requests.push({ method: method.toLowerCase(), path: documentPath(url), payload })
    const body = response.json()
    if (!v4Shape) samples.push([type, body])
    answers.push({ method: method.toLowerCase(), path: documentPath(url), status, body, v4Shape })
    return body
  }

  async function create (plural: string, type: string, data: Record<string, unknown>, query = ''): Promise<Json> {
    const body = { data }
    samples.push([`${type}CreateRequest`, body])
    return (await call('POST', `/api/${plural}${query}`, `${type}EntryResponse`, { payload: body, status: 201 })).data
  }

  const ann = await create('authors', 'Author', {
    name: 'Ann', email: 'ann@example.com', password: 'hunter2hunter2', socialLinks: [{ label: 'Site', url: 'https://ann.example.com' }]
  })
  const news = await create('categories', 'Category', { name: 'News', position: 1 })
  const alphaTag = await create('tags', 'Tag', { name: 'alpha' })
  const betaTag = await create('tags', 'Tag', { name: 'beta' })
  const alpha = await create('articles', 'Article', {
    title: 'Alpha release',
    views: '9007199254740993',
    rating: '4.25',
    score: 1.5,
    featured: true,
    publishedOn: '2024-02-29',
    publishAt: '09:30',
    scheduledAt: '2024-03-01T09:30:00Z',
    metadata: { tags: ['a', 1, null] },
    status: 'in-review',
    author: ann.documentId,
    category: { documentId: news.documentId },
    tags: [alphaTag.documentId],
    seo: { metaTitle: 'Alpha SEO', openGraph: { ogTitle: 'OG alpha' } },
    blocks: [
      { __component: 'blocks.quote', text: 'First quote', attribution: 'Ann' },
      { __component: 'blocks.rich-text', body: 'Some *rich* text' },
      { __component: 'blocks.related-articles', heading: 'See also' }
    ]
  }, '?populate=*')
  const draft = await create('articles', 'Article', { title: 'Beta draft', author: { documentId: ann.documentId, locale: null } }, '?status=draft')
  await create('issues', 'Issue', { number: 1, title: 'Spring', articles: [alpha.documentId], coverStory: alpha.documentId })

  const update = {
    data: {
      excerpt: 'Now with an excerpt',
      tags: { connect: [{ documentId: betaTag.documentId, position: { before: alphaTag.documentId } }] },
      related: { set: [draft.documentId] }
    }
  }
  samples.push(['ArticleUpdateRequest', update])
  await call('PUT', `/api/articles/${alpha.documentId as string}?populate=*`, 'ArticleEntryResponse', { payload: update })
  const home = { data: { heading: 'Welcome', seo: { metaTitle: 'Home' }, featured: [alpha.documentId] } }
  samples.push(['HomepageUpdateRequest', home])
  await call('PUT', '/api/homepage?populate=*', 'HomepageEntryResponse', { payload: home })

  const reads: Array<[string, string]> = [
    ['/api/articles?populate=*', 'ArticleListResponse'],
    ['/api/articles?status=draft&fields[0]=title', 'ArticleListResponse'],
    [`/api/articles/${alpha.documentId as string}?populate[seo][populate]=*&populate[blocks][populate]=*&populate[author][populate][0]=socialLinks&populate[author][populate][1]=avatar&populate[cover]=true`, 'ArticleEntryResponse'],
    ['/api/articles?populate[tags][count]=true&populate[related][count]=true&fields[0]=title', 'ArticleListResponse'],
    ['/api/articles?pagination[start]=0&pagination[limit]=1&pagination[withCount]=false', 'ArticleListResponse'],
    ['/api/authors?populate=*', 'AuthorListResponse'],
    ['/api/categories?populate=*&locale=*', 'CategoryListResponse'],
    ['/api/issues?populate[coverStory][populate]=*&populate[articles][fields][0]=title', 'IssueListResponse'],
    ['/api/tags?populate=*', 'TagListResponse'],
    ['/api/homepage?populate=*', 'HomepageEntryResponse']
  ]
  for (const [url, type] of reads) {
    await call('GET', url, type)
    await call('GET', url, type, { v4Shape: true })
  }
  await call('GET', '/api/upload/files', 'UploadFile[]')
  await call('GET', '/api/articles?filters[nope][$eq]=1', 'ErrorResponse', { status: 400 })
  await call('GET', '/api/articles/a00000000000000000000000', 'ErrorResponse', { status: 404 })
  // A published document's own draft (docs/strapi-v5.md, 'Drafts beside published versions').
  const pending = await call('PUT', `/api/articles/${alpha.documentId as string}?status=draft`, 'ArticleEntryResponse', { payload: { data: { views: 1 } } })
  t.match(pending.data, { documentId: alpha.documentId, views: '1', publishedAt: null }, 'the draft write answers the draft')
  samples.push(['DocumentParameters', { status: 'draft', locale: '*' }])
})

t.test('real requests and answers compile against the generated v5 types', async t => {
  const typeNames = [...new Set(samples.map(([type]) => type.replace('[]', '')))]
  const usage = [
    `import type { ${typeNames.join(', ')} } from './content-types.js'`,
    ...samples.map(([type, value], index) => `export const sample${index}: ${type} = ${JSON.stringify(value, null, 2)}`)
  ].join('\n\n')
  const declarations = generateTypes(app.contentApi.registry, { apiFormat: 'v5' })
  const diagnostics = await compileDeclarations(declarations, usage)
  t.equal(diagnostics, '', 'tsc --strict reports nothing')
})

t.test('the same answers are valid against the OpenAPI document\'s schemas of their operation', async t => {
  const document = (await app.inject({ method: 'GET', url: '/documentation/json' })).json()
  await t.resolves(SwaggerParser.validate(structuredClone(document)), 'a valid OpenAPI 3 document')
  const findOne = document.paths['/api/articles/{id}'].get.responses['200'].content['application/json'].schema
  t.same(findOne.anyOf.map((item: Json) => item.$ref), ['#/components/schemas/ArticleV5EntryResponse', '#/components/schemas/ArticleEntryResponse'],
    'an entry: v5\'s schema, or v4\'s with the header')
  t.match(document.components.schemas.ArticleV5Entry.properties, { documentId: { type: 'string' }, title: {}, author: {} })
  t.notOk('attributes' in document.components.schemas.ArticleV5Entry.properties)
  const header = document.paths['/api/articles'].get.parameters.find((parameter: Json) => parameter.in === 'header')
  t.match(header, { name: 'strapi-response-format', schema: { enum: ['v4'] } }, 'the header is documented')

  // Fastify's own validator (Ajv), told to check strictly: nothing coerced, removed or filled in.
  // The document's components are one schema, so their `#/components/schemas/…` references resolve in it.
  const checker = Fastify({ ajv: { customOptions: { coerceTypes: false, removeAdditional: false, useDefaults: false, allErrors: true, strict: false } } })
  t.teardown(async () => { await checker.close() })
  checker.addSchema({ $id: 'openapi', components: { schemas: document.components.schemas } })
  const inDocument = (schema: Json): Json => JSON.parse(JSON.stringify(schema).replaceAll('"$ref":"#/', '"$ref":"openapi#/'))
  const checked: Array<{ label: string, index: number }> = []
  answers.forEach(({ method, path, status, v4Shape }, index) => {
    const schema = document.paths[path]?.[method]?.responses[String(status)]?.content?.['application/json']?.schema
    const label = `${method} ${path} ${status}${v4Shape ? ' (v4 shape)' : ''}`
    if (!t.ok(schema, `${label} is documented`)) return
    const shape = v4Shape ? schema.anyOf[1] : schema.anyOf?.[0] ?? schema
    checker.post(`/check/${index}`, { schema: { body: inDocument(shape) } }, async () => 'valid')
    checked.push({ label, index })
  })
  for (const [index, { method, path }] of requests.entries()) {
    const schema = document.paths[path]?.[method]?.requestBody?.content?.['application/json']?.schema
    if (t.ok(schema, `${method} ${path}: its body is documented`)) checker.post(`/request/${index}`, { schema: { body: inDocument(schema) } }, async () => 'valid')
  }
  for (const { label, index } of checked) {
    const response = await checker.inject({ method: 'POST', url: `/check/${index}`, payload: answers[index]!.body as object })
    t.equal(response.statusCode, 200, `${label}: ${response.statusCode === 200 ? 'valid' : response.body.slice(0, 400)}`)
  }
  t.ok(answers.filter(answer => answer.v4Shape).length >= 10, 'the v4-shaped answers were checked too')

  // The bodies sent, against the request body their operation documents (relations by documentId in every form).
  t.ok(requests.length >= 8, 'every kind of body sent was checked')
  for (const [index, { method, path, payload }] of requests.entries()) {
    const response = await checker.inject({ method: 'POST', url: `/request/${index}`, payload: payload as object })
    t.equal(response.statusCode, 200, `${method} ${path} body: ${response.statusCode === 200 ? 'valid' : response.body.slice(0, 400)}`)
  }
})
