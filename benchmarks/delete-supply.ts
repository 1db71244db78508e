/**
 * The articles the `delete` scenario deletes: inserted just before it runs (it is the last
 * scenario, so no read sees them), each like a created one in miniature: the scalars, an
 * author, a category, two tags, a cover, an SEO component with its Open Graph component and
 * one quote in the zone. One INSERT statement for all of them; every request of every
 * server takes the next id, so no id is deleted twice.
 */
import type { Fixture } from './fixture.js'
import { withClient } from './database.js'

/** The inverse position of a link appended to the end of a list (as the plugin writes it). */
const APPENDED = 2147483647

const SUPPLY_SQL = `with g as (
    select g, nextval(pg_get_serial_sequence('articles', 'id')) as id,
      nextval(pg_get_serial_sequence('components_shared_seos', 'id')) as seo,
      nextval(pg_get_serial_sequence('components_shared_open_graphs', 'id')) as og,
      nextval(pg_get_serial_sequence('components_blocks_quotes', 'id')) as quote
    from generate_series(1, $1::int) g),
  a as (insert into articles (id, title, slug, excerpt, body, reading_time, views, rating, score, featured, published_on, publish_at,
      scheduled_at, last_reviewed_at, metadata, status, contact_email, internal_notes, created_at, updated_at, published_at)
    select id, 'Delete supply ' || g, 'delete-supply-' || g, 'To be deleted by the benchmark.', 'Body.', 3, 1000000000000, 2.5, 0.125,
      false, date '2024-05-01', time '08:30:00', timestamptz '2024-05-01T08:30:00.250Z', timestamptz '2024-04-28T17:05:10Z',
      '{"source":"benchmark"}'::jsonb, 'in-review', 'desk@example.com', 'deleted by the benchmark', now(), now(), now() from g),
  author as (insert into articles_author_lnk (owner_id, target_id, ord, inv_ord) select id, $2::int, 1, ${APPENDED} from g),
  category as (insert into articles_category_lnk (owner_id, target_id, ord, inv_ord) select id, $3::int, 1, ${APPENDED} from g),
  tags as (insert into articles_tags_lnk (owner_id, target_id, ord, inv_ord)
    select id, t.tag, t.position, ${APPENDED} from g, unnest($4::int[]) with ordinality as t(tag, position)),
  cover as (insert into articles_cover_lnk (owner_id, target_id, ord, inv_ord) select id, $5::int, 1, ${APPENDED} from g),
  seo as (insert into components_shared_seos (id, meta_title, meta_description, keywords) select seo, 'Delete supply ' || g, 'Gone soon.', 'delete' from g),
  seo_link as (insert into articles_seo_lnk (owner_id, target_id, ord, inv_ord) select id, seo, 1, 1 from g),
  og as (insert into components_shared_open_graphs (id, og_title, og_description) select og, 'Delete supply ' || g, 'Gone soon.' from g),
  og_link as (insert into components_shared_seos_open_graph_lnk (owner_id, target_id, ord, inv_ord) select seo, og, 1, 1 from g),
  quote as (insert into components_blocks_quotes (id, text, attribution) select quote, 'Here today.', 'The benchmark' from g),
  quote_link as (insert into articles_blocks_blocks_quote_lnk (owner_id, target_id, ord, inv_ord) select id, quote, 1, 1 from g)
  select array_agg(id::int order by id) as ids from g`

/** The tables a delete empties rows of, counted by the answer check. */
const COUNTED_TABLES = [
  'articles', 'articles_author_lnk', 'articles_category_lnk', 'articles_tags_lnk', 'articles_cover_lnk', 'articles_seo_lnk',
  'components_shared_seos', 'components_shared_seos_open_graph_lnk', 'components_shared_open_graphs',
  'components_blocks_quotes', 'articles_blocks_blocks_quote_lnk'
]

export class DeleteSupply {
  readonly #url: string
  #ids: number[] = []
  #next = 0

  constructor (url: string) {
    this.#url = url
  }

  /** Inserts `count` articles to delete. */
  async fill (fixture: Fixture, count: number): Promise<void> {
    const { create } = fixture
    const row = await withClient(this.#url, async client => (await client.query<{ ids: number[] | null }>(SUPPLY_SQL,
      [count, create.authors[0], create.categories[0], create.tags.slice(0, 2), create.files[0]])).rows[0])
    if (row?.ids === null || row?.ids === undefined) throw new Error('delete supply: nothing inserted')
    this.#ids = row.ids
    this.#next = 0
  }

  /** The next article to delete; past the end of the supply, ids that no longer exist (404s, counted as non-2xx). */
  take (): number {
    const id = this.#ids[this.#next] ?? (this.#ids.at(-1) ?? 0) + 1 + this.#next
    this.#next++
    return id
  }

  get left (): number {
    return Math.max(0, this.#ids.length - this.#next)
  }

  /** Rows per table of the article's tree. */
  async rowCounts (): Promise<Record<string, number>> {
    return await withClient(this.#url, async client => {
      const sql = COUNTED_TABLES.map(table => `select '${table}' as name, count(*)::int as n from ${table}`).join(' union all ')
      const { rows } = await client.query<{ name: string, n: number }>(sql)
      return Object.fromEntries(rows.map(row => [row.name, row.n]))
    })
  }
}
