/**
 * What is measured: nine requests a content API serves all day. Every server receives the
 * same query string (the ceiling answers `/ceiling/<name>` and ignores it, though Fastify
 * still parses it); writes send the same body shape to each. Each read also has a v5 twin:
 * the same request in Strapi v5's format, at the plugin's `alsoServe` mount.
 */
import type { DeleteSupply } from './delete-supply.js'
import type { Fixture } from './fixture.js'

export interface ReadScenario {
  kind: 'read'
  name: string
  title: string
  /** The plugin's path and query string. */
  path: string
  /** The em.find column implements it (no filters, sort or count inside populate, no top-level filters). */
  ormFind: boolean
  /**
   * A v5 twin (the plugin's `alsoServe` mount in Strapi v5's format): the v4 scenario it
   * mirrors. Its answer is checked against the twin's (same entries), it is measured beside
   * the twin's request on the same server, and the ceiling answers it as the twin.
   */
  v4Twin?: { name: string, path: string }
  /** A GraphQL twin (the plugin's GraphQL endpoint, by GET): its answer is unwrapped from its root field before the check. */
  graphql?: boolean
  /**
   * A drafts twin: the same read as the scenario of this name, measured on a copy of the
   * database where half the articles have a pending draft (benchmarks/pending-drafts.ts),
   * against the same request on the database without them, in the same alternating rounds
   * (drafts/none).
   */
  withoutDrafts?: string
}

export interface WriteRequest {
  path: string
  /** Absent for a DELETE. */
  body?: string
}

/** `ceiling-correlated`: the ceiling's older statement shape (one subquery per entry and relation), where a set-based one exists. */
/** `plugin-v4`: a v5 twin's v4 request, on the timed plugin server. */
/** `plugin-none`: a drafts twin's request on the plugin server of the database without pending drafts. */
export type Target = 'plugin' | 'plugin-v4' | 'plugin-none' | 'ceiling' | 'ceiling-correlated' | 'orm-find' | 'stepwise'

export interface WriteScenario {
  kind: 'write'
  name: string
  title: string
  method: 'POST' | 'PUT' | 'DELETE'
  /** The n-th request of a run against `target` (bodies differ per request). */
  request: (target: Target, n: number) => WriteRequest
  /** The delete scenario's articles, filled before its checks and rounds. */
  supply?: { articles: DeleteSupply, size: number }
  /** The stepwise ceiling implements it (create and update only). */
  stepwise: boolean
}

export type Scenario = ReadScenario | WriteScenario

/** `key=value` pairs with the brackets left readable and the values URL-encoded. */
function query (pairs: Array<[string, string | number]>): string {
  return pairs.map(([key, value]) => `${key}=${encodeURIComponent(String(value))}`).join('&')
}

/**
 * Where `target` answers a read: the plugin's own path; `/ceiling/<scenario>` (or
 * `/ceiling-correlated/<scenario>`) with the same query string; `/orm-find/<plural>[/<id>]` with the same query string.
 */
export function readPath (scenario: ReadScenario, target: Target): string {
  if (target === 'plugin' || target === 'plugin-none') return scenario.path
  const v4 = scenario.v4Twin ?? { name: scenario.name, path: scenario.path }
  if (target === 'plugin-v4') return v4.path
  if (target === 'orm-find') return `/orm-find${v4.path.slice('/api'.length)}`
  const start = v4.path.indexOf('?')
  return `/${target}/${v4.name}${start === -1 ? '' : v4.path.slice(start)}`
}

/**
 * Where `target` takes a write: the plugin's REST routes; `/ceiling/create` and
 * `/ceiling/update/<id>`, the same under `/stepwise` (em.find answers no writes).
 */
export function writePath (target: Target, id?: number): string {
  if (target === 'ceiling' || target === 'stepwise') return id === undefined ? `/${target}/create` : `/${target}/update/${id}`
  return id === undefined ? '/api/articles' : `/api/articles/${id}`
}

/** Where `target` deletes article `id`: the plugin's REST route, or `/ceiling/delete/<id>`. */
export function deletePath (target: Target, id: number): string {
  return target === 'plugin' ? `/api/articles/${id}` : `/${target}/delete/${id}`
}

const THREE_LEVELS = query([
  ['populate[author][populate][articles][sort][0]', 'title:asc'],
  ['populate[author][populate][articles][filters][title][$containsi]', 'a'],
  ['populate[author][populate][articles][fields][0]', 'title'],
  ['populate[author][populate][articles][fields][1]', 'publishedOn'],
  ['populate[author][populate][articles][populate][category][fields][0]', 'name'],
  ['populate[cover]', 'true'],
  ['populate[seo][populate][openGraph]', 'true'],
  ['populate[tags][sort][0]', 'name:desc']
])

const ZONE_ON = query([
  ['fields[0]', 'title'],
  ['populate[blocks][on][blocks.quote][fields][0]', 'text'],
  ['populate[blocks][on][blocks.media][populate][file][fields][0]', 'url'],
  ['populate[blocks][on][blocks.media][populate][file][fields][1]', 'alternativeText'],
  ['populate[blocks][on][blocks.related-articles][populate][articles][fields][0]', 'title']
])

/** The deep populate of the single-entry scenario (also used to read written entries back). */
export const DEEP_POPULATE = query([
  ['populate[author][populate][0]', 'avatar'],
  ['populate[author][populate][1]', 'socialLinks'],
  ['populate[category][populate][parent]', 'true'],
  ['populate[tags]', 'true'],
  ['populate[cover]', 'true'],
  ['populate[gallery]', 'true'],
  ['populate[related][populate][author][fields][0]', 'name'],
  ['populate[coverOf]', 'true'],
  ['populate[seo][populate][shareImage]', 'true'],
  ['populate[seo][populate][openGraph][populate][ogImage]', 'true'],
  ['populate[blocks][populate]', '*']
])

function filterHeavy (fixture: Fixture): string {
  const { filter } = fixture
  return query([
    ['filters[title][$containsi]', filter.titleContains],
    ...filter.categories.map((name, index): [string, string] => [`filters[category][name][$in][${index}]`, name]),
    ['filters[$or][0][featured][$eq]', 'true'],
    ['filters[$or][1][readingTime][$gte]', filter.minReadingTime],
    ['sort[0]', 'rating:desc'],
    ['sort[1]', 'publishedOn:asc'],
    ['pagination[page]', 3],
    ['pagination[pageSize]', 10]
  ])
}

function pickAt<T> (items: readonly T[], n: number): T {
  const item = items[n % items.length]
  if (item === undefined) throw new Error('scenario: nothing to pick from')
  return item
}

/** A new article with relations, media, a nested component and three zone items. */
export function createBody (fixture: Fixture, target: Target, n: number): Record<string, unknown> {
  const { create } = fixture
  // 2 to 4 neighbouring tags: distinct whenever there are at least 4 tags.
  const tags = [0, 1, 2, 3].slice(0, 2 + (n % 3)).map(offset => pickAt(create.tags, n * 7 + offset))
  return {
    title: `Benchmark article ${target} ${n}`,
    excerpt: 'A new article, written by the benchmark.',
    body: 'Two short paragraphs of body text.\n\nThe second one.',
    readingTime: 1 + (n % 30),
    views: String(1_000_000_000_000 + n),
    rating: (n % 500) / 100,
    score: n / 8,
    featured: n % 5 === 0,
    publishedOn: '2024-05-01',
    publishAt: '08:30:00',
    scheduledAt: '2024-05-01T08:30:00.250Z',
    lastReviewedAt: '2024-04-28T17:05:10.000Z',
    metadata: { source: 'benchmark', request: n },
    status: 'in-review',
    contactEmail: 'desk@example.com',
    internalNotes: 'written by the benchmark',
    author: pickAt(create.authors, n),
    category: pickAt(create.categories, n),
    tags,
    cover: pickAt(create.files, n),
    seo: {
      metaTitle: `Benchmark article ${n}`,
      metaDescription: 'What the benchmark wrote.',
      keywords: 'benchmark, write',
      openGraph: { ogTitle: `Benchmark article ${n}`, ogDescription: 'Shared on the web.' }
    },
    blocks: [
      { __component: 'blocks.rich-text', body: 'A paragraph in a zone.' },
      { __component: 'blocks.quote', text: 'Measure twice, cut once.', attribution: 'A carpenter' },
      { __component: 'blocks.related-articles', heading: 'Read next', articles: [pickAt(create.articles, n), pickAt(create.articles, n + 1)] }
    ]
  }
}

/**
 * A partial update: three scalars and a to-one relation of an existing article. Articles are
 * taken round-robin; each pass over them shifts the categories by one, so every update moves
 * its article to another category (the number of articles is a multiple of the number of
 * categories, so without the shift an article would get the same one on every later pass).
 */
export function updateBody (fixture: Fixture, n: number): Record<string, unknown> {
  const pass = Math.floor(n / fixture.update.articles.length)
  return {
    excerpt: `Updated by the benchmark (${n}).`,
    rating: (n % 400) / 100 + 1,
    featured: n % 2 === 0,
    category: pickAt(fixture.update.categories, n * 7 + pass)
  }
}

export function updatedArticle (fixture: Fixture, n: number): number {
  return pickAt(fixture.update.articles, n)
}

/** The delete scenario's articles and how many to insert (enough for every round of every server). */
export interface DeleteScenarioSetup {
  supply: DeleteSupply
  supplySize: number
}

/** Where the plugin serves Strapi v5's format (`alsoServe`), and the documentId of the single-entry scenarios' article. */
export interface V5Setup {
  prefix: string
  singleArticleDocumentId: string
}

/** The suffix of a v5 twin's name: `list-v5` mirrors `list`. */
export const V5_SUFFIX = '-v5'

/**
 * The v5 twin of a v4 read: the same query string at the v5 prefix, the single entry by its
 * documentId (populate, filters, sort and pagination read the same in both formats).
 */
function v5Twin (scenario: ReadScenario, fixture: Fixture, v5: V5Setup): ReadScenario {
  const entry = `/api/articles/${fixture.singleArticleId}`
  const path = scenario.path === entry || scenario.path.startsWith(`${entry}?`)
    ? `${v5.prefix}/articles/${v5.singleArticleDocumentId}${scenario.path.slice(entry.length)}`
    : `${v5.prefix}${scenario.path.slice('/api'.length)}`
  return {
    kind: 'read',
    name: `${scenario.name}${V5_SUFFIX}`,
    title: `${scenario.title}, in Strapi v5's format`,
    path,
    ormFind: false,
    v4Twin: { name: scenario.name, path: scenario.path }
  }
}

/** The suffix of a drafts twin's name: `list-v5-drafts` mirrors `list-v5`. */
export const DRAFTS_SUFFIX = '-drafts'

/** The v5 reads whose drafts twins are measured: a page of published articles, and one published article that has a pending draft. */
const WITH_DRAFTS_TWINS = new Set([`list${V5_SUFFIX}`, `entry${V5_SUFFIX}`])

/** The drafts twins of the v5 reads: the same request, read from the data with pending drafts. */
function draftsTwins (v5Reads: readonly ReadScenario[]): ReadScenario[] {
  return v5Reads.filter(scenario => WITH_DRAFTS_TWINS.has(scenario.name)).map(scenario => ({
    ...scenario,
    name: `${scenario.name}${DRAFTS_SUFFIX}`,
    title: `${scenario.title}, half the articles with a pending draft`,
    withoutDrafts: scenario.name
  }))
}

/** The suffix of a GraphQL twin's name: `list-graphql` mirrors `list`. */
export const GRAPHQL_SUFFIX = '-graphql'

/** The default fields of an article in REST (its scalars but the private ones), as a selection. */
const ARTICLE_SCALARS = 'title slug excerpt body readingTime views rating score featured publishedOn publishAt scheduledAt lastReviewedAt metadata status contactEmail createdAt updatedAt publishedAt'
const FILE_SCALARS = 'name alternativeText caption width height formats hash ext mime size url previewUrl provider provider_metadata createdAt updatedAt'
const AUTHOR_SCALARS = 'name email bio createdAt updatedAt'
const CATEGORY_SCALARS = 'name slug description position createdAt updatedAt'
const TAG_SCALARS = 'name createdAt updatedAt'
const ISSUE_SCALARS = 'number title releaseDate createdAt updatedAt publishedAt'
/** REST populates every linked entry; GraphQL pages nested lists (10 by default) unless told otherwise. */
const ALL = 'pagination: { limit: -1 }'

/** `field { data { id attributes { … } } }`: one linked entry or a list of them, as Strapi's GraphQL nests them. */
function linked (field: string, attributes: string): string {
  return `${field} { data { id attributes { ${attributes} } } }`
}

/** The GraphQL twin of THREE_LEVELS: the same populate tree, sorts and filter. */
const THREE_LEVELS_GRAPHQL = `{ articles(pagination: { page: 1, pageSize: 25 }) { data { id attributes { ${ARTICLE_SCALARS}
  ${linked('author', `${AUTHOR_SCALARS} ${linked('articles(sort: ["title:asc"], filters: { title: { containsi: "a" } }, ' + ALL + ')', `title publishedOn ${linked('category', 'name')}`)}`)}
  ${linked('cover', FILE_SCALARS)}
  seo { id metaTitle metaDescription keywords openGraph { id ogTitle ogDescription } }
  ${linked(`tags(sort: ["name:desc"], ${ALL})`, TAG_SCALARS)}
} } meta { pagination { page pageSize pageCount total } } } }`

/** The GraphQL twin of ZONE_ON: inline fragments in place of the `on` strategy. */
const ZONE_ON_GRAPHQL = `{ articles(pagination: { page: 1, pageSize: 25 }) { data { id attributes { title blocks { __typename
  ... on ComponentBlocksQuote { id text }
  ... on ComponentBlocksMedia { id ${linked('file', 'url alternativeText')} }
  ... on ComponentBlocksRelatedArticles { id ${linked(`articles(${ALL})`, 'title')} }
} } } meta { pagination { page pageSize pageCount total } } } }`

/** The GraphQL twin of DEEP_POPULATE on one entry. */
function entryDeepGraphql (id: number): string {
  return `{ article(id: "${id}") { data { id attributes { ${ARTICLE_SCALARS}
    ${linked('author', `${AUTHOR_SCALARS} ${linked('avatar', FILE_SCALARS)} socialLinks(${ALL}) { id label url }`)}
    ${linked('category', `${CATEGORY_SCALARS} ${linked('parent', CATEGORY_SCALARS)}`)}
    ${linked(`tags(${ALL})`, TAG_SCALARS)}
    ${linked('cover', FILE_SCALARS)}
    ${linked(`gallery(${ALL})`, FILE_SCALARS)}
    ${linked(`related(${ALL})`, `${ARTICLE_SCALARS} ${linked('author', 'name')}`)}
    ${linked('coverOf', ISSUE_SCALARS)}
    seo { id metaTitle metaDescription keywords ${linked('shareImage', FILE_SCALARS)} openGraph { id ogTitle ogDescription ${linked('ogImage', FILE_SCALARS)} } }
    blocks { __typename
      ... on ComponentBlocksQuote { id text attribution }
      ... on ComponentBlocksRichText { id body }
      ... on ComponentBlocksMedia { id caption ${linked('file', FILE_SCALARS)} }
      ... on ComponentBlocksRelatedArticles { id heading ${linked(`articles(${ALL})`, ARTICLE_SCALARS)} }
    }
  } } } }`
}

function graphqlPath (text: string): string {
  return `/graphql?${query([['query', text.replace(/\s+/g, ' ').trim()]])}`
}

/**
 * GraphQL twins of the REST reads that a front end writes as a query: the same entries, fields
 * and pagination through the plugin's GraphQL endpoint, measured beside the REST request.
 */
function graphqlTwins (fixture: Fixture, reads: readonly ReadScenario[]): ReadScenario[] {
  const { filter } = fixture
  const texts: Record<string, string> = {
    list: `{ articles(pagination: { page: 1, pageSize: 25 }) { data { id attributes { ${ARTICLE_SCALARS} } } meta { pagination { page pageSize pageCount total } } } }`,
    entry: `{ article(id: "${fixture.singleArticleId}") { data { id attributes { ${ARTICLE_SCALARS} } } } }`,
    'filter-heavy': `{ articles(
      filters: { title: { containsi: ${JSON.stringify(filter.titleContains)} }, category: { name: { in: ${JSON.stringify(filter.categories)} } },
        or: [{ featured: { eq: true } }, { readingTime: { gte: ${filter.minReadingTime} } }] },
      sort: ["rating:desc", "publishedOn:asc"], pagination: { page: 3, pageSize: 10 }
    ) { data { id attributes { ${ARTICLE_SCALARS} } } meta { pagination { page pageSize pageCount total } } } }`,
    'three-levels': THREE_LEVELS_GRAPHQL,
    'zone-on': ZONE_ON_GRAPHQL,
    'entry-deep': entryDeepGraphql(fixture.singleArticleId)
  }
  return reads.flatMap(scenario => {
    const text = texts[scenario.name]
    if (text === undefined) return []
    return [{
      kind: 'read' as const,
      name: `${scenario.name}${GRAPHQL_SUFFIX}`,
      title: `${scenario.title}, through GraphQL`,
      path: graphqlPath(text),
      ormFind: false,
      v4Twin: { name: scenario.name, path: scenario.path },
      graphql: true
    }]
  })
}

/**
 * `deletes`: the delete scenario's setup (without it, e.g. in the soak, there is no delete
 * scenario). `v5`: where the v5 twins of the reads are served (without it there are none,
 * nor drafts twins).
 */
export function scenarios (fixture: Fixture, deletes?: DeleteScenarioSetup, v5?: V5Setup): Scenario[] {
  const reads = readScenarios(fixture)
  const v5Reads = v5 === undefined ? [] : reads.map(scenario => v5Twin(scenario, fixture, v5))
  return [
    ...reads,
    ...v5Reads,
    ...draftsTwins(v5Reads),
    ...graphqlTwins(fixture, reads),
    ...writeScenarios(fixture, deletes)
  ]
}

function readScenarios (fixture: Fixture): ReadScenario[] {
  return [
    { kind: 'read', name: 'list', title: 'list of 25, no populate', path: '/api/articles', ormFind: true },
    { kind: 'read', name: 'entry', title: 'one entry, no populate (the light read of the load mix)', path: `/api/articles/${fixture.singleArticleId}`, ormFind: false },
    { kind: 'read', name: 'list-populate-all', title: 'list of 25, populate=*', path: '/api/articles?populate=*', ormFind: true },
    {
      kind: 'read',
      name: 'three-levels',
      title: 'list of 25, three levels: author → articles (sorted, filtered) → category; cover; seo → openGraph; tags sorted',
      path: `/api/articles?${THREE_LEVELS}`,
      ormFind: false
    },
    { kind: 'read', name: 'zone-on', title: 'list of 25, dynamic zone with the `on` strategy', path: `/api/articles?${ZONE_ON}`, ormFind: true },
    { kind: 'read', name: 'entry-deep', title: 'one entry, deep populate', path: `/api/articles/${fixture.singleArticleId}?${DEEP_POPULATE}`, ormFind: true },
    { kind: 'read', name: 'filter-heavy', title: 'filtered list: $containsi, through a relation, $or, two sorts, page 3', path: `/api/articles?${filterHeavy(fixture)}`, ormFind: false },
    { kind: 'read', name: 'search', title: 'list of 25, full-text `_q` over the text-like attributes', path: `/api/articles?${query([['_q', fixture.filter.searchTerm]])}`, ormFind: false }
  ]
}

function writeScenarios (fixture: Fixture, deletes?: DeleteScenarioSetup): WriteScenario[] {
  return [
    {
      kind: 'write',
      name: 'create',
      title: 'create with relations, media, components and zone items',
      method: 'POST',
      request: (target, n) => ({
        path: writePath(target),
        body: JSON.stringify({ data: createBody(fixture, target, n) })
      }),
      stepwise: true
    },
    {
      kind: 'write',
      name: 'update',
      title: 'partial update: three scalars and a to-one relation',
      method: 'PUT',
      request: (target, n) => ({
        path: writePath(target, updatedArticle(fixture, n)),
        body: JSON.stringify({ data: updateBody(fixture, n) })
      }),
      stepwise: true
    },
    ...(deletes === undefined ? [] : [deleteScenario(deletes)])
  ]
}

function deleteScenario (deletes: DeleteScenarioSetup): WriteScenario {
  return {
    kind: 'write',
    name: 'delete',
    title: 'delete an article with relations, media, a nested component and a zone item (answers it as it was)',
    method: 'DELETE',
    request: (target) => ({ path: deletePath(target, deletes.supply.take()) }),
    supply: { articles: deletes.supply, size: deletes.supplySize },
    stepwise: false
  }
}
