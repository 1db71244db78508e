/**
 * Real Strapi v4 front ends run unchanged (docs/querying.md, 'What Strapi 4.26 ignores'). The same
 * magazine is served twice, by default (Strapi-lenient, ignored keys logged) and with
 * `strict: true`, and read with the queries a Next.js site on the example model sends —
 * stale populate keys and string populate values included.
 */
import { Writable } from 'node:stream'
import type { FastifyInstance } from 'fastify'
import t from 'tap'
import type { ContentApiOptions } from '../../plugin/index.js'
import { buildTestApp } from '../helpers/app.js'
import { seedMagazine } from '../helpers/magazine.js'

/** The example model with a logger whose warnings the test reads. */
async function loggedApp (options: Partial<ContentApiOptions>): Promise<{ app: FastifyInstance, warnings: Array<Record<string, any>> }> {
  const warnings: Array<Record<string, any>> = []
  const stream = new Writable({
    write (chunk: Buffer, _encoding, done) {
      const line = JSON.parse(chunk.toString()) as Record<string, any>
      if (line.level === 40) warnings.push(line)
      done()
    }
  })
  const { app, close } = await buildTestApp(options, { logger: { level: 'warn', stream } })
  t.teardown(close)
  return { app, warnings }
}

const lenient = await loggedApp({
  controllers: { 'api::article.article': ({ core }) => ({ async find (request) { return await core.find(request, { creatorFields: true }) } }) }
})
const strict = await buildTestApp({ strict: true })
t.teardown(strict.close)
const ids = await seedMagazine(lenient.app)
await seedMagazine(strict.app)

async function get (app: FastifyInstance, url: string): Promise<{ status: number, body: any }> {
  const response = await app.inject({ method: 'GET', url })
  return { status: response.statusCode, body: response.json() }
}

/** A front end's query, and the same query without what Strapi ignores in it. */
const CORPUS: Array<{ url: string, clean: string, stale: string }> = [
  { url: '/api/articles?populate=image,category,author', clean: '/api/articles?populate=category,author', stale: 'image' },
  { url: '/api/articles?populate[0]=seo.openGraph&populate[1]=seo.metaImage', clean: '/api/articles?populate[0]=seo.openGraph', stale: 'metaImage' },
  { url: '/api/articles?populate[seo]=metaSocial&populate[cover]=true', clean: '/api/articles?populate[seo]=true&populate[cover]=true', stale: 'populate[seo]' },
  { url: '/api/articles?populate[author][populate]=avatar,picture&populate[thumbnail]=true', clean: '/api/articles?populate[author][populate]=avatar', stale: 'picture' },
  {
    url: '/api/articles?populate[blocks][populate]=articles,file,members.picture',
    clean: '/api/articles?populate[blocks][populate]=articles,file',
    stale: 'members'
  },
  {
    url: '/api/articles?populate[blocks][on][blocks.quote]=true&populate[blocks][on][blocks.testimonial][populate]=*',
    clean: '/api/articles?populate[blocks][on][blocks.quote]=true',
    stale: 'blocks.testimonial'
  },
  {
    url: '/api/articles?populate[blocks][on][blocks.media][populate][file]=true&populate[blocks][on][blocks.media][populate][poster]=true',
    clean: '/api/articles?populate[blocks][on][blocks.media][populate][file]=true',
    stale: 'poster'
  },
  { url: '/api/articles?populate[title]=true&populate[category]=true', clean: '/api/articles?populate[category]=true', stale: 'title' },
  { url: '/api/articles?populate[0]=localizations&populate[1]=tags', clean: '/api/articles?populate[0]=tags', stale: 'localizations' },
  {
    url: '/api/articles?filters[slug][$eq]=alpha-release&populate[seo][populate]=shareImage,metaSocial&populate[author][fields][0]=name',
    clean: '/api/articles?filters[slug][$eq]=alpha-release&populate[seo][populate]=shareImage&populate[author][fields][0]=name',
    stale: 'metaSocial'
  },
  {
    url: '/api/categories?sort=position:asc&populate[articles][populate][0]=cover&populate[articles][populate][1]=heroImage&populate[articles][fields][0]=title',
    clean: '/api/categories?sort=position:asc&populate[articles][populate][0]=cover&populate[articles][fields][0]=title',
    stale: 'heroImage'
  },
  { url: '/api/homepage?populate[seo][populate]=*&populate[featured]=true&populate[hero]=true', clean: '/api/homepage?populate[seo][populate]=*&populate[featured]=true', stale: 'hero' },
  { url: `/api/articles/${ids.articles.alpha}?populate=author,blocks,sections`, clean: `/api/articles/${ids.articles.alpha}?populate=author,blocks`, stale: 'sections' }
]

t.test('a front end\'s queries answer 200 with the shapes of the same query without the stale keys', async t => {
  await lenient.app.inject({ method: 'PUT', url: '/api/homepage', payload: { data: { heading: 'Welcome', featured: ids.articles.alpha, seo: { metaTitle: 'Home' } } } })
  await strict.app.inject({ method: 'PUT', url: '/api/homepage', payload: { data: { heading: 'Welcome' } } })
  for (const { url, clean } of CORPUS) {
    const answer = await get(lenient.app, url)
    t.equal(answer.status, 200, url)
    const expected = await get(lenient.app, clean)
    t.equal(expected.status, 200, `${clean} (the clean query)`)
    t.same(answer.body, expected.body, `${url}: as ${clean}`)
  }
  const seo = await get(lenient.app, '/api/articles?filters[slug][$eq]=alpha-release&populate[seo][populate]=shareImage,metaSocial')
  t.match(seo.body.data[0].attributes.seo, { metaTitle: 'Alpha SEO', shareImage: { data: null } }, 'the known part of the populate is served')
  const metaSocial = await get(lenient.app, '/api/articles?filters[slug][$eq]=alpha-release&populate[seo]=metaSocial')
  t.match(metaSocial.body.data[0].attributes.seo, { id: Number, metaTitle: 'Alpha SEO' }, 'populate[seo]=metaSocial populates seo')
})

t.test('with strict: true the same queries are a 400 naming the stale key', async t => {
  for (const { url, stale } of CORPUS) {
    const answer = await get(strict.app, url)
    t.equal(answer.status, 400, url)
    t.equal(answer.body.data, null)
    t.equal(answer.body.error.name, 'ValidationError')
    t.ok(String(answer.body.error.message).includes(stale), `${url}: ${String(answer.body.error.message)} names ${stale}`)
  }
})

t.test('each distinct ignored key is logged once, as a warning', async t => {
  const before = lenient.warnings.length
  await get(lenient.app, '/api/articles?populate[0]=staleKeyOne')
  await get(lenient.app, '/api/articles?populate[staleKeyOne]=true')
  await get(lenient.app, '/api/articles?populate=staleKeyOne,staleKeyTwo')
  const logged = lenient.warnings.slice(before)
  t.same(logged.map(line => line.ignoredQueryKey?.name), ['staleKeyOne', 'staleKeyTwo'])
  t.match(logged[0], { ignoredQueryKey: { model: 'api::article.article', key: 'populate[0]' }, msg: /ignored populate\[0\].*strict/ })
  t.ok(typeof logged[0]?.reqId === 'string', 'through the request\'s logger')
})

t.test('filters: a list given to a one-value operator is an OR, negative operators too', async t => {
  const titles = async (query: string): Promise<string[]> =>
    (await get(lenient.app, `/api/categories?${query}&sort=position`)).body.data.map((entry: any) => entry.attributes.name)
  t.same(await titles('filters[position][$gt][0]=1&filters[position][$gt][1]=5'), ['Culture'])
  t.same(await titles('filters[position][$gt][0]=5&filters[position][$gt][1]=0'), ['News', 'Culture'])
  t.same(await titles('filters[name][$containsi][0]=NEW&filters[name][$containsi][1]=cult'), ['News', 'Culture'])
  t.same(await titles('filters[name][$notContains][0]=News&filters[name][$notContains][1]=Culture'), ['News', 'Culture'],
    'as in Strapi: either one not contained is enough')
  t.same(await titles('filters[$or][0][0][name]=News&filters[$or][0][1][position]=2&filters[$or][1][name]=Culture'), ['Culture'],
    '$or items may be lists of conditions, all of which hold')
  t.same(await titles('filters[parent][$null]'), ['Culture'], '$null with no value means false: a parent is set')
  t.same(await titles('filters[parent][$null]=yes'), ['News'])
  t.same(await titles('filters[parent][$notNull]=f'), ['News'])
})

t.test('filters inside the populate of a component', async t => {
  const authors = await get(lenient.app, '/api/authors?sort=name&populate[socialLinks][filters][label][$eq]=Nope')
  t.same(authors.body.data.map((entry: any) => entry.attributes.socialLinks), [[], []], 'repeatable: only matching items')
  const kept = await get(lenient.app, '/api/authors?sort=name&populate[socialLinks][filters][label][$eqi]=site')
  t.match(kept.body.data[0].attributes.socialLinks, [{ label: 'Site' }])
  const seo = await get(lenient.app, `/api/articles/${ids.articles.alpha}?populate[seo][filters][metaTitle][$eq]=Other`)
  t.equal(seo.body.data.attributes.seo, null, 'a single component that does not match is null')
  const matching = await get(lenient.app, `/api/articles/${ids.articles.alpha}?populate[seo][filters][metaTitle][$eq]=Alpha SEO`)
  t.match(matching.body.data.attributes.seo, { metaTitle: 'Alpha SEO' })
})

t.test('fields inside the populate of createdBy/updatedBy, where the handler shows creators', async t => {
  const admin = await lenient.app.contentApi.admin.createUser({ email: 'ed@example.com', firstname: 'Ed', lastname: 'Itor', password: 'correct-horse' })
  const login = await lenient.app.inject({ method: 'POST', url: '/admin/login', payload: { email: 'ed@example.com', password: 'correct-horse' } })
  const token = login.json().data.token as string
  const created = await lenient.app.inject({
    method: 'POST', url: '/api/articles', headers: { authorization: `Bearer ${token}` }, payload: { data: { title: 'By Ed' } }
  })
  const id = created.json().data.id as number
  const entry = async (query: string): Promise<any> => {
    const answer = await get(lenient.app, `/api/articles?filters[id]=${id}&${query}`)
    t.equal(answer.status, 200, `${query}: ${JSON.stringify(answer.body.error)}`)
    return answer.body.data[0].attributes
  }
  t.same((await entry('')).createdBy, { id: admin.id, firstname: 'Ed', lastname: 'Itor' })
  t.same((await entry('populate[createdBy][fields][0]=firstname')).createdBy, { id: admin.id, firstname: 'Ed' })
  const both = await entry('populate[createdBy][fields][0]=lastname&populate[updatedBy][fields]=id')
  t.same(both.createdBy, { id: admin.id, lastname: 'Itor' })
  t.same(both.updatedBy, { id: admin.id })
  const email = await get(lenient.app, '/api/articles?populate[createdBy][fields][0]=email')
  t.equal(email.status, 400, 'an admin\'s email cannot be asked for')
  t.match(email.body.error, { name: 'ValidationError', message: 'Invalid parameter email' })
})

t.test('_q searches the text-like attributes, and the number ones for a numeric term', async t => {
  const found = async (query: string): Promise<string[]> =>
    (await get(lenient.app, `/api/articles?${query}`)).body.data.map((entry: any) => entry.attributes.title).sort()
  t.same(await found('_q=alpha'), ['Alpha release'])
  t.same(await found('_q=NEWS'), ['Gamma news'], 'ignoring case')
  t.same(await found('_q=lpha rel'), ['Alpha release'], 'any part of the text')
  t.same(await found('_q=12'), ['Gamma news'], 'a numeric term searches number attributes (views 12)')
  t.same(await found('_q=alpha&filters[title][$startsWith]=Gamma'), [], 'combined with filters')
  t.same(await found('_q=amm&filters[title][$startsWith]=Gamma'), ['Gamma news'])
  t.same(await found('_q=%25'), [], '% is a literal character')
  t.same(await found('_q=never shown'), [], 'private attributes are not searched')
  t.same(await found('_q='), await found(''), 'an empty term searches nothing')
  t.same(await found('_q=draft-IDEA&filters[title][$startsWith]=Gamma'), ['Gamma news'], 'an enumeration is text-like')
  const page = await get(lenient.app, '/api/articles?_q=alpha&pagination[pageSize]=1')
  t.same(page.body.meta.pagination, { page: 1, pageSize: 1, pageCount: 1, total: 1 }, 'the total counts the matches')
  const bad = await get(lenient.app, '/api/articles?_q[0]=x')
  t.equal(bad.status, 400)
  t.match(bad.body.error, { name: 'ValidationError', message: /_q/ })
})
