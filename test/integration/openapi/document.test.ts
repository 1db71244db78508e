/**
 * The OpenAPI document at /documentation/json: a valid OpenAPI 3 document naming every
 * generated route, its parameters, body and answers, with components named after the
 * content types. The example model's document is kept as a snapshot.
 */
import SwaggerParser from '@apidevtools/swagger-parser'
import t from 'tap'
import { buildTestApp } from '../../helpers/app.js'

interface Operation {
  operationId?: string
  tags?: string[]
  summary?: string
  parameters?: Array<{ $ref?: string, name?: string, in?: string }>
  requestBody?: { content: Record<string, { schema: { $ref?: string } }> }
  responses: Record<string, { content?: Record<string, { schema: { $ref?: string } }> }>
  security?: unknown
}

interface Document {
  openapi: string
  paths: Record<string, Record<string, Operation>>
  tags: Array<{ name: string }>
  components: {
    schemas: Record<string, unknown>
    parameters: Record<string, { name: string, in: string, style?: string, explode?: boolean }>
  }
}

const { app, close } = await buildTestApp()
t.teardown(close)

const response = await app.inject({ method: 'GET', url: '/documentation/json' })
const document = response.json() as Document

const operation = (path: string, method: string): Operation => {
  const found = document.paths[path]?.[method]
  if (found === undefined) throw new Error(`no ${method.toUpperCase()} ${path} in the document`)
  return found
}

t.test('is served as JSON and YAML, and is a valid OpenAPI 3 document', async t => {
  t.equal(response.statusCode, 200)
  t.match(document.openapi, /^3\./)
  await t.resolves(SwaggerParser.validate(structuredClone(document) as never), 'swagger-parser validates it')
  const yaml = await app.inject({ method: 'GET', url: '/documentation/yaml' })
  t.equal(yaml.statusCode, 200)
  t.match(yaml.body, /operationId: findArticles/)
})

t.test('every generated route is there, with its operationId and its content type tag', async t => {
  const expected: Array<[string, string, string, string]> = []
  const types: Array<[string, string, string]> = [
    ['articles', 'Articles', 'Article'], ['authors', 'Authors', 'Author'], ['categories', 'Categories', 'Category'],
    ['issues', 'Issues', 'Issue'], ['tags', 'Tags', 'Tag']
  ]
  for (const [plural, pluralName, singularName] of types) {
    expected.push(
      [`/api/${plural}`, 'get', `find${pluralName}`, singularName],
      [`/api/${plural}`, 'post', `create${singularName}`, singularName],
      [`/api/${plural}/{id}`, 'get', `findOne${singularName}`, singularName],
      [`/api/${plural}/{id}`, 'put', `update${singularName}`, singularName],
      [`/api/${plural}/{id}`, 'delete', `delete${singularName}`, singularName]
    )
  }
  expected.push(
    ['/api/homepage', 'get', 'findHomepage', 'Homepage'],
    ['/api/homepage', 'put', 'updateHomepage', 'Homepage'],
    ['/api/homepage', 'delete', 'deleteHomepage', 'Homepage']
  )
  for (const [path, method, operationId, tag] of expected) {
    const found = operation(path, method)
    t.equal(found.operationId, operationId, `${method.toUpperCase()} ${path}`)
    t.same(found.tags, [tag])
    t.ok(found.summary, `${operationId} has a summary`)
  }
  t.notOk(document.paths['/api/articles/'], 'the trailing-slash alias is not documented twice')
  t.same(document.tags.map(tag => tag.name), ['Article', 'Author', 'Category', 'Homepage', 'Issue', 'Tag', 'Upload', 'Admin'])
  t.notOk(document.paths['/api/homepages'], 'a single type has no list path')
})

t.test('query parameters are documented as deepObject, the path id as an integer', async t => {
  const list = operation('/api/articles', 'get')
  const names = (list.parameters ?? []).map(parameter => parameter.$ref)
  t.same(names, [
    '#/components/parameters/ArticleFields', '#/components/parameters/ArticlePopulate', '#/components/parameters/ArticleFilters',
    '#/components/parameters/ArticleSort', '#/components/parameters/Pagination', '#/components/parameters/PublicationState'
  ])
  const { parameters } = document.components
  for (const name of ['ArticlePopulate', 'ArticleFilters', 'ArticleFields', 'ArticleSort', 'Pagination']) {
    t.match(parameters[name], { in: 'query', style: 'deepObject', explode: true }, `${name} is a deepObject`)
  }
  t.match(parameters.PublicationState, { name: 'publicationState', in: 'query' })
  t.equal(parameters.PublicationState?.style, undefined, 'a plain value keeps the default style')
  t.match(operation('/api/articles/{id}', 'get').parameters, [{}, {}, {}, { name: 'id', in: 'path', required: true, schema: { type: 'integer' } }])
})

t.test('bodies and answers reference the components named after the content types', async t => {
  const names = Object.keys(document.components.schemas)
  t.notOk(names.some(name => name.startsWith('def-')), 'no def-N names')
  for (const name of ['ArticleEntry', 'ArticleAttributes', 'ArticleListResponse', 'ArticleEntryResponse', 'SharedSeoComponent', 'UploadFileEntry', 'ErrorResponse']) {
    t.ok(names.includes(name), `${name} is a component`)
  }
  const list = operation('/api/articles', 'get')
  t.equal(list.responses['200']?.content?.['application/json']?.schema.$ref, '#/components/schemas/ArticleListResponse')
  const update = operation('/api/articles/{id}', 'put')
  t.same(Object.keys(update.responses), ['200', '400', '401', '403', '404', '413', '500', '503'])
  t.equal(update.responses['200']?.content?.['application/json']?.schema.$ref, '#/components/schemas/ArticleEntryResponse')
  for (const status of ['400', '401', '403', '404', '413', '503']) {
    t.equal(update.responses[status]?.content?.['application/json']?.schema.$ref, '#/components/schemas/ErrorResponse', `${status} is the error envelope`)
  }
  const body = update.requestBody?.content['application/json']?.schema.$ref
  t.ok(body !== undefined && names.includes(body.replace('#/components/schemas/', '')), `the update body is a component: ${String(body)}`)
  t.match(document.components.schemas.ArticleEntry, { properties: { attributes: { $ref: '#/components/schemas/ArticleAttributes' } } })
})

t.test('the media routes are documented under Upload', async t => {
  t.equal(operation('/api/upload', 'post').operationId, 'uploadFiles')
  t.ok(operation('/api/upload', 'post').requestBody?.content['multipart/form-data'], 'upload takes a multipart form')
  t.equal(operation('/api/upload/files', 'get').operationId, 'uploadFindFiles')
  t.equal(operation('/api/upload/files/{id}', 'get').operationId, 'uploadFindOneFile')
  t.equal(operation('/api/upload/files/{id}', 'delete').operationId, 'uploadDeleteFile')
  t.equal(operation('/admin/login', 'post').operationId, 'adminLogin')
})

t.test('the routes still parse their own query string: nothing is validated or coerced by Fastify', async t => {
  const answer = await app.inject({ method: 'GET', url: '/api/articles?populate=*&pagination[page]=1&unknown[deep]=1' })
  t.equal(answer.statusCode, 200)
  const bad = await app.inject({ method: 'GET', url: '/api/articles/abc' })
  t.equal(bad.statusCode, 400)
  t.equal(bad.json().error.name, 'ValidationError')
})

/** Readable diffs at a reasonable size: one line per component, parameter and response. */
function snapshotText (value: unknown, depth = 0): string {
  if (depth === 4 || value === null || typeof value !== 'object') return JSON.stringify(value)
  const indent = '  '.repeat(depth + 1)
  const entries = Array.isArray(value)
    ? value.map(item => `${indent}${snapshotText(item, depth + 1)}`)
    : Object.entries(value).map(([key, item]) => `${indent}${JSON.stringify(key)}: ${snapshotText(item, depth + 1)}`)
  const [open, close] = Array.isArray(value) ? ['[', ']'] : ['{', '}']
  return entries.length === 0 ? `${open}${close}` : `${open}\n${entries.join(',\n')}\n${'  '.repeat(depth)}${close}`
}

t.test('matches the snapshot of the example model', async t => {
  t.matchSnapshot(snapshotText(document), 'OpenAPI document of the example model')
  t.same(JSON.parse(snapshotText(document)), document, 'the snapshot text is the document')
})
