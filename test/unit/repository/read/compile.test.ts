/**
 * The read compiler as a pure function: QueryTree + ORM metadata → one statement.
 * No database: the metadata comes from MikroORM's synchronous discovery.
 */
import t from 'tap'
import { MikroORM } from '@mikro-orm/core'
import { PostgreSqlDriver } from '@mikro-orm/postgresql'
import { loadSchemaFolder } from '../../../../plugin/content-types/load.js'
import { buildRegistry } from '../../../../plugin/content-types/registry.js'
import { buildEntitySchemas } from '../../../../plugin/repository/schema/entities.js'
import { SqlNames } from '../../../../plugin/repository/schema/sql-names.js'
import { readCompiler } from '../../../../plugin/repository/read/compile.js'
import type { Filter, QueryTree, RelationPopulate, Selection } from '../../../../plugin/query/tree.js'
import { defaultFieldNames } from '../../../../plugin/content-types/model.js'
import { EXAMPLE_SCHEMAS } from '../../../helpers/paths.js'

const registry = buildRegistry(await loadSchemaFolder(EXAMPLE_SCHEMAS))
const orm = new MikroORM({ driver: PostgreSqlDriver, entities: buildEntitySchemas(registry), dbName: 'unused' })
t.teardown(async () => { await orm.close() })
const compiler = readCompiler(registry, new SqlNames(orm.getMetadata()))
const article = registry.contentTypes.get('api::article.article')!
const author = registry.contentTypes.get('api::author.author')!
const tag = registry.contentTypes.get('api::tag.tag')!

function tree (selection: Partial<QueryTree> = {}): QueryTree {
  return {
    fields: defaultFieldNames(article),
    populate: {},
    filters: null,
    sort: [],
    pagination: { mode: 'page', page: 1, pageSize: 25, withCount: true },
    publicationState: 'live',
    ...selection
  }
}

function fieldsOf (uid: string): Selection {
  return { fields: defaultFieldNames(registry.model(uid)), populate: {} }
}

t.test('a plain list is one statement: the page cut first, JSON built for its rows, the total inside', async t => {
  const { sql, params } = compiler.list(article, tree())
  t.notOk(sql.includes(';'), 'a single statement')
  t.match(sql, /^select \(select coalesce\(json_agg\(x\.j\), '\[\]'::json\) from \(select json_build_object\('id', p\d+\."id"/)
  t.match(sql, /from \(select t1\.\* from "articles" t1 where t1\."published_at" is not null order by t1\."id" asc limit \$1 offset \$2\) p\d+\) x\)::text as data/)
  t.match(sql, /\(select count\(\*\) from "articles" t\d+ where t\d+\."published_at" is not null\)::int as total$/)
  t.same(params, [25, 0])
})

t.test('with filters, the total is a window count over the filtered page query', async t => {
  const { sql } = compiler.list(article, tree({ filters: { kind: 'compare', path: ['title'], operator: '$containsi', value: 'a' } }))
  t.match(sql, /^select coalesce\(json_agg\(json_build_object/)
  // Counted over the ids alone, then the page's rows read whole by id.
  t.match(sql, /select t\d+\.\*, k\d+\."__total" from \(select t1\."id" as "id", count\(\*\) over \(\) as "__total" from "articles" t1 where t1\."published_at" is not null and t1\."title" ilike \$1 order by t1\."id" asc limit \$2 offset \$3\) k\d+ join "articles" t\d+ on t\d+\."id" = k\d+\."id" order by t\d+\."id" asc/)
  t.match(sql, /coalesce\(max\(p\d+\."__total"\), \(select count\(\*\) from "articles" t\d+ where .* ilike \$4\)\)::int as total/, 'the separate count only for an empty page')
})

t.test('a page sorted by more than the id sorts the ids and its keys only, then reads its rows whole', async t => {
  const { sql } = compiler.list(article, tree({ sort: [{ path: ['title'], direction: 'desc' }] }))
  t.match(sql, /\(select t1\."id" as "id" from "articles" t1 where t1\."published_at" is not null order by t1\."title" desc nulls first, t1\."id" asc limit \$1 offset \$2\) k\d+ join "articles" t\d+ on/)
  const byId = compiler.list(article, tree())
  t.notMatch(byId.sql, / join "articles"/, 'by the id alone the primary key gives the rows in order: no second read')
})

t.test('withCount=false leaves the count out', async t => {
  const { sql } = compiler.list(article, tree({ pagination: { mode: 'offset', start: 10, limit: 5, withCount: false } }))
  t.notMatch(sql, /count\(\*\)/)
  t.match(sql, /null::int as total/)
})

t.test('private and password attributes are never selected, whatever the tree says', async t => {
  const { sql } = compiler.list(article, tree({ fields: [...defaultFieldNames(article), 'internalNotes'] }))
  t.notMatch(sql, /internal_notes/)
  const authors = compiler.list(author, { ...tree(), fields: [...defaultFieldNames(author), 'password'] })
  t.notMatch(authors.sql, /password/)
  t.notOk(defaultFieldNames(author).includes('password'))
})

t.test('a preview read shows one row per document; live hides drafts at every depth', async t => {
  const populate = { related: { kind: 'relation' as const, ...fieldsOf(article.uid), filters: null, sort: [], count: false } }
  const live = compiler.list(article, tree({ populate }))
  t.equal(live.sql.match(/"published_at" is not null/g)?.length, 3, 'page, populated relation and count')
  const preview = compiler.list(article, tree({ populate, publicationState: 'preview' }))
  // A document's pending draft is hidden behind its published row (docs/strapi-v5.md, 'Drafts beside published versions'); links name main rows.
  t.equal(preview.sql.match(/"published_at" is not null or not exists/g)?.length, 2, 'page and count, not the populated relation')
})

/** `populate[author][fields]=name&populate[author][populate][articles][fields]=title`, the articles filtered by `filters`. */
function authorWithArticles (filters: Filter | null): RelationPopulate {
  const articles: RelationPopulate = { kind: 'relation', fields: ['title'], populate: {}, filters, sort: [], count: false }
  return { kind: 'relation', fields: ['name'], filters: null, sort: [], count: false, populate: { articles } }
}

t.test('populated relations: each read once for the page, nested or leaf; to-one as it comes, to-many in link order, inverse side by inv_ord', async t => {
  const { sql } = compiler.list(article, tree({
    populate: {
      author: authorWithArticles(null),
      tags: { kind: 'relation', ...fieldsOf(tag.uid), filters: null, sort: [{ path: ['name'], direction: 'desc' }], count: false }
    }
  }))
  t.notOk(sql.includes(';'), 'a single statement')
  t.match(sql, /^with (p\d+) as \(select t1\.\* from "articles" t1 .* limit \$1 offset \$2\), c\d+ as \(select l\d+\."owner_id" as "__o", l\d+\."ord" as "__ord", l\d+\."id" as "__k", (t\d+)\."id", \2\."name" from "articles_author_lnk" l\d+ join "authors" \2 on \2\."id" = l\d+\."target_id" where l\d+\."owner_id" = any\(array\(select \1\."id" from \1\)\)\)/,
    'the authors of the whole page at once, with only the columns read from them')
  t.match(sql, /from "articles_author_lnk" l\d+ join "articles" t\d+ on t\d+\."id" = l\d+\."owner_id" where l\d+\."target_id" = any\(array\(select (c\d+)\."id" from \1\)\)/,
    'inverse side reads the owner column, for every author of the page')
  t.match(sql, /l\d+\."inv_ord" as "__ord", l\d+\."id" as "__k", (t\d+)\."id", \1\."title" from "articles_author_lnk"/, 'inverse side keeps its own order; its articles hold id and title')
  t.notMatch(sql, /c\d+ as \(select [^)]*t\d+\.\*/, 'no staged CTE copies every column')
  t.match(sql, /json_agg\(json_build_object\('id', (t\d+)\."id", 'attributes', json_build_object\('title', \1\."title"\)\) order by \1\."__ord" asc, \1\."__k" asc, \1\."id" asc\) as v from c\d+ \1 group by \1\."__o"/,
    'one array per author')
  t.match(sql, /as materialized \(select (t\d+)\."__o", json_build_object\('id', \1\."id", 'attributes', json_build_object\('name', \1\."name", 'articles', json_build_object\('data', coalesce\(r\d+\.v, '\[\]'::json\)\)\)\) as v from c\d+ \1 left join r\d+ on r\d+\."__o" = \1\."id"\)/,
    'to-one: the link\'s owner column is unique, so its one row per entry as it comes')
  t.notMatch(sql, /distinct on/, 'nothing to pick among')
  t.match(sql, /'author', json_build_object\('data', r\d+\.v\)/, 'joined back to its entry')
  t.match(sql, /c\d+ as \(select l\d+\."owner_id" as "__o", [^)]* from "articles_tags_lnk" l\d+ join "tags" t\d+ on [^)]* where l\d+\."owner_id" = any\(array\(select (p\d+)\."id" from \1\)\)/,
    'a leaf relation too: the tags of the whole page at once')
  t.match(sql, /json_agg\([^]* order by (t\d+)\."name" desc nulls first, \1\."id" asc\) as v from c\d+ \1 group by \1\."__o"/, 'a leaf to-many: populate sort then id tie-break, one array per entry')
  t.notMatch(sql, /limit 1\)|\) x\)/, 'no correlated subquery per entry')
  t.match(sql, /select coalesce\(json_agg\(json_build_object\('id', (p\d+)\."id".* order by \1\."id" asc\), '\[\]'::json\)::text as data/, 'the entries in page order')
})

t.test('a filtered set-wise relation reads its owners\' link rows first, in a CTE of their own; an unfiltered one joins the link table', async t => {
  const { sql, params } = compiler.list(article, tree({
    populate: { author: authorWithArticles({ kind: 'compare', path: ['title'], operator: '$containsi', value: 'a' }) }
  }))
  t.match(sql, /c\d+ as \(select l\d+\."owner_id" as "__o", [^)]* from "articles_author_lnk" l\d+ join "authors"/, 'the authors: the link table joined as it is')
  t.match(sql, /(k\d+) as materialized \(select (l\d+)\.\* from "articles_author_lnk" \2 where \2\."target_id" = any\(array\(select (c\d+)\."id" from \3\)\)\), c\d+ as \(select (l\d+)\."target_id" as "__o", [^)]* from \1 \4 join "articles" (t\d+) on \5\."id" = \4\."owner_id" where \5\."published_at" is not null and \5\."title" ilike \$3\)/,
    'their articles: the link rows of every author of the page, then the articles filtered')
  t.same(params, [25, 0, '%a%'])
})

t.test('filters become parameters, through relations as EXISTS', async t => {
  const { sql, params } = compiler.list(article, tree({
    filters: {
      kind: 'or',
      filters: [
        { kind: 'compare', path: ['title'], operator: '$containsi', value: '50%_off' },
        { kind: 'compare', path: ['author', 'name'], operator: '$eq', value: "O'Brien" },
        { kind: 'not', filter: { kind: 'compare', path: ['views'], operator: '$in', value: ['1', '2'] } }
      ]
    }
  }))
  t.match(sql, /t1\."title" ilike \$1/)
  t.match(sql, /exists \(select 1 from "articles_author_lnk" l\d+ join "authors" t\d+ on .* and t\d+\."name" = \$2\)/)
  t.match(sql, /not coalesce\(t1\."views" = any\(\$3\), false\)/)
  t.same(params.slice(0, 3), ['%50\\%\\_off%', "O'Brien", ['1', '2']])
  t.notMatch(sql, /O'Brien|50%/, 'values never appear in the SQL text')
})

t.test('sort through a to-one relation is a scalar subquery; id always ends the order', async t => {
  const { sql } = compiler.list(article, tree({ sort: [{ path: ['author', 'name'], direction: 'asc' }, { path: ['title'], direction: 'desc' }] }))
  t.match(sql, /order by \(select t\d+\."name" from "articles_author_lnk" .* limit 1\) asc nulls last, t1\."title" desc nulls first, t1\."id" asc limit/)
})

t.test('a to-one value (unique link column) is read without an order; to-many values keep theirs', async t => {
  const relation = (fields: string[]) => ({ kind: 'relation' as const, fields, populate: {}, filters: null, sort: [], count: false })
  const { sql } = compiler.list(article, tree({
    fields: ['title'],
    populate: {
      author: relation(['name']),
      coverOf: relation(['title']),
      cover: relation(['url']),
      tags: relation(['name']),
      gallery: relation(['url']),
      seo: { kind: 'component', fields: ['metaTitle'], filters: null, populate: {} }
    }
  }))
  // The owner side of a to-one link, the target side of a one-to-one's inverse, a single media:
  // read for the whole page, one row per entry as it comes.
  const staged = (table: string): string => {
    const found = new RegExp(`(c\\d+) as \\(select [^()]* from "${table}" l\\d+ join [^()]* where l\\d+\\."(?:owner|target)_id" = any\\(array\\(select p\\d+\\."id" from p\\d+\\)\\)`).exec(sql)
    t.ok(found, `${table}: the page's link rows at once`)
    return found?.[1] ?? 'none'
  }
  for (const table of ['articles_author_lnk', 'issues_cover_story_lnk', 'articles_cover_lnk']) {
    const name = staged(table)
    t.match(sql, new RegExp(`as materialized \\(select (t\\d+)\\."__o", json_build_object\\((?:(?!materialized|json_agg|group by|order by).)*\\) as v from ${name} \\1\\)`), `${table}: one row per entry, no order to pick it by`)
  }
  for (const table of ['articles_tags_lnk', 'articles_gallery_lnk']) {
    const name = staged(table)
    t.match(sql, new RegExp(`order by (t\\d+)\\."__ord" asc, \\1\\."__k" asc, \\1\\."id" asc\\) as v from ${name} \\1 group by \\1\\."__o"`), `${table}: in link order`)
  }
  // A single component of the page stays one row per entry, correlated (see PagePopulate.populator).
  t.match(sql, /from "articles_seo_lnk" l\d+ join [^()]* where [^()]* limit 1\)/, 'articles_seo_lnk: one row')
  t.notMatch(sql, /from "articles_seo_lnk" l\d+ join [^()]* order by/, 'articles_seo_lnk: no order to pick it by')
})

t.test('components, nested components and zone items with the on strategy: the page reads them per entry', async t => {
  const { sql } = compiler.list(article, tree({
    fields: ['title'],
    populate: {
      seo: { kind: 'component', fields: ['metaTitle'], filters: null, populate: { openGraph: { kind: 'component', fields: ['ogTitle'], filters: null, populate: {} } } },
      blocks: { kind: 'dynamiczone', components: { 'blocks.media': { fields: ['caption'], populate: { file: { kind: 'relation', fields: ['url'], populate: {}, filters: null, sort: [], count: false } } } } }
    }
  }))
  // An entry's component rows and zone items are its own: nothing to share, so each entry reads its own.
  t.notMatch(sql, /any\(array\(/, 'no set-wise read for what only one entry holds')
  t.match(sql, /from "components_shared_seos_open_graph_lnk" l\d+ join "components_shared_open_graphs" t\d+ on t\d+\."id" = l\d+\."target_id" where l\d+\."owner_id" = t\d+\."id"/,
    'a nested component: the open graph of the seo it is in')
  t.match(sql, /json_build_object\('id', t\d+\."id", 'metaTitle', t\d+\."meta_title", 'openGraph', \(select /)
  t.match(sql, /'seo', \(select json_build_object/)
  t.match(sql, /'__component', 'blocks\.media', 'caption', t\d+\."caption", 'file', json_build_object\('data', \(select /)
  t.notMatch(sql, /blocks\.rich-text/, 'components not named under on are left out')
  t.match(sql, /json_agg\(z\.j order by z\.o, z\.k\)/)
})

t.test('below a relation read set-wise, its components and zones are read set-wise too', async t => {
  const { sql } = compiler.list(article, tree({
    fields: ['title'],
    populate: {
      author: {
        kind: 'relation',
        fields: ['name'],
        filters: null,
        sort: [],
        count: false,
        populate: { socialLinks: { kind: 'component', fields: ['label'], filters: null, populate: {} } }
      }
    }
  }))
  t.match(sql, /from "authors_social_links_lnk" l\d+ join "components_shared_links" t\d+ on t\d+\."id" = l\d+\."target_id" where l\d+\."owner_id" = any\(array\(select (c\d+)\."id" from \1\)\)/,
    'the social links of every author of the page at once')
})

t.test('count=true answers a count instead of the entries', async t => {
  const { sql } = compiler.list(article, tree({
    populate: { tags: { kind: 'relation', fields: [], populate: {}, filters: null, sort: [], count: true } }
  }))
  t.match(sql, /(r\d+) as materialized \(select l\d+\."owner_id" as "__o", count\(\*\) as v from "articles_tags_lnk" l\d+ [^()]*where l\d+\."owner_id" = any\(array\(select p\d+\."id" from p\d+\)\)[^()]* group by l\d+\."owner_id"\)/, 'counted for the whole page at once')
  t.match(sql, /'tags', json_build_object\('data', json_build_object\('attributes', json_build_object\('count', coalesce\(r\d+\.v, 0\)\)\)\)/, 'no link rows: 0')
})

t.test('a single entry is one statement keyed by a parameter', async t => {
  const { sql, params } = compiler.entry(article, 7, { ...fieldsOf(article.uid), publicationState: 'live' })
  t.match(sql, /where t1\."id" = \$1 and t1\."published_at" is not null$/)
  t.same(params, [7])
})

t.test('creator fields: the names selected of each creator, id always', async t => {
  const { sql } = compiler.list(article, tree({ creatorFields: true, creatorSelection: { createdBy: ['firstname'] } }))
  t.match(sql, /'createdBy', \(select json_build_object\('id', a\d+\."id", 'firstname', a\d+\."firstname"\) from/)
  t.match(sql, /'updatedBy', \(select json_build_object\('id', a\d+\."id", 'firstname', a\d+\."firstname", 'lastname', a\d+\."lastname"\) from/)
})

t.test('_q: id and text-like columns, number columns only for a numeric term, private ones never', async t => {
  const words = compiler.list(article, tree({ search: 'a_b%' }))
  t.match(words.sql, /\(lower\(t\d+\."title"\) like lower\(\$1\) or lower\(t\d+\."slug"\) like lower\(\$1\) or lower\(t\d+\."excerpt"\) like lower\(\$1\) or lower\(t\d+\."body"\) like lower\(\$1\) or lower\(t\d+\."status"\) like lower\(\$1\) or lower\(t\d+\."contact_email"\) like lower\(\$1\)\)/)
  t.equal(words.params[0], '%a\\_b\\%%', 'the term is matched literally')
  t.notMatch(words.sql, /internal_notes" ilike|reading_time"::text ilike/, 'no private column, no number column for a word')
  t.notMatch(words.sql, /"id"::text ilike/, 'no id for a term that is not all digits: no id holds it')
  t.match(words.sql, /count\(\*\) over \(\)/, 'a search counts with the page, as filters do')
  const numeric = compiler.list(article, tree({ search: '12' }))
  t.match(numeric.sql, /\(t\d+\."id"::text ilike \$1 or /, 'the id for an all-digit term')
  t.match(numeric.sql, /t\d+\."reading_time"::text ilike \$1 or t\d+\."views"::text ilike \$1 or t\d+\."rating"::text ilike \$1 or t\d+\."score"::text ilike \$1/)
  const secret = compiler.list(author, tree({ fields: ['name'], search: 'x' }))
  t.notMatch(secret.sql, /"password" ilike/, 'passwords are never searched')
})

t.test('_q in a registry that shows documentIds: the documentId only for a term of letters and digits', async t => {
  const v5 = buildRegistry(await loadSchemaFolder(EXAMPLE_SCHEMAS), { documentIds: true })
  const v5Compiler = readCompiler(v5, new SqlNames(new MikroORM({ driver: PostgreSqlDriver, entities: buildEntitySchemas(v5), dbName: 'unused' }).getMetadata()))
  const v5Article = v5.contentTypes.get('api::article.article')!
  const letters = v5Compiler.list(v5Article, tree({ search: 'Ab1' }))
  t.match(letters.sql, /lower\(t\d+\."document_id"\) like lower\(\$1\)/, 'a documentId can hold "Ab1" (case is ignored)')
  const spaced = v5Compiler.list(v5Article, tree({ search: 'r of' }))
  t.notMatch(spaced.sql, /document_id"\) like/, 'no documentId holds a space')
  t.match(spaced.sql, /lower\(t\d+\."title"\) like lower\(\$1\)/, 'the text columns are still searched')
})

t.test('component populate filters and relation $null', async t => {
  const { sql } = compiler.list(author, tree({
    fields: ['name'],
    populate: { socialLinks: { kind: 'component', fields: ['label'], populate: {}, filters: { kind: 'compare', path: ['label'], operator: '$eq', value: 'Site' } } }
  }))
  t.match(sql, /'socialLinks', \(select coalesce\(json_agg\(x\.j\), '\[\]'::json\) from \(select json_build_object\('id', t\d+\."id", 'label', t\d+\."label"\) as j from .* and t\d+\."label" = \$\d+ order by/)
  const none = compiler.list(registry.contentTypes.get('api::category.category')!, tree({ fields: ['name'], filters: { kind: 'compare', path: ['parent', 'id'], operator: '$null', value: true } }))
  t.match(none.sql, /not exists \(select 1 from "categories_parent_lnk" l\d+ join "categories" t\d+ on [^)]*\)/)
  const some = compiler.list(registry.contentTypes.get('api::category.category')!, tree({ fields: ['name'], filters: { kind: 'compare', path: ['parent'], operator: '$null', value: false } }))
  t.match(some.sql, / where exists \(select 1 from "categories_parent_lnk"/)
  t.notMatch(some.sql, /"id" is (not )?null/)
})
