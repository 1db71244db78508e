/**
 * documentIds as writes make them (docs/schemas.md, 'Documents'): PostgreSQL makes one when
 * a row of a content type, a file or a user is inserted; an update keeps it; a new
 * localization takes its group's; and the v4 API never shows one nor takes one.
 */
import t from 'tap'
import type { Test } from 'tap'
import type { ContentTypeSchema } from '../../../plugin/index.js'
import { buildTestApp } from '../../helpers/app.js'
import type { TestApp } from '../../helpers/app.js'
import { png, upload } from '../upload/upload-helpers.js'

type Json = any

const DOCUMENT_ID_SHAPE = /^[a-z][a-z0-9]{23}$/
const CONTENT = ['find', 'findOne', 'create', 'update', 'delete']

const contentTypes: Record<string, ContentTypeSchema> = {
  'api::page.page': {
    info: { singularName: 'page', pluralName: 'pages' },
    options: { draftAndPublish: true },
    pluginOptions: { i18n: { localized: true } },
    attributes: {
      title: { type: 'string', required: true },
      price: { type: 'integer', pluginOptions: { i18n: { localized: false } } }
    }
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
  },
  'api::setting.setting': {
    kind: 'singleType',
    info: { singularName: 'setting', pluralName: 'settings' },
    attributes: { theme: { type: 'string' } }
  }
}

const dir = t.testdir()
const test: TestApp = await buildTestApp({
  contentTypes,
  i18n: { locales: ['en', 'fr', 'de'], defaultLocale: 'en' },
  upload: { dir },
  permissions: {
    jwtSecret: 'a-test-secret-that-is-long-enough',
    roles: {
      public: {
        'api::page.page': CONTENT,
        'api::tag.tag': CONTENT,
        'api::homepage.homepage': CONTENT,
        'api::setting.setting': CONTENT,
        'plugin::upload': ['upload', 'find', 'findOne'],
        'plugin::users-permissions.user': ['find', 'findOne']
      }
    }
  }
})
const { app } = test
t.teardown(test.close)

async function call (method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown): Promise<{ status: number, body: Json, text: string }> {
  const response = await app.inject({ method, url, ...(payload === undefined ? {} : { payload: payload as object }) })
  return { status: response.statusCode, body: response.json(), text: response.body }
}

/** The stored documentId of row `id` of `table`, read beside the API. */
async function documentIdOf (table: string, id: number): Promise<string> {
  const [row] = await app.contentApi.db.query(`select document_id from ${table} where id = $1`, [id])
  if (row === undefined) throw new Error(`no row ${id} in ${table}`)
  return String(row.document_id)
}

/** A v4 answer shows no documentId, at any depth. */
function showsNoDocumentId (t: Test, answer: { text: string }, label: string): void {
  t.notMatch(answer.text, /document_?id/i, `${label}: no documentId in the answer`)
}

t.test('a create makes a documentId of cuid2 shape; two creates make two; an update keeps it', async t => {
  const first = await call('POST', '/api/tags', { data: { name: 'a' } })
  const second = await call('POST', '/api/tags', { data: { name: 'b' } })
  t.equal(first.status, 200, first.text)
  const a = await documentIdOf('tags', first.body.data.id)
  const b = await documentIdOf('tags', second.body.data.id)
  t.match(a, DOCUMENT_ID_SHAPE, '24 characters, a letter first, then letters and digits')
  t.match(b, DOCUMENT_ID_SHAPE)
  t.not(a, b, 'each document its own')
  const updated = await call('PUT', `/api/tags/${first.body.data.id as number}`, { data: { name: 'a2' } })
  t.equal(updated.status, 200, updated.text)
  t.equal(await documentIdOf('tags', first.body.data.id), a, 'an update keeps it')
  showsNoDocumentId(t, first, 'create')
  showsNoDocumentId(t, updated, 'update')
})

t.test('making it costs no statement: a create and an update of scalars are still one statement each, a localization as many as before', async t => {
  test.statements.reset()
  const created = await call('POST', '/api/tags', { data: { name: 'counted' } })
  t.equal(test.statements.count(), 1, `create: ${test.statements.list.join(' | ')}`)
  test.statements.reset()
  await call('PUT', `/api/tags/${created.body.data.id as number}`, { data: { name: 'counted again' } })
  t.equal(test.statements.count(), 1, `update: ${test.statements.list.join(' | ')}`)
  const en = await call('POST', '/api/pages', { data: { title: 'Counted' } })
  test.statements.reset()
  await call('POST', `/api/pages/${en.body.data.id as number}/localizations`, { locale: 'fr', title: 'Compté' })
  // As before documentIds: begin, the type's queue, the group locked (its documentId read
  // with it), the data statement (the new row takes that documentId), the group's links and
  // shared attributes, commit, the answer's read.
  t.equal(test.statements.count(), 7, `localization: ${test.statements.list.join(' | ')}`)
})

t.test('a localization shares its source\'s documentId, as does every later member of the group', async t => {
  const en = await call('POST', '/api/pages', { data: { title: 'Hello', price: 3 } })
  t.equal(en.status, 200, en.text)
  const fr = await call('POST', `/api/pages/${en.body.data.id as number}/localizations`, { locale: 'fr', title: 'Bonjour' })
  t.equal(fr.status, 200, fr.text)
  const de = await call('POST', `/api/pages/${fr.body.id as number}/localizations`, { locale: 'de', title: 'Hallo' })
  t.equal(de.status, 200, de.text)
  const documentId = await documentIdOf('pages', en.body.data.id)
  t.equal(await documentIdOf('pages', fr.body.id), documentId, 'fr, made from en')
  t.equal(await documentIdOf('pages', de.body.id), documentId, 'de, made from fr')
  const other = await call('POST', '/api/pages', { data: { title: 'Other' } })
  t.not(await documentIdOf('pages', other.body.data.id), documentId, 'another entry in the same locale is another document')
  showsNoDocumentId(t, fr, 'a localization\'s answer')
  showsNoDocumentId(t, await call('GET', `/api/pages/${en.body.data.id as number}?populate=localizations&publicationState=preview`), 'a read with its localizations')
})

t.test('single types have one; the locales of a localized single type share it', async t => {
  const setting = await call('PUT', '/api/setting', { data: { theme: 'dark' } })
  t.equal(setting.status, 200, setting.text)
  const settingId = await documentIdOf('settings', setting.body.data.id)
  t.match(settingId, DOCUMENT_ID_SHAPE)
  await call('PUT', '/api/setting', { data: { theme: 'light' } })
  t.equal(await documentIdOf('settings', setting.body.data.id), settingId, 'the second PUT updates: same documentId')
  const en = await call('PUT', '/api/homepage', { data: { heading: 'Welcome' } })
  const fr = await call('PUT', '/api/homepage?locale=fr', { data: { heading: 'Bienvenue' } })
  t.equal(fr.status, 200, fr.text)
  t.not(fr.body.data.id, en.body.data.id, 'another row')
  t.equal(await documentIdOf('homepages', fr.body.data.id), await documentIdOf('homepages', en.body.data.id), 'the fr entry joins the en one\'s document')
  showsNoDocumentId(t, await call('GET', '/api/homepage?locale=fr'), 'a single type\'s read')
})

t.test('files and users have one', async t => {
  const uploaded = await upload(app, [{ filename: 'dot.png', bytes: await png(4, 4), type: 'image/png' }])
  t.equal(uploaded.statusCode, 200, uploaded.body)
  const [file] = uploaded.json() as Json[]
  t.match(await documentIdOf('files', file.id), DOCUMENT_ID_SHAPE)
  showsNoDocumentId(t, { text: uploaded.body }, 'an upload')
  showsNoDocumentId(t, await call('GET', `/api/upload/files/${file.id as number}`), 'a file read')
  const user = await app.contentApi.users!.createUser({ username: 'ada', email: 'ada@example.com', password: 'a-long-password' })
  t.match(await documentIdOf('up_users', user.id), DOCUMENT_ID_SHAPE)
  showsNoDocumentId(t, await call('GET', `/api/users/${user.id}`), 'a user read')
  showsNoDocumentId(t, await call('GET', '/api/users'), 'the users list')
})

t.test('the v4 API takes no documentId: not in filters, sort or fields (400), and a body sending one changes nothing', async t => {
  const created = await call('POST', '/api/tags', { data: { name: 'kept', documentId: 'zzzzzzzzzzzzzzzzzzzzzzzz' } })
  t.equal(created.status, 200, created.text)
  const id = created.body.data.id as number
  const made = await documentIdOf('tags', id)
  t.not(made, 'zzzzzzzzzzzzzzzzzzzzzzzz', 'a create does not take it from the body')
  await call('PUT', `/api/tags/${id}`, { data: { documentId: 'yyyyyyyyyyyyyyyyyyyyyyyy' } })
  t.equal(await documentIdOf('tags', id), made, 'nor an update')
  for (const query of [`filters[documentId][$eq]=${made}`, 'sort=documentId', 'fields[0]=documentId', 'populate[localizations][filters][documentId][$null]=true']) {
    const answer = await call('GET', `/api/${query.startsWith('populate') ? 'pages' : 'tags'}?${query}`)
    t.equal(answer.status, 400, `${query}: ${answer.text}`)
    t.match(answer.body.error, { name: 'ValidationError' })
  }
  showsNoDocumentId(t, await call('GET', '/api/tags?fields=*'), 'fields=*')
  showsNoDocumentId(t, await call('GET', '/api/pages?populate=*&locale=all&publicationState=preview'), 'populate=*')
})
