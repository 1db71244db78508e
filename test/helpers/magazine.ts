/**
 * A small, known magazine written through the REST API, for read tests. Ids are taken
 * from the answers, never assumed.
 */
import type { FastifyInstance } from 'fastify'

export interface Magazine {
  authors: { ann: number, bob: number }
  categories: { news: number, culture: number }
  tags: { alpha: number, beta: number, gamma: number }
  articles: { alpha: number, draft: number, gamma: number }
  issue: number
}

export async function post (app: FastifyInstance, plural: string, data: Record<string, unknown>): Promise<number> {
  const response = await app.inject({ method: 'POST', url: `/api/${plural}`, payload: { data } })
  if (response.statusCode !== 200) throw new Error(`POST /api/${plural} answered ${response.statusCode}: ${response.body}`)
  return (response.json() as { data: { id: number } }).data.id
}

export async function seedMagazine (app: FastifyInstance): Promise<Magazine> {
  const ann = await post(app, 'authors', { name: 'Ann', email: 'ann@example.com', password: 'hunter2hunter2', socialLinks: [{ label: 'Site', url: 'https://ann.example.com' }] })
  const bob = await post(app, 'authors', { name: 'Bob', email: 'bob@example.com' })
  const news = await post(app, 'categories', { name: 'News', position: 1 })
  const culture = await post(app, 'categories', { name: 'Culture', position: 2, parent: news })
  const alphaTag = await post(app, 'tags', { name: 'alpha' })
  const betaTag = await post(app, 'tags', { name: 'beta' })
  const gammaTag = await post(app, 'tags', { name: 'gamma' })
  const alpha = await post(app, 'articles', {
    title: 'Alpha release',
    views: '9007199254740993',
    rating: '4.25',
    publishedOn: '2024-02-29',
    publishAt: '09:30',
    internalNotes: 'never shown',
    author: ann,
    category: news,
    tags: [gammaTag, alphaTag],
    seo: { metaTitle: 'Alpha SEO', openGraph: { ogTitle: 'OG alpha' } },
    blocks: [
      { __component: 'blocks.quote', text: 'First quote', attribution: 'Ann' },
      { __component: 'blocks.rich-text', body: 'Some *rich* text' },
      { __component: 'blocks.related-articles', heading: 'See also' }
    ]
  })
  const draft = await post(app, 'articles', { title: 'Beta draft', author: ann, category: culture, publishedAt: null })
  const gamma = await post(app, 'articles', {
    title: 'Gamma news',
    views: 12,
    author: bob,
    category: news,
    tags: [betaTag],
    related: [alpha, draft]
  })
  const issue = await post(app, 'issues', { number: 1, title: 'Spring', articles: [gamma, alpha], coverStory: alpha })
  return {
    authors: { ann, bob },
    categories: { news, culture },
    tags: { alpha: alphaTag, beta: betaTag, gamma: gammaTag },
    articles: { alpha, draft, gamma },
    issue
  }
}
