/**
 * Where media folders are kept (docs/media.md, 'Folders'): the `upload_folders` table and the
 * file table's `folder_id` and `folder_path`. A database made before folders gets them at
 * start-up, its files at the root; the REST answers stay Strapi 4.26's, without `folderPath`.
 */
import t from 'tap'
import Fastify from 'fastify'
import contentApi from '../../../plugin/index.js'
import { EXAMPLE_SCHEMAS, freshDatabase } from '../../helpers/app.js'
import { png, upload } from './upload-helpers.js'

const database = await freshDatabase()
t.teardown(database.drop)
if (database.url === undefined) throw new Error('this test needs DATABASE_URL: it reopens one PostgreSQL database')
const dir = t.testdir()

async function start (): Promise<ReturnType<typeof Fastify>> {
  const app = Fastify({ logger: false, pluginTimeout: 120_000 })
  await app.register(contentApi, { schemas: EXAMPLE_SCHEMAS, database: { url: database.url }, upload: { dir } })
  await app.ready()
  return app
}

const before = await start()
const uploaded = await upload(before, [{ filename: 'old.png', bytes: await png(20, 20) }])
const oldId = uploaded.json()[0].id as number
// As the tables were before folders.
await before.contentApi.db.query('alter table files drop column folder_id, drop column folder_path', [])
await before.contentApi.db.query('drop table upload_folders', [])
await before.close()

const after = await start()
t.teardown(async () => { await after.close() })
const query = async (text: string, values: unknown[] = []): Promise<Array<Record<string, unknown>>> => await after.contentApi.db.query(text, values)

t.test('a database from before folders gets them at start-up, its files at the root', async t => {
  const [row] = await query('select folder_id, folder_path from files where id = $1', [oldId])
  t.same(row, { folder_id: null, folder_path: '/' })
  const columns = await query("select column_name from information_schema.columns where table_name = 'upload_folders' order by ordinal_position")
  t.same(columns.map(column => column.column_name), ['id', 'document_id', 'name', 'path_id', 'path', 'parent_id', 'created_at', 'updated_at'])
})

t.test('a folder row gets a documentId; pathId and path are unique; a parent takes its subtree along', async t => {
  const [root] = await query("insert into upload_folders (name, path_id, path, created_at, updated_at) values ('Root', 1, '/1', now(), now()) returning id, document_id")
  t.match(root, { id: Number, document_id: /^[a-z][a-z0-9]{23}$/ })
  const [child] = await query("insert into upload_folders (name, path_id, path, parent_id, created_at, updated_at) values ('Child', 2, '/1/2', $1, now(), now()) returning id", [root!.id])
  await t.rejects(query("insert into upload_folders (name, path_id, path, created_at, updated_at) values ('Again', 1, '/9', now(), now())"), /path_id/)
  await query('update files set folder_id = $1, folder_path = $2 where id = $3', [child!.id, '/1/2', oldId])
  await query('delete from upload_folders where id = $1', [root!.id])
  t.same(await query('select id from upload_folders'), [], 'the child went with its parent')
  t.same(await query('select folder_id from files where id = $1', [oldId]), [{ folder_id: null }], 'the file stays, in no folder')
})

t.test("a new file is at the root; the REST answers keep Strapi 4.26's fields, without folderPath", async t => {
  const response = await upload(after, [{ filename: 'new.png', bytes: await png(20, 20) }])
  const [file] = response.json()
  t.notOk('folderPath' in file)
  t.same(await query('select folder_id, folder_path from files where id = $1', [file.id]), [{ folder_id: null, folder_path: '/' }])
  const listed = (await after.inject({ method: 'GET', url: '/api/upload/files' })).json()
  t.notOk(listed.some((entry: Record<string, unknown>) => 'folderPath' in entry || 'folder' in entry))
  const refused = await after.inject({ method: 'GET', url: '/api/upload/files?filters[folderPath][$eq]=/' })
  t.equal(refused.statusCode, 400, 'folderPath is private, as in Strapi')
})
