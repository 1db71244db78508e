/**
 * The ceiling's writes: hand-written INSERT/UPDATE statements that leave the same rows as
 * the plugin's write path, each one statement (data-modifying CTEs, so one implicit
 * transaction and one round trip), answering the written entry like the plugin does.
 */
import { slugify } from '../vocabulary.js'
import { articleAttributes, entry } from './fragments.js'
import type { CeilingQuery } from './reads.js'
import type { ArticleScalars } from '../dataset.js'

/** The create scenario's body (`scenarios.ts#createBody`); the ceiling trusts its shape. */
interface CreateInput extends Omit<ArticleScalars, 'slug'> {
  author: number
  category: number
  tags: number[]
  cover: number
  seo: { metaTitle: string, metaDescription: string, keywords: string, openGraph: { ogTitle: string, ogDescription: string } }
  blocks: [{ body: string }, { text: string, attribution: string }, { heading: string, articles: number[] }]
}

interface UpdateInput {
  excerpt: string
  rating: number
  featured: boolean
  category: number
}

/**
 * The answer to a write: the article row `a` as `{ data, meta }`. Exported for the stepwise
 * ceiling (stepwise/), whose re-read must answer exactly what this one answers.
 */
export const WRITTEN_ENTRY = `select json_build_object('data', ${entry('a', articleAttributes('a'), true)}, 'meta', '{}'::json)::text as body from a`

/** The inverse position of a link appended to the end of a list: the largest int4. */
export const APPENDED_POSITION = 2147483647

/**
 * Appends a link row at the end of the target's inverse order as the plugin does: at the
 * largest position, which reads order by position then link id, without reading the list.
 */
function linkTo (table: string, owner: string, target: string, ord: string): string {
  return `insert into ${table} (owner_id, target_id, ord, inv_ord)
    select ${owner}, ${target}, ${ord}, ${APPENDED_POSITION}`
}

const CREATE_SQL = `with a as (
    insert into articles (title, slug, excerpt, body, reading_time, views, rating, score, featured, published_on, publish_at,
      scheduled_at, last_reviewed_at, metadata, status, contact_email, internal_notes, created_at, updated_at, published_at)
    values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, now(), now(), now())
    returning *),
  author_link as (${linkTo('articles_author_lnk', 'a.id', '$18::int', '1')} from a),
  category_link as (${linkTo('articles_category_lnk', 'a.id', '$19::int', '1')} from a),
  tag_links as (${linkTo('articles_tags_lnk', 'a.id', 't.tag', 't.position')} from a, unnest($20::int[]) with ordinality as t(tag, position)),
  cover_link as (${linkTo('articles_cover_lnk', 'a.id', '$21::int', '1')} from a),
  seo as (insert into components_shared_seos (meta_title, meta_description, keywords) values ($22, $23, $24) returning id),
  seo_link as (insert into articles_seo_lnk (owner_id, target_id, ord, inv_ord) select a.id, seo.id, 1, 1 from a, seo),
  og as (insert into components_shared_open_graphs (og_title, og_description) values ($25, $26) returning id),
  og_link as (insert into components_shared_seos_open_graph_lnk (owner_id, target_id, ord, inv_ord) select seo.id, og.id, 1, 1 from seo, og),
  rich as (insert into components_blocks_rich_texts (body) values ($27) returning id),
  rich_link as (insert into articles_blocks_blocks_rich_text_lnk (owner_id, target_id, ord, inv_ord) select a.id, rich.id, 1, 1 from a, rich),
  quote as (insert into components_blocks_quotes (text, attribution) values ($28, $29) returning id),
  quote_link as (insert into articles_blocks_blocks_quote_lnk (owner_id, target_id, ord, inv_ord) select a.id, quote.id, 2, 1 from a, quote),
  related as (insert into components_blocks_related_articles (heading) values ($30) returning id),
  related_link as (insert into articles_blocks_blocks_related_articles_lnk (owner_id, target_id, ord, inv_ord) select a.id, related.id, 3, 1 from a, related),
  related_articles as (${linkTo('components_blocks_related_articles_articles_lnk', 'related.id', 'r.article', 'r.position')}
    from related, unnest($31::int[]) with ordinality as r(article, position))
  ${WRITTEN_ENTRY}`

export function createStatement (input: CreateInput): CeilingQuery {
  const [rich, quote, related] = input.blocks
  return {
    sql: CREATE_SQL,
    params: [
      input.title, slugify(input.title), input.excerpt, input.body, input.readingTime, input.views, input.rating, input.score,
      input.featured, input.publishedOn, input.publishAt, input.scheduledAt, input.lastReviewedAt, JSON.stringify(input.metadata),
      input.status, input.contactEmail, input.internalNotes, input.author, input.category, input.tags, input.cover,
      input.seo.metaTitle, input.seo.metaDescription, input.seo.keywords, input.seo.openGraph.ogTitle, input.seo.openGraph.ogDescription,
      rich.body, quote.text, quote.attribution, related.heading, related.articles
    ]
  }
}

/** Moving to another category appends the article to that category's inverse order; the same category is left as is. */
const UPDATE_SQL = `with a as (
    update articles set excerpt = $2, rating = $3, featured = $4, updated_at = now() where id = $1 returning *),
  category_link as (
    ${linkTo('articles_category_lnk', 'a.id', '$5::int', '1')} from a
    on conflict (owner_id) do update set target_id = excluded.target_id, inv_ord = excluded.inv_ord
    where articles_category_lnk.target_id <> excluded.target_id)
  ${WRITTEN_ENTRY}`

export function updateStatement (id: number, input: UpdateInput): CeilingQuery {
  return { sql: UPDATE_SQL, params: [id, input.excerpt, input.rating, input.featured, input.category] }
}

export type { CreateInput, UpdateInput }
