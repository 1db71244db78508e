/**
 * The admin's media folders (docs/admin-api.md, 'Media folders'): Strapi's folder routes and
 * bulk actions, folders of folders, files listed by folder, paths rewritten on a move, a
 * recursive delete, and refusals that write nothing and spend no id.
 */
import { existsSync } from 'node:fs'
import { join } from 'node:path'
import t from 'tap'
import { buildAdminApp } from './admin-app.js'
import { multipartBody, png } from '../upload/upload-helpers.js'

const dir = t.testdir()
const api = await buildAdminApp({ upload: { dir } })
t.teardown(api.close)
const { call, statements } = api
const token = api.tokens.editor

async function create (name: string, parent: number | null = null) {
  const { status, body } = await call('POST', '/upload/folders', { token, payload: { name, parent } })
  if (status !== 201) throw new Error(`creating ${name} answered ${status}: ${JSON.stringify(body)}`)
  return body.data as { id: number, name: string, pathId: number, path: string }
}

async function uploadOne (name: string): Promise<{ id: number, hash: string, ext: string, folderPath: string }> {
  const form = await multipartBody([{ filename: name, bytes: await png(300, 300) }])
  const response = await api.app.inject({ method: 'POST', url: '/upload', payload: form.payload, headers: { ...form.headers, authorization: `Bearer ${token}` } })
  return response.json()[0]
}

const move = async (payload: unknown) => await call('POST', '/upload/actions/bulk-move', { token, payload })

t.test('create folders of folders; read one, a list by parent, the structure', async t => {
  const photos = await create('Photos')
  t.match(photos, { id: Number, name: 'Photos', pathId: Number, path: `/${photos.pathId}`, createdAt: String, updatedAt: String, parent: null, children: { count: 0 }, files: { count: 0 } })
  const trips = await create('Trips', photos.id)
  t.equal(trips.path, `${photos.path}/${trips.pathId}`)
  await create('Alps', trips.id)
  await create('Beach', trips.id)

  const one = await call('GET', `/upload/folders/${photos.id}`, { token })
  t.match(one.body.data, { id: photos.id, children: { count: 1 }, files: { count: 0 }, parent: null })
  const children = await call('GET', `/upload/folders?filters[$and][0][parent][id]=${trips.id}&sort=name:desc`, { token })
  t.same(children.body.data.map((folder: { name: string }) => folder.name), ['Beach', 'Alps'])
  t.match(children.body.data[0], { parent: { id: trips.id, name: 'Trips', path: trips.path } })
  const roots = await call('GET', '/upload/folders?filters[parent][id][$null]=true', { token })
  t.same(roots.body.data.map((folder: { name: string }) => folder.name), ['Photos'])
  const searched = await call('GET', '/upload/folders?_q=alp', { token })
  t.same(searched.body.data.map((folder: { name: string }) => folder.name), ['Alps'])

  const structure = await call('GET', '/upload/folder-structure', { token })
  t.match(structure.body, { data: [{ id: photos.id, name: 'Photos', children: [{ name: 'Trips', children: [{ name: 'Alps', children: [] }, { name: 'Beach', children: [] }] }] }] })
  t.equal((await call('GET', '/upload/folders/999999', { token })).status, 404)
})

t.test('bad input is a 400 naming its key; a refusal writes nothing and spends no id', async t => {
  const before = await create('Before')
  const refusals: Array<[unknown, RegExp]> = [
    [{ name: 'Photos' }, /A folder with this name already exists/],
    [{ name: 'a/b' }, /slashes/],
    [{ name: ' padded' }, /whitespace/],
    [{ name: '' }, /non-empty/],
    [{}, /name is required/],
    [{ name: 'Fine', parent: 999999 }, /parent folder does not exist/],
    [{ name: 'Fine', parent: 'x' }, /positive integer/],
    [{ name: 'Fine', color: 'red' }, /Invalid key color/],
    [['Fine'], /JSON object/]
  ]
  for (const [payload, message] of refusals) {
    const { status, body } = await call('POST', '/upload/folders', { token, payload })
    t.equal(status, 400, JSON.stringify(payload))
    t.match(body, { data: null, error: { status: 400, name: 'ValidationError', message } })
  }
  t.equal((await call('GET', '/upload/folders?filters[color]=red', { token })).status, 400)
  t.equal((await call('GET', '/upload/folders?sort=secret', { token })).status, 400)
  const after = await create('After')
  t.equal(after.id, before.id + 1, 'no id spent by the refusals')
  t.equal(after.pathId, before.pathId + 1)
})

t.test('rename and move with PUT; the subtree and its files follow; never into itself', async t => {
  const a = await create('A')
  const b = await create('B', a.id)
  const c = await create('C')
  const file = await uploadOne('in-b.png')
  t.equal(file.folderPath, '/', 'a new file is at the root; the admin answers show folderPath')
  t.equal((await move({ destinationFolderId: b.id, fileIds: [file.id] })).status, 200)

  const inside = await call('PUT', `/upload/folders/${a.id}`, { token, payload: { parent: b.id } })
  t.equal(inside.status, 400)
  t.match(inside.body.error, { message: 'folder cannot be moved inside itself' })

  statements.reset()
  const moved = await call('PUT', `/upload/folders/${a.id}`, { token, payload: { name: 'A moved', parent: c.id } })
  t.equal(moved.status, 200)
  t.ok(statements.list.some(text => /^begin/i.test(text)) && statements.list.some(text => /^commit/i.test(text)), 'in a transaction')
  t.match(moved.body.data, { id: a.id, name: 'A moved', path: `${c.path}/${a.pathId}`, parent: { id: c.id } })
  t.match((await call('GET', `/upload/folders/${b.id}`, { token })).body.data, { path: `${c.path}/${a.pathId}/${b.pathId}` })
  t.match((await call('GET', `/upload/files/${file.id}`, { token })).body, { folderPath: `${c.path}/${a.pathId}/${b.pathId}` })

  const taken = await create('Taken', c.id)
  const clash = await call('PUT', `/upload/folders/${taken.id}`, { token, payload: { name: 'A moved' } })
  t.equal(clash.status, 400)
  t.equal((await call('PUT', '/upload/folders/999999', { token, payload: { name: 'X' } })).status, 404)
})

t.test('bulk move files and folders; files listed by folder; refusals as Strapi words them', async t => {
  const source = await create('Source')
  const inner = await create('Inner', source.id)
  const target = await create('Target')
  const first = await uploadOne('first.png')
  const second = await uploadOne('second.png')

  const moved = await move({ destinationFolderId: target.id, fileIds: [first.id], folderIds: [inner.id] })
  t.equal(moved.status, 200)
  t.match(moved.body.data, {
    files: [{ id: first.id, folderPath: target.path }],
    folders: [{ id: inner.id, name: 'Inner', path: `${target.path}/${inner.pathId}`, pathId: inner.pathId }]
  })
  const listed = await call('GET', `/upload/files?filters[$and][0][folderPath][$eq]=${target.path}`, { token })
  t.same(listed.body.results.map((file: { id: number }) => file.id), [first.id])
  const byId = await call('GET', `/upload/files?filters[$and][0][folder][id]=${target.id}&filters[$and][1][name][$eq]=first.png`, { token })
  t.same(byId.body.results.map((file: { id: number }) => file.id), [first.id])
  const root = await call('GET', '/upload/files?filters[$and][0][folder][id][$null]=true&pageSize=100', { token })
  t.ok(root.body.results.some((file: { id: number }) => file.id === second.id))
  t.notOk(root.body.results.some((file: { id: number }) => file.id === first.id))

  const self = await move({ destinationFolderId: inner.id, folderIds: [target.id] })
  t.equal(self.status, 400)
  t.equal(self.body.error.message, 'folders cannot be moved inside themselves or one of its children: Target')
  const twin = await create('Inner')
  const duplicate = await move({ destinationFolderId: target.id, folderIds: [twin.id] })
  t.equal(duplicate.status, 400)
  t.equal(duplicate.body.error.message, 'some folders already exists: Inner')
  t.equal((await move({ destinationFolderId: 999999, fileIds: [second.id] })).status, 400)
  t.equal((await move({ fileIds: [second.id] })).status, 400, 'destinationFolderId is required')

  const rootClash = await move({ destinationFolderId: null, folderIds: [inner.id] })
  t.equal(rootClash.body.error.message, 'some folders already exists: Inner', 'names are unique at the root too')
  await call('POST', '/upload/actions/bulk-delete', { token, payload: { folderIds: [twin.id] } })
  const back = await move({ destinationFolderId: null, folderIds: [inner.id], fileIds: [first.id] })
  t.match(back.body.data, { files: [{ id: first.id, folderPath: '/' }], folders: [{ id: inner.id, path: `/${inner.pathId}` }] })
})

t.test('bulk delete removes folders with everything under them, rows and stored files', async t => {
  const top = await create('Doomed')
  const below = await create('Below', top.id)
  const kept = await create('Kept')
  const deep = await uploadOne('deep.png')
  const named = await uploadOne('named.png')
  const safe = await uploadOne('safe.png')
  await move({ destinationFolderId: below.id, fileIds: [deep.id] })
  await move({ destinationFolderId: kept.id, fileIds: [safe.id] })
  t.ok(existsSync(join(dir, `${deep.hash}${deep.ext}`)))

  const deleted = await call('POST', '/upload/actions/bulk-delete', { token, payload: { fileIds: [named.id], folderIds: [top.id] } })
  t.equal(deleted.status, 200)
  t.match(deleted.body.data, { files: [{ id: named.id, name: 'named.png' }], folders: [{ id: top.id, name: 'Doomed' }] })
  t.equal((await call('GET', `/upload/folders/${below.id}`, { token })).status, 404, 'the subfolder went too')
  t.equal((await call('GET', `/upload/files/${deep.id}`, { token })).status, 404, 'and the file in it')
  t.notOk(existsSync(join(dir, `${deep.hash}${deep.ext}`)), 'its stored file removed')
  t.notOk(existsSync(join(dir, `${named.hash}${named.ext}`)))
  t.equal((await call('GET', `/upload/files/${safe.id}`, { token })).status, 200, 'other folders keep their files')
  t.equal((await call('POST', '/upload/actions/bulk-delete', { token, payload: { fileIds: 'all' } })).status, 400)
})

t.test('admin tokens only', async t => {
  t.equal((await call('GET', '/upload/folders')).status, 401)
  t.equal((await call('POST', '/upload/folders', { payload: { name: 'Anonymous' } })).status, 401)
  t.equal((await call('GET', '/upload/folder-structure')).status, 401)
  t.equal((await api.app.inject({ method: 'GET', url: '/api/upload/folders' })).statusCode, 404, 'not a REST route')
})
