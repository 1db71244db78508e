/**
 * The populate budget (docs/querying.md, 'The populate budget'): a populate too deep, too wide or building too many rows
 * is refused up front with a 400 naming the limit and its option, while the deep populate
 * a real page-builder front end sends still answers.
 */
import t from 'tap'
import type { Test } from 'tap'
import { buildTestApp } from '../helpers/app.js'
import { post } from '../helpers/magazine.js'
import { pageBuilderComponents, pageBuilderTypes, pageQuery } from '../helpers/page-builder.js'
import type { FastifyInstance } from 'fastify'

type Json = any

const { app, close } = await buildTestApp({ contentTypes: pageBuilderTypes, components: pageBuilderComponents })
t.teardown(close)

async function get (target: FastifyInstance, url: string): Promise<{ status: number, body: Json }> {
  const response = await target.inject({ method: 'GET', url })
  return { status: response.statusCode, body: response.json() }
}

/** The refusal: a 400 ValidationError in the envelope whose message names the option. */
function assertRefused (t: Test, answer: { status: number, body: Json }, option: string): void {
  t.equal(answer.status, 400, `refused: ${JSON.stringify(answer.body.error?.message)}`)
  t.equal(answer.body.data, null)
  t.equal(answer.body.error.status, 400)
  t.equal(answer.body.error.name, 'ValidationError')
  t.match(answer.body.error.message, `option limits.${option}`)
  t.same(answer.body.error.details.errors[0].path, ['populate'])
}

const ann = await post(app, 'people', { name: 'Ann' })
const news = await post(app, 'categories', { name: 'News' })
const launch = await post(app, 'articles', { title: 'Launch', author: ann, categories: [news] })
const quote = await post(app, 'testimonials', { text: 'Great', person: ann })
const about = await post(app, 'pages', { title: 'About', slug: 'about', seo: { metaTitle: 'About us' } })
await post(app, 'pages', {
  title: 'Home',
  slug: 'home',
  seo: { metaTitle: 'Home', openGraph: { ogTitle: 'Home OG' } },
  sections: [
    { __component: 'sections.hero', heading: 'Welcome', buttons: [{ text: 'About', page: about }] },
    { __component: 'sections.pricing', heading: 'Plans', plans: [{ name: 'Pro', price: 9, perks: [{ text: 'Fast' }], cta: { text: 'Buy', page: about } }] },
    { __component: 'sections.testimonials', testimonials: [quote] },
    { __component: 'sections.related-articles', heading: 'Read', articles: [launch] },
    { __component: 'sections.faq', items: [{ question: 'Why?', answer: 'Because' }] }
  ]
})

t.test('the deep populate of a page-builder front end answers in full', async t => {
  for (const pageSize of [25, 100]) {
    const { status, body } = await get(app, `/api/pages?${pageQuery('home')}&pagination[pageSize]=${pageSize}`)
    t.equal(status, 200, `page size ${pageSize}: ${JSON.stringify(body.error ?? null)}`)
    const sections = body.data[0].attributes.sections
    t.same(sections.map((section: Json) => section.__component),
      ['sections.hero', 'sections.pricing', 'sections.testimonials', 'sections.related-articles', 'sections.faq'])
    // Six levels down: sections → plans → cta → page → seo → metaImage.
    const linked = sections[1].plans[0].cta.page.data
    t.equal(linked.id, about)
    t.equal(linked.attributes.seo.metaTitle, 'About us')
    t.same(linked.attributes.seo.metaImage, { data: null })
    t.equal(sections[2].testimonials.data[0].attributes.person.data.attributes.name, 'Ann')
    t.equal(sections[3].articles.data[0].attributes.categories.data[0].attributes.name, 'News')
  }
})

t.test('too deep: the 20-level chain of the issue, and one level past the default', async t => {
  const chain = (levels: number): string => Array.from({ length: levels }, (_, index) => index % 2 === 0 ? 'articles' : 'categories').join('.')
  assertRefused(t, await get(app, `/api/categories?populate=${chain(20)}.*`), 'populateDepth')
  const eleven = await get(app, `/api/categories?populate=${chain(11)}`)
  assertRefused(t, eleven, 'populateDepth')
  t.match(eleven.body.error.message, 'populate is 11 levels deep (articles.categories.')
  t.match(eleven.body.error.message, 'at most 10 levels')
  // A category tree's breadcrumbs: ten to-one levels build few rows and are within the limits.
  let parent: number | null = null
  for (let level = 0; level <= 10; level++) parent = await post(app, 'categories', { name: `Level ${level}`, ...(parent === null ? {} : { parent }) })
  const parents = (levels: number): string => Array(levels).fill('parent').join('.')
  const ten = await get(app, `/api/categories/${parent!}?populate=${parents(10)}`)
  t.equal(ten.status, 200)
  let node = ten.body.data
  for (let level = 10; level > 0; level--) node = node.attributes.parent.data
  t.equal(node.attributes.name, 'Level 0')
  assertRefused(t, await get(app, `/api/categories?populate=${parents(11)}`), 'populateDepth')
})

t.test('too many rows: to-many relations nested in each other multiply', async t => {
  const nested = (levels: number): string => Array.from({ length: levels }, (_, index) => index % 2 === 0 ? 'articles' : 'categories').join('.')
  // 25 entries × 100 per to-many relation, three levels: about 25 million rows.
  const refused = await get(app, `/api/categories?populate=${nested(3)}`)
  assertRefused(t, refused, 'populateRows')
  t.match(refused.body.error.message, 'about 25252525 rows (25 entries')
  t.match(refused.body.error.message, 'at most 2000000')
  // Two levels on 25 entries (about 250,000) are within the default.
  t.equal((await get(app, `/api/categories?populate=${nested(2)}`)).status, 200)
  // And three on one entry (about a million).
  t.equal((await get(app, `/api/categories?populate=${nested(3)}&pagination[pageSize]=1`)).status, 200)
  t.equal((await get(app, `/api/categories/${news}?populate=${nested(3)}`)).status, 200)
})

t.test('too many branches: populate=* at every level of a page', async t => {
  // `populate[sections][populate][<attr>][populate]=*` reaches every section's cards, buttons and relations.
  const wide = await get(app, '/api/pages?' + [
    'populate[seo][populate]=*',
    ...pageBuilderZoneAttributes().map(name => `populate[sections][populate][${name}][populate]=*`)
  ].join('&') + '&pagination[pageSize]=1')
  t.equal(wide.status, 200, 'a wide populate under the default answers')
  const limited = await buildTestApp({ contentTypes: pageBuilderTypes, components: pageBuilderComponents, limits: { populateBranches: 20 } })
  t.teardown(limited.close)
  const refused = await get(limited.app, '/api/pages?populate[sections][populate]=*')
  assertRefused(t, refused, 'populateBranches')
  t.match(refused.body.error.message, 'populate asks for 21 populated attributes; at most 20')
  t.equal((await get(limited.app, '/api/pages?populate=*')).status, 200)
})

t.test('configured limits are honoured, and a single entry counts as one entry', async t => {
  const limited = await buildTestApp({
    contentTypes: pageBuilderTypes,
    components: pageBuilderComponents,
    limits: { populateDepth: 2, populateRows: 1000 }
  })
  t.teardown(limited.close)
  const category = await post(limited.app, 'categories', { name: 'Solo' })
  assertRefused(t, await get(limited.app, '/api/categories?populate=articles.author.avatar'), 'populateDepth')
  t.equal((await get(limited.app, '/api/categories?populate=articles.author&pagination[pageSize]=4')).status, 200)
  // 25 entries × 100 articles each: over 1,000 rows; one entry: 101.
  assertRefused(t, await get(limited.app, '/api/categories?populate=articles'), 'populateRows')
  t.equal((await get(limited.app, `/api/categories/${category}?populate=articles`)).status, 200)
  t.equal((await get(limited.app, '/api/categories?populate=articles&pagination[pageSize]=5')).status, 200)
})

t.test('a write whose answer would be over budget is refused before anything is written', async t => {
  const limited = await buildTestApp({ contentTypes: pageBuilderTypes, components: pageBuilderComponents, limits: { populateDepth: 1 } })
  t.teardown(limited.close)
  const response = await limited.app.inject({ method: 'POST', url: '/api/categories?populate=articles.author', payload: { data: { name: 'Nope' } } })
  t.equal(response.statusCode, 400)
  t.match(response.json().error.message, 'limits.populateDepth')
  const [row] = await limited.app.contentApi.db.query('select count(*)::int as n from categories', [])
  t.equal(row!.n, 0)
})

t.test('bad limits fail at startup, naming the option', async t => {
  await t.rejects(buildTestApp({ contentTypes: pageBuilderTypes, components: pageBuilderComponents, limits: { populateDepth: 0 } }),
    /limits\.populateDepth must be a positive integer/)
  await t.rejects(buildTestApp({ contentTypes: pageBuilderTypes, components: pageBuilderComponents, limits: { populateDeepness: 3 } as never }),
    /limits\.populateDeepness is not an option/)
})

function pageBuilderZoneAttributes (): string[] {
  const names = new Set<string>()
  for (const [uid, component] of Object.entries(pageBuilderComponents)) {
    if (!uid.startsWith('sections.')) continue
    for (const [name, attribute] of Object.entries(component.attributes)) {
      if (attribute.type !== 'string' && attribute.type !== 'text') names.add(name)
    }
  }
  return [...names]
}
