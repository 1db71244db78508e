/**
 * The values the scenarios need from the loaded dataset (ids, names, a filter that leaves
 * a third page), picked deterministically so every run asks the same questions.
 */
import type { ArticleSeed, Dataset } from './dataset.js'
import { idAt, idsAt } from './load/ids.js'
import type { LoadedIds } from './load/ids.js'

export interface FilterFixture {
  titleContains: string
  categories: string[]
  minReadingTime: number
  /** Matching published entries (for the log: page 3 of 10 needs more than 20). */
  expectedMatches: number
  /**
   * The `_q` of the search scenario: a fragment of titles that holds a space. No documentId
   * holds one, so its v5 twin (whose `_q` searches documentIds too, as Strapi 5's does) finds
   * the same entries as the v4 read.
   */
  searchTerm: string
}

export interface Fixture {
  /** A published article with nearly every populatable attribute set. */
  singleArticleId: number
  filter: FilterFixture
  /** Ids the create scenario links to. */
  create: { authors: number[], categories: number[], tags: number[], files: number[], articles: number[] }
  /** Published articles the update scenario changes round-robin, and categories it moves them to. */
  update: { articles: number[], categories: number[] }
}

function richness (dataset: Dataset, article: ArticleSeed, index: number): number {
  const author = dataset.authors[article.author]
  const checks = [
    article.cover !== null,
    article.gallery.length > 0,
    article.related.some(other => dataset.articles[other]?.published === true),
    article.seo.shareImage !== null,
    article.seo.openGraph.ogImage !== null,
    article.blocks.some(block => block.component === 'blocks.media' && block.file !== null),
    article.blocks.some(block => block.component === 'blocks.related-articles'),
    author?.avatar !== null && (author?.socialLinks.length ?? 0) > 0,
    dataset.categories[article.category]?.parent !== null,
    dataset.issues.some(issue => issue.published && issue.coverStory === index)
  ]
  return checks.filter(Boolean).length
}

function richestArticle (dataset: Dataset): number {
  let best = -1
  let bestScore = -1
  dataset.articles.forEach((article, index) => {
    if (!article.published) return
    const score = richness(dataset, article, index)
    if (score > bestScore) {
      best = index
      bestScore = score
    }
  })
  return best
}

function chooseFilter (dataset: Dataset): FilterFixture {
  const categories = dataset.categories.slice(0, 4).map(category => category.name)
  const minReadingTime = 15
  const matches = (text: string): number => dataset.articles.filter(article =>
    article.published &&
    article.title.toLowerCase().includes(text) &&
    categories.includes(dataset.categories[article.category]?.name ?? '') &&
    (article.featured || article.readingTime >= minReadingTime)).length
  // The most selective substring that still leaves a third page of ten.
  const candidates = ['ar', 'an', 'er', 'ri', 'on', 'e']
  const titleContains = candidates.find(text => matches(text) > 25) ?? 'e'
  const published = dataset.articles.filter(article => article.published)
  const searchCandidates = ['r of', 'e of', 'n of', 't of', ' of ']
  const searchTerm = searchCandidates.find(text => published.filter(article => article.title.toLowerCase().includes(text)).length > 25) ?? ' of '
  return { titleContains, categories, minReadingTime, expectedMatches: matches(titleContains), searchTerm }
}

export function pickFixture (dataset: Dataset, ids: LoadedIds): Fixture {
  const publishedIds = dataset.articles.flatMap((article, index) => article.published ? [idAt(ids.articles, index, 'article')] : [])
  return {
    singleArticleId: idAt(ids.articles, richestArticle(dataset), 'article'),
    filter: chooseFilter(dataset),
    create: {
      authors: ids.authors,
      categories: ids.categories,
      tags: ids.tags,
      files: ids.files,
      articles: idsAt(ids.articles, dataset.articles.map((_, index) => index), 'article')
    },
    update: { articles: publishedIds, categories: ids.categories }
  }
}
