/**
 * i18n and single types combined with the rest of the API: permissions, populate of
 * `localizations`, relations to localized types, drafts, components and zones, shared
 * attributes with validation, list parameters, bad `locale` values, controllers.
 */
import t from 'tap'
import type { ComponentSchema, ContentApiOptions, ContentTypeSchema } from '../../plugin/index.js'
import { buildTestApp } from '../helpers/app.js'

const SECRET = 'a-test-secret-that-is-long-enough'

const contentTypes: Record<string, ContentTypeSchema> = {
  'api::page.page': {
    info: { singularName: 'page', pluralName: 'pages' },
    options: { draftAndPublish: true },
    pluginOptions: { i18n: { localized: true } },
    attributes: {
      title: { type: 'string', required: true },
      slug: { type: 'uid', targetField: 'title' },
      rank: { type: 'integer', min: 0, max: 10, default: 5, pluginOptions: { i18n: { localized: false } } },
      seo: { type: 'component', component: 'shared.seo' },
      blocks: { type: 'dynamiczone', components: ['blocks.quote', 'shared.seo'] },
      author: { type: 'relation', relation: 'manyToOne', target: 'api::author.author', inversedBy: 'pages' }
    }
  },
  'api::author.author': {
    info: { singularName: 'author', pluralName: 'authors' },
    attributes: {
      name: { type: 'string' },
      pages: { type: 'relation', relation: 'oneToMany', target: 'api::page.page', mappedBy: 'author' },
      favourite: { type: 'relation', relation: 'oneToOne', target: 'api::page.page' }
    }
  },
  'api::homepage.homepage': {
    kind: 'singleType',
    info: { singularName: 'homepage', pluralName: 'homepages' },
    pluginOptions: { i18n: { localized: true } },
    attributes: {
      heading: { type: 'string', required: true },
      theme: { type: 'string', default: 'light', pluginOptions: { i18n: { localized: false } } },
      seo: { type: 'component', component: 'shared.seo' }
    }
  },
  'api::global.global': {
    kind: 'singleType',
    info: { singularName: 'global', pluralName: 'globals' },
    attributes: { siteName: { type: 'string' } }
  }
}
const components: Record<string, ComponentSchema> = {
  'shared.seo': { attributes: { metaTitle: { type: 'string' } } },
  'blocks.quote': { attributes: { text: { type: 'string', required: true } } }
}

type Json = any

async function build (options: Partial<ContentApiOptions> = {}) {
  const built = await buildTestApp({ contentTypes, components, i18n: { locales: ['en', 'fr', 'de'] }, ...options })
  const call = async (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown, token?: string): Promise<{ status: number, body: Json }> => {
    const response = await built.app.inject({
      method,
      url,
      ...(payload === undefined ? {} : { payload: payload as object }),
      headers: token === undefined ? {} : { authorization: `Bearer ${token}` }
    })
    return { status: response.statusCode, body: response.json() }
  }
  return { ...built, call }
}

const { app, call, close, statements } = await build({
  permissions: { jwtSecret: SECRET, roles: { public: {}, authenticated: {} } },
  controllers: {
    'api::global.global': ({ core }) => ({
      find: async (request, reply) => {
        const answer = await core.find(request)
        void reply.header('x-wrapped', 'yes')
        return answer
      }
    })
  }
})
t.teardown(close)

const full = (await app.contentApi.apiTokens!.create({ name: 'full', type: 'full-access' })).accessKey
async function token (permissions: Record<string, string[]>): Promise<string> {
  return (await app.contentApi.apiTokens!.create({ name: `t${Math.random()}`, type: 'custom', permissions: permissions as never })).accessKey
}
const as = full
const ids = (body: Json): number[] => body.data.map((entry: Json) => entry.id)

const author = (await call('POST', '/api/authors', { data: { name: 'Ann' } }, as)).body.data.id as number
const en = await call('POST', '/api/pages', { data: { title: 'Hello', author, seo: { metaTitle: 'Meta en' }, blocks: [{ __component: 'blocks.quote', text: 'Quote en' }] } }, as)
const enId = en.body.data.id as number
const fr = await call('POST', `/api/pages/${enId}/localizations`, { locale: 'fr', title: 'Hello', seo: { metaTitle: 'Meta fr' }, blocks: [{ __component: 'blocks.quote', text: 'Quote fr' }] }, as)
const frId = fr.body.id as number

t.test('a localization has components and zone items of its own', async t => {
  t.equal(fr.status, 200)
  const read = (await call('GET', `/api/pages/${frId}?populate=*`, undefined, as)).body.data.attributes
  t.equal(read.seo.metaTitle, 'Meta fr')
  t.same(read.blocks.map((block: Json) => block.text), ['Quote fr'])
  t.not(read.seo.id, en.body.data.attributes.seo?.id)
  const source = (await call('GET', `/api/pages/${enId}?populate=*`, undefined, as)).body.data.attributes
  t.equal(source.seo.metaTitle, 'Meta en', 'the source keeps its own')
  t.same(source.blocks.map((block: Json) => block.text), ['Quote en'])
})

t.test('a generated uid stays unique across locales', async t => {
  t.equal(en.body.data.attributes.slug, 'hello')
  t.equal(fr.body.slug, 'hello-1')
})

t.test('a shared attribute keeps its default, range check and required rules', async t => {
  t.equal(en.body.data.attributes.rank, 5, 'the default on the first create')
  t.equal(fr.body.rank, 5, 'the localization takes it from the source')
  const bad = await call('POST', `/api/pages/${enId}/localizations`, { locale: 'de', title: 'Hallo', rank: 11 }, as)
  t.equal(bad.status, 400)
  t.same(bad.body.error.details.errors.map((issue: Json) => issue.path.join('.')), ['rank'])
  const nulled = await call('PUT', `/api/pages/${frId}`, { data: { rank: 11 } }, as)
  t.equal(nulled.status, 400)
  t.equal((await call('GET', `/api/pages/${enId}`, undefined, as)).body.data.attributes.rank, 5)
})

t.test('bad locale values are 4xx in the error envelope', async t => {
  const bodies: unknown[] = [['fr'], { en: true }, 1, true, '']
  for (const locale of bodies) {
    const created = await call('POST', '/api/pages', { data: { title: 'x', locale } }, as)
    t.equal(created.status, 400, `data.locale ${JSON.stringify(locale)}`)
    t.equal(created.body.error.status, 400)
    const localized = await call('POST', `/api/pages/${enId}/localizations`, { title: 'x', locale }, as)
    t.equal(localized.status, 400, `localization locale ${JSON.stringify(locale)}`)
    const single = await call('PUT', '/api/homepage', { data: { heading: 'x', locale } }, as)
    t.equal(single.status, 400, `single type data.locale ${JSON.stringify(locale)}`)
    t.equal(single.body.error.status, 400)
  }
  for (const query of ['locale[0]=fr', 'locale[a]=fr', 'locale=', 'locale=FR', 'locale[0]=fr&locale[1]=de']) {
    for (const url of [`/api/pages?${query}`, `/api/homepage?${query}`]) {
      const read = await call('GET', url, undefined, as)
      t.equal(read.status, 400, url)
      t.equal(read.body.error?.status, 400, url)
    }
    const created = await call('POST', `/api/pages?${query}`, { data: { title: 'x' } }, as)
    t.equal(created.status, 400, `POST ?${query}`)
    const single = await call('PUT', `/api/homepage?${query}`, { data: { heading: 'x' } }, as)
    t.equal(single.status, 400, `PUT single ?${query}`)
    t.equal((await call('DELETE', `/api/homepage?${query}`, undefined, as)).status, 400, `DELETE single ?${query}`)
  }
  // A component has no locale: by default the key is dropped (Strapi 4.26), under `strict` a 400.
  const nested = await call('POST', '/api/pages', { data: { title: 'x', seo: { metaTitle: 'm', locale: 'fr' } } }, as)
  t.equal(nested.status, 200, 'locale in a component is dropped')
  t.equal(nested.body.data.attributes.locale, 'en')
  const zone = await call('POST', '/api/pages', { data: { title: 'x', blocks: [{ __component: 'blocks.quote', text: 'q', locale: 'fr' }] } }, as)
  t.equal(zone.status, 200, 'locale in a zone item is dropped')
  for (const dropped of [nested, zone]) t.equal((await call('DELETE', `/api/pages/${dropped.body.data.id as number}`, undefined, as)).status, 200)
  const strict = await build({ strict: true })
  t.teardown(strict.close)
  const strictNested = await strict.call('POST', '/api/pages', { data: { title: 'x', seo: { metaTitle: 'm', locale: 'fr' } } })
  t.equal(strictNested.status, 400, 'strict: locale in a component')
  t.same(strictNested.body.error.details.errors[0].path, ['seo', 'locale'])
  const strictZone = await strict.call('POST', '/api/pages', { data: { title: 'x', blocks: [{ __component: 'blocks.quote', text: 'q', locale: 'fr' }] } })
  t.equal(strictZone.status, 400, 'strict: locale in a zone item')
  t.same(strictZone.body.error.details.errors[0].path, ['blocks', '0', 'locale'])
  t.equal((await strict.call('GET', '/api/pages?locale=all')).body.meta.pagination.total, 0, 'nothing written')
  t.equal((await call('GET', '/api/pages?locale=all', undefined, as)).body.meta.pagination.total, 2)
})

t.test('?locale= is ignored by a single-entry read', async t => {
  const read = await call('GET', `/api/pages/${frId}?locale=en`, undefined, as)
  t.equal(read.status, 200)
  t.equal(read.body.data.attributes.locale, 'fr')
  t.equal((await call('GET', `/api/pages/${frId}?locale=xx`, undefined, as)).status, 200)
})

t.test('locale with filters, sort and pagination', async t => {
  const de = await call('POST', `/api/pages/${frId}/localizations`, { locale: 'de', title: 'Zebra', publishedAt: null }, as)
  t.equal(de.status, 200)
  const other = await call('POST', '/api/pages', { data: { title: 'Apple', locale: 'fr' } }, as)
  const filtered = await call('GET', '/api/pages?locale=fr&filters[title][$eq]=Hello&pagination[withCount]=true', undefined, as)
  t.same(ids(filtered.body), [frId])
  t.equal(filtered.body.meta.pagination.total, 1)
  const sorted = await call('GET', '/api/pages?locale=fr&sort=title:asc&pagination[pageSize]=1&pagination[page]=2', undefined, as)
  t.same(ids(sorted.body), [frId])
  t.same(sorted.body.meta.pagination, { page: 2, pageSize: 1, pageCount: 2, total: 2 })
  const past = await call('GET', '/api/pages?locale=fr&filters[title][$ne]=x&pagination[page]=9', undefined, as)
  t.equal(past.body.meta.pagination.total, 2, 'the count past the end keeps the locale')
  const drafts = await call('GET', '/api/pages?locale=all&publicationState=preview&filters[publishedAt][$null]=true', undefined, as)
  t.same(ids(drafts.body), [de.body.id])
  t.equal((await call('GET', '/api/pages?locale=de', undefined, as)).body.data.length, 0, 'a draft is not listed live')
  const deRead = (await call('GET', `/api/pages/${frId}`, undefined, as)).body.data
  t.same(deRead.meta.availableLocales.map((item: Json) => item.locale), ['en'], 'nor among the live available locales')
  const preview = await call('GET', `/api/pages/${frId}?publicationState=preview&populate[localizations][fields][0]=locale`, undefined, as)
  t.same(preview.body.data.attributes.localizations.data.map((item: Json) => item.attributes.locale).sort(), ['de', 'en'])
  const live = await call('GET', `/api/pages/${frId}?populate[localizations][fields][0]=locale`, undefined, as)
  t.same(live.body.data.attributes.localizations.data.map((item: Json) => item.attributes.locale), ['en'], 'populated localizations hide drafts live')
  const populatedFilter = await call('GET', `/api/pages/${frId}?publicationState=preview&populate[localizations][filters][locale][$eq]=de&populate[localizations][fields][0]=title`, undefined, as)
  t.same(populatedFilter.body.data.attributes.localizations.data, [{ id: de.body.id, attributes: { title: 'Zebra' } }])
  await call('DELETE', `/api/pages/${other.body.data.id as number}`, undefined, as)
  await call('DELETE', `/api/pages/${de.body.id as number}`, undefined, as)
})

t.test('relations from another type to a localized type', async t => {
  await call('PUT', `/api/authors/${author}`, { data: { favourite: frId } }, as)
  const read = await call('GET', `/api/authors/${author}?populate[pages][fields][0]=locale&populate[pages][sort][0]=locale&populate[favourite][fields][0]=locale`, undefined, as)
  t.same(read.body.data.attributes.pages.data.map((page: Json) => page.attributes.locale), ['en'])
  t.same(read.body.data.attributes.favourite.data, { id: frId, attributes: { locale: 'fr' } })
  t.notOk('meta' in read.body.data.attributes.favourite.data, 'no availableLocales below the top level')
  const filtered = await call('GET', '/api/authors?filters[favourite][locale][$eq]=fr', undefined, as)
  t.same(ids(filtered.body), [author])
  const none = await call('GET', '/api/authors?filters[favourite][locale][$eq]=en', undefined, as)
  t.same(ids(none.body), [])
})

t.test('reads of localized and single types are one statement', async t => {
  const urls = [
    `/api/pages/${enId}?populate[localizations][populate]=*&populate[author][populate][pages][populate][localizations]=true`,
    '/api/pages?locale=all&populate=*&pagination[withCount]=true&filters[title][$contains]=e',
    '/api/homepage?locale=fr&populate=*'
  ]
  t.equal((await call('PUT', '/api/homepage?locale=fr', { data: { heading: 'Accueil' } }, as)).status, 200)
  const reader = await token({ 'api::page.page': ['find', 'findOne'], 'api::author.author': ['find'], 'api::homepage.homepage': ['find'] })
  for (const url of urls) {
    await call('GET', url, undefined, reader)
    statements.reset()
    const { status } = await call('GET', url, undefined, reader)
    t.equal(status, 200, url)
    // The API token's lookup is a statement of its own, before the read.
    t.same(statements.list.filter(sql => !sql.includes('api_tokens')).length, 1, url)
  }
})

t.test('populate of localizations is pruned without find on the type, and /localizations needs create', async t => {
  const reader = await token({ 'api::page.page': ['findOne'] })
  const read = await call('GET', `/api/pages/${enId}?populate=localizations`, undefined, reader)
  t.equal(read.status, 200)
  t.notOk('localizations' in read.body.data.attributes)
  t.same(read.body.data.meta, {}, 'nor the other localizations listed in meta: that takes find too')
  const finder = await token({ 'api::page.page': ['find', 'findOne'] })
  const listed = (await call('GET', `/api/pages/${enId}`, undefined, finder)).body.data.meta.availableLocales
  t.ok(listed.some((item: Json) => item.id === frId), 'with find they are listed')
  const filtered = await call('GET', `/api/pages/${enId}?populate[author]=true`, undefined, reader)
  t.notOk('author' in filtered.body.data.attributes, 'no find on authors')
  const noCreate = await call('POST', `/api/pages/${enId}/localizations`, { locale: 'de', title: 'Hallo' }, reader)
  t.equal(noCreate.status, 403)
  t.equal(noCreate.body.error.status, 403)
  t.equal((await call('POST', `/api/pages/${enId}/localizations`, { locale: 'de', title: 'Hallo' })).status, 403, 'the public role has nothing')
  const creator = await token({ 'api::page.page': ['create'] })
  const linked = await call('POST', `/api/pages/${enId}/localizations`, { locale: 'de', title: 'Hallo', author }, creator)
  t.equal(linked.status, 403, 'linking a type the caller cannot find')
  const created = await call('POST', `/api/pages/${enId}/localizations?populate=localizations`, { locale: 'de', title: 'Hallo' }, creator)
  t.equal(created.status, 200)
  t.notOk('localizations' in created.body, 'the answer is pruned like any read: no localizations without find')
  t.equal(created.body.locale, 'de', 'the bare entity, as Strapi v4 answers it')
  await call('DELETE', `/api/pages/${created.body.id as number}`, undefined, as)
})

t.test('single types under permissions: find for GET, update for PUT, delete for DELETE', async t => {
  const finder = await token({ 'api::homepage.homepage': ['find'] })
  const updater = await token({ 'api::homepage.homepage': ['update'] })
  const deleter = await token({ 'api::homepage.homepage': ['delete'] })
  t.equal((await call('PUT', '/api/homepage', { data: { heading: 'x' } }, finder)).status, 403)
  const put = await call('PUT', '/api/homepage', { data: { heading: 'Home' } }, updater)
  t.equal(put.status, 200)
  t.equal((await call('GET', '/api/homepage', undefined, updater)).status, 403)
  t.equal((await call('GET', '/api/homepage', undefined, finder)).body.data.attributes.heading, 'Home')
  t.equal((await call('GET', '/api/homepage')).status, 403, 'public')
  t.equal((await call('DELETE', '/api/homepage', undefined, finder)).status, 403)
  t.equal((await call('DELETE', '/api/homepage', undefined, deleter)).status, 200)
  t.equal((await call('GET', '/api/homepage', undefined, finder)).status, 404)
})

t.test('a localized single type shares its shared attributes across locales on update', async t => {
  t.equal((await call('PUT', '/api/homepage', { data: { heading: 'Home' } }, as)).status, 200)
  const english = await call('PUT', '/api/homepage', { data: { theme: 'dark' } }, as)
  t.equal(english.status, 200)
  t.equal(english.body.data.attributes.theme, 'dark')
  const french = (await call('GET', '/api/homepage?locale=fr', undefined, as)).body.data
  t.equal(french.attributes.theme, 'dark', 'the update reached the other locale')
  t.same(french.meta.availableLocales.map((item: Json) => item.locale), ['en'])
  const german = await call('PUT', '/api/homepage?locale=de', { data: { heading: 'Start' } }, as)
  t.equal(german.status, 200)
  t.same(german.body.data.meta.availableLocales.map((item: Json) => item.locale), ['en', 'fr'])
})

t.test('controllers extend a single type\'s find', async t => {
  t.equal((await call('GET', '/api/global', undefined, as)).status, 404)
  t.equal((await call('PUT', '/api/global', { data: { siteName: 'Site' } }, as)).status, 200)
  const read = await app.inject({ method: 'GET', url: '/api/global', headers: { authorization: `Bearer ${as}` } })
  t.equal(read.statusCode, 200)
  t.equal(read.headers['x-wrapped'], 'yes', 'the host\'s find answered')
  t.equal(read.json().data.attributes.siteName, 'Site')
  t.equal((await call('GET', '/api/global')).status, 403, 'the core find still checks permissions')
})

t.test('deleting the source of a localization group keeps the others linked', async t => {
  const source = (await call('POST', '/api/pages', { data: { title: 'Source', locale: 'de' } }, as)).body.data.id as number
  const a = (await call('POST', `/api/pages/${source}/localizations`, { locale: 'en', title: 'A' }, as)).body.id as number
  const b = (await call('POST', `/api/pages/${source}/localizations`, { locale: 'fr', title: 'B' }, as)).body.id as number
  t.equal((await call('DELETE', `/api/pages/${source}`, undefined, as)).status, 200)
  const read = (await call('GET', `/api/pages/${a}`, undefined, as)).body.data
  t.same(read.meta.availableLocales.map((item: Json) => item.id), [b])
  const again = await call('POST', `/api/pages/${a}/localizations`, { locale: 'de', title: 'Wieder' }, as)
  t.equal(again.status, 200, 'the deleted locale can be added again')
  t.same(again.body.localizations.map((item: Json) => item.id as number).sort((x: number, y: number) => x - y), [a, b])
  t.equal((await call('POST', `/api/pages/${source}/localizations`, { locale: 'de', title: 'x' }, as)).status, 404)
})

t.test('concurrent updates of a shared attribute from different locales all succeed and agree', async t => {
  const group = [(await call('POST', '/api/pages', { data: { title: 'Shared', rank: 1 } }, as)).body.data.id as number]
  for (const locale of ['fr', 'de']) {
    group.push((await call('POST', `/api/pages/${group[0]!}/localizations`, { locale, title: `Shared ${locale}` }, as)).body.id as number)
  }
  // Each update locks its own row, then writes the others': without a common lock order they deadlock.
  for (let round = 0; round < 5; round += 1) {
    const answers = await Promise.all(group.map(async (id, n) => await call('PUT', `/api/pages/${id}`, { data: { rank: (round + n) % 10 } }, as)))
    t.same(answers.map(answer => answer.status), [200, 200, 200], `round ${round}`)
  }
  const ranks = await Promise.all(group.map(async id => (await call('GET', `/api/pages/${id}`, undefined, as)).body.data.attributes.rank as number))
  t.equal(new Set(ranks).size, 1, 'one value for the group')
})

t.test('concurrent localizations of one entry: one per locale, all joined to each other', async t => {
  const locales = async (id: number): Promise<string[]> =>
    (await call('GET', `/api/pages/${id}`, undefined, as)).body.data.meta.availableLocales.map((item: Json) => item.locale as string)
  const source = (await call('POST', '/api/pages', { data: { title: 'Race' } }, as)).body.data.id as number
  const same = await Promise.all([1, 2, 3].map(async n => await call('POST', `/api/pages/${source}/localizations`, { locale: 'fr', title: `Course ${n}` }, as)))
  t.same(same.map(answer => answer.status).sort(), [200, 400, 400], 'the same locale is added once')
  t.same(await locales(source), ['fr'])

  const other = (await call('POST', '/api/pages', { data: { title: 'Race 2' } }, as)).body.data.id as number
  const added = await Promise.all(['fr', 'de'].map(async locale => await call('POST', `/api/pages/${other}/localizations`, { locale, title: `Race ${locale}` }, as)))
  t.same(added.map(answer => answer.status), [200, 200])
  const [fr, de] = added.map(answer => answer.body.id as number) as [number, number]
  t.same(await locales(other), ['de', 'fr'])
  t.same(await locales(fr), ['de', 'en'], 'two localizations added at once see each other')
  t.same(await locales(de), ['en', 'fr'])
})
