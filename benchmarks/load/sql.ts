/**
 * The fallback loader: the dataset as direct INSERTs with explicit ids (entry at index i
 * gets id i + 1), written against the tables the plugin created. Link rows get `ord` in
 * the order written and `inv_ord` in creation order per target, like a client writing
 * the entries one by one.
 */
import type pg from 'pg'
import type { ArticleSeed, AuthorSeed, BlockSeed, CategorySeed, Dataset, IssueSeed } from '../dataset.js'
import type { LoadedIds } from './ids.js'
import { insertFiles } from './files.js'
import { insertRows, syncIdSequence } from './insert-rows.js'
import type { SqlValue } from './insert-rows.js'

/** Rows of one statement per table, flushed at the end. */
class PendingRows {
  readonly #tables = new Map<string, { columns: readonly string[], rows: SqlValue[][] }>()
  readonly #nextId = new Map<string, number>()
  readonly #inverseOrder = new Map<string, number>()

  /** A row of a table with its own id sequence (components); answers the new id. */
  component (table: string, columns: readonly string[], values: SqlValue[]): number {
    const id = (this.#nextId.get(table) ?? 0) + 1
    this.#nextId.set(table, id)
    this.row(table, ['id', ...columns], [id, ...values])
    return id
  }

  link (table: string, owner: number, target: number, ord: number): void {
    const key = `${table}:${target}`
    const inverse = (this.#inverseOrder.get(key) ?? 0) + 1
    this.#inverseOrder.set(key, inverse)
    this.row(table, ['owner_id', 'target_id', 'ord', 'inv_ord'], [owner, target, ord, inverse])
  }

  links (table: string, owner: number, targets: readonly number[]): void {
    targets.forEach((target, position) => { this.link(table, owner, target, position + 1) })
  }

  row (table: string, columns: readonly string[], values: SqlValue[]): void {
    let pending = this.#tables.get(table)
    if (pending === undefined) {
      pending = { columns, rows: [] }
      this.#tables.set(table, pending)
    }
    pending.rows.push(values)
  }

  async flush (client: pg.ClientBase): Promise<void> {
    for (const [table, { columns, rows }] of this.#tables) await insertRows(client, table, columns, rows)
    for (const table of this.#nextId.keys()) await syncIdSequence(client, table)
  }
}

const oneBased = (count: number): number[] => Array.from({ length: count }, (_, index) => index + 1)

function writeCategories (pending: PendingRows, categories: readonly CategorySeed[], now: string): void {
  categories.forEach((category, index) => {
    pending.row('categories', ['id', 'name', 'slug', 'description', 'position', 'created_at', 'updated_at'],
      [index + 1, category.name, category.slug, category.description, category.position, now, now])
    if (category.parent !== null) pending.link('categories_parent_lnk', index + 1, category.parent + 1, 1)
  })
}

function writeAuthors (pending: PendingRows, authors: readonly AuthorSeed[], now: string): void {
  authors.forEach((author, index) => {
    const id = index + 1
    pending.row('authors', ['id', 'name', 'email', 'bio', 'password', 'created_at', 'updated_at'],
      [id, author.name, author.email, author.bio, author.password, now, now])
    if (author.avatar !== null) pending.link('authors_avatar_lnk', id, author.avatar + 1, 1)
    author.socialLinks.forEach((link, position) => {
      const linkId = pending.component('components_shared_links', ['label', 'url'], [link.label, link.url])
      pending.link('authors_social_links_lnk', id, linkId, position + 1)
    })
  })
}

const ARTICLE_COLUMNS = [
  'id', 'title', 'slug', 'excerpt', 'body', 'reading_time', 'views', 'rating', 'score', 'featured', 'published_on',
  'publish_at', 'scheduled_at', 'last_reviewed_at', 'metadata', 'status', 'contact_email', 'internal_notes',
  'created_at', 'updated_at', 'published_at'
] as const

function writeBlock (pending: PendingRows, articleId: number, block: BlockSeed, ord: number): void {
  switch (block.component) {
    case 'blocks.rich-text': {
      const id = pending.component('components_blocks_rich_texts', ['body'], [block.body])
      pending.link('articles_blocks_blocks_rich_text_lnk', articleId, id, ord)
      return
    }
    case 'blocks.quote': {
      const id = pending.component('components_blocks_quotes', ['text', 'attribution'], [block.text, block.attribution])
      pending.link('articles_blocks_blocks_quote_lnk', articleId, id, ord)
      return
    }
    case 'blocks.media': {
      const id = pending.component('components_blocks_media', ['caption'], [block.caption])
      pending.link('articles_blocks_blocks_media_lnk', articleId, id, ord)
      if (block.file !== null) pending.link('components_blocks_media_file_lnk', id, block.file + 1, 1)
      return
    }
    case 'blocks.related-articles': {
      const id = pending.component('components_blocks_related_articles', ['heading'], [block.heading])
      pending.link('articles_blocks_blocks_related_articles_lnk', articleId, id, ord)
      pending.links('components_blocks_related_articles_articles_lnk', id, block.articles.map(index => index + 1))
    }
  }
}

function writeArticle (pending: PendingRows, article: ArticleSeed, id: number, now: string): void {
  pending.row('articles', ARTICLE_COLUMNS, [
    id, article.title, article.slug, article.excerpt, article.body, article.readingTime, article.views, article.rating,
    article.score, article.featured, article.publishedOn, article.publishAt, article.scheduledAt, article.lastReviewedAt,
    JSON.stringify(article.metadata), article.status, article.contactEmail, article.internalNotes, now, now,
    article.published ? now : null
  ])
  if (article.cover !== null) pending.link('articles_cover_lnk', id, article.cover + 1, 1)
  pending.links('articles_gallery_lnk', id, article.gallery.map(index => index + 1))
  pending.link('articles_author_lnk', id, article.author + 1, 1)
  pending.link('articles_category_lnk', id, article.category + 1, 1)
  pending.links('articles_tags_lnk', id, article.tags.map(index => index + 1))
  pending.links('articles_related_lnk', id, article.related.map(index => index + 1))
  const { seo } = article
  const seoId = pending.component('components_shared_seos', ['meta_title', 'meta_description', 'keywords'], [seo.metaTitle, seo.metaDescription, seo.keywords])
  pending.link('articles_seo_lnk', id, seoId, 1)
  if (seo.shareImage !== null) pending.link('components_shared_seos_share_image_lnk', seoId, seo.shareImage + 1, 1)
  const ogId = pending.component('components_shared_open_graphs', ['og_title', 'og_description'], [seo.openGraph.ogTitle, seo.openGraph.ogDescription])
  pending.link('components_shared_seos_open_graph_lnk', seoId, ogId, 1)
  if (seo.openGraph.ogImage !== null) pending.link('components_shared_open_graphs_og_image_lnk', ogId, seo.openGraph.ogImage + 1, 1)
  article.blocks.forEach((block, position) => { writeBlock(pending, id, block, position + 1) })
}

function writeIssues (pending: PendingRows, issues: readonly IssueSeed[], now: string): void {
  issues.forEach((issue, index) => {
    const id = index + 1
    pending.row('issues', ['id', 'number', 'title', 'release_date', 'created_at', 'updated_at', 'published_at'],
      [id, issue.number, issue.title, issue.releaseDate, now, now, issue.published ? now : null])
    if (issue.cover !== null) pending.link('issues_cover_lnk', id, issue.cover + 1, 1)
    if (issue.coverStory !== null) pending.link('issues_cover_story_lnk', id, issue.coverStory + 1, 1)
    pending.links('issues_articles_lnk', id, issue.articles.map(position => position + 1))
  })
}

export async function loadWithSql (client: pg.ClientBase, dataset: Dataset): Promise<LoadedIds> {
  const now = new Date().toISOString()
  await client.query('begin')
  try {
    const files = await insertFiles(client, dataset.files)
    const pending = new PendingRows()
    dataset.tags.forEach((tag, index) => { pending.row('tags', ['id', 'name', 'created_at', 'updated_at'], [index + 1, tag.name, now, now]) })
    writeCategories(pending, dataset.categories, now)
    writeAuthors(pending, dataset.authors, now)
    dataset.articles.forEach((article, index) => { writeArticle(pending, article, index + 1, now) })
    writeIssues(pending, dataset.issues, now)
    await pending.flush(client)
    for (const table of ['tags', 'categories', 'authors', 'articles', 'issues']) await syncIdSequence(client, table)
    await client.query('commit')
    return {
      files,
      tags: oneBased(dataset.tags.length),
      categories: oneBased(dataset.categories.length),
      authors: oneBased(dataset.authors.length),
      articles: oneBased(dataset.articles.length),
      issues: oneBased(dataset.issues.length)
    }
  } catch (error) {
    await client.query('rollback')
    throw error
  }
}
