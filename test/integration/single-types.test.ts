/**
 * Single types (Strapi's `kind: "singleType"`): one entry at `/api/<singularName>`, read
 * with GET, written with PUT (created the first time, updated after), removed with DELETE;
 * per locale when localized; documented in the OpenAPI document.
 */
import SwaggerParser from '@apidevtools/swagger-parser'
import t from 'tap'
import type { ComponentSchema, ContentTypeSchema } from '../../plugin/index.js'
import { buildTestApp } from '../helpers/app.js'

const contentTypes: Record<string, ContentTypeSchema> = {
  'api::global.global': {
    kind: 'singleType',
    info: { singularName: 'global', pluralName: 'globals', displayName: 'Global' },
    attributes: {
      siteName: { type: 'string', required: true },
      tagline: { type: 'string' },
      seo: { type: 'component', component: 'shared.seo' },
      featured: { type: 'relation', relation: 'oneToMany', target: 'api::post.post' }
    }
  },
  'api::homepage.homepage': {
    kind: 'singleType',
    info: { singularName: 'homepage', pluralName: 'homepages' },
    options: { draftAndPublish: true },
    pluginOptions: { i18n: { localized: true } },
    attributes: {
      heading: { type: 'string' },
      banner: { type: 'boolean', default: true, pluginOptions: { i18n: { localized: false } } }
    }
  },
  'api::post.post': {
    info: { singularName: 'post', pluralName: 'posts' },
    attributes: { title: { type: 'string' } }
  }
}
const components: Record<string, ComponentSchema> = {
  'shared.seo': { attributes: { metaTitle: { type: 'string' } } }
}

const { app, close } = await buildTestApp({ contentTypes, components, i18n: { locales: ['en', 'fr'] } })
t.teardown(close)

type Json = any

async function call (method: 'GET' | 'PUT' | 'DELETE' | 'POST', url: string, payload?: unknown): Promise<{ status: number, body: Json }> {
  const response = await app.inject({ method, url, ...(payload === undefined ? {} : { payload: payload as object }) })
  return { status: response.statusCode, body: response.json() }
}

async function rows (table: string): Promise<number> {
  const [row] = await app.contentApi.db.query(`select count(*)::int as n from ${table}`, [])
  return row!.n as number
}

t.test('GET is a 404 until the first PUT creates the entry; later PUTs update it in place', async t => {
  t.equal((await call('GET', '/api/global')).status, 404)
  const post = (await call('POST', '/api/posts', { data: { title: 'First' } })).body.data.id as number

  const missing = await call('PUT', '/api/global', { data: { tagline: 'no name' } })
  t.equal(missing.status, 400, 'the first PUT is a create: required attributes must be there')
  t.same(missing.body.error.details.errors.map((issue: Json) => issue.path), [['siteName']])
  t.equal(await rows('globals'), 0, 'nothing written')

  const created = await call('PUT', '/api/global?populate=*', { data: { siteName: 'Site', tagline: 'Hello', seo: { metaTitle: 'Meta' }, featured: [post] } })
  t.equal(created.status, 200)
  const id = created.body.data.id as number
  t.match(created.body.data.attributes, { siteName: 'Site', tagline: 'Hello', seo: { metaTitle: 'Meta' }, featured: { data: [{ id: post }] } })
  t.same(created.body.meta, {})

  const updated = await call('PUT', '/api/global', { data: { tagline: 'Bye' } })
  t.equal(updated.status, 200, 'later PUTs are partial updates: the required name is kept')
  t.equal(updated.body.data.id, id, 'the same entry')
  t.match(updated.body.data.attributes, { siteName: 'Site', tagline: 'Bye' })
  t.equal(await rows('globals'), 1)

  const read = await call('GET', '/api/global?populate[seo]=true&fields[0]=siteName')
  t.same(read.body, { data: { id, attributes: { siteName: 'Site', seo: { id: created.body.data.attributes.seo.id, metaTitle: 'Meta' } }, meta: {} }, meta: {} })
  t.equal((await call('PUT', '/api/global', { data: { siteName: null } })).status, 400, 'an update is checked as usual')
  // A type that is not localized has no locale: dropped as Strapi 4.26 drops unknown keys, a 400 under `strict`.
  const strict = await buildTestApp({ contentTypes, components, i18n: { locales: ['en', 'fr'] }, strict: true })
  t.teardown(strict.close)
  await strict.app.inject({ method: 'PUT', url: '/api/global', payload: { data: { siteName: 'Site' } } })
  const locale = await strict.app.inject({ method: 'PUT', url: '/api/global', payload: { data: { siteName: 'Elsewhere', locale: 'fr' } } })
  t.equal(locale.statusCode, 400, 'strict: a type that is not localized has no locale, on update as on create')
  t.match(locale.json().error.message, /Invalid key locale/)
  t.equal((await strict.app.inject({ method: 'GET', url: '/api/global' })).json().data.attributes.siteName, 'Site', 'and nothing was written')
  const dropped = await call('PUT', '/api/global', { data: { siteName: 'Site', locale: 'fr' } })
  t.equal(dropped.status, 200, 'by default the locale key is dropped')
  t.equal(dropped.body.data.id, id, 'the same entry')
})

t.test('DELETE answers the entry and empties the single type', async t => {
  const before = await call('GET', '/api/global')
  const deleted = await call('DELETE', '/api/global')
  t.equal(deleted.status, 200)
  t.equal(deleted.body.data.id, before.body.data.id)
  t.equal((await call('GET', '/api/global')).status, 404)
  t.equal((await call('DELETE', '/api/global')).status, 404)
  t.equal(await rows('globals_seo_lnk'), 0, 'its component went with it')
})

t.test('concurrent first PUTs make one entry', async t => {
  const answers = await Promise.all(Array.from({ length: 6 }, async (_, n) => await call('PUT', '/api/global', { data: { siteName: `Site ${n}` } })))
  t.same(answers.map(answer => answer.status), [200, 200, 200, 200, 200, 200])
  t.equal(new Set(answers.map(answer => answer.body.data.id)).size, 1, 'every answer is the same entry')
  t.equal(await rows('globals'), 1)
})

t.test('a single type has no collection routes', async t => {
  t.equal((await call('GET', '/api/globals')).status, 404)
  t.equal((await call('GET', '/api/global/1')).status, 404)
  t.equal((await call('POST', '/api/global', { data: { siteName: 'x' } })).status, 404)
})

t.test('a localized single type has one entry per locale, each listing the others', async t => {
  const english = await call('PUT', '/api/homepage', { data: { heading: 'Welcome' } })
  t.equal(english.status, 200)
  t.equal(english.body.data.attributes.locale, 'en')
  const french = await call('PUT', '/api/homepage?locale=fr', { data: { heading: 'Bienvenue' } })
  t.equal(french.body.data.attributes.locale, 'fr')
  t.not(french.body.data.id, english.body.data.id)
  t.same(french.body.data.meta.availableLocales.map((item: Json) => item.locale), ['en'], 'joined to the other locale')

  const again = await call('PUT', '/api/homepage', { data: { heading: 'Salut', locale: 'fr' } })
  t.equal(again.body.data.id, french.body.data.id, 'data.locale picks the entry to update')
  t.equal((await call('GET', '/api/homepage')).body.data.attributes.heading, 'Welcome')
  const read = (await call('GET', '/api/homepage?locale=fr')).body.data
  t.equal(read.attributes.heading, 'Salut')
  t.same(read.meta.availableLocales.map((item: Json) => item.id), [english.body.data.id])
  t.equal((await call('GET', '/api/homepage?locale=xx')).status, 400)
  const badQuery = await call('PUT', '/api/homepage?locale=xx', { data: { heading: 'x' } })
  t.equal(badQuery.status, 400)
  t.same(badQuery.body.error.details.errors[0].path, ['locale'], 'named where it was sent: the query')
  const badBody = await call('PUT', '/api/homepage', { data: { heading: 'x', locale: 'xx' } })
  t.equal(badBody.status, 400)
  t.same(badBody.body.error.details.errors[0].path, ['locale'], 'or the body')
  t.equal(await rows('homepages'), 2)

  t.equal((await call('DELETE', '/api/homepage?locale=fr')).status, 200)
  t.equal((await call('GET', '/api/homepage?locale=fr')).status, 404)
  t.same((await call('GET', '/api/homepage')).body.data.meta.availableLocales, [])
})

t.test('a draft single type is hidden until published, unless previewed', async t => {
  await call('DELETE', '/api/homepage')
  const draft = await call('PUT', '/api/homepage', { data: { heading: 'Soon', publishedAt: null } })
  t.equal(draft.status, 200, 'a write answers the draft it wrote')
  t.equal((await call('GET', '/api/homepage')).status, 404)
  t.equal((await call('GET', '/api/homepage?publicationState=preview')).body.data.attributes.heading, 'Soon')
})

t.test('the OpenAPI document describes GET, PUT and DELETE of the single type', async t => {
  const document = (await app.inject({ method: 'GET', url: '/documentation/json' })).json()
  await t.resolves(SwaggerParser.validate(structuredClone(document)), 'valid')
  const path = document.paths['/api/global']
  t.same(Object.keys(path).sort(), ['delete', 'get', 'put'])
  t.same([path.get.operationId, path.put.operationId, path.delete.operationId], ['findGlobal', 'updateGlobal', 'deleteGlobal'])
  t.equal(path.get.responses['200'].$ref ?? path.get.responses['200'].content?.['application/json']?.schema?.$ref, '#/components/schemas/GlobalEntryResponse')
  t.notOk(document.paths['/api/globals'], 'no collection paths')
  t.notOk(path.get.parameters?.some((parameter: Json) => /Filters|Pagination|Sort/.test(parameter.$ref ?? parameter.name)), 'no list parameters')
  const schemas = document.components.schemas
  const homepage = document.paths['/api/homepage'].put.requestBody.content['application/json'].schema.$ref.split('/').pop()
  const locale = schemas[homepage].properties.data.properties.locale
  t.same(locale.anyOf.map((item: Json) => item.const ?? item.enum?.[0]), ['en', 'fr'], 'a localized single type\'s PUT body may name the locale it writes')
  const global = document.paths['/api/global'].put.requestBody.content['application/json'].schema.$ref.split('/').pop()
  t.notOk('locale' in schemas[global].properties.data.properties, 'one that is not localized may not')
})

t.test('a localized single type shares its shared attributes across locales, however its locales are written', async t => {
  await call('DELETE', '/api/homepage?locale=fr')
  await call('DELETE', '/api/homepage?publicationState=preview')
  for (const locale of ['en', 'fr']) await call('DELETE', `/api/homepage?locale=${locale}`)
  t.equal(await rows('homepages'), 0, 'starting from none')

  const [english, french] = await Promise.all([
    call('PUT', '/api/homepage', { data: { heading: 'Hi', banner: false } }),
    call('PUT', '/api/homepage?locale=fr', { data: { heading: 'Salut', banner: false } })
  ])
  t.same([english.status, french.status], [200, 200])
  t.equal(await rows('homepages'), 2)
  const locales = async (locale: string): Promise<string[]> =>
    (await call('GET', `/api/homepage?locale=${locale}&publicationState=preview`)).body.data.meta.availableLocales.map((item: Json) => item.locale)
  t.same(await locales('en'), ['fr'], 'concurrent first writes in two locales still join each other')
  t.same(await locales('fr'), ['en'])

  await call('DELETE', '/api/homepage?locale=fr')
  const again = await call('PUT', '/api/homepage?locale=fr', { data: { heading: 'Re-salut', publishedAt: null } })
  t.equal(again.status, 200)
  t.equal(again.body.data.attributes.banner, false, 'a new locale takes the shared value, not the default')
  await call('PUT', '/api/homepage?locale=fr', { data: { banner: true } })
  t.equal((await call('GET', '/api/homepage?publicationState=preview')).body.data.attributes.banner, true, 'and writes it to the others')
})
