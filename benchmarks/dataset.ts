/**
 * The benchmark's dataset for the example magazine, generated from a seed: the same scale
 * always gives the same entries. Entries refer to each other by index into their lists;
 * the loaders turn indexes into database ids.
 */
import { Random } from './random.js'
import {
  ADJECTIVES, ARTICLE_STATUSES, CATEGORY_NAMES, FIRST_NAMES, LAST_NAMES, NOUNS, TEXT_WORDS, capitalise, slugify
} from './vocabulary.js'

export interface FileSeed {
  name: string
  alternativeText: string
  caption: string
  width: number
  height: number
  formats: Record<string, unknown> | null
  hash: string
  ext: string
  mime: string
  size: number
  url: string
  provider: string
}

export interface TagSeed { name: string }

export interface CategorySeed {
  name: string
  slug: string
  description: string
  position: number
  parent: number | null
}

export interface LinkSeed { label: string, url: string }

export interface AuthorSeed {
  name: string
  email: string
  bio: string
  password: string
  avatar: number | null
  socialLinks: LinkSeed[]
}

export interface SeoSeed {
  metaTitle: string
  metaDescription: string
  keywords: string
  shareImage: number | null
  openGraph: { ogTitle: string, ogDescription: string, ogImage: number | null }
}

export type BlockSeed =
  | { component: 'blocks.rich-text', body: string }
  | { component: 'blocks.quote', text: string, attribution: string }
  | { component: 'blocks.media', caption: string, file: number | null }
  | { component: 'blocks.related-articles', heading: string, articles: number[] }

/** The scalar attributes of an article, as a client writes them. */
export interface ArticleScalars {
  title: string
  slug: string
  excerpt: string
  body: string
  readingTime: number
  views: string
  rating: number
  score: number
  featured: boolean
  publishedOn: string
  publishAt: string
  scheduledAt: string
  lastReviewedAt: string
  metadata: Record<string, unknown>
  status: typeof ARTICLE_STATUSES[number]
  contactEmail: string
  internalNotes: string
}

export interface ArticleSeed extends ArticleScalars {
  published: boolean
  cover: number | null
  gallery: number[]
  author: number
  category: number
  tags: number[]
  /** Earlier articles only (drafts among them), so a loader can link them at creation. */
  related: number[]
  seo: SeoSeed
  blocks: BlockSeed[]
}

export interface IssueSeed {
  number: number
  title: string
  releaseDate: string
  published: boolean
  cover: number | null
  coverStory: number | null
  articles: number[]
}

export interface Dataset {
  scale: number
  files: FileSeed[]
  tags: TagSeed[]
  categories: CategorySeed[]
  authors: AuthorSeed[]
  articles: ArticleSeed[]
  issues: IssueSeed[]
}

export interface DatasetSize {
  publishedArticles: number
  draftArticles: number
  authors: number
  categories: number
  tags: number
  issues: number
  files: number
}

/** Scale 1: a handful of each; scale 100: 600 published articles, 40 authors, 12 categories, 60 tags, 10 issues. */
export function datasetSize (scale: number): DatasetSize {
  const publishedArticles = Math.max(4, Math.round(6 * scale))
  return {
    publishedArticles,
    draftArticles: Math.max(1, Math.round(publishedArticles / 20)),
    authors: Math.max(3, Math.round(0.4 * scale)),
    categories: Math.min(CATEGORY_NAMES.length, Math.max(3, Math.round(0.12 * scale))),
    tags: Math.min(ADJECTIVES.length * NOUNS.length, Math.max(5, Math.round(0.6 * scale))),
    issues: Math.max(2, Math.round(0.1 * scale)),
    files: Math.max(6, Math.round(0.5 * scale))
  }
}

const DAY_MS = 86_400_000
const EPOCH_2023 = Date.UTC(2023, 0, 1)

function isoDate (random: Random): string {
  return new Date(EPOCH_2023 + random.int(0, 700) * DAY_MS).toISOString().slice(0, 10)
}

function isoDateTime (random: Random): string {
  return new Date(EPOCH_2023 + random.int(0, 700 * 86_400) * 1000 + random.int(0, 999)).toISOString()
}

function clock (random: Random): string {
  const two = (value: number): string => String(value).padStart(2, '0')
  return `${two(random.int(0, 23))}:${two(random.int(0, 59))}:${two(random.int(0, 59))}`
}

function sentence (random: Random, words: number): string {
  return `${capitalise(random.words(TEXT_WORDS, words))}.`
}

function paragraphs (random: Random, count: number): string {
  return Array.from({ length: count }, () => Array.from({ length: 4 }, () => sentence(random, random.int(8, 14))).join(' ')).join('\n\n')
}

function tagName (index: number): string {
  return capitalise(`${ADJECTIVES[index % ADJECTIVES.length]!} ${NOUNS[Math.floor(index / ADJECTIVES.length) % NOUNS.length]!}`)
}

function optionalFile (random: Random, size: DatasetSize, probability: number): number | null {
  return random.chance(probability) ? random.int(0, size.files - 1) : null
}

function file (random: Random, index: number): FileSeed {
  const hash = `bench_${index}_${Math.floor(random.next() * 1e9).toString(36)}`
  const width = random.pick([640, 800, 1200, 1920])
  const height = Math.round(width * random.pick([0.5625, 0.75, 1]))
  return {
    name: `photo-${index + 1}.jpg`,
    alternativeText: `Photo ${index + 1}: ${random.words(TEXT_WORDS, 4)}`,
    caption: sentence(random, 6),
    width,
    height,
    formats: random.chance(0.6)
      ? { thumbnail: { name: `thumbnail_photo-${index + 1}.jpg`, width: 245, height: 156, url: `/uploads/thumbnail_${hash}.jpg` } }
      : null,
    hash,
    ext: '.jpg',
    mime: 'image/jpeg',
    size: random.int(2_000, 900_000) / 100,
    url: `/uploads/${hash}.jpg`,
    provider: 'local'
  }
}

function author (random: Random, index: number, size: DatasetSize): AuthorSeed {
  const first = FIRST_NAMES[index % FIRST_NAMES.length]!
  const last = LAST_NAMES[Math.floor(index / FIRST_NAMES.length + index) % LAST_NAMES.length]!
  const handle = `${first}.${last}.${index + 1}`.toLowerCase()
  return {
    name: `${first} ${last}`,
    email: `${handle}@example.com`,
    bio: sentence(random, 16),
    password: `secret-${Math.floor(random.next() * 1e9).toString(36)}`,
    avatar: optionalFile(random, size, 0.7),
    socialLinks: Array.from({ length: random.int(0, 2) }, (_, link) => ({ label: link === 0 ? 'Website' : 'Mastodon', url: `https://${handle}.example.org/${link}` }))
  }
}

function blocks (random: Random, index: number, size: DatasetSize): BlockSeed[] {
  return Array.from({ length: 3 }, (): BlockSeed => {
    const kind = random.int(0, index >= 2 ? 3 : 2)
    if (kind === 0) return { component: 'blocks.rich-text', body: paragraphs(random, 1) }
    if (kind === 1) return { component: 'blocks.quote', text: sentence(random, 12), attribution: random.pick(FIRST_NAMES) }
    if (kind === 2) return { component: 'blocks.media', caption: sentence(random, 5), file: optionalFile(random, size, 0.8) }
    return { component: 'blocks.related-articles', heading: 'Read next', articles: random.distinct(random.int(1, 3), index) }
  })
}

function article (random: Random, index: number, published: boolean, size: DatasetSize): ArticleSeed {
  const title = `The ${random.pick(ADJECTIVES)} ${random.pick(NOUNS)} of ${capitalise(random.pick(NOUNS))} ${random.pick(ADJECTIVES)}s`
  const excerpt = sentence(random, random.int(10, 18))
  const tags = random.distinct(random.int(2, 5), size.tags)
  return {
    title,
    slug: `${slugify(title)}-${index + 1}`,
    excerpt,
    body: paragraphs(random, random.int(2, 4)),
    readingTime: random.int(2, 40),
    views: String(random.int(0, 4_000_000) * 1_000_003),
    rating: random.int(0, 500) / 100,
    score: Math.round(random.next() * 1e6) / 1e3,
    featured: random.chance(0.15),
    publishedOn: isoDate(random),
    publishAt: clock(random),
    scheduledAt: isoDateTime(random),
    lastReviewedAt: isoDateTime(random),
    metadata: { source: 'benchmark', wordCount: random.int(300, 6000), languages: ['en'], flags: { syndicated: random.chance(0.3) } },
    status: random.pick(ARTICLE_STATUSES),
    contactEmail: `desk${random.int(1, 9)}@example.com`,
    internalNotes: 'Benchmark entry; private notes never leave the server.',
    published,
    cover: optionalFile(random, size, 0.85),
    gallery: random.distinct(random.int(0, 3), size.files),
    author: random.int(0, size.authors - 1),
    category: random.int(0, size.categories - 1),
    tags,
    related: index === 0 ? [] : random.distinct(random.int(0, 2), index),
    seo: {
      metaTitle: title.slice(0, 60),
      metaDescription: excerpt.slice(0, 160),
      keywords: tags.map(tagName).join(', ').toLowerCase(),
      shareImage: optionalFile(random, size, 0.5),
      openGraph: { ogTitle: title, ogDescription: excerpt, ogImage: optionalFile(random, size, 0.5) }
    },
    blocks: blocks(random, index, size)
  }
}

function issues (random: Random, size: DatasetSize, articles: ArticleSeed[]): IssueSeed[] {
  const publishedIndexes = articles.flatMap((entry, index) => entry.published ? [index] : [])
  const coverStories = random.distinct(size.issues, publishedIndexes.length).map(position => publishedIndexes[position]!)
  return Array.from({ length: size.issues }, (_, index) => ({
    number: index + 1,
    title: capitalise(random.pick(NOUNS)),
    releaseDate: new Date(Date.UTC(2023, index, 1)).toISOString().slice(0, 10),
    published: index < size.issues - 1,
    cover: optionalFile(random, size, 0.9),
    coverStory: coverStories[index] ?? null,
    articles: random.distinct(random.int(5, 10), articles.length)
  }))
}

export function generateDataset (scale: number, seed = 20_240_301): Dataset {
  const random = new Random(seed)
  const size = datasetSize(scale)
  const total = size.publishedArticles + size.draftArticles
  const draftEvery = Math.max(2, Math.floor(total / size.draftArticles))
  const articles = Array.from({ length: total }, (_, index) => article(random, index, index % draftEvery !== draftEvery - 1, size))
  return {
    scale,
    files: Array.from({ length: size.files }, (_, index) => file(random, index)),
    tags: Array.from({ length: size.tags }, (_, index) => ({ name: tagName(index) })),
    categories: CATEGORY_NAMES.slice(0, size.categories).map((name, index) => ({
      name,
      slug: slugify(name),
      description: sentence(random, 10),
      position: index + 1,
      parent: index >= 3 && random.chance(0.5) ? random.int(0, 2) : null
    })),
    authors: Array.from({ length: size.authors }, (_, index) => author(random, index, size)),
    articles,
    issues: issues(random, size, articles)
  }
}
