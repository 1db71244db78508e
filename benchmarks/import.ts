/**
 * `npm run bench:import`: how long `import:strapi` takes for a Strapi v4 site of 100,000
 * entries with relations. The Strapi database is the fixture's pg_dump (Strapi's real
 * tables, made by Strapi 4.26.2) grown with generate_series, in Strapi's own layout:
 * articles each with an author (manyToOne, ordered on the author's side), three tags
 * (manyToMany, both orders), and a shared.seo component through `articles_components`.
 * Both databases live on the DATABASE_URL server (default: local PostgreSQL).
 *
 * ENTRIES=100000 (default) sets the number of articles.
 */
import { execFileSync } from 'node:child_process'
import { resolve } from 'node:path'
import Fastify from 'fastify'
import pg from 'pg'
import contentApi from '../plugin/index.js'

const FIXTURE = resolve('test/fixtures/strapi-import')
const server = process.env['DATABASE_URL'] ?? 'postgresql://postgres@127.0.0.1:5432/postgres'
const entries = Number(process.env['ENTRIES'] ?? 100_000)

function databaseUrl (name: string): string {
  const url = new URL(server)
  url.pathname = `/${name}`
  return url.toString()
}

async function sql (url: string, text: string): Promise<void> {
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  try { await client.query(text) } finally { await client.end() }
}

/** Rows past the fixture's ids: authors and tags to point at, then the articles and their links. */
function growth (n: number): string {
  return `
    insert into authors (id, name, bio, created_at, updated_at)
      select 1000 + i, 'Author ' || i, 'A bio', now(), now() from generate_series(1, 1000) i;
    insert into tags (id, name, created_at, updated_at)
      select 1000 + i, 'tag-' || i, now(), now() from generate_series(1, 1000) i;
    insert into articles (id, title, slug, body, rank, created_at, updated_at, published_at, created_by_id, updated_by_id)
      select 1000 + i, 'Article ' || i, 'article-' || i, repeat('Some body text. ', 20), i, now(), now(),
             case when i % 10 = 0 then null else now() end, case when i % 2 = 0 then 1 end, 1
        from generate_series(1, ${n}) i;
    insert into articles_author_links (article_id, author_id, article_order)
      select 1000 + i, 1001 + i % 1000, i / 1000 + 1 from generate_series(1, ${n}) i;
    insert into articles_tags_links (article_id, tag_id, tag_order, article_order)
      select 1000 + i, 1001 + (i * 7 + k * 13) % 1000, k, i from generate_series(1, ${n}) i, generate_series(1, 3) k;
    insert into components_shared_seos (id, meta_title, meta_description)
      select 1000 + i, 'Seo ' || i, 'About article ' || i from generate_series(1, ${n}) i;
    insert into articles_components (entity_id, component_id, component_type, field, "order")
      select 1000 + i, 1000 + i, 'shared.seo', 'seo', 1 from generate_series(1, ${n}) i;
    analyze;`
}

const stamp = `${Date.now().toString(36)}_${process.pid}`
const strapiDb = `fca_bench_strapi_${stamp}`
const targetDb = `fca_bench_import_${stamp}`
await sql(server, `create database ${strapiDb}`)
await sql(server, `create database ${targetDb}`)
try {
  execFileSync('psql', ['-q', '-X', '-v', 'ON_ERROR_STOP=1', '-d', databaseUrl(strapiDb), '-f', `${FIXTURE}/strapi.sql`], { stdio: ['ignore', 'ignore', 'inherit'] })
  await sql(databaseUrl(strapiDb), growth(entries))
  const app = Fastify({ logger: false, pluginTimeout: 120_000 })
  await app.register(contentApi, { schemas: `${FIXTURE}/src`, database: { url: databaseUrl(targetDb) }, i18n: { locales: ['en', 'fr'] }, upload: false, docs: false })
  await app.ready()
  try {
    const started = performance.now()
    const report = await app.contentApi.importStrapi({ from: databaseUrl(strapiDb) })
    const seconds = (performance.now() - started) / 1000
    const rows = report.steps.reduce((sum, step) => sum + step.mapped, 0)
    const articles = report.steps.find(step => step.label === 'api::article.article')!.mapped
    if (report.outcome !== 'imported' || report.unmapped.length > 0) throw new Error(`unexpected import: ${report.outcome}, ${report.unmapped.length} unmapped`)
    const second = performance.now()
    const again = await app.contentApi.importStrapi({ from: databaseUrl(strapiDb) })
    const secondSeconds = (performance.now() - second) / 1000
    process.stdout.write([
      `import:strapi of ${articles} articles (${entries} synthesized + the fixture's) with author, 3 tags and a component each`,
      `  ${rows} rows in ${report.steps.length} tables: ${seconds.toFixed(1)} s, ${Math.round(rows / seconds)} rows/s, ${Math.round(articles / seconds)} entries/s`,
      `  second run (${again.outcome}, compares everything, writes nothing): ${secondSeconds.toFixed(1)} s`,
      '  (one run on a shared, loaded 2-core machine: a rough figure, not a ceiling)',
      ''
    ].join('\n'))
  } finally {
    await app.close()
  }
} finally {
  await sql(server, `drop database if exists ${strapiDb} with (force)`)
  await sql(server, `drop database if exists ${targetDb} with (force)`)
}
