/**
 * The ceiling's read statements, one per read scenario, written by hand: each builds the
 * whole response body, envelope included, inside PostgreSQL and returns it as text.
 */
import type { Fixture } from '../fixture.js'
import {
  articleAttributes, authorAttributes, categoryAttributes, entry, fileAttributes, isoDate,
  issueAttributes, listEnvelope, singleFile, tagAttributes, toMany, toOne
} from './fragments.js'

export interface CeilingQuery {
  sql: string
  params: unknown[]
}

const PUBLISHED_PAGE = 'select * from articles where published_at is not null order by id limit 25'
const PUBLISHED_COUNT = 'select count(*)::int as total from articles where published_at is not null'

/** The first page of 25 published articles, each built by `entryOf('a')`. */
function firstPage (entryOf: (alias: string) => string): string {
  return listEnvelope({
    page: 1,
    pageSize: 25,
    pageJson: `coalesce((select json_agg(${entryOf('a')} order by a.id) from (${PUBLISHED_PAGE}) a), '[]'::json)`,
    countSql: PUBLISHED_COUNT
  })
}

function seoFields (s: string, extra = ''): string {
  return `json_build_object('id', ${s}.id, 'metaTitle', ${s}.meta_title, 'metaDescription', ${s}.meta_description, 'keywords', ${s}.keywords${extra})`
}

function seoOf (owner: string, extra: (s: string) => string = () => ''): string {
  return `(select ${seoFields('s', extra('s'))} from articles_seo_lnk sl join components_shared_seos s on s.id = sl.target_id where sl.owner_id = ${owner})`
}

interface ZoneBranch { table: string, link: string, uid: string, fields: (c: string) => string }

/** Zone items of every branch, in the zone's one order (`ord`, then the link row). */
function zone (owner: string, branches: ZoneBranch[]): string {
  const rows = branches.map(({ table, link, uid, fields }) =>
    `select zl.ord, zl.id as link_id, json_build_object('id', c.id, '__component', '${uid}'${fields('c')}) as item ` +
    `from ${link} zl join ${table} c on c.id = zl.target_id where zl.owner_id = ${owner}`)
  return `coalesce((select json_agg(z.item order by z.ord, z.link_id) from (${rows.join(' union all ')}) z), '[]'::json)`
}

const QUOTE = { table: 'components_blocks_quotes', link: 'articles_blocks_blocks_quote_lnk', uid: 'blocks.quote' }
const RICH_TEXT = { table: 'components_blocks_rich_texts', link: 'articles_blocks_blocks_rich_text_lnk', uid: 'blocks.rich-text' }
const MEDIA = { table: 'components_blocks_media', link: 'articles_blocks_blocks_media_lnk', uid: 'blocks.media' }
const RELATED = { table: 'components_blocks_related_articles', link: 'articles_blocks_blocks_related_articles_lnk', uid: 'blocks.related-articles' }

/** The published articles of a related-articles zone item. */
function zoneArticles (c: string, attributes: (r: string) => string): string {
  return toMany(entry('r', attributes('r')),
    `from components_blocks_related_articles_articles_lnk rl join articles r on r.id = rl.target_id where rl.owner_id = ${c}.id and r.published_at is not null`, 'rl.ord, r.id')
}

function galleryOf (owner: string): string {
  return toMany(entry('f', fileAttributes('f')), `from articles_gallery_lnk l join files f on f.id = l.target_id where l.owner_id = ${owner}`, 'l.ord, f.id')
}

function tagsOf (owner: string, orderBy = 'l.ord, t.id'): string {
  return toMany(entry('t', tagAttributes('t')), `from articles_tags_lnk l join tags t on t.id = l.target_id where l.owner_id = ${owner}`, orderBy)
}

function relatedOf (owner: string, extra: (r: string) => string = () => ''): string {
  return toMany(entry('r', articleAttributes('r', extra('r'))),
    `from articles_related_lnk l join articles r on r.id = l.target_id where l.owner_id = ${owner} and r.published_at is not null`, 'l.ord, r.id')
}

function coverOfIssue (article: string): string {
  return toOne(`select ${entry('i', issueAttributes('i'))} from issues_cover_story_lnk l join issues i on i.id = l.owner_id where l.target_id = ${article} and i.published_at is not null`)
}

function authorOf (article: string, extra: (au: string) => string = () => ''): string {
  return toOne(`select ${entry('au', authorAttributes('au', extra('au')))} from articles_author_lnk l join authors au on au.id = l.target_id where l.owner_id = ${article}`)
}

function categoryOf (article: string, extra: (c: string) => string = () => ''): string {
  return toOne(`select ${entry('c', categoryAttributes('c', extra('c')))} from articles_category_lnk l join categories c on c.id = l.target_id where l.owner_id = ${article}`)
}

function populateAll (a: string): string {
  return entry(a, articleAttributes(a, `,
    'cover', ${singleFile('articles_cover_lnk', `${a}.id`)},
    'gallery', ${galleryOf(`${a}.id`)},
    'author', ${authorOf(`${a}.id`)},
    'category', ${categoryOf(`${a}.id`)},
    'tags', ${tagsOf(`${a}.id`)},
    'related', ${relatedOf(`${a}.id`)},
    'coverOf', ${coverOfIssue(`${a}.id`)},
    'seo', ${seoOf(`${a}.id`)},
    'blocks', ${zone(`${a}.id`, [
      { ...QUOTE, fields: c => `, 'text', ${c}.text, 'attribution', ${c}.attribution` },
      { ...RICH_TEXT, fields: c => `, 'body', ${c}.body` },
      { ...MEDIA, fields: c => `, 'caption', ${c}.caption` },
      { ...RELATED, fields: c => `, 'heading', ${c}.heading` }
    ])}`), true)
}

function threeLevels (a: string): string {
  const authorArticles = (au: string): string => `, 'articles', ${toMany(
    entry('aa', `json_build_object('title', aa.title, 'publishedOn', ${isoDate('aa.published_on')},
      'category', ${toOne(`select ${entry('ac', "json_build_object('name', ac.name)")} from articles_category_lnk acl join categories ac on ac.id = acl.target_id where acl.owner_id = aa.id`)})`),
    `from articles_author_lnk al join articles aa on aa.id = al.owner_id where al.target_id = ${au}.id and aa.published_at is not null and aa.title ilike $1`,
    'aa.title asc nulls last, aa.id')}`
  const openGraph = (s: string): string => `, 'openGraph', (select json_build_object('id', og.id, 'ogTitle', og.og_title, 'ogDescription', og.og_description)
    from components_shared_seos_open_graph_lnk ol join components_shared_open_graphs og on og.id = ol.target_id where ol.owner_id = ${s}.id)`
  return entry(a, articleAttributes(a, `,
    'cover', ${singleFile('articles_cover_lnk', `${a}.id`)},
    'author', ${authorOf(`${a}.id`, authorArticles)},
    'tags', ${tagsOf(`${a}.id`, 't.name desc nulls first, t.id')},
    'seo', ${seoOf(`${a}.id`, openGraph)}`), true)
}

function zoneOn (a: string): string {
  const file = (c: string): string => `, 'caption', ${c}.caption, 'file', ${toOne(
    `select ${entry('f', "json_build_object('url', f.url, 'alternativeText', f.alternative_text)")} from components_blocks_media_file_lnk fl join files f on f.id = fl.target_id where fl.owner_id = ${c}.id`)}`
  const articles = (c: string): string => `, 'heading', ${c}.heading, 'articles', ${zoneArticles(c, r => `json_build_object('title', ${r}.title)`)}`
  return entry(a, `json_build_object('title', ${a}.title, 'blocks', ${zone(`${a}.id`, [
    { ...QUOTE, fields: c => `, 'text', ${c}.text` },
    { ...MEDIA, fields: file },
    { ...RELATED, fields: articles }
  ])})`, true)
}

function deepEntry (a: string): string {
  const authorExtras = (au: string): string => `, 'avatar', ${singleFile('authors_avatar_lnk', `${au}.id`)},
    'socialLinks', coalesce((select json_agg(json_build_object('id', k.id, 'label', k.label, 'url', k.url) order by kl.ord, kl.id)
      from authors_social_links_lnk kl join components_shared_links k on k.id = kl.target_id where kl.owner_id = ${au}.id), '[]'::json)`
  const parent = (c: string): string => `, 'parent', ${toOne(`select ${entry('p', categoryAttributes('p'))} from categories_parent_lnk pl join categories p on p.id = pl.target_id where pl.owner_id = ${c}.id`)}`
  const relatedAuthor = (r: string): string => `, 'author', ${toOne(`select ${entry('ra', "json_build_object('name', ra.name)")} from articles_author_lnk ral join authors ra on ra.id = ral.target_id where ral.owner_id = ${r}.id`)}`
  const seoExtras = (s: string): string => `, 'shareImage', ${singleFile('components_shared_seos_share_image_lnk', `${s}.id`)},
    'openGraph', (select json_build_object('id', og.id, 'ogTitle', og.og_title, 'ogDescription', og.og_description,
      'ogImage', ${singleFile('components_shared_open_graphs_og_image_lnk', 'og.id')})
      from components_shared_seos_open_graph_lnk ol join components_shared_open_graphs og on og.id = ol.target_id where ol.owner_id = ${s}.id)`
  return entry(a, articleAttributes(a, `,
    'cover', ${singleFile('articles_cover_lnk', `${a}.id`)},
    'gallery', ${galleryOf(`${a}.id`)},
    'author', ${authorOf(`${a}.id`, authorExtras)},
    'category', ${categoryOf(`${a}.id`, parent)},
    'tags', ${tagsOf(`${a}.id`)},
    'related', ${relatedOf(`${a}.id`, relatedAuthor)},
    'coverOf', ${coverOfIssue(`${a}.id`)},
    'seo', ${seoOf(`${a}.id`, seoExtras)},
    'blocks', ${zone(`${a}.id`, [
      { ...QUOTE, fields: c => `, 'text', ${c}.text, 'attribution', ${c}.attribution` },
      { ...RICH_TEXT, fields: c => `, 'body', ${c}.body` },
      { ...MEDIA, fields: c => `, 'caption', ${c}.caption, 'file', ${singleFile('components_blocks_media_file_lnk', `${c}.id`)}` },
      { ...RELATED, fields: c => `, 'heading', ${c}.heading, 'articles', ${zoneArticles(c, r => articleAttributes(r))}` }
    ])}`), true)
}

function filterHeavy (): string {
  const order = 'rating desc nulls first, published_on asc nulls last, id'
  return `with matching as (
    select a.* from articles a
    where a.published_at is not null and a.title ilike $1
      and exists (select 1 from articles_category_lnk l join categories c on c.id = l.target_id where l.owner_id = a.id and c.name = any($2))
      and (a.featured = true or a.reading_time >= $3))
  ${listEnvelope({
    page: 3,
    pageSize: 10,
    pageJson: `coalesce((select json_agg(${entry('p', articleAttributes('p'), true)} order by ${order.split(', ').map(term => `p.${term}`).join(', ')})
      from (select * from matching order by ${order} limit 10 offset 20) p), '[]'::json)`,
    countSql: 'select count(*)::int as total from matching'
  })}`
}

/**
 * `_q` as Strapi v4 searches a word: the id and every string-like column as text containing
 * it, ignoring case (internal_notes is private, so never searched); the first page and the total.
 */
function search (): string {
  const columns = ['a.id::text', 'a.title', 'a.slug', 'a.excerpt', 'a.body', 'a.status', 'a.contact_email']
  return `with matching as (
    select a.* from articles a where a.published_at is not null and (${columns.map(column => `${column} ilike $1`).join(' or ')}))
  ${listEnvelope({
    page: 1,
    pageSize: 25,
    pageJson: `coalesce((select json_agg(${entry('p', articleAttributes('p'), true)} order by p.id)
      from (select * from matching order by id limit 25) p), '[]'::json)`,
    countSql: 'select count(*)::int as total from matching'
  })}`
}

export function ceilingReads (fixture: Fixture): Record<string, CeilingQuery> {
  return {
    list: { sql: firstPage(a => entry(a, articleAttributes(a), true)), params: [] },
    'list-populate-all': { sql: firstPage(populateAll), params: [] },
    'three-levels': { sql: firstPage(threeLevels), params: ['%a%'] },
    'zone-on': { sql: firstPage(zoneOn), params: [] },
    entry: {
      sql: `select json_build_object('data', ${entry('a', articleAttributes('a'), true)}, 'meta', '{}'::json)::text as body from articles a where a.id = $1 and a.published_at is not null`,
      params: [fixture.singleArticleId]
    },
    'entry-deep': {
      sql: `select json_build_object('data', ${deepEntry('a')}, 'meta', '{}'::json)::text as body from articles a where a.id = $1 and a.published_at is not null`,
      params: [fixture.singleArticleId]
    },
    'filter-heavy': {
      sql: filterHeavy(),
      params: [`%${fixture.filter.titleContains}%`, fixture.filter.categories, fixture.filter.minReadingTime]
    },
    search: { sql: search(), params: [`%${fixture.filter.searchTerm}%`] }
  }
}
