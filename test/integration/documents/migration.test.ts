/**
 * A database made before documentIds (docs/schemas.md, 'Documents'): the old schema is
 * simulated by dropping the column (and the function) from a database this plugin made and
 * filled; the next start gives every row a documentId, one per localization group, loses
 * nothing, and the start after it changes nothing at all.
 */
import Fastify from 'fastify'
import type { FastifyInstance } from 'fastify'
import t from 'tap'
import contentApi from '../../../plugin/index.js'
import type { ContentTypeSchema } from '../../../plugin/index.js'
import { freshDatabase } from '../../helpers/app.js'
import { png, upload } from '../upload/upload-helpers.js'

type Row = Record<string, unknown>

const SHAPE = /^[a-z][a-z0-9]{23}$/
const TABLES = ['pages', 'tags', 'homepages', 'files', 'up_users', 'upload_folders']
const WRITE = ['find', 'findOne', 'create', 'update']

const contentTypes: Record<string, ContentTypeSchema> = {
  'api::page.page': {
    info: { singularName: 'page', pluralName: 'pages' },
    pluginOptions: { i18n: { localized: true } },
    attributes: { title: { type: 'string' }, rank: { type: 'integer', pluginOptions: { i18n: { localized: false } } } }
  },
  'api::tag.tag': {
    info: { singularName: 'tag', pluralName: 'tags' },
    attributes: { name: { type: 'string' } }
  },
  'api::homepage.homepage': {
    kind: 'singleType',
    info: { singularName: 'homepage', pluralName: 'homepages' },
    pluginOptions: { i18n: { localized: true } },
    attributes: { heading: { type: 'string' } }
  }
}

const database = await freshDatabase()
t.teardown(database.drop)
// Without a server, an embedded database kept on disk between the starts.
const dataDir = t.testdir()
const uploads = t.testdir()

async function start (): Promise<FastifyInstance> {
  const app = Fastify({ logger: false, pluginTimeout: 120_000 })
  await app.register(contentApi, {
    contentTypes,
    i18n: { locales: ['en', 'fr', 'de'], defaultLocale: 'en' },
    upload: { dir: uploads },
    docs: false,
    permissions: {
      jwtSecret: 'a-test-secret-that-is-long-enough',
      roles: { public: { 'api::page.page': WRITE, 'api::tag.tag': WRITE, 'api::homepage.homepage': WRITE, 'plugin::upload': ['upload'] } }
    },
    database: database.url === undefined ? { dataDir } : { url: database.url }
  })
  await app.ready()
  return app
}

async function rows (app: FastifyInstance, sql: string): Promise<Row[]> {
  return await app.contentApi.db.query(sql, [])
}

/** Every row of every table as text, but documentIds: what the migration must leave as it was. */
async function content (app: FastifyInstance): Promise<Record<string, string[]>> {
  const all: Record<string, string[]> = {}
  for (const table of [...TABLES, 'pages_localizations_lnk']) {
    const listed = await rows(app, `select to_jsonb(r) - 'document_id' as row from ${table} r order by id`)
    all[table] = listed.map(row => JSON.stringify(row.row))
  }
  return all
}

async function documentIds (app: FastifyInstance, table: string): Promise<Map<number, string>> {
  return new Map((await rows(app, `select id, document_id from ${table} order by id`)).map(row => [Number(row.id), String(row.document_id)]))
}

// A database of this plugin, filled: three localization groups of pages (one of them linked
// only as a chain, as an imported site may have it), tags, a localized single type, a file, a user.
const first = await start()
const post = async (url: string, payload: unknown): Promise<number> => {
  const response = await first.inject({ method: 'POST', url, payload: payload as object })
  if (response.statusCode !== 200) throw new Error(`${url}: ${response.body}`)
  const body = response.json()
  return Number(body.data?.id ?? body.id)
}
const en = await post('/api/pages', { data: { title: 'One', rank: 1 } })
const fr = await post(`/api/pages/${en}/localizations`, { locale: 'fr', title: 'Un' })
const de = await post(`/api/pages/${fr}/localizations`, { locale: 'de', title: 'Eins' })
const twoEn = await post('/api/pages', { data: { title: 'Two', rank: 2 } })
const twoFr = await post(`/api/pages/${twoEn}/localizations`, { locale: 'fr', title: 'Deux' })
const alone = await post('/api/pages', { data: { title: 'Alone', locale: 'de' } })
for (const name of ['a', 'b', 'c']) await post('/api/tags', { data: { name } })
await first.inject({ method: 'PUT', url: '/api/homepage', payload: { data: { heading: 'Welcome' } } })
await first.inject({ method: 'PUT', url: '/api/homepage?locale=fr', payload: { data: { heading: 'Bienvenue' } } })
await upload(first, [{ filename: 'dot.png', bytes: await png(4, 4), type: 'image/png' }])
await rows(first, "insert into upload_folders (name, path_id, path, created_at, updated_at) values ('Covers', 1, '/1', now(), now())")
await first.contentApi.users!.createUser({ username: 'ada', email: 'ada@example.com', password: 'a-long-password' })
await rows(first, `delete from pages_localizations_lnk where (owner_id, target_id) in ((${en}, ${de}), (${de}, ${en}))`)
// The old schema: no function, no column; on `tags`, a column half there (nullable, one row
// without a value, no default), which the migration must finish without changing the rest.
for (const table of TABLES.filter(table => table !== 'tags')) await rows(first, `alter table ${table} drop column document_id`)
await rows(first, 'alter table tags alter column document_id drop not null, alter column document_id drop default')
await rows(first, 'drop index tags_document_id_index')
await rows(first, 'update tags set document_id = null where id = (select min(id) from tags)')
const tagsBefore = await documentIds(first, 'tags')
await rows(first, 'drop function fca_document_id()')
const before = await content(first)
await first.close()

const second = await start()

t.test('the start gives every row a documentId, in the shape of those it makes', async t => {
  for (const table of TABLES) {
    const made = [...(await documentIds(second, table)).values()]
    t.ok(made.length > 0, `${table} has rows`)
    t.ok(made.every(documentId => SHAPE.test(documentId)), `${table}: every row has one`)
  }
  const tags = await documentIds(second, 'tags')
  for (const [id, documentId] of tagsBefore) {
    if (documentId !== 'null') t.equal(tags.get(id), documentId, `tag ${id} keeps the documentId it had`)
  }
  t.equal(new Set(tags.values()).size, tags.size, 'three tags, three documents')
})

t.test('each localization group shares one: its lowest id\'s', async t => {
  const pages = await documentIds(second, 'pages')
  t.equal(pages.get(fr), pages.get(en), 'fr as en')
  t.equal(pages.get(de), pages.get(en), 'de as en, though linked to fr only')
  t.equal(pages.get(twoFr), pages.get(twoEn))
  t.equal(new Set(pages.values()).size, 3, 'three documents: two groups and a page alone')
  t.not(pages.get(alone), pages.get(en))
  const homepages = [...(await documentIds(second, 'homepages')).values()]
  t.equal(homepages.length, 2)
  t.equal(homepages[0], homepages[1], 'the locales of the single type')
})

t.test('nothing else changes; the column is as a new database has it; writes make documentIds again', async t => {
  t.same(await content(second), before, 'every row and link as it was')
  const columns = await rows(second, `select table_name, is_nullable, column_default from information_schema.columns
    where table_schema = current_schema() and column_name = 'document_id' order by table_name`)
  t.same(columns.map(column => column.table_name), [...TABLES].sort())
  t.ok(columns.every(column => column.is_nullable === 'NO' && column.column_default === 'fca_document_id()'), 'NOT NULL, made by default')
  const indexes = await rows(second, "select tablename from pg_indexes where schemaname = current_schema() and indexdef like '%(document_id)%' order by 1")
  t.same(indexes.map(index => index.tablename), [...TABLES].sort(), 'indexed')
  const created = await second.inject({ method: 'POST', url: '/api/tags', payload: { data: { name: 'd' } } })
  t.match((await documentIds(second, 'tags')).get(created.json().data.id), SHAPE)
  const localized = await second.inject({ method: 'POST', url: `/api/pages/${alone}/localizations`, payload: { locale: 'en', title: 'Alone (en)' } })
  t.equal((await documentIds(second, 'pages')).get(localized.json().id), (await documentIds(second, 'pages')).get(alone))
})

t.test('the next start changes nothing: no row rewritten, nothing for MikroORM to update', async t => {
  const versions = async (app: FastifyInstance): Promise<Row[]> =>
    await rows(app, `select ${TABLES.map(table => `(select array_agg(xmin::text || ':' || document_id order by id) from ${table}) as ${table}`).join(', ')}`)
  const was = await versions(second)
  await second.close()
  const third = await start()
  t.teardown(() => third.close())
  t.same(await versions(third), was, 'the same rows, in the same versions')
  const update = await third.contentApi.orm.schema.getUpdateSchemaSQL({ safe: true, dropTables: false })
  t.notMatch(update, /document_id|fca_document_id/, 'MikroORM finds the columns and indexes as it declares them')
})
