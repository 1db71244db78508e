/**
 * i18n (docs/i18n.md): the `i18n` option and `pluginOptions.i18n.localized` types — the
 * `locale` of reads and creates, `POST /:id/localizations`, `meta.availableLocales`, the
 * `localizations` relation, and types that are not localized staying as they were.
 */
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import Fastify from 'fastify'
import t from 'tap'
import contentApi from '../../plugin/index.js'
import type { ContentApiOptions, ContentTypeSchema } from '../../plugin/index.js'
import { buildTestApp, freshDatabase } from '../helpers/app.js'

const contentTypes: Record<string, ContentTypeSchema> = {
  'api::page.page': {
    info: { singularName: 'page', pluralName: 'pages' },
    options: { draftAndPublish: true },
    pluginOptions: { i18n: { localized: true } },
    attributes: {
      title: { type: 'string', required: true },
      slug: { type: 'uid', targetField: 'title' },
      tags: { type: 'relation', relation: 'manyToMany', target: 'api::tag.tag' }
    }
  },
  'api::tag.tag': {
    info: { singularName: 'tag', pluralName: 'tags' },
    attributes: { name: { type: 'string' } }
  },
  'api::product.product': {
    info: { singularName: 'product', pluralName: 'products' },
    pluginOptions: { i18n: { localized: true } },
    attributes: {
      name: { type: 'string', required: true },
      price: { type: 'decimal', required: true, pluginOptions: { i18n: { localized: false } } },
      inStock: { type: 'boolean', default: true, pluginOptions: { i18n: { localized: false } } }
    }
  }
}

const I18N = { locales: ['en', 'fr', 'de'], defaultLocale: 'en' }

type Json = any

async function caller (options: Partial<ContentApiOptions>) {
  const built = await buildTestApp({ contentTypes, ...options })
  const call = async (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown): Promise<{ status: number, body: Json }> => {
    const response = await built.app.inject({ method, url, ...(payload === undefined ? {} : { payload: payload as object }) })
    return { status: response.statusCode, body: response.json() }
  }
  return { ...built, call }
}

const { app, call, close, statements } = await caller({ i18n: I18N })
t.teardown(close)

const ids = (body: Json): number[] => body.data.map((entry: Json) => entry.id)
const locales = (entry: Json): string[] => entry.meta.availableLocales.map((item: Json) => item.locale)

const tag = (await call('POST', '/api/tags', { data: { name: 'news' } })).body.data.id as number
const hello = await call('POST', '/api/pages', { data: { title: 'Hello', tags: [tag] } })
const helloId = hello.body.data.id as number
const bonjour = await call('POST', '/api/pages', { data: { title: 'Bonjour', locale: 'fr' } })
const hallo = await call('POST', '/api/pages?locale=de', { data: { title: 'Hallo' } })

t.test('a create takes data.locale, else ?locale=, else the default locale', async t => {
  t.equal(hello.status, 200)
  t.equal(hello.body.data.attributes.locale, 'en')
  t.same(hello.body.data.meta, { availableLocales: [] }, 'a new entry has no other locale yet')
  t.equal(bonjour.body.data.attributes.locale, 'fr')
  t.equal(hallo.body.data.attributes.locale, 'de')
  const both = await call('POST', '/api/pages?locale=de', { data: { title: 'Body wins', locale: 'fr' } })
  t.equal(both.body.data.attributes.locale, 'fr', 'the body wins over the query')
  await call('DELETE', `/api/pages/${both.body.data.id as number}`)
})

t.test('a locale that is not configured is a 400 naming data.locale, and nothing is written', async t => {
  const before = (await call('GET', '/api/pages?locale=all')).body.meta.pagination.total
  for (const locale of ['xx', 'all', 42, null]) {
    const { status, body } = await call('POST', '/api/pages', { data: { title: 'Nope', locale } })
    t.equal(status, 400, `locale ${JSON.stringify(locale)}`)
    t.same(body.error.details.errors[0].path, ['locale'])
    t.match(body.error.details.errors[0].message, /must be one of en, fr, de/)
  }
  const query = await call('POST', '/api/pages?locale=xx', { data: { title: 'Nope' } })
  t.equal(query.status, 400, 'an unknown ?locale= too')
  t.equal((await call('GET', '/api/pages?locale=all')).body.meta.pagination.total, before)
})

t.test('a list shows the default locale unless locale= names one, or all', async t => {
  const english = await call('GET', '/api/pages')
  t.same(ids(english.body), [helloId])
  t.equal(english.body.meta.pagination.total, 1, 'the total counts that locale only')
  t.same(ids((await call('GET', '/api/pages?locale=fr')).body), [bonjour.body.data.id])
  const all = await call('GET', '/api/pages?locale=all&sort=locale:asc')
  t.same(all.body.data.map((entry: Json) => entry.attributes.locale), ['de', 'en', 'fr'])
  t.equal(all.body.meta.pagination.total, 3)
  const filtered = await call('GET', '/api/pages?locale=all&filters[locale][$in][0]=fr&filters[locale][$in][1]=de')
  t.same(ids(filtered.body).sort((a, b) => a - b), [bonjour.body.data.id, hallo.body.data.id].sort((a, b) => a - b), 'locale filters like any attribute')
  statements.reset()
  await call('GET', '/api/pages?locale=fr&populate=*')
  t.equal(statements.count(), 1, 'the locale and the available locales are in the one statement')
})

t.test('a list with an unknown locale is a 400', async t => {
  const { status, body } = await call('GET', '/api/pages?locale=xx')
  t.equal(status, 400)
  t.match(body.error.message, /locale/)
})

t.test('POST /:id/localizations joins the new entry to the source and its localizations', async t => {
  const fr = await call('POST', `/api/pages/${helloId}/localizations`, { locale: 'fr', title: 'Bonjour le monde' })
  t.equal(fr.status, 200, 'a bare body, as Strapi v4 sends it')
  const frId = fr.body.id as number
  t.equal(fr.body.locale, 'fr', 'answered bare too, as Strapi v4 does')
  t.equal(fr.body.slug, 'bonjour-le-monde')
  t.same(fr.body.localizations.map((item: Json) => [item.id, item.locale, item.title, item.publishedAt]),
    [[helloId, 'en', 'Hello', hello.body.data.attributes.publishedAt]], 'with the other localizations as flat entities')
  t.same(locales((await call('GET', `/api/pages/${frId}`)).body.data), ['en'])

  const de = await call('POST', `/api/pages/${frId}/localizations`, { data: { locale: 'de', title: 'Hallo Welt' } })
  t.equal(de.status, 200, 'a body under data, from any member of the group')
  const deId = de.body.id as number
  t.same(de.body.localizations.map((item: Json) => item.locale).sort(), ['en', 'fr'])
  t.same(locales((await call('GET', `/api/pages/${helloId}`)).body.data), ['de', 'fr'], 'the source sees both')
  t.same(locales((await call('GET', `/api/pages/${frId}`)).body.data), ['de', 'en'])

  const populated = await call('GET', `/api/pages/${helloId}?populate[localizations][fields][0]=locale&populate[localizations][sort][0]=locale:asc`)
  t.same(populated.body.data.attributes.localizations.data.map((entry: Json) => [entry.id, entry.attributes.locale]), [[deId, 'de'], [frId, 'fr']])
  const listed = await call('GET', '/api/pages?locale=fr&filters[localizations][locale][$eq]=de')
  t.same(ids(listed.body), [frId], 'filters follow localizations like a relation')

  t.test('a locale the group has already is a 400, and nothing is written', async t => {
    for (const locale of ['fr', 'en']) {
      const { status, body } = await call('POST', `/api/pages/${deId}/localizations`, { locale, title: 'Again' })
      t.equal(status, 400)
      t.same(body.error.details.errors[0].path, ['locale'])
      t.match(body.error.message, /already exists among this entry's localizations/)
    }
    t.equal((await call('GET', '/api/pages?locale=all')).body.meta.pagination.total, 5)
  })

  t.test('the locale is required, must be configured, and the source must exist', async t => {
    const missing = await call('POST', `/api/pages/${helloId}/localizations`, { title: 'No locale' })
    t.equal(missing.status, 400)
    t.match(missing.body.error.message, /locale must be defined/)
    t.equal((await call('POST', `/api/pages/${helloId}/localizations`, { locale: 'xx', title: 'x' })).status, 400)
    t.equal((await call('POST', '/api/pages/999999/localizations', { locale: 'fr', title: 'x' })).status, 404)
    t.equal((await call('POST', '/api/pages/abc/localizations', { locale: 'fr', title: 'x' })).status, 400)
    const invalid = await call('POST', `/api/pages/${bonjour.body.data.id as number}/localizations`, { locale: 'en' })
    t.equal(invalid.status, 400, 'the body is checked like any create')
    t.match(invalid.body.error.details.errors.map((issue: Json) => issue.path.join('.')), ['title'])
  })

  t.test('deleting a localization takes it out of the group', async t => {
    t.equal((await call('DELETE', `/api/pages/${deId}`)).status, 200)
    t.same(locales((await call('GET', `/api/pages/${helloId}`)).body.data), ['fr'])
    t.same(locales((await call('GET', `/api/pages/${frId}`)).body.data), ['en'])
  })

  t.test('a draft localization is listed in availableLocales in preview only', async t => {
    const draft = await call('POST', `/api/pages/${helloId}/localizations`, { locale: 'de', title: 'Entwurf', publishedAt: null })
    t.equal(draft.status, 200)
    t.same(locales((await call('GET', `/api/pages/${helloId}`)).body.data), ['fr'])
    const preview = (await call('GET', `/api/pages/${helloId}?publicationState=preview`)).body.data
    t.same(locales(preview), ['de', 'fr'])
    t.equal(preview.meta.availableLocales[0].publishedAt, null)
  })
})

t.test('an update keeps the locale; sending its own back is accepted, another is a 400; localizations are not written', async t => {
  const updated = await call('PUT', `/api/pages/${helloId}`, { data: { title: 'Hello again' } })
  t.equal(updated.status, 200)
  t.equal(updated.body.data.attributes.locale, 'en')
  const moved = await call('PUT', `/api/pages/${helloId}`, { data: { title: 'Moved', locale: 'fr' } })
  t.equal(moved.status, 400)
  t.same(moved.body.error.details.errors[0].path, ['locale'])
  t.match(moved.body.error.message, /cannot be changed/)
  const own = await call('PUT', `/api/pages/${helloId}`, { data: { title: 'Hello, own locale', locale: 'en' } })
  t.equal(own.status, 200, "the entry's own locale, sent back as read, is accepted")
  t.equal(own.body.data.attributes.locale, 'en')
  // Strapi 4.26 drops `localizations` from an update body; `strict` refuses it.
  const group = locales((await call('GET', `/api/pages/${helloId}`)).body.data)
  const linked = await call('PUT', `/api/pages/${helloId}`, { data: { title: 'Hello again', localizations: [bonjour.body.data.id] } })
  t.equal(linked.status, 200)
  t.same(locales((await call('GET', `/api/pages/${helloId}`)).body.data), group, 'the group is unchanged')
  const strict = await caller({ i18n: I18N, strict: true })
  t.teardown(strict.close)
  const page = (await strict.call('POST', '/api/pages', { data: { title: 'Strict' } })).body.data.id as number
  const strictLinked = await strict.call('PUT', `/api/pages/${page}`, { data: { localizations: [page] } })
  t.equal(strictLinked.status, 400)
  t.match(strictLinked.body.error.message, /Invalid key localizations/)
  t.equal((await strict.call('PUT', `/api/pages/${page}`, { data: { locale: 'en' } })).status, 200, 'strict: the own locale is accepted too')
  t.equal((await strict.call('PUT', `/api/pages/${page}`, { data: { locale: 'fr' } })).status, 400)
  t.equal((await call('GET', `/api/pages/${helloId}`)).body.data.attributes.title, 'Hello again', 'nothing of the bad writes landed')
})

t.test('a type that is not localized has no locale, and ignores ?locale=', async t => {
  const tags = await call('GET', '/api/tags?locale=fr')
  t.equal(tags.status, 200)
  t.same(ids(tags.body), [tag])
  t.same(tags.body.data[0].meta, {})
  t.notOk('locale' in tags.body.data[0].attributes)
  const strict = await caller({ i18n: I18N, strict: true })
  t.teardown(strict.close)
  const sent = await strict.call('POST', '/api/tags', { data: { name: 'x', locale: 'fr' } })
  t.equal(sent.status, 400, 'strict: locale is an unknown attribute')
  t.match(sent.body.error.message, /Invalid key locale/)
  t.equal((await call('POST', `/api/tags/${tag}/localizations`, { locale: 'fr' })).status, 404, 'no localizations route')
})

t.test('without the i18n option, pluginOptions.i18n.localized is ignored', async t => {
  const plain = await caller({})
  t.teardown(plain.close)
  const created = await plain.call('POST', '/api/pages', { data: { title: 'Plain' } })
  t.equal(created.status, 200)
  t.notOk('locale' in created.body.data.attributes)
  t.same(created.body.data.meta, {})
  const dropped = await plain.call('POST', '/api/pages', { data: { title: 'x', locale: 'en' } })
  t.equal(dropped.status, 200, 'locale is an unknown attribute, dropped as Strapi does')
  t.notOk('locale' in dropped.body.data.attributes)
})

t.test('bad i18n options fail at startup with a message naming them', async t => {
  const cases: Array<[unknown, RegExp]> = [
    [{ locales: [] }, /i18n.locales must be a non-empty array/],
    [{ locales: ['en', 'en'] }, /lists a locale twice/],
    [{ locales: ['en', 'not a locale'] }, /"not a locale" is not a locale code/],
    [{ locales: ['en', 'all'] }, /"all" is not a locale code/],
    [{ locales: ['en'], defaultLocale: 'fr' }, /defaultLocale "fr" must be one of i18n.locales/],
    ['en', /i18n must be \{ locales, defaultLocale \}/]
  ]
  for (const [i18n, message] of cases) {
    const app = Fastify({ logger: false })
    await t.rejects(async () => {
      await app.register(contentApi, { contentTypes, i18n: i18n as never, database: { dataDir: 'memory://' } })
      await app.ready()
    }, message)
    await app.close()
  }
})

t.test('entries written before their type was localized move to the default locale at startup', async t => {
  const database = await freshDatabase()
  const dataDir = database.url === undefined ? await mkdtemp(join(tmpdir(), 'fca-i18n-')) : undefined
  t.teardown(async () => {
    await database.drop()
    if (dataDir !== undefined) await rm(dataDir, { recursive: true, force: true })
  })
  const start = async (i18n?: typeof I18N) => {
    const app = Fastify({ logger: false, pluginTimeout: 120_000 })
    await app.register(contentApi, {
      contentTypes,
      ...(i18n === undefined ? {} : { i18n: { ...i18n, defaultLocale: 'fr' } }),
      database: database.url === undefined ? { dataDir: dataDir! } : { url: database.url }
    })
    await app.ready()
    return app
  }
  const before = await start()
  t.equal((await before.inject({ method: 'POST', url: '/api/pages', payload: { data: { title: 'Old' } } })).statusCode, 200)
  await before.close()
  const after = await start(I18N)
  t.teardown(async () => { await after.close() })
  const listed = (await after.inject({ method: 'GET', url: '/api/pages' })).json()
  t.same(listed.data.map((entry: Json) => [entry.attributes.title, entry.attributes.locale]), [['Old', 'fr']])
})

t.test('attributes with pluginOptions.i18n.localized: false hold one value for all localizations', async t => {
  const product = await call('POST', '/api/products', { data: { name: 'Chair', price: 49.5, inStock: false } })
  t.equal(product.status, 200)
  const id = product.body.data.id as number
  const french = await call('POST', `/api/products/${id}/localizations`, { locale: 'fr', name: 'Chaise' })
  t.equal(french.status, 200, 'a localization need not send the shared (even required) attributes')
  t.match(french.body, { name: 'Chaise', price: 49.5, inStock: false }, 'they come from the source, not from defaults')
  const frenchId = french.body.id as number

  const updated = await call('PUT', `/api/products/${frenchId}`, { data: { price: 39 } })
  t.equal(updated.status, 200)
  const english = (await call('GET', `/api/products/${id}`)).body.data
  t.equal(english.attributes.price, 39, 'an update of a shared attribute reaches every localization')
  t.equal(english.attributes.name, 'Chair', 'the localized ones stay')
  t.equal(english.attributes.updatedAt, updated.body.data.attributes.updatedAt, 'and moves their updatedAt')

  const german = await call('POST', `/api/products/${id}/localizations`, { locale: 'de', name: 'Stuhl', inStock: true })
  t.equal(german.status, 200)
  const stock = await call('GET', '/api/products?locale=all&sort=locale&fields[0]=locale&fields[1]=inStock&fields[2]=price')
  t.same(stock.body.data.map((entry: Json) => [entry.attributes.locale, entry.attributes.inStock, entry.attributes.price]),
    [['de', true, 39], ['en', true, 39], ['fr', true, 39]], 'a localization that sends one sets it for the whole group')

  const bad = await call('PUT', `/api/products/${id}`, { data: { price: 'cheap' } })
  t.equal(bad.status, 400)
  t.equal((await call('GET', `/api/products/${frenchId}`)).body.data.attributes.price, 39, 'a failed update changes no localization')
})

t.test('a unique attribute cannot be shared across locales', async t => {
  const app = Fastify({ logger: false })
  await t.rejects(async () => {
    await app.register(contentApi, {
      contentTypes: {
        'api::item.item': {
          info: { singularName: 'item', pluralName: 'items' },
          pluginOptions: { i18n: { localized: true } },
          attributes: { sku: { type: 'string', unique: true, pluginOptions: { i18n: { localized: false } } } }
        }
      },
      i18n: I18N,
      database: { dataDir: 'memory://' }
    })
    await app.ready()
  }, /attribute "sku".*cannot be shared across locales/)
  await app.close()
})

t.test('the OpenAPI document describes the localization body: bare, locale required, shared attributes optional', async t => {
  const document = (await app.inject({ method: 'GET', url: '/documentation/json' })).json()
  const body = document.paths['/api/products/{id}/localizations'].post.requestBody.content['application/json'].schema
  const name = String(body.$ref).split('/').pop()!
  const schema = document.components.schemas[name]
  t.ok(schema, `the body is a named schema (${name})`)
  t.same([...schema.required].sort(), ['locale', 'name'], 'locale and the required localized attributes; not the shared price')
  t.same(schema.properties.locale.anyOf?.map((item: Json) => item.enum?.[0]) ?? schema.properties.locale.enum, ['en', 'fr', 'de'])
  t.notOk('data' in schema.properties, 'the attributes are bare, as Strapi v4 sends them')
})
