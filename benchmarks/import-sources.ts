/**
 * The Strapi databases `npm run bench:import` imports: a fixture's dump (Strapi's real tables)
 * grown with the same entries in Strapi's own layout, so every source holds the same content.
 *
 * - v4 on PostgreSQL (test/fixtures/strapi-import): articles each with an author (manyToOne,
 *   ordered on the author's side), three tags (manyToMany, both orders), a shared.seo
 *   component through `articles_components`; one in ten a draft.
 *   The same site recorded on MariaDB and on SQLite grows the same way.
 * - v5 on PostgreSQL, MariaDB and SQLite (test/fixtures/strapi-v5-project): the same articles as
 *   documents, each with a draft row and, nine in ten, a published row (v5 keeps both), each
 *   row with its author, three categories (drafts link drafts, published rows published
 *   ones) and its own seo component through `articles_cmps`.
 */
import { execFileSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { copyFile, mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import mysql from 'mysql2/promise'
import pg from 'pg'

export interface BenchSource {
  /** What the output calls it. */
  name: string
  /** The fixture project whose schemas the target app loads. */
  schemas: string
  /** `--from`. */
  from: string
  drop: () => Promise<void>
}

const V4_FIXTURE = resolve('test/fixtures/strapi-import')
const V5_FIXTURE = resolve('test/fixtures/strapi-v5-project')

export async function pgQuery (url: string, text: string): Promise<void> {
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  try { await client.query(text) } finally { await client.end() }
}

function withDatabase (server: string, name: string): string {
  const url = new URL(server)
  url.pathname = `/${name}`
  return url.toString()
}

/** One engine's words for the growth: a numbers table, text concatenation, a boolean as 0/1, the time now. */
interface Dialect {
  series: (n: number, alias: string) => string
  concat: (...parts: string[]) => string
  bit: (condition: string) => string
  /** Integer division. */
  div: (expression: string, by: number) => string
  text: (expression: string) => string
  /** `text` written `times` times. */
  repeat: (text: string, times: number) => string
  /** `expression`'s text, left-padded with zeros to `width` characters. */
  pad: (expression: string, width: number) => string
  /** A quoted column name (`order`, `rank`). */
  name: (column: string) => string
  /** The current time as Strapi stores it on this engine. */
  now: string
}

const POSTGRES: Dialect = {
  series: (n, alias) => `(select g as n from generate_series(1, ${n}) g) ${alias}`,
  concat: (...parts) => parts.join(' || '),
  bit: condition => `(${condition})::int`,
  div: (expression, by) => `(${expression} / ${by})`,
  text: expression => `${expression}::text`,
  repeat: (text, times) => `repeat('${text}', ${times})`,
  pad: (expression, width) => `lpad(${expression}::text, ${width}, '0')`,
  name: column => `"${column}"`,
  now: 'now()'
}

const MARIADB: Dialect = {
  series: (n, alias) => `(select seq as n from seq_1_to_${n}) ${alias}`,
  concat: (...parts) => `concat(${parts.join(', ')})`,
  bit: condition => `(${condition})`,
  div: (expression, by) => `(${expression} div ${by})`,
  text: expression => expression,
  repeat: (text, times) => `repeat('${text}', ${times})`,
  pad: (expression, width) => `lpad(${expression}, ${width}, '0')`,
  name: column => `\`${column}\``,
  now: 'now()'
}

/** Strapi on SQLite stores a datetime as epoch milliseconds. */
const SQLITE: Dialect = {
  series: (n, alias) => `(with recursive g(n) as (select 1 union all select n + 1 from g where n < ${n}) select n from g) ${alias}`,
  concat: (...parts) => parts.join(' || '),
  bit: condition => `(${condition})`,
  div: (expression, by) => `(${expression} / ${by})`,
  text: expression => expression,
  repeat: (text, times) => `replace(hex(zeroblob(${times})), '00', '${text}')`,
  pad: (expression, width) => `substr('${'0'.repeat(width)}' || ${expression}, -${width})`,
  name: column => `"${column}"`,
  now: "cast(unixepoch('subsec') * 1000 as integer)"
}

/** The v4 fixture's tables grown by `n` articles, each with an author, three tags and a seo component. */
function v4Growth (d: Dialect, n: number): string[] {
  return [
    `insert into authors (id, name, bio, created_at, updated_at)
      select 1000 + i.n, ${d.concat("'Author '", 'i.n')}, 'A bio', ${d.now}, ${d.now} from ${d.series(1000, 'i')}`,
    `insert into tags (id, name, created_at, updated_at)
      select 1000 + i.n, ${d.concat("'tag-'", 'i.n')}, ${d.now}, ${d.now} from ${d.series(1000, 'i')}`,
    `insert into articles (id, title, slug, body, ${d.name('rank')}, created_at, updated_at, published_at, created_by_id, updated_by_id)
      select 1000 + i.n, ${d.concat("'Article '", 'i.n')}, ${d.concat("'article-'", 'i.n')}, ${d.repeat('Some body text. ', 20)}, i.n, ${d.now}, ${d.now},
             case when i.n % 10 = 0 then null else ${d.now} end, case when i.n % 2 = 0 then 1 end, 1
        from ${d.series(n, 'i')}`,
    `insert into articles_author_links (article_id, author_id, article_order)
      select 1000 + i.n, 1001 + i.n % 1000, ${d.div('i.n', 1000)} + 1 from ${d.series(n, 'i')}`,
    `insert into articles_tags_links (article_id, tag_id, tag_order, article_order)
      select 1000 + i.n, 1001 + (i.n * 7 + k.n * 13) % 1000, k.n, i.n from ${d.series(n, 'i')}, ${d.series(3, 'k')}`,
    `insert into components_shared_seos (id, meta_title, meta_description)
      select 1000 + i.n, ${d.concat("'Seo '", 'i.n')}, ${d.concat("'About article '", 'i.n')} from ${d.series(n, 'i')}`,
    `insert into articles_components (entity_id, component_id, component_type, field, ${d.name('order')})
      select 1000 + i.n, 1000 + i.n, 'shared.seo', 'seo', 1 from ${d.series(n, 'i')}`
  ]
}

/** documentIds in Strapi's shape: a letter, then 23 letters or digits. */
function documentId (d: Dialect, prefix: string, number: string): string {
  return d.concat(`'${prefix}'`, d.pad(number, 24 - prefix.length))
}

function v5Growth (d: Dialect, n: number): string[] {
  // Article document i: draft row 1000 + 2i, published row 1001 + 2i (none when i % 10 = 0).
  return [
    `insert into authors (id, document_id, name, created_at, updated_at, published_at)
      select 1000 + i.n, ${documentId(d, 'bauthor', 'i.n')}, ${d.concat("'Author '", 'i.n')}, ${d.now}, ${d.now}, ${d.now} from ${d.series(1000, 'i')}`,
    `insert into categories (id, document_id, name, created_at, updated_at, published_at, locale)
      select 1000 + 2 * i.n + p.n - 1, ${documentId(d, 'bcategory', 'i.n')}, ${d.concat("'Category '", 'i.n')}, ${d.now}, ${d.now}, case when p.n = 2 then ${d.now} end, 'en'
        from ${d.series(1000, 'i')}, ${d.series(2, 'p')}`,
    `insert into articles (id, document_id, title, slug, body, views, created_at, updated_at, published_at, created_by_id, updated_by_id, locale)
      select 1000 + 2 * i.n + p.n - 1, ${documentId(d, 'barticle', 'i.n')}, ${d.concat("'Article '", 'i.n')}, ${d.concat("'article-'", 'i.n')},
             ${d.repeat('Some body text. ', 20)}, i.n, ${d.now}, ${d.now}, case when p.n = 2 then ${d.now} end, case when i.n % 2 = 0 then 1 end, 1, 'en'
        from ${d.series(n, 'i')}, ${d.series(2, 'p')} where p.n = 1 or i.n % 10 <> 0`,
    `insert into articles_author_lnk (article_id, author_id, article_ord)
      select a.id, 1001 + ${d.div('a.id', 2)} % 1000, ${d.div('a.id', 2000)} + 1 from articles a where a.id >= 1000`,
    `insert into articles_categories_lnk (article_id, category_id, category_ord, article_ord)
      select a.id, 1000 + 2 * (1 + (${d.div('a.id', 2)} * 7 + k.n * 13) % 1000) + ${d.bit('a.published_at is not null')}, k.n, ${d.div('a.id', 2)}
        from articles a, ${d.series(3, 'k')} where a.id >= 1000`,
    'insert into components_shared_seos (id, meta_title, meta_description) select a.id, ' +
      `${d.concat("'Seo '", 'a.id')}, ${d.concat("'About article '", 'a.id')} from articles a where a.id >= 1000`,
    `insert into articles_cmps (entity_id, cmp_id, component_type, field, ${d.name('order')}) select a.id, a.id, 'shared.seo', 'seo', null from articles a where a.id >= 1000`
  ]
}

/** A PostgreSQL database of `server` restored from `dump` and grown. */
async function postgresSource (server: string, options: { name: string, schemas: string, dump: string, growth: string }): Promise<BenchSource> {
  const database = `fca_bench_strapi_${Date.now().toString(36)}_${process.pid}`
  await pgQuery(server, `create database ${database}`)
  const url = withDatabase(server, database)
  const drop = async (): Promise<void> => { await pgQuery(server, `drop database if exists ${database} with (force)`) }
  try {
    execFileSync('psql', ['-q', '-X', '-v', 'ON_ERROR_STOP=1', '-d', url, '-f', options.dump], { stdio: ['ignore', 'ignore', 'inherit'] })
    await pgQuery(url, options.growth)
  } catch (error) {
    await drop()
    throw error
  }
  return { name: options.name, schemas: options.schemas, from: url, drop }
}

export async function v4PostgresSource (server: string, entries: number): Promise<BenchSource> {
  return await postgresSource(server, {
    name: 'Strapi v4 on PostgreSQL',
    schemas: `${V4_FIXTURE}/src`,
    dump: `${V4_FIXTURE}/strapi.sql`,
    growth: [...v4Growth(POSTGRES, entries), 'analyze'].join(';\n')
  })
}

export async function v5PostgresSource (server: string, entries: number): Promise<BenchSource> {
  return await postgresSource(server, {
    name: 'Strapi v5 on PostgreSQL',
    schemas: `${V5_FIXTURE}/src`,
    dump: `${V5_FIXTURE}/strapi-v5-postgres.sql`,
    growth: [...v5Growth(POSTGRES, entries), 'analyze'].join(';\n')
  })
}

/** A new database of the MariaDB server `server` (mysql://) loaded from the mysqldump `dump`, grown. */
async function mysqlSource (server: string, options: { name: string, schemas: string, dump: string, growth: string[] }): Promise<BenchSource> {
  const database = `fca_bench_strapi_${Date.now().toString(36)}_${process.pid}`
  const connection = await mysql.createConnection({ uri: server, multipleStatements: true })
  try {
    await connection.query(`create database \`${database}\` character set utf8mb4`)
    await connection.query(`use \`${database}\``)
    // The dump's first line is a MariaDB client command (the sandbox mode), not SQL.
    await connection.query(readFileSync(options.dump, 'utf8').replace(/^\/\*M!999999.*\n/, ''))
    for (const statement of options.growth) await connection.query(statement)
  } catch (error) {
    await connection.query(`drop database if exists \`${database}\``)
    throw error
  } finally {
    await connection.end()
  }
  const url = new URL(server)
  url.pathname = `/${database}`
  return {
    name: options.name,
    schemas: options.schemas,
    from: url.toString(),
    drop: async () => {
      const again = await mysql.createConnection({ uri: server })
      try { await again.query(`drop database if exists \`${database}\``) } finally { await again.end() }
    }
  }
}

export async function v4MysqlSource (server: string, entries: number): Promise<BenchSource> {
  return await mysqlSource(server, {
    name: 'Strapi v4 on MariaDB',
    schemas: `${V4_FIXTURE}/src`,
    dump: `${V4_FIXTURE}/strapi-mysql.sql`,
    growth: [...v4Growth(MARIADB, entries), 'analyze table articles, articles_author_links, articles_tags_links, articles_components, components_shared_seos, tags, authors']
  })
}

export async function v5MysqlSource (server: string, entries: number): Promise<BenchSource> {
  return await mysqlSource(server, {
    name: 'Strapi v5 on MariaDB',
    schemas: `${V5_FIXTURE}/src`,
    dump: `${V5_FIXTURE}/strapi-v5-mysql.sql`,
    growth: [...v5Growth(MARIADB, entries), 'analyze table articles, articles_author_lnk, articles_categories_lnk, articles_cmps, components_shared_seos, categories, authors']
  })
}

/** A SQLite recording copied into a temporary folder (as Strapi's `.tmp/data.db`) and grown with better-sqlite3. */
async function sqliteSource (options: { name: string, schemas: string, recording: string, growth: string[] }): Promise<BenchSource> {
  const { default: Database } = await import('better-sqlite3')
  const folder = await mkdtemp(join(tmpdir(), 'fca-bench-strapi-sqlite-'))
  const drop = async (): Promise<void> => { await rm(folder, { recursive: true, force: true }) }
  const file = join(folder, 'data.db')
  try {
    await copyFile(options.recording, file)
    const db = new Database(file)
    try { db.transaction(() => { for (const statement of options.growth) db.exec(statement) })() } finally { db.close() }
  } catch (error) {
    await drop()
    throw error
  }
  return { name: options.name, schemas: options.schemas, from: `sqlite:${file}`, drop }
}

export async function v4SqliteSource (entries: number): Promise<BenchSource> {
  return await sqliteSource({ name: 'Strapi v4 on SQLite', schemas: `${V4_FIXTURE}/src`, recording: `${V4_FIXTURE}/strapi.sqlite`, growth: v4Growth(SQLITE, entries) })
}

export async function v5SqliteSource (entries: number): Promise<BenchSource> {
  return await sqliteSource({ name: 'Strapi v5 on SQLite', schemas: `${V5_FIXTURE}/src`, recording: `${V5_FIXTURE}/strapi-v5.sqlite`, growth: v5Growth(SQLITE, entries) })
}
