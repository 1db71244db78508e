/**
 * The create scenario as the plugin sends it (plugin/repository/write/; print its
 * statements with `WRITE_SQL=1 npm test -- test/integration/write/statements.test.ts`), but
 * written by hand: begin, ONE union-all read of the facts the plugin's checks need, one
 * INSERT per table in the order its unit of work flushes them (the five component tables,
 * then the article), every link row in ONE INSERT, commit; then the re-read of the entry.
 * Eleven statements, eleven round trips, against the one-statement ceiling's one.
 *
 * Nothing is checked in Node: the facts are read and ignored, the body goes in as sent. The
 * rows left and the answer are the one-statement ceiling's (ceiling/writes.ts), link
 * positions included, so the runner's create check holds for this server too.
 */
import type pg from 'pg'
import type { CreateInput } from '../ceiling/writes.js'
import { APPENDED_POSITION } from '../ceiling/writes.js'
import { slugify } from '../vocabulary.js'
import { reread } from './reread.js'
import type { Statement, StatementSender } from './statements.js'

/** As many as the plugin probes by index (write/facts). */
const UID_CANDIDATES = 16

/**
 * The plugin's fact statement for this body: the slug and its first `-n` variants by index,
 * the rest by LIKE only when all of those are taken (a generated uid, see the plugin's
 * write/facts), then every id the body links to (files with their mime type). The same
 * five columns.
 */
const FACTS: Statement = {
  name: 'stepwise-create-facts',
  text: `select 0 as question, null::int as id, null::int as other, null::int as position, slug::text as value from articles where slug = any($1::text[])
    union all select 1, null, null, null, slug::text from articles where (select count(*) from articles where slug = any($1::text[])) = ${UID_CANDIDATES} and slug like $2
    union all select 1, id, null, null, null from authors where id = any($3::int[])
    union all select 2, id, null, null, null from categories where id = any($4::int[])
    union all select 3, id, null, null, null from tags where id = any($5::int[])
    union all select 4, id, null, null, null from articles where id = any($6::int[])
    union all select 5, id, null, null, mime::text from files where id = any($7::int[])`
}

const insert = (name: string, table: string, columns: string[]): Statement => ({
  name: `stepwise-insert-${name}`,
  text: `insert into ${table} (${columns.join(', ')}) values (${columns.map((_, index) => `$${index + 1}`).join(', ')}) returning id`
})

/** In the unit of work's order: component rows first (the article's links need their ids), deepest first. */
const RELATED = insert('related', 'components_blocks_related_articles', ['heading'])
const QUOTE = insert('quote', 'components_blocks_quotes', ['text', 'attribution'])
const RICH = insert('rich', 'components_blocks_rich_texts', ['body'])
const OPEN_GRAPH = insert('open-graph', 'components_shared_open_graphs', ['og_title', 'og_description'])
const SEO = insert('seo', 'components_shared_seos', ['meta_title', 'meta_description', 'keywords'])

const ARTICLE: Statement = {
  name: 'stepwise-insert-article',
  text: `insert into articles (title, slug, excerpt, body, reading_time, views, rating, score, featured, published_on, publish_at,
      scheduled_at, last_reviewed_at, metadata, status, contact_email, internal_notes, created_at, updated_at, published_at)
    values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, now(), now(), now())
    returning id`
}

const link = (table: string, rows: string): string => `insert into ${table} (owner_id, target_id, ord, inv_ord) ${rows}`

/**
 * Every link row in one statement, as the plugin's PendingLinkRows sends them: $1 the
 * article, $6 the seo row, $10 the related-articles item. Positions as the ceiling's.
 */
const LINKS: Statement = {
  name: 'stepwise-insert-links',
  text: `with author_link as (${link('articles_author_lnk', `values ($1, $2, 1, ${APPENDED_POSITION})`)}),
    category_link as (${link('articles_category_lnk', `values ($1, $3, 1, ${APPENDED_POSITION})`)}),
    tag_links as (${link('articles_tags_lnk', `select $1::int, t.tag, t.position, ${APPENDED_POSITION} from unnest($4::int[]) with ordinality as t(tag, position)`)}),
    cover_link as (${link('articles_cover_lnk', `values ($1, $5, 1, ${APPENDED_POSITION})`)}),
    seo_link as (${link('articles_seo_lnk', 'values ($1, $6, 1, 1)')}),
    og_link as (${link('components_shared_seos_open_graph_lnk', 'values ($6, $7, 1, 1)')}),
    rich_link as (${link('articles_blocks_blocks_rich_text_lnk', 'values ($1, $8, 1, 1)')}),
    quote_link as (${link('articles_blocks_blocks_quote_lnk', 'values ($1, $9, 2, 1)')}),
    related_link as (${link('articles_blocks_blocks_related_articles_lnk', 'values ($1, $10, 3, 1)')})
  ${link('components_blocks_related_articles_articles_lnk', `select $10::int, r.article, r.position, ${APPENDED_POSITION} from unnest($11::int[]) with ordinality as r(article, position)`)}`
}

type IdRow = { id: number }

async function insertId (sender: StatementSender, client: pg.PoolClient, statement: Statement, values: unknown[]): Promise<number> {
  const id = (await sender.send<IdRow>(client, statement, values)).rows[0]?.id
  if (id === undefined) throw new Error(`${statement.name}: no id returned`)
  return id
}

/** Creates the article of `input` statement by statement and answers its JSON body. */
export async function createStepwise (pool: pg.Pool, sender: StatementSender, input: CreateInput): Promise<string> {
  const [rich, quote, related] = input.blocks
  const slug = slugify(input.title)
  const id = await sender.transaction(pool, async client => {
    const candidates = [slug, ...Array.from({ length: UID_CANDIDATES - 1 }, (_, n) => `${slug}-${n + 1}`)]
    await sender.send(client, FACTS, [candidates, `${slug}-%`, [input.author], [input.category], input.tags, related.articles, [input.cover]])
    const relatedId = await insertId(sender, client, RELATED, [related.heading])
    const quoteId = await insertId(sender, client, QUOTE, [quote.text, quote.attribution])
    const richId = await insertId(sender, client, RICH, [rich.body])
    const openGraphId = await insertId(sender, client, OPEN_GRAPH, [input.seo.openGraph.ogTitle, input.seo.openGraph.ogDescription])
    const seoId = await insertId(sender, client, SEO, [input.seo.metaTitle, input.seo.metaDescription, input.seo.keywords])
    const articleId = await insertId(sender, client, ARTICLE, [
      input.title, slug, input.excerpt, input.body, input.readingTime, input.views, input.rating, input.score, input.featured,
      input.publishedOn, input.publishAt, input.scheduledAt, input.lastReviewedAt, JSON.stringify(input.metadata), input.status,
      input.contactEmail, input.internalNotes
    ])
    await sender.send(client, LINKS, [articleId, input.author, input.category, input.tags, input.cover, seoId, openGraphId, richId, quoteId, relatedId, related.articles])
    return articleId
  })
  const body = await reread(pool, sender, id)
  if (body === null) throw new Error(`stepwise create: article ${id} not found after commit`)
  return body
}
