/**
 * Strapi's own client for Strapi 5, `@strapi/client`, used unchanged against the plugin with
 * `apiFormat: 'v5'` on the recorded project's content model (test/fixtures/strapi-v5-project):
 * the app listens on a real port, as the client speaks fetch. Collections, a single type, drafts,
 * locales, the media library and an error, each with the values the plugin must answer.
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { strapi, HTTPError, HTTPNotFoundError } from '@strapi/client'
import t from 'tap'
import { buildTestApp } from '../../helpers/app.js'
import { png } from '../upload/upload-helpers.js'
import { V5_PROJECT } from './replay.js'

type Json = any

const uploads = mkdtempSync(`${tmpdir()}/fca-v5-client-`)
const test = await buildTestApp({
  schemas: `${V5_PROJECT}src`,
  apiFormat: 'v5',
  i18n: { locales: ['en', 'fr'] },
  upload: { dir: uploads }
})
t.teardown(async () => {
  await test.close()
  rmSync(uploads, { recursive: true, force: true })
})
const address = await test.app.listen({ port: 0, host: '127.0.0.1' })
const client = strapi({ baseURL: `${address}/api` })

const documentId = /^[a-z][a-z0-9]{23}$/
/** What the client rejects with on a 404. */
const NOT_FOUND = { name: 'HTTPNotFoundError', message: /status code 404/ }

t.test('a collection: create, find with filters, sort, populate and pages, findOne, update, delete', async t => {
  const authors = client.collection('authors')
  const articles = client.collection('articles')

  const ada: Json = await authors.create({ name: 'Ada', email: 'ada@example.com' })
  t.match(ada, { data: { id: Number, documentId, name: 'Ada', email: 'ada@example.com' }, meta: {} }, 'create answers the entry with its documentId')
  const grace: Json = await authors.create({ name: 'Grace' })

  const made: Json[] = []
  for (const [title, views, author] of [['Engines', 3, ada], ['Bridges', 7, grace], ['Compilers', 5, ada]] as const) {
    made.push((await articles.create({ title, views, author: author.data.documentId })).data)
  }
  t.same(made.map(article => article.title), ['Engines', 'Bridges', 'Compilers'])
  for (const article of made) t.match(article, { documentId, publishedAt: /Z$/, locale: 'en' })

  const found: Json = await articles.find({
    filters: { views: { $gte: 4 } },
    sort: 'views:desc',
    populate: { author: { fields: ['name'] } },
    fields: ['title', 'views']
  })
  t.same(found.data.map((article: Json) => [article.documentId, article.title, article.views, article.author.name]),
    [[made[1].documentId, 'Bridges', 7, 'Grace'], [made[2].documentId, 'Compilers', 5, 'Ada']], 'filters, sort, fields and populate')
  t.same(found.data[0].author, { id: grace.data.id, documentId: grace.data.documentId, name: 'Grace' }, 'the populated author, flat')
  t.same(found.meta.pagination, { page: 1, pageSize: 25, pageCount: 1, total: 2 })

  const page: Json = await articles.find({ sort: ['title:asc'], pagination: { page: 2, pageSize: 2 } })
  t.same(page.data.map((article: Json) => article.title), ['Engines'], 'the second page of two')
  t.same(page.meta.pagination, { page: 2, pageSize: 2, pageCount: 2, total: 3 })
  const byAuthor: Json = await articles.find({ filters: { author: { documentId: { $eq: ada.data.documentId } } }, sort: 'title' })
  t.same(byAuthor.data.map((article: Json) => article.id), [made[2].id, made[0].id], 'a filter through a relation')

  const one: Json = await articles.findOne(made[0].documentId, { populate: ['author'] })
  t.match(one, { data: { id: made[0].id, documentId: made[0].documentId, title: 'Engines', views: 3, author: { documentId: ada.data.documentId, name: 'Ada' } } },
    'findOne by documentId')

  const updated: Json = await articles.update(made[0].documentId, { title: 'Steam engines', views: 4 })
  t.match(updated.data, { id: made[0].id, documentId: made[0].documentId, title: 'Steam engines', views: 4 }, 'update')
  t.equal((await articles.findOne(made[0].documentId) as Json).data.title, 'Steam engines', 'read back')

  await articles.delete(made[1].documentId)
  const left: Json = await articles.find({ sort: 'id' })
  t.same(left.data.map((article: Json) => article.documentId), [made[0].documentId, made[2].documentId], 'delete')
  await t.rejects(articles.findOne(made[1].documentId), NOT_FOUND, 'the deleted document is gone')
})

t.test('drafts: create, find and publish with status', async t => {
  const articles = client.collection('articles')
  const draft: Json = await articles.create({ title: 'Unfinished' }, { status: 'draft' })
  t.match(draft.data, { documentId, title: 'Unfinished', publishedAt: null }, 'created as a draft')

  const published: Json = await articles.find({ filters: { title: 'Unfinished' } })
  t.same(published.data, [], 'not among the published entries')
  const drafts: Json = await articles.find({ status: 'draft', filters: { title: { $eq: 'Unfinished' } } })
  t.same(drafts.data.map((article: Json) => [article.documentId, article.publishedAt]), [[draft.data.documentId, null]], 'found with status: draft')
  t.match(await articles.findOne(draft.data.documentId, { status: 'draft' }), { data: { documentId: draft.data.documentId, title: 'Unfinished' } })
  await t.rejects(articles.findOne(draft.data.documentId), NOT_FOUND, 'not published')

  const edited: Json = await articles.update(draft.data.documentId, { views: 9 }, { status: 'draft' })
  t.match(edited.data, { documentId: draft.data.documentId, views: 9, publishedAt: null }, 'a draft edited as a draft')
  const publishedNow: Json = await articles.update(draft.data.documentId, {})
  t.match(publishedNow.data, { documentId: draft.data.documentId, views: 9, publishedAt: /Z$/ }, 'an update without status publishes')
  t.match(await articles.findOne(draft.data.documentId), { data: { title: 'Unfinished' } })
})

t.test('locales: create in one, add another to the document, find by locale', async t => {
  const categories = client.collection('categories')
  const en: Json = await categories.create({ name: 'Science' })
  t.match(en.data, { documentId, locale: 'en', name: 'Science' })
  const fr: Json = await categories.update(en.data.documentId, { name: 'Sciences' }, { locale: 'fr' })
  t.match(fr.data, { documentId: en.data.documentId, locale: 'fr', name: 'Sciences' }, 'update with a new locale makes it')
  t.not(fr.data.id, en.data.id, 'a row of its own')

  t.same((await categories.find({ locale: 'fr' }) as Json).data.map((category: Json) => [category.documentId, category.name]),
    [[en.data.documentId, 'Sciences']], 'find in a locale')
  t.same((await categories.find() as Json).data.map((category: Json) => category.name), ['Science'], 'the default locale')
  t.match(await categories.findOne(en.data.documentId, { locale: 'fr', populate: ['localizations'] }),
    { data: { name: 'Sciences', locale: 'fr', localizations: [{ documentId: en.data.documentId, locale: 'en', name: 'Science' }] } }, 'findOne in a locale, with its localizations')

  const article: Json = await client.collection('articles').create({ title: 'Moteurs', categories: [fr.data.documentId] }, { locale: 'fr' })
  t.match(article.data, { locale: 'fr', title: 'Moteurs' })
  const read: Json = await client.collection('articles').findOne(article.data.documentId, { locale: 'fr', populate: { categories: { fields: ['name'] } } })
  t.same(read.data.categories.map((category: Json) => category.name), ['Sciences'], 'a relation in the entry\'s locale')
})

t.test('a single type: update, find, delete', async t => {
  const homepage = client.single('homepage')
  await t.rejects(homepage.find(), NOT_FOUND, 'no homepage yet')
  const written: Json = await homepage.update({ title: 'Welcome', hero: { title: 'Hello' } })
  t.match(written.data, { documentId, title: 'Welcome', publishedAt: /Z$/ }, 'update makes the entry')
  const read: Json = await homepage.find({ populate: ['hero'] })
  t.match(read.data, { documentId: written.data.documentId, id: written.data.id, title: 'Welcome', hero: { title: 'Hello' } }, 'find')
  const again: Json = await homepage.update({ title: 'Welcome back' })
  t.match(again.data, { documentId: written.data.documentId, title: 'Welcome back' }, 'the same document')
  t.equal((await homepage.find({ fields: ['title'] }) as Json).data.title, 'Welcome back')
  await homepage.delete()
  await t.rejects(homepage.find(), NOT_FOUND, 'deleted')
})

t.test('the media library: upload, find, findOne, update, delete', async t => {
  const bytes = await png(32, 16)
  const uploaded = await client.files.upload(new Blob([bytes], { type: 'image/png' }), { fileInfo: { name: 'red.png', alternativeText: 'A red square' } })
  t.equal(uploaded.length, 1, 'POST /api/upload answers the files')
  const file: Json = uploaded[0]
  t.match(file, { id: Number, documentId, name: 'red.png', alternativeText: 'A red square', mime: 'image/png', width: 32, height: 16, ext: '.png' })

  const second = await client.files.upload(Buffer.from('plain words'), { filename: 'notes.txt', mimetype: 'text/plain' })
  const all = await client.files.find({ sort: 'id:asc' })
  t.same(all.map(item => [item.id, item.name]), [[file.id, 'red.png'], [second[0]!.id, 'notes.txt']], 'find: a bare array')
  const images = await client.files.find({ filters: { mime: { $contains: 'image' } } })
  t.same(images.map(item => item.id), [file.id], 'find with filters')

  const one = await client.files.findOne(file.id)
  t.match(one, { id: file.id, documentId: file.documentId, name: 'red.png', url: file.url, size: file.size }, 'findOne by id')

  const renamed = await client.files.update(file.id, { name: 'crimson.png', caption: 'Red' })
  t.match(renamed, { id: file.id, name: 'crimson.png', caption: 'Red', alternativeText: 'A red square' }, 'update the file\'s information')

  const cover: Json = await client.collection('articles').create({ title: 'Painted', cover: file.id }, { populate: ['cover'] })
  t.match(cover.data.cover, { id: file.id, documentId: file.documentId, name: 'crimson.png' }, 'a file set on an entry by its id')

  const deleted = await client.files.delete(second[0]!.id)
  t.match(deleted, { id: second[0]!.id, name: 'notes.txt' }, 'delete answers the file')
  t.same((await client.files.find()).map(item => item.id), [file.id])
})

t.test('errors: the client\'s HTTP errors carry the status', async t => {
  const missing = 'a' + 'b'.repeat(23)
  const error = await client.collection('articles').findOne(missing).then(() => null, (error: unknown) => error)
  t.ok(error instanceof HTTPNotFoundError, 'findOne of an unknown documentId: the client\'s HTTPNotFoundError')
  t.match(error, NOT_FOUND)
  t.equal((error as HTTPError).response.status, 404)
  t.match(await (error as HTTPError).response.json(), { data: null, error: { status: 404, name: 'NotFoundError' } }, 'Strapi 5\'s error body')

  const invalid = await client.collection('articles').create({ views: 1 }).then(() => null, (error: unknown) => error)
  t.type(invalid, HTTPError, 'a create without its required title')
  t.equal((invalid as HTTPError).response.status, 400)
  t.match(await (invalid as HTTPError).response.json(), { error: { name: 'ValidationError', details: { errors: [{ path: ['title'] }] } } })

  await t.rejects(client.collection('articles').find({ populate: ['nothing'] }), { name: 'HTTPBadRequestError', message: /status code 400/ }, 'an unknown populate key')
  await t.rejects(client.files.findOne(999_999), { name: /NotFound/ }, 'an unknown file')
})
