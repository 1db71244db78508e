/**
 * The ceiling's delete: one statement that answers the article as it was (default fields,
 * as the plugin answers a DELETE) and removes it with every component row nested in it,
 * leaving the rows the plugin's delete leaves. Link rows go by the foreign keys' cascade.
 */
import type { CeilingQuery } from './reads.js'
import { WRITTEN_ENTRY } from './writes.js'

/** Every CTE reads the rows as they were when the statement began, so `a` is the article before its deletion. */
const DELETE_SQL = `with a as (select * from articles where id = $1),
  seo as (select target_id as id from articles_seo_lnk where owner_id = $1),
  og as (delete from components_shared_open_graphs where id in (
    select target_id from components_shared_seos_open_graph_lnk where owner_id in (select id from seo))),
  seo_rows as (delete from components_shared_seos where id in (select id from seo)),
  quotes as (delete from components_blocks_quotes where id in (select target_id from articles_blocks_blocks_quote_lnk where owner_id = $1)),
  rich as (delete from components_blocks_rich_texts where id in (select target_id from articles_blocks_blocks_rich_text_lnk where owner_id = $1)),
  media as (delete from components_blocks_media where id in (select target_id from articles_blocks_blocks_media_lnk where owner_id = $1)),
  related as (delete from components_blocks_related_articles where id in (
    select target_id from articles_blocks_blocks_related_articles_lnk where owner_id = $1)),
  gone as (delete from articles where id = $1)
  ${WRITTEN_ENTRY}`

export function deleteStatement (id: number): CeilingQuery {
  return { sql: DELETE_SQL, params: [id] }
}
