/**
 * The roles and permissions of the options are stored at every start: a restart on the same
 * database keeps the rows still configured (their ids stay) and draws no id for them, so a
 * role added later gets the next id; a permission taken out of the options goes.
 */
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import Fastify from 'fastify'
import t from 'tap'
import contentApi from '../../plugin/index.js'
import type { ContentTypeSchema } from '../../plugin/index.js'
import { freshDatabase } from '../helpers/app.js'

const contentTypes: Record<string, ContentTypeSchema> = {
  'api::note.note': { info: { singularName: 'note', pluralName: 'notes' }, attributes: { text: { type: 'string' } } }
}

const database = await freshDatabase()
t.teardown(database.drop)
// Without a server, an embedded database in a folder: it survives the restart as a server's does.
const dataDir = database.url === undefined ? await mkdtemp(join(tmpdir(), 'fca-roles-')) : undefined
t.teardown(async () => { if (dataDir !== undefined) await rm(dataDir, { recursive: true, force: true }) })

type Roles = Record<string, Record<string, string[]>>

/** Starts the plugin on the test's database with `roles`, and answers the stored roles and permissions. */
async function start (roles: Roles): Promise<{ roles: Array<[string, number, string | null]>, permissions: Array<[string, string, number]> }> {
  const app = Fastify({ logger: false, pluginTimeout: 120_000 })
  await app.register(contentApi, {
    contentTypes,
    database: database.url === undefined ? { dataDir } : { url: database.url },
    permissions: { jwtSecret: 'a-secret-long-enough-for-the-tests-0123456789', roles }
  })
  await app.ready()
  try {
    const stored = await app.contentApi.db.query('select id, type, description from up_roles order by id', [])
    const granted = await app.contentApi.db.query(
      'select p.id, r.type, p.action from up_permissions p join up_roles r on r.id = p.role_id order by p.id', [])
    return {
      roles: stored.map(row => [String(row.type), Number(row.id), row.description === null ? null : String(row.description)]),
      permissions: granted.map(row => [String(row.type), String(row.action), Number(row.id)])
    }
  } finally {
    await app.close()
  }
}

t.test('a restart keeps role and permission ids, and draws none for them', async t => {
  const first = await start({ public: { 'api::note.note': ['find'] }, authenticated: { 'api::note.note': ['find', 'create'] } })
  t.same(first.roles, [
    ['authenticated', 1, 'Default role given to authenticated user.'],
    ['public', 2, 'Default role given to unauthenticated user.']
  ], 'a new database numbers and describes the roles as Strapi does, whatever the order of the option')
  const again = await start({ public: { 'api::note.note': ['find'] }, authenticated: { 'api::note.note': ['find', 'create'] } })
  t.same(again, first, 'the same rows with the same ids')

  const grown = await start({
    public: { 'api::note.note': ['find'] },
    authenticated: { 'api::note.note': ['find'] },
    editor: { 'api::note.note': ['find', 'update'] }
  })
  const lastRole = Math.max(...first.roles.map(([, id]) => id))
  t.same(grown.roles, [...first.roles, ['editor', lastRole + 1, null]], 'a new role gets the next id')
  const kept = first.permissions.filter(([role, action]) => !(role === 'authenticated' && action === 'api::note.note.create'))
  const lastPermission = Math.max(...first.permissions.map(([, , id]) => id))
  t.same(grown.permissions, [
    ...kept,
    ['editor', 'api::note.note.find', lastPermission + 1],
    ['editor', 'api::note.note.update', lastPermission + 2]
  ], 'a permission no longer configured goes; the new ones get the next ids')
})
