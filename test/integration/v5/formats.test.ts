/**
 * Both formats from one app (`apiFormat`, `alsoServe`): the same rows written through one and
 * read through the other; the options refused at start-up; and what the v5 routes do beyond
 * the recorded scenario (test/integration/v5/replay.test.ts).
 */
import SwaggerParser from '@apidevtools/swagger-parser'
import t from 'tap'
import { resolveOptions } from '../../../plugin/options.js'
import { buildTestApp } from '../../helpers/app.js'
import { V5_PROJECT } from './replay.js'

type Json = any

const schemas = `${V5_PROJECT}src`
const i18n = { locales: ['en', 'fr'] }

t.test('the options: a format, and a second mount of the other one at a prefix of its own', async t => {
  const contentTypes = {}
  t.same(resolveOptions({ contentTypes }).formats, { primary: { format: 'v4', prefix: '/api' }, also: null }, 'v4 at /api by default')
  t.same(resolveOptions({ contentTypes, apiFormat: 'v5', alsoServe: { apiFormat: 'v4', prefix: '/api/v4' } }).formats,
    { primary: { format: 'v5', prefix: '/api' }, also: { format: 'v4', prefix: '/api/v4' } })
  t.throws(() => resolveOptions({ contentTypes, apiFormat: 'v6' as never }), /apiFormat must be 'v4' or 'v5'/)
  t.throws(() => resolveOptions({ contentTypes, alsoServe: { apiFormat: 'v4', prefix: '/v4' } }), /alsoServe.apiFormat must be the other format/)
  t.throws(() => resolveOptions({ contentTypes, alsoServe: { apiFormat: 'v5', prefix: '/api' } }), /alsoServe.prefix must differ from prefix/)
  t.throws(() => resolveOptions({ contentTypes, alsoServe: { apiFormat: 'v5', prefix: 'v5' } }), /alsoServe.prefix must look like/)
  t.throws(() => resolveOptions({ contentTypes, alsoServe: { apiFormat: 'v5', prefix: '/v5', format: 'v5' } as never }), /unknown key "format"/)
})

t.test('v4 at /api and v5 at /api/v5 serve the same rows', async t => {
  const test = await buildTestApp({ schemas, i18n, alsoServe: { apiFormat: 'v5', prefix: '/api/v5' } })
  t.teardown(test.close)
  const { app } = test
  const author = (await app.inject({ method: 'POST', url: '/api/authors', payload: { data: { name: 'Ada' } } })).json()
  t.same(Object.keys(author.data), ['id', 'attributes', 'meta'], 'v4 answers v4 entries')
  t.notOk('documentId' in author.data.attributes, 'and never a documentId')

  const listed = await app.inject({ method: 'GET', url: '/api/v5/authors' })
  const [entry] = listed.json().data
  t.match(entry, { id: author.data.id, documentId: /^[a-z][a-z0-9]{23}$/, name: 'Ada', publishedAt: entry.updatedAt }, 'the same row, flat, with its documentId')
  t.equal(listed.headers.vary, 'Authorization, Strapi-Response-Format', 'v5 answers depend on the format header')

  const written = await app.inject({
    method: 'POST',
    url: '/api/v5/articles?populate[author][fields][0]=name',
    payload: { data: { title: 'Engines', author: entry.documentId } }
  })
  t.equal(written.statusCode, 201)
  const article = written.json().data
  t.match(article, { title: 'Engines', author: { id: author.data.id, documentId: entry.documentId, name: 'Ada' } }, 'a relation by documentId')
  const read = (await app.inject({ method: 'GET', url: `/api/articles/${article.id as number}?populate=author` })).json()
  t.match(read.data.attributes, { title: 'Engines', author: { data: { id: author.data.id } } }, 'read back through v4')

  const asV4 = await app.inject({ method: 'GET', url: `/api/v5/articles/${article.documentId as string}?fields[0]=title`, headers: { 'strapi-response-format': 'v4' } })
  t.same(asV4.json(), { data: { id: article.id, documentId: article.documentId, attributes: { title: 'Engines' } }, meta: {} }, 'Strapi-Response-Format: v4')
  t.equal((await app.inject({ method: 'GET', url: '/api/v5/upload/files' })).statusCode, 404, 'the media library stays with the mount at prefix')
})

t.test('v5 at /api: locales of a document, deletes, one statement per read', async t => {
  const test = await buildTestApp({ schemas, i18n, apiFormat: 'v5', alsoServe: { apiFormat: 'v4', prefix: '/api/v4' } })
  t.teardown(test.close)
  const { app, statements } = test
  const send = async (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: Json): Promise<{ status: number, body: Json }> => {
    const response = await app.inject({ method, url, ...(payload === undefined ? {} : { payload }) })
    return { status: response.statusCode, body: response.body === '' ? null : response.json() }
  }
  const category = (await send('POST', '/api/categories', { data: { name: 'Science' } })).body.data
  const fr = await send('PUT', `/api/categories/${category.documentId as string}?locale=fr`, { data: { name: 'Sciences' } })
  t.match(fr, { status: 200, body: { data: { documentId: category.documentId, locale: 'fr', name: 'Sciences' } } }, 'PUT ?locale= makes the locale a document lacks')

  const article = (await send('POST', '/api/articles?locale=fr', { data: { title: 'Moteurs', categories: { connect: [{ documentId: category.documentId, position: { start: true } }] } } })).body.data
  statements.reset()
  const populated = await send('GET', `/api/articles/${article.documentId as string}?locale=fr&populate[categories][fields][0]=name&populate=localizations`)
  t.match(populated.body.data, { title: 'Moteurs', locale: 'fr', categories: [{ name: 'Sciences' }] }, 'a relation found in the entry\'s locale')
  t.equal(statements.count(), 1, 'an entry read is one statement')
  statements.reset()
  await send('GET', '/api/categories?locale=*&populate[articles][populate][categories]=true&sort=locale')
  t.equal(statements.count(), 1, 'a list read with nested populates is one statement')

  const filtered = await send('GET', '/api/authors?filters[publishedAt][$notNull]=true&sort=publishedAt:desc')
  t.equal(filtered.status, 200, 'publishedAt of a type without draftAndPublish filters and sorts (by its last write)')

  t.equal((await send('DELETE', `/api/categories/${category.documentId as string}?locale=*`)).status, 204)
  t.match(await send('GET', '/api/v4/categories?locale=all'), { body: { data: [] } }, 'locale=* deleted every locale of the document')
  t.match(await send('DELETE', '/api/categories/not-a-document-id'), { status: 204, body: null }, 'an unknown documentId: 204, as in Strapi 5')

  const retried = async (): Promise<Json> => (await app.inject({ method: 'POST', url: '/api/authors', headers: { 'idempotency-key': 'v5-retry' }, payload: { data: { name: 'Once' } } })).json()
  t.equal((await retried()).data.documentId, (await retried()).data.documentId, 'a retried create with its Idempotency-Key answers the first entry')

  const draft = (await send('POST', '/api/articles?status=draft', { data: { title: 'Draft' } })).body.data
  t.equal(draft.publishedAt, null)
  t.match(await send('PUT', `/api/articles/${draft.documentId as string}?status=draft`, { data: { views: 2 } }), { status: 200, body: { data: { views: 2, publishedAt: null } } },
    'a draft-only document is edited as a draft')
  t.match(await send('GET', `/api/articles/${draft.documentId as string}`), { status: 404 }, 'and stays unpublished')
  t.match(await send('PUT', `/api/articles/${draft.documentId as string}?status=draft`, { data: { views: 3 } }), { status: 200 })
  t.match(await send('PUT', `/api/articles/${draft.documentId as string}`, { data: {} }), { status: 200, body: { data: { publishedAt: /Z$/ } } }, 'a PUT without status publishes')
  t.match(await send('PUT', `/api/articles/${draft.documentId as string}?status=draft`, { data: { views: 4 } }),
    { status: 200, body: { data: { views: 4, publishedAt: null } } }, 'a published document\'s draft is edited apart from it (test/integration/v5/pending-drafts.test.ts)')
  t.match(await send('GET', `/api/articles/${draft.documentId as string}`), { status: 200, body: { data: { views: 3 } } }, 'its readers keep the published version')
})

t.test('the OpenAPI document describes the format at prefix, and leaves the second mount out', async t => {
  const test = await buildTestApp({ schemas, i18n, apiFormat: 'v5', alsoServe: { apiFormat: 'v4', prefix: '/api/v4' } })
  t.teardown(test.close)
  const document = (await test.app.inject({ method: 'GET', url: '/documentation/json' })).json()
  await t.resolves(SwaggerParser.validate(structuredClone(document)), 'a valid OpenAPI 3 document')
  const paths = Object.keys(document.paths)
  t.notOk(paths.some(path => path.startsWith('/api/v4')), 'no route of the v4 mount')
  const findOne = document.paths['/api/articles/{id}'].get
  t.match(findOne, { operationId: 'findOneArticle', summary: 'Get an Article document' })
  const parameters = JSON.stringify(findOne.parameters)
  t.match(parameters, /parameters\/Status"/, 'status is a query parameter')
  t.match(document.components.parameters.Status, { name: 'status', in: 'query' })
  t.notMatch(parameters, /publicationState/, 'publicationState is not')
  t.ok(document.paths['/api/articles'].post.responses['201'], 'a create answers 201')
  t.ok(document.paths['/api/articles/{id}'].delete.responses['204'], 'a delete answers 204')
  t.notOk(document.paths['/api/homepage'].post, 'a single type\'s 405 is no operation')
})
