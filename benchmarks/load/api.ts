/**
 * The preferred loader: every entry is created through the plugin's REST API
 * (`app.inject` POSTs with relations, media, components and zone items), so loading is
 * also a workout of the write path. Only file rows are inserted directly.
 */
import type { FastifyInstance } from 'fastify'
import type pg from 'pg'
import type { ArticleSeed, AuthorSeed, BlockSeed, CategorySeed, Dataset, IssueSeed } from '../dataset.js'
import { idAt, idsAt } from './ids.js'
import type { LoadedIds } from './ids.js'
import { insertFiles } from './files.js'

type Body = Record<string, unknown>

async function create (app: FastifyInstance, plural: string, data: Body): Promise<number> {
  const response = await app.inject({ method: 'POST', url: `/api/${plural}`, payload: { data } })
  if (response.statusCode !== 200 && response.statusCode !== 201) {
    throw new Error(`dataset: POST /api/${plural} answered ${response.statusCode}: ${response.body.slice(0, 2000)}`)
  }
  const id = (response.json() as { data?: { id?: unknown } }).data?.id
  if (typeof id !== 'number') throw new Error(`dataset: POST /api/${plural} answered without data.id: ${response.body.slice(0, 500)}`)
  return id
}

function withOptional (body: Body, key: string, id: number | null): Body {
  return id === null ? body : { ...body, [key]: id }
}

function categoryBody (category: CategorySeed, ids: LoadedIds): Body {
  const { parent, ...scalars } = category
  return withOptional(scalars, 'parent', parent === null ? null : idAt(ids.categories, parent, 'category'))
}

function authorBody (author: AuthorSeed, ids: LoadedIds): Body {
  const { avatar, ...rest } = author
  return withOptional(rest, 'avatar', avatar === null ? null : idAt(ids.files, avatar, 'file'))
}

function blockBody (block: BlockSeed, ids: LoadedIds): Body {
  const { component, ...fields } = block
  if (block.component === 'blocks.media') {
    return withOptional({ __component: component, caption: block.caption }, 'file', block.file === null ? null : idAt(ids.files, block.file, 'file'))
  }
  if (block.component === 'blocks.related-articles') {
    return { __component: component, heading: block.heading, articles: idsAt(ids.articles, block.articles, 'article') }
  }
  return { __component: component, ...fields }
}

export function articleBody (article: ArticleSeed, ids: LoadedIds): Body {
  const { published, cover, gallery, author, category, tags, related, seo, blocks, ...scalars } = article
  const file = (index: number | null): number | null => index === null ? null : idAt(ids.files, index, 'file')
  const body: Body = {
    ...scalars,
    gallery: idsAt(ids.files, gallery, 'file'),
    author: idAt(ids.authors, author, 'author'),
    category: idAt(ids.categories, category, 'category'),
    tags: idsAt(ids.tags, tags, 'tag'),
    related: idsAt(ids.articles, related, 'article'),
    seo: withOptional({
      metaTitle: seo.metaTitle,
      metaDescription: seo.metaDescription,
      keywords: seo.keywords,
      openGraph: withOptional({ ogTitle: seo.openGraph.ogTitle, ogDescription: seo.openGraph.ogDescription }, 'ogImage', file(seo.openGraph.ogImage))
    }, 'shareImage', file(seo.shareImage)),
    blocks: blocks.map(block => blockBody(block, ids))
  }
  if (!published) body.publishedAt = null
  return withOptional(body, 'cover', file(cover))
}

function issueBody (issue: IssueSeed, ids: LoadedIds): Body {
  const { published, cover, coverStory, articles, ...scalars } = issue
  const body: Body = { ...scalars, articles: idsAt(ids.articles, articles, 'article') }
  if (!published) body.publishedAt = null
  if (coverStory !== null) body.coverStory = idAt(ids.articles, coverStory, 'article')
  return withOptional(body, 'cover', cover === null ? null : idAt(ids.files, cover, 'file'))
}

export async function loadWithApi (app: FastifyInstance, client: pg.ClientBase, dataset: Dataset): Promise<LoadedIds> {
  const ids: LoadedIds = { files: await insertFiles(client, dataset.files), tags: [], categories: [], authors: [], articles: [], issues: [] }
  for (const tag of dataset.tags) ids.tags.push(await create(app, 'tags', { ...tag }))
  for (const category of dataset.categories) ids.categories.push(await create(app, 'categories', categoryBody(category, ids)))
  for (const author of dataset.authors) ids.authors.push(await create(app, 'authors', authorBody(author, ids)))
  for (const article of dataset.articles) ids.articles.push(await create(app, 'articles', articleBody(article, ids)))
  for (const issue of dataset.issues) ids.issues.push(await create(app, 'issues', issueBody(issue, ids)))
  return ids
}
