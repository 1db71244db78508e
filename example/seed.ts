/**
 * Seeds the example magazine through the REST API itself (app.inject), so the seed is also
 * a smoke test of the write path. It only runs when there are no articles yet (drafts
 * included), so restarting `npm start` on the same ./.data folder keeps what is there.
 */
import type { FastifyInstance } from 'fastify'

export interface SeedOptions {
  /** The plugin's route prefix; '/api' unless the host registered it elsewhere. */
  prefix?: string
}

type Body = Record<string, unknown>

interface Created { id: number }

/** Calls the API and throws with the response body on anything but 2xx. */
async function call (app: FastifyInstance, method: 'GET' | 'POST' | 'PUT', url: string, payload?: Body): Promise<any> { // eslint-disable-line @typescript-eslint/no-explicit-any -- JSON answers of the API
  const response = await app.inject(payload === undefined ? { method, url } : { method, url, payload })
  if (response.statusCode < 200 || response.statusCode > 299) {
    throw new Error(`seed: ${method} ${url} answered ${response.statusCode}: ${response.body}`)
  }
  return response.json()
}

async function create (app: FastifyInstance, prefix: string, plural: string, data: Body): Promise<Created> {
  const body = await call(app, 'POST', `${prefix}/${plural}`, { data })
  const id = body?.data?.id
  if (typeof id !== 'number') {
    throw new Error(`seed: POST ${prefix}/${plural} answered without data.id: ${JSON.stringify(body)}`)
  }
  return { id }
}

async function update (app: FastifyInstance, prefix: string, plural: string, id: number, data: Body): Promise<void> {
  await call(app, 'PUT', `${prefix}/${plural}/${id}`, { data })
}

const TAGS = ['Climate', 'Cities', 'Science', 'Design', 'Food', 'Technology', 'Travel', 'Long read']

const AUTHORS = [
  {
    name: 'Ada Mensah',
    email: 'ada.mensah@example.com',
    bio: 'Science editor. Writes about oceans, energy and the people who measure them.',
    password: 'correct-horse-battery',
    socialLinks: [
      { label: 'Website', url: 'https://ada-mensah.example.com' },
      { label: 'Mastodon', url: 'https://mastodon.example/@ada' }
    ]
  },
  {
    name: 'Bruno Lefèvre',
    email: 'bruno.lefevre@example.com',
    bio: 'Urbanist and occasional cook. Covers cities, housing and street food.',
    password: 'pain-au-chocolat-42',
    socialLinks: [{ label: 'Website', url: 'https://brunolefevre.example.org' }]
  },
  {
    name: 'Chen Wei',
    email: 'chen.wei@example.com',
    bio: 'Technology correspondent, formerly a firmware engineer.',
    password: 'segfault-at-dawn',
    socialLinks: []
  },
  {
    name: 'Dolores Ibarra',
    email: 'dolores.ibarra@example.com',
    bio: 'Travel and design writer based in Valparaíso.',
    password: 'cerro-alegre-2024',
    socialLinks: [{ label: 'Portfolio', url: 'https://ibarra.example.net/portfolio' }]
  }
]

const CATEGORIES = [
  { name: 'Science', description: 'Research, discoveries and the people behind them.', position: 1 },
  { name: 'Culture', description: 'Design, food, books and everything in between.', position: 2 },
  { name: 'Travel', description: 'Places, journeys and how to get there slowly.', position: 3 },
  { name: 'Climate', description: 'The warming world and what is being done about it.', position: 4, parent: 'Science' }
]

interface ArticleSeed {
  title: string
  excerpt: string
  author: number
  category: string
  tags: string[]
  readingTime: number
  draft?: boolean
  featured?: boolean
  status: 'draft-idea' | 'in-review' | 'ready'
  rating: number
  quote?: [string, string]
}

const ARTICLES: ArticleSeed[] = [
  { title: 'The quiet return of the night train', excerpt: 'Sleeper services are back across Europe. Who rides them, and why?', author: 3, category: 'Travel', tags: ['Travel', 'Long read'], readingTime: 14, featured: true, status: 'ready', rating: 4.6, quote: ['A bed, a window and no airport security: that is the whole pitch.', 'A conductor on the Vienna–Paris line'] },
  { title: 'What the ocean floor remembers', excerpt: 'Sediment cores are a diary of the climate going back a million years.', author: 0, category: 'Climate', tags: ['Science', 'Climate', 'Long read'], readingTime: 18, featured: true, status: 'ready', rating: 4.9, quote: ['Every centimetre is a few centuries.', 'Dr. Ines Koval, marine geologist'] },
  { title: 'Heat pumps, explained without the hype', excerpt: 'How they work, where they struggle, and what they cost to run.', author: 2, category: 'Science', tags: ['Technology', 'Climate'], readingTime: 9, status: 'ready', rating: 4.2 },
  { title: 'A city that plants shade', excerpt: 'Street trees as infrastructure: the maths of a cooler summer.', author: 1, category: 'Climate', tags: ['Cities', 'Climate'], readingTime: 11, status: 'ready', rating: 4.4 },
  { title: 'Fermentation at home: a beginner\'s map', excerpt: 'Kimchi, kefir and kombucha, with the mistakes left in.', author: 1, category: 'Culture', tags: ['Food'], readingTime: 7, status: 'ready', rating: 3.9 },
  { title: 'The chair that took forty years', excerpt: 'A design classic, and the workshop that still builds it by hand.', author: 3, category: 'Culture', tags: ['Design'], readingTime: 10, status: 'ready', rating: 4.1 },
  { title: 'Reading the firmware of a cheap smart plug', excerpt: 'What a five-euro gadget sends home, byte by byte.', author: 2, category: 'Science', tags: ['Technology'], readingTime: 13, status: 'ready', rating: 4.7, quote: ['It phoned home every thirty seconds. Nobody asked it to.', 'Chen Wei'] },
  { title: 'Walking the length of a river', excerpt: 'Three weeks from source to sea, and what changed along the way.', author: 3, category: 'Travel', tags: ['Travel', 'Climate', 'Long read'], readingTime: 22, status: 'ready', rating: 4.5 },
  { title: 'Why bus maps are so hard to draw', excerpt: 'Designers on simplifying a network without lying about it.', author: 1, category: 'Culture', tags: ['Cities', 'Design'], readingTime: 8, status: 'ready', rating: 4.0 },
  { title: 'Glaciers in sound', excerpt: 'Hydrophones hear ice melting long before satellites see it.', author: 0, category: 'Climate', tags: ['Science', 'Climate'], readingTime: 6, draft: true, status: 'in-review', rating: 0 },
  { title: 'The last repair café on the street', excerpt: 'Volunteers who fix toasters, and the laws that might help them.', author: 2, category: 'Culture', tags: ['Technology', 'Cities'], readingTime: 9, draft: true, status: 'draft-idea', rating: 0 },
  { title: 'Slow coffee, fast city', excerpt: 'A morning in the cafés of Valparaíso.', author: 3, category: 'Travel', tags: ['Food', 'Travel'], readingTime: 5, draft: true, status: 'in-review', rating: 0 }
]

function paragraphs (article: ArticleSeed, authorName: string): string {
  return [
    `## ${article.title}`,
    '',
    article.excerpt,
    '',
    `By **${authorName}**. This is example content for the fastify-content-api demo magazine;` +
      ' the body is Markdown, stored as `richtext`.',
    '',
    '- one point worth making',
    '- another, with a [link](https://example.com)'
  ].join('\n')
}

/** Creates the example magazine when there are no articles yet. */
export async function seed (app: FastifyInstance, options: SeedOptions = {}): Promise<void> {
  const prefix = options.prefix ?? '/api'

  const existing = await call(app, 'GET', `${prefix}/articles?publicationState=preview&pagination[pageSize]=1`)
  if (Array.isArray(existing?.data) && existing.data.length > 0) return

  const tagIds = new Map<string, number>()
  for (const name of TAGS) tagIds.set(name, (await create(app, prefix, 'tags', { name })).id)

  const categoryIds = new Map<string, number>()
  for (const { parent, ...category } of CATEGORIES) {
    const data: Body = { ...category }
    if (parent !== undefined) data['parent'] = categoryIds.get(parent)
    categoryIds.set(category.name, (await create(app, prefix, 'categories', data)).id)
  }

  const authorIds: number[] = []
  for (const author of AUTHORS) authorIds.push((await create(app, prefix, 'authors', author)).id)

  const articleIds: number[] = []
  for (const [index, article] of ARTICLES.entries()) {
    const day = String(index + 1).padStart(2, '0')
    const authorName = AUTHORS[article.author]?.name ?? 'Staff'
    const blocks: Body[] = [{ __component: 'blocks.rich-text', body: paragraphs(article, authorName) }]
    if (article.quote !== undefined) {
      blocks.push({ __component: 'blocks.quote', text: article.quote[0], attribution: article.quote[1] })
    }
    blocks.push({ __component: 'blocks.media', caption: 'Illustration to come' })
    if (articleIds.length >= 2) {
      blocks.push({ __component: 'blocks.related-articles', heading: 'Read next', articles: articleIds.slice(-2) })
    }

    const data: Body = {
      title: article.title,
      excerpt: article.excerpt,
      body: paragraphs(article, authorName),
      readingTime: article.readingTime,
      views: article.draft === true ? '0' : String(1_250_000_000 + index * 7_919_113),
      rating: article.rating,
      score: Math.round((article.rating * 20 + index / 8) * 1000) / 1000,
      featured: article.featured ?? false,
      publishedOn: `2024-03-${day}`,
      publishAt: index % 2 === 0 ? '07:30:00' : '18:00:00',
      scheduledAt: `2024-03-${day}T07:30:00.000Z`,
      lastReviewedAt: `2024-02-${day}T16:45:12.000Z`,
      metadata: { source: 'seed', wordCount: article.readingTime * 230, languages: ['en'] },
      status: article.status,
      contactEmail: AUTHORS[article.author]?.email,
      internalNotes: 'Seeded entry; check image rights before print.',
      author: authorIds[article.author],
      category: categoryIds.get(article.category),
      tags: article.tags.map((name) => tagIds.get(name)),
      related: articleIds.slice(-1),
      seo: {
        metaTitle: article.title.slice(0, 60),
        metaDescription: article.excerpt.slice(0, 160),
        keywords: article.tags.join(', ').toLowerCase(),
        openGraph: { ogTitle: article.title, ogDescription: article.excerpt }
      },
      blocks
    }
    if (article.draft === true) data['publishedAt'] = null
    articleIds.push((await create(app, prefix, 'articles', data)).id)
  }

  const published = articleIds.filter((_, index) => ARTICLES[index]?.draft !== true)
  await create(app, prefix, 'issues', {
    number: 1,
    title: 'Slow',
    releaseDate: '2024-03-01',
    coverStory: published[0],
    articles: published.slice(0, 5)
  })
  await create(app, prefix, 'issues', {
    number: 2,
    title: 'Water',
    releaseDate: '2024-04-01',
    coverStory: published[1],
    articles: published.slice(5),
    publishedAt: null
  })

  // One-way relations that point at articles, set once the articles exist.
  for (const [index, authorId] of authorIds.entries()) {
    const first = ARTICLES.findIndex((article) => article.author === index && article.draft !== true)
    if (first >= 0) await update(app, prefix, 'authors', authorId, { featuredArticle: articleIds[first] })
  }
  for (const [name, categoryId] of categoryIds) {
    const picks = articleIds.filter((_, index) => ARTICLES[index]?.category === name && ARTICLES[index]?.featured === true)
    if (picks.length > 0) await update(app, prefix, 'categories', categoryId, { featuredArticles: picks })
  }

  // The homepage single type: written with PUT, once per locale when the host set up i18n.
  const featured = published.slice(0, 3)
  await call(app, 'PUT', `${prefix}/homepage`, {
    data: {
      heading: 'Slow news, carefully told',
      intro: 'Long reads on climate, cities and science, published when they are ready.',
      featured,
      seo: { metaTitle: 'The example magazine', metaDescription: 'Long reads, published when they are ready.' }
    }
  })
  const localized = await call(app, 'GET', `${prefix}/homepage`)
  if (localized?.data?.attributes?.locale === 'en') {
    await call(app, 'PUT', `${prefix}/homepage?locale=fr`, {
      data: { heading: "L'actualité lente, racontée avec soin", intro: 'Des grands formats sur le climat, les villes et la science.', featured }
    })
  }
}
