/**
 * `npm run bench:import`: how long `import:strapi` takes for a Strapi site of 100,000 entries
 * with relations and a component each, from each kind of source (./import-sources.ts): Strapi
 * v4 and Strapi v5, each on PostgreSQL, MariaDB and SQLite. PostgreSQL databases live
 * on the DATABASE_URL server (default: local PostgreSQL), the MariaDB one on MYSQL_URL's
 * (default mysql://root@127.0.0.1:3306). Each source is imported once into a fresh database,
 * then a second time (finds nothing to change).
 *
 * ENTRIES=100000 (default) sets the number of articles; SOURCES (default: all of them, in the
 * order of the SOURCES table below) which sources to measure, e.g. SOURCES=v4-postgres,v5-mysql.
 */
import { loadavg } from 'node:os'
import Fastify from 'fastify'
import contentApi from '../plugin/index.js'
import type { ImportProgress } from '../plugin/import/run-import.js'
import { pgQuery, v4MysqlSource, v4PostgresSource, v4SqliteSource, v5MysqlSource, v5PostgresSource, v5SqliteSource } from './import-sources.js'
import type { BenchSource } from './import-sources.js'

const server = process.env['DATABASE_URL'] ?? 'postgresql://postgres@127.0.0.1:5432/postgres'
const mysqlServer = process.env['MYSQL_URL'] ?? 'mysql://root@127.0.0.1:3306'
const entries = Number(process.env['ENTRIES'] ?? 100_000)
const SOURCES: Record<string, () => Promise<BenchSource>> = {
  'v4-postgres': async () => await v4PostgresSource(server, entries),
  'v4-mysql': async () => await v4MysqlSource(mysqlServer, entries),
  'v4-sqlite': async () => await v4SqliteSource(entries),
  'v5-postgres': async () => await v5PostgresSource(server, entries),
  'v5-mysql': async () => await v5MysqlSource(mysqlServer, entries),
  'v5-sqlite': async () => await v5SqliteSource(entries)
}
const chosen = (process.env['SOURCES'] ?? Object.keys(SOURCES).join(',')).split(',')

function databaseUrl (name: string): string {
  const url = new URL(server)
  url.pathname = `/${name}`
  return url.toString()
}

async function measure (source: BenchSource): Promise<void> {
  const targetDb = `fca_bench_import_${Date.now().toString(36)}_${process.pid}`
  await pgQuery(server, `create database ${targetDb}`)
  const app = Fastify({ logger: false, pluginTimeout: 120_000 })
  try {
    await app.register(contentApi, { schemas: source.schemas, database: { url: databaseUrl(targetDb) }, i18n: { locales: ['en', 'fr'] }, upload: false, docs: false })
    await app.ready()
    const load = loadavg()[0]!.toFixed(1)
    const started = performance.now()
    // TRACE=1: when each table's staging starts, to see where the time goes.
    const trace = process.env['TRACE'] === '1'
      ? (event: ImportProgress): void => { if (event.kind === 'start') process.stderr.write(`${((performance.now() - started) / 1000).toFixed(1)} s: ${event.label}\n`) }
      : undefined
    const report = await app.contentApi.importStrapi({ from: source.from, ...(trace === undefined ? {} : { onProgress: trace }) })
    const seconds = (performance.now() - started) / 1000
    const rows = report.steps.reduce((sum, step) => sum + step.mapped, 0)
    const articles = report.steps.find(step => step.label === 'api::article.article')!.mapped
    if (report.outcome !== 'imported' || report.unmapped.length > 0) throw new Error(`unexpected import: ${report.outcome} ${report.refusal ?? ''}, ${report.unmapped.length} unmapped`)
    const second = performance.now()
    const again = await app.contentApi.importStrapi({ from: source.from })
    const secondSeconds = (performance.now() - second) / 1000
    process.stdout.write([
      `import:strapi, ${source.name}: ${articles} articles (${entries} synthesized + the fixture's) with author, 3 relations and a component each`,
      `  ${rows} rows in ${report.steps.length} tables: ${seconds.toFixed(1)} s, ${Math.round(rows / seconds)} rows/s, ${Math.round(articles / seconds)} entries/s (load average ${load} at the start)`,
      `  second run (${again.outcome}, compares everything, writes nothing): ${secondSeconds.toFixed(1)} s`,
      ''
    ].join('\n'))
  } finally {
    await app.close()
    await pgQuery(server, `drop database if exists ${targetDb} with (force)`)
  }
}

for (const name of chosen) {
  const make = SOURCES[name]
  if (make === undefined) throw new Error(`SOURCES: no source ${name} (${Object.keys(SOURCES).join(', ')})`)
  const source = await make()
  try { await measure(source) } finally { await source.drop() }
}
process.stdout.write('(one run each on a shared, loaded 2-core machine: rough figures, not ceilings)\n')
