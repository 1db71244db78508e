/**
 * The ceiling's set-based reads, written by hand like `reads.ts` and giving the
 * same answers: the page's 25 articles are a CTE, and each populated relation, media field,
 * component or zone is read ONCE for the whole page — its link rows for every id of the page
 * (`owner_id = any(array(…))`), one JSON value per owner (`json_agg … group by owner`),
 * joined back to the page. A to-one reached from such a row is a plain left join. This is
 * the best shape found for these answers; `reads.ts` keeps the correlated one (one subquery
 * per entry and relation), measured as the "correlated ceiling".
 */
import type { CeilingQuery } from './reads.js'
import {
  articleAttributes, authorAttributes, categoryAttributes, entry, fileAttributes, isoDate,
  issueAttributes, listEnvelope, tagAttributes
} from './fragments.js'

const PAGE = 'page as (select * from articles where published_at is not null order by id limit 25)'
const PAGE_IDS = 'array(select id from page)'
const PUBLISHED_COUNT = 'select count(*)::int as total from articles where published_at is not null'

/** `{ data: <entry> }` of a to-one reached by a left join: null when the join found nothing. */
function joinedOne (alias: string, entryJson: string): string {
  return `json_build_object('data', case when ${alias}.id is null then null else ${entryJson} end)`
}

interface PerOwner {
  /** CTE name; its columns are `o` (the owner's id) and `v` (the JSON value). */
  name: string
  sql: string
  /** The value for an owner with no row. */
  empty: string
}

/** One file per owner through a single-media link table. */
function singleFileOf (name: string, table: string, owners: string): PerOwner {
  return {
    name,
    sql: `select l.owner_id as o, json_build_object('data', ${entry('f', fileAttributes('f'))}) as v
      from ${table} l join files f on f.id = l.target_id where l.owner_id = any(${owners})`,
    empty: 'json_build_object(\'data\', null)'
  }
}

/** A to-many link's targets per owner, as `{ data: [...] }`. */
function manyOf (name: string, entryJson: string, from: string, owner: string, orderBy: string): PerOwner {
  return {
    name,
    sql: `select ${owner} as o, json_build_object('data', json_agg(${entryJson} order by ${orderBy})) as v ${from} group by ${owner}`,
    empty: 'json_build_object(\'data\', \'[]\'::json)'
  }
}

/** The page's entries, each with the per-owner values joined by article id as extra attributes. */
function pageOf (options: { values: Array<[string, PerOwner]>, attributes: (a: string, extra: string) => string, params: unknown[], ctes?: string[] }): CeilingQuery {
  const { values, attributes } = options
  const ctes = [PAGE, ...(options.ctes ?? []), ...values.map(([, value]) => `${value.name} as (${value.sql})`)]
  const joins = values.map(([, value]) => `left join ${value.name} on ${value.name}.o = a.id`).join(' ')
  const extra = values.map(([key, value]) => `, '${key}', coalesce(${value.name}.v, ${value.empty})`).join('')
  return {
    sql: `with ${ctes.join(',\n')}\n${listEnvelope({
      page: 1,
      pageSize: 25,
      pageJson: `coalesce((select json_agg(${entry('a', attributes('a', extra), true)} order by a.id) from page a ${joins}), '[]'::json)`,
      countSql: PUBLISHED_COUNT
    })}`,
    params: options.params
  }
}

interface ZoneBranch { table: string, link: string, uid: string, fields: string, joins?: string }

/** Zone items of every branch per owner, in the zone's one order (`ord`, then the link row). */
function zoneOf (name: string, branches: ZoneBranch[]): PerOwner {
  const rows = branches.map(({ table, link, uid, fields, joins }) =>
    `select zl.owner_id as o, zl.ord, zl.id as link_id, json_build_object('id', c.id, '__component', '${uid}'${fields}) as item ` +
    `from ${link} zl join ${table} c on c.id = zl.target_id ${joins ?? ''} where zl.owner_id = any(${PAGE_IDS})`)
  return {
    name,
    sql: `select z.o, json_agg(z.item order by z.ord, z.link_id) as v from (${rows.join(' union all ')}) z group by z.o`,
    empty: "'[]'::json"
  }
}

function populateAll (): CeilingQuery {
  const files = (alias: string): string => entry(alias, fileAttributes(alias))
  return pageOf({
    values: [
      ['cover', singleFileOf('cover', 'articles_cover_lnk', PAGE_IDS)],
      ['gallery', manyOf('gallery', files('f'), `from articles_gallery_lnk l join files f on f.id = l.target_id where l.owner_id = any(${PAGE_IDS})`, 'l.owner_id', 'l.ord, f.id')],
      ['author', { name: 'author', sql: `select l.owner_id as o, json_build_object('data', ${entry('au', authorAttributes('au'))}) as v from articles_author_lnk l join authors au on au.id = l.target_id where l.owner_id = any(${PAGE_IDS})`, empty: "json_build_object('data', null)" }],
      ['category', { name: 'category', sql: `select l.owner_id as o, json_build_object('data', ${entry('c', categoryAttributes('c'))}) as v from articles_category_lnk l join categories c on c.id = l.target_id where l.owner_id = any(${PAGE_IDS})`, empty: "json_build_object('data', null)" }],
      ['tags', manyOf('tags', entry('t', tagAttributes('t')), `from articles_tags_lnk l join tags t on t.id = l.target_id where l.owner_id = any(${PAGE_IDS})`, 'l.owner_id', 'l.ord, t.id')],
      ['related', manyOf('related', entry('r', articleAttributes('r')),
        `from articles_related_lnk l join articles r on r.id = l.target_id where l.owner_id = any(${PAGE_IDS}) and r.published_at is not null`, 'l.owner_id', 'l.ord, r.id')],
      ['coverOf', { name: 'cover_of', sql: `select l.target_id as o, json_build_object('data', ${entry('i', issueAttributes('i'))}) as v from issues_cover_story_lnk l join issues i on i.id = l.owner_id where l.target_id = any(${PAGE_IDS}) and i.published_at is not null`, empty: "json_build_object('data', null)" }],
      ['seo', { name: 'seo', sql: `select sl.owner_id as o, json_build_object('id', s.id, 'metaTitle', s.meta_title, 'metaDescription', s.meta_description, 'keywords', s.keywords) as v from articles_seo_lnk sl join components_shared_seos s on s.id = sl.target_id where sl.owner_id = any(${PAGE_IDS})`, empty: 'null' }],
      ['blocks', zoneOf('blocks', [
        { table: 'components_blocks_quotes', link: 'articles_blocks_blocks_quote_lnk', uid: 'blocks.quote', fields: ", 'text', c.text, 'attribution', c.attribution" },
        { table: 'components_blocks_rich_texts', link: 'articles_blocks_blocks_rich_text_lnk', uid: 'blocks.rich-text', fields: ", 'body', c.body" },
        { table: 'components_blocks_media', link: 'articles_blocks_blocks_media_lnk', uid: 'blocks.media', fields: ", 'caption', c.caption" },
        { table: 'components_blocks_related_articles', link: 'articles_blocks_blocks_related_articles_lnk', uid: 'blocks.related-articles', fields: ", 'heading', c.heading" }
      ])]
    ],
    attributes: articleAttributes,
    params: []
  })
}

function threeLevels (): CeilingQuery {
  // The page's authors, then each author's matching articles (with their category joined) once per author.
  const authors = `page_authors as (select l.owner_id as o, au.* from articles_author_lnk l join authors au on au.id = l.target_id where l.owner_id = any(${PAGE_IDS}))`
  const authorArticles = `author_articles as (select al.target_id as o, json_agg(json_build_object('id', aa.id, 'attributes', json_build_object(
      'title', aa.title, 'publishedOn', ${isoDate('aa.published_on')}, 'category', ${joinedOne('ac', entry('ac', "json_build_object('name', ac.name)"))}))
      order by aa.title asc nulls last, aa.id) as v
    from articles_author_lnk al join articles aa on aa.id = al.owner_id
    left join articles_category_lnk acl on acl.owner_id = aa.id left join categories ac on ac.id = acl.target_id
    where al.target_id = any(array(select id from page_authors)) and aa.published_at is not null and aa.title ilike $1
    group by al.target_id)`
  const author: PerOwner = {
    name: 'author',
    sql: `select au.o, json_build_object('data', ${entry('au', authorAttributes('au', ", 'articles', json_build_object('data', coalesce(x.v, '[]'::json))"))}) as v
      from page_authors au left join author_articles x on x.o = au.id`,
    empty: "json_build_object('data', null)"
  }
  const seo: PerOwner = {
    name: 'seo',
    sql: `select sl.owner_id as o, json_build_object('id', s.id, 'metaTitle', s.meta_title, 'metaDescription', s.meta_description, 'keywords', s.keywords,
      'openGraph', case when og.id is null then null else json_build_object('id', og.id, 'ogTitle', og.og_title, 'ogDescription', og.og_description) end) as v
      from articles_seo_lnk sl join components_shared_seos s on s.id = sl.target_id
      left join components_shared_seos_open_graph_lnk ol on ol.owner_id = s.id left join components_shared_open_graphs og on og.id = ol.target_id
      where sl.owner_id = any(${PAGE_IDS})`,
    empty: 'null'
  }
  return pageOf({
    ctes: [authors, authorArticles],
    values: [
      ['cover', singleFileOf('cover', 'articles_cover_lnk', PAGE_IDS)],
      ['author', author],
      ['tags', manyOf('tags', entry('t', tagAttributes('t')), `from articles_tags_lnk l join tags t on t.id = l.target_id where l.owner_id = any(${PAGE_IDS})`, 'l.owner_id', 't.name desc nulls first, t.id')],
      ['seo', seo]
    ],
    attributes: articleAttributes,
    params: ['%a%']
  })
}

function zoneOn (): CeilingQuery {
  const relatedOwners = `array(select zl.target_id from articles_blocks_blocks_related_articles_lnk zl where zl.owner_id = any(${PAGE_IDS}))`
  const relatedArticles = `zone_articles as (select rl.owner_id as o, json_agg(json_build_object('id', r.id, 'attributes', json_build_object('title', r.title)) order by rl.ord, r.id) as v
    from components_blocks_related_articles_articles_lnk rl join articles r on r.id = rl.target_id
    where rl.owner_id = any(${relatedOwners}) and r.published_at is not null group by rl.owner_id)`
  return pageOf({
    ctes: [relatedArticles],
    values: [['blocks', zoneOf('blocks', [
      { table: 'components_blocks_quotes', link: 'articles_blocks_blocks_quote_lnk', uid: 'blocks.quote', fields: ", 'text', c.text" },
      {
        table: 'components_blocks_media',
        link: 'articles_blocks_blocks_media_lnk',
        uid: 'blocks.media',
        fields: `, 'caption', c.caption, 'file', ${joinedOne('f', entry('f', "json_build_object('url', f.url, 'alternativeText', f.alternative_text)"))}`,
        joins: 'left join components_blocks_media_file_lnk fl on fl.owner_id = c.id left join files f on f.id = fl.target_id'
      },
      {
        table: 'components_blocks_related_articles',
        link: 'articles_blocks_blocks_related_articles_lnk',
        uid: 'blocks.related-articles',
        fields: ", 'heading', c.heading, 'articles', json_build_object('data', coalesce(ra.v, '[]'::json))",
        joins: 'left join zone_articles ra on ra.o = c.id'
      }
    ])]],
    attributes: (a, extra) => `json_build_object('title', ${a}.title${extra})`,
    params: []
  })
}

/** The set-based statements of the scenarios where shape matters (heavy populates of a page). */
export function setBasedCeilingReads (): Record<string, CeilingQuery> {
  return { 'list-populate-all': populateAll(), 'three-levels': threeLevels(), 'zone-on': zoneOn() }
}
