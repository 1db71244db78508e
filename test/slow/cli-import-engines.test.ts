/**
 * `fastify-content-api import:strapi --from mysql://…` and `--from sqlite:…` through the
 * CLI's `main`, and every kind of `--from` that cannot be read: a clear message and exit
 * code 1, never a stack trace, never a password.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import Database from 'better-sqlite3'
import t from 'tap'
import type { Test } from 'tap'
import { main } from '../../plugin/cli.js'
import { freshDatabase } from '../helpers/app.js'
import { mysqlServerUrl, whyNoMysql } from '../helpers/mysql.js'
import { copySqliteStrapi, restoreMysqlStrapi, STRAPI_IMPORT_FIXTURE, whyNoStrapiFixture } from '../helpers/strapi-fixture.js'

const noServer = whyNoStrapiFixture()
const noMysql = noServer || await whyNoMysql()

async function cli (args: string[]): Promise<{ code: number, out: string, err: string }> {
  let out = ''
  let err = ''
  const code = await main(args, { out: text => { out += text }, err: text => { err += text } })
  return { code, out, err }
}

/** DATABASE_URL names a fresh target for the test, as a person running the command sets it. */
async function useTarget (t: Test): Promise<string> {
  const target = await freshDatabase()
  t.teardown(target.drop)
  const saved = process.env.DATABASE_URL
  process.env.DATABASE_URL = target.url
  t.teardown(() => { process.env.DATABASE_URL = saved })
  return target.url!
}

const schemas = ['--schemas', `${STRAPI_IMPORT_FIXTURE}src`]

for (const engine of [{ name: 'MySQL', skip: noMysql, restore: restoreMysqlStrapi }, { name: 'SQLite', skip: noServer, restore: copySqliteStrapi }]) {
  t.test(`import:strapi --from ${engine.name === 'MySQL' ? 'mysql://' : 'sqlite:'} on the command line`, { skip: engine.skip }, async t => {
    const strapi = await engine.restore()
    t.teardown(strapi.drop)
    await useTarget(t)
    const args = ['import:strapi', '--from', strapi.url, ...schemas]

    const checked = await cli([...args, '--check'])
    t.equal(checked.code, 0, checked.err)
    t.match(checked.err, new RegExp(`^copy of Strapi's ${engine.name} tables into PostgreSQL: \\d+ rows$`, 'm'), 'the copy has its progress line')
    t.match(checked.out, /^api::article\.article\s+7\s+7\s+0\s+7$/m)
    t.match(checked.out, /Check only \(--check\): nothing was written/)
    const imported = await cli(args)
    t.equal(imported.code, 0, imported.err)
    t.match(imported.out, /^Imported\./m)
    t.match((await cli(args)).out, /Nothing to change/)
  })
}

t.test('a --from that cannot be read answers a clear error, never a stack trace', { skip: noServer }, async t => {
  await useTarget(t)
  const folder = await mkdtemp(join(tmpdir(), 'fca-bad-sources-'))
  t.teardown(() => rm(folder, { recursive: true, force: true }))
  await writeFile(join(folder, 'notes.txt'), 'not a database, though long enough to have a header of sixteen bytes\n')
  new Database(join(folder, 'empty.db')).close()
  const mysqlServer = new URL(mysqlServerUrl())

  const cases: Array<{ from: string, says: RegExp, skip?: string | false }> = [
    { from: 'mysql://root:secret@127.0.0.1:1/strapi', says: /^fastify-content-api: --from: cannot connect to the Strapi database mysql:\/\/root:\*\*\*@127\.0\.0\.1:1\/strapi: connect ECONNREFUSED 127\.0\.0\.1:1$/ },
    { from: 'postgres://postgres:secret@127.0.0.1:1/strapi', says: /^fastify-content-api: --from: cannot connect to the Strapi database postgres:\/\/postgres:\*\*\*@127\.0\.0\.1:1\/strapi: connect ECONNREFUSED 127\.0\.0\.1:1$/ },
    { from: `mysql://${mysqlServer.username}@${mysqlServer.host}/fca_no_such_database`, says: /cannot connect to the Strapi database mysql:.*: Unknown database 'fca_no_such_database'$/, skip: noMysql },
    { from: 'mysql://root@127.0.0.1:3306/', says: /names no database: mysql:\/\/user:password@host:3306\/<database>$/ },
    { from: `sqlite:${join(folder, 'missing.db')}`, says: /^fastify-content-api: --from: no SQLite database file at \/.*missing\.db$/ },
    { from: `sqlite:${join(folder, 'notes.txt')}`, says: /cannot read the SQLite database \/.*notes\.txt: file is not a database$/ },
    { from: `sqlite:${join(folder, 'empty.db')}`, says: /--from: this database has no strapi_database_schema \/ strapi_core_store_settings: not a Strapi database$/ },
    { from: 'ftp://strapi:secret@files.example/site', says: /--from: "ftp:" is not a Strapi database this importer reads \(expected postgres:\/\/.*, mysql:\/\/.* or sqlite:path\/to\/data\.db\)$/ }
  ]
  for (const { from, says, skip } of cases) {
    if (skip !== undefined && skip !== false) continue
    // With --locales the source is opened by the import itself, not first by the CLI: both paths word it alike.
    for (const locales of [[], ['--locales', 'en,fr']]) {
      const { code, err } = await cli(['import:strapi', '--from', from, ...schemas, ...locales])
      t.equal(code, 1, `${from} ${locales.join(' ')}: exit code 1`)
      t.match(err.trim(), says, from)
      t.notMatch(err, /\n\s+at /, 'no stack trace')
      t.notMatch(err, /secret/, 'no password')
    }
  }
})
