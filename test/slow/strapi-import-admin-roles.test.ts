/**
 * Admin users keep their Strapi admin role, matched by code, on every engine and both Strapi
 * versions (plugin/import/admin-roles.ts). The recorded sites' only admin user is a Super
 * Admin, so each case adds users to a fresh copy of the recording: one per default role, one
 * with two default roles (the most powerful wins), one with a custom role only, one with a
 * custom role beside the Editor's, one with no role, and a Super Admin who also holds the
 * custom role. Those whose roles do not come over as they were are reported by email.
 */
import pg from 'pg'
import t from 'tap'
import Database from 'better-sqlite3'
import { freshDatabase } from '../helpers/app.js'
import { whyNoMysql, withMysql } from '../helpers/mysql.js'
import { fixtureApp, restoreMysqlStrapi, restoreStrapiDatabase, whyNoStrapiFixture } from '../helpers/strapi-fixture.js'
import { restoreV5Strapi, v5FixtureApp } from '../helpers/strapi-v5-fixture.js'

const skip = whyNoStrapiFixture()
const noMysql = await whyNoMysql()

async function rows (url: string, sql: string): Promise<Array<Record<string, unknown>>> {
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  try { return (await client.query(sql)).rows } finally { await client.end() }
}

/** Users 2 to 8 and their roles (1 Super Admin, 2 Editor, 3 Author, 4 the custom Reviewer). */
const USERS: Array<{ id: number, email: string, roles: number[] }> = [
  { id: 2, email: 'editor@example.com', roles: [2] },
  { id: 3, email: 'author@example.com', roles: [3] },
  { id: 4, email: 'both@example.com', roles: [3, 2] },
  { id: 5, email: 'reviewer@example.com', roles: [4] },
  { id: 6, email: 'editing-reviewer@example.com', roles: [2, 4] },
  { id: 7, email: 'nobody@example.com', roles: [] },
  { id: 8, email: 'boss@example.com', roles: [4, 1] }
]

/** The statements that add them, in SQL every engine runs: new rows copy Ada's (user 1) and the Super Admin role's other columns. */
function additions (version: 'v4' | 'v5'): string[] {
  const v5 = version === 'v5'
  const links = v5 ? 'admin_users_roles_lnk (id, user_id, role_id, role_ord, user_ord)' : 'admin_users_roles_links (id, user_id, role_id, role_order, user_order)'
  const documentColumns = v5 ? ', document_id, published_at' : ''
  const statements = [
    `insert into admin_roles (id, name, code, description, created_at, updated_at${documentColumns}) ` +
      `select 4, 'Reviewer', 'reviewer-x7k2q', 'Reads and comments', created_at, updated_at${v5 ? ", 'reviewerrole0000000000aa', published_at" : ''} from admin_roles where id = 1`
  ]
  let link = 10
  for (const user of USERS) {
    statements.push(`insert into admin_users (id, firstname, lastname, email, password, is_active, blocked, created_at, updated_at${documentColumns}) ` +
      `select ${user.id}, 'User', '${user.id}', '${user.email}', password, is_active, blocked, created_at, updated_at${v5 ? `, 'adminuser${user.id}00000000000000aa', published_at` : ''} from admin_users where id = 1`)
    for (const [index, role] of user.roles.entries()) statements.push(`insert into ${links} values (${link++}, ${user.id}, ${role}, ${index + 1}, 1)`)
  }
  return statements
}

const EXPECTED_ROLES = [
  { id: 1, email: 'ada@example.com', role: 'strapi-super-admin' },
  { id: 2, email: 'editor@example.com', role: 'strapi-editor' },
  { id: 3, email: 'author@example.com', role: 'strapi-author' },
  { id: 4, email: 'both@example.com', role: 'strapi-editor' },
  { id: 5, email: 'reviewer@example.com', role: 'strapi-author' },
  { id: 6, email: 'editing-reviewer@example.com', role: 'strapi-editor' },
  { id: 7, email: 'nobody@example.com', role: 'strapi-author' },
  { id: 8, email: 'boss@example.com', role: 'strapi-super-admin' }
]

const CASES: Array<{ name: string, version: 'v4' | 'v5', skip: string | false, source: () => Promise<{ url: string, drop: () => Promise<void> }> }> = [
  {
    name: 'Strapi v4 on PostgreSQL',
    version: 'v4',
    skip,
    source: async () => {
      const strapi = await restoreStrapiDatabase()
      for (const statement of additions('v4')) await rows(strapi.url, statement)
      return strapi
    }
  },
  {
    name: 'Strapi v5 on PostgreSQL',
    version: 'v5',
    skip,
    source: async () => {
      const strapi = await restoreV5Strapi('postgres')
      for (const statement of additions('v5')) await rows(strapi.url, statement)
      return strapi
    }
  },
  {
    name: 'Strapi v4 on MariaDB',
    version: 'v4',
    skip: skip === false ? noMysql : skip,
    source: async () => {
      const strapi = await restoreMysqlStrapi()
      await withMysql(async (connection) => { for (const statement of additions('v4')) await connection.query(statement) }, { database: new URL(strapi.url).pathname.slice(1) })
      return strapi
    }
  },
  {
    name: 'Strapi v5 on SQLite',
    version: 'v5',
    skip,
    source: async () => {
      const strapi = await restoreV5Strapi('sqlite')
      const db = new Database(strapi.url.slice('sqlite:'.length))
      try { for (const statement of additions('v5')) db.exec(statement) } finally { db.close() }
      return strapi
    }
  }
]

for (const { name, version, skip, source } of CASES) {
  t.test(`${name}: each admin user's role comes over by code, the ones that cannot are reported`, { skip }, async t => {
    const strapi = await source()
    t.teardown(strapi.drop)
    const target = await freshDatabase()
    t.teardown(target.drop)
    const admin = { admin: { enabled: true, jwtSecret: 'admin-roles-import-secret-0123' } }
    const app = version === 'v4' ? await fixtureApp(target.url!, admin) : await v5FixtureApp(target.url!, admin)
    t.teardown(() => app.close())

    const report = await app.contentApi.importStrapi({ from: strapi.url })
    t.equal(report.outcome, 'imported', report.refusal ?? 'imported')
    t.same(await rows(target.url!, 'select id, email, role from admin_users order by id'), EXPECTED_ROLES)
    t.notOk(report.unfilled.includes('admin_users.role'), 'the role column is filled from Strapi')
    t.same(report.adminRoles.map(note => [note.id, note.email, note.role]), [
      [5, 'reviewer@example.com', 'strapi-author'],
      [6, 'editing-reviewer@example.com', 'strapi-editor'],
      [7, 'nobody@example.com', 'strapi-author']
    ], 'custom roles and missing ones are reported; a Super Admin with a custom role loses nothing')
    t.match(report.adminRoles[0]!.why, /custom admin role\(s\) Reviewer.*least powerful/)
    t.match(report.adminRoles[1]!.why, /custom admin role\(s\) Reviewer.*most powerful default role/)
    t.match(report.adminRoles[2]!.why, /no admin role/)

    // The role is what the admin API answers: an Editor (with Ada's password hash, copied above) signs in as one.
    const login = await app.inject({ method: 'POST', url: '/admin/login', payload: { email: 'editor@example.com', password: 'Ada-Lovelace-1815' } })
    t.equal(login.statusCode, 200, login.body)
    const me = await app.inject({ method: 'GET', url: '/admin/users/me', headers: { authorization: `Bearer ${String(login.json().data.token)}` } })
    t.equal(me.statusCode, 200, me.body)
    t.match(me.json(), { data: { email: 'editor@example.com', roles: [{ code: 'strapi-editor' }] } })

    const again = await app.contentApi.importStrapi({ from: strapi.url })
    t.equal(again.outcome, 'up-to-date', 'a second run finds the roles as they are')
  })
}
