/**
 * Single types, the relation pickers, the uid helpers and `/i18n/locales` of the admin API
 * (docs/admin-api.md): shapes, errors, and one statement per read.
 */
import t from 'tap'
import { buildAdminApp } from './admin-app.js'

const api = await buildAdminApp()
t.teardown(api.close)
const { call, tokens, statements } = api
const token = tokens.superAdmin
const HOMEPAGE = '/content-manager/single-types/api::homepage.homepage'

t.test('single types: 404 before the first PUT, which creates it; then update, per locale; delete', async t => {
  t.equal((await call('GET', HOMEPAGE, { token })).status, 404)
  const created = await call('PUT', HOMEPAGE, { token, payload: { heading: 'Welcome', seo: { metaTitle: 'Home' } } })
  t.match(created, { status: 200, body: { heading: 'Welcome', locale: 'en', seo: { metaTitle: 'Home' }, createdBy: { id: api.ids.superAdmin } } })
  const updated = await call('PUT', HOMEPAGE, { token: tokens.editor, payload: { heading: 'Welcome back' } })
  t.match(updated.body, { id: created.body.id, heading: 'Welcome back', updatedBy: { id: api.ids.editor } })
  const french = await call('PUT', `${HOMEPAGE}?locale=fr`, { token, payload: { heading: 'Bienvenue' } })
  t.match(french.body, { heading: 'Bienvenue', locale: 'fr' })
  t.not(french.body.id, created.body.id)
  statements.reset()
  const read = await call('GET', `${HOMEPAGE}?locale=fr`, { token })
  t.equal(read.body.heading, 'Bienvenue')
  t.ok(statements.count() <= 3, `the admin, the entry's id, the entry: ${statements.count()} statements`)
  t.equal((await call('GET', `${HOMEPAGE}?locale=de`, { token })).status, 400, 'an unknown locale')
  t.equal((await call('POST', `${HOMEPAGE}/actions/publish`, { token })).status, 400, 'no draft and publish on the homepage')
  t.equal((await call('DELETE', `${HOMEPAGE}?locale=fr`, { token })).body.heading, 'Bienvenue')
  t.equal((await call('GET', `${HOMEPAGE}?locale=fr`, { token })).status, 404)
  t.equal((await call('GET', '/content-manager/single-types/api::article.article', { token })).status, 404, 'a collection type is not single')
})

t.test('relations: candidates by main field, paged, ids omitted; an entry\'s links, paged; to-one as data', async t => {
  const tags = []
  for (const name of ['red', 'green', 'blue', 'greenish']) tags.push((await call('POST', '/content-manager/collection-types/api::tag.tag', { token, payload: { name } })).body)
  statements.reset()
  const found = await call('GET', `/content-manager/relations/api::article.article/tags?_q=GREEN&page=1&pageSize=5&idsToOmit[]=${tags[3].id as number}`, { token })
  t.equal(statements.count(), 2, 'the admin, then ONE statement')
  t.same(found.body, { results: [{ id: tags[1].id, name: 'green' }], pagination: { page: 1, pageSize: 5, pageCount: 1, total: 1 } })
  const paged = await call('GET', '/content-manager/relations/api::article.article/tags?page=2&pageSize=3', { token })
  t.same(paged.body.results.map((tag: any) => tag.name), ['red'], 'sorted by main field: blue, green, greenish, then red')
  const articles = await call('GET', '/content-manager/relations/api::tag.tag/articles', { token })
  t.same(articles.body.results, [], 'targets with draft and publish show publishedAt (none yet)')
  const fromComponent = await call('GET', '/content-manager/relations/blocks.related-articles/articles', { token })
  t.equal(fromComponent.status, 200, 'a component\'s relation')

  const author = (await call('POST', '/content-manager/collection-types/api::author.author', { token, payload: { name: 'Ann' } })).body
  const article = (await call('POST', '/content-manager/collection-types/api::article.article', {
    token, payload: { title: 'Linked', author: { connect: [{ id: author.id }] }, tags: { connect: tags.map(tag => ({ id: tag.id })) } }
  })).body
  statements.reset()
  const links = await call('GET', `/content-manager/relations/api::article.article/${article.id as number}/tags?page=2&pageSize=3`, { token })
  t.equal(statements.count(), 2, 'the admin, then ONE statement')
  t.same(links.body, { results: [{ id: tags[3].id, name: 'greenish' }], pagination: { page: 2, pageSize: 3, pageCount: 2, total: 4 } }, 'in link order')
  const toOne = await call('GET', `/content-manager/relations/api::article.article/${article.id as number}/author`, { token })
  t.same(toOne.body, { data: { id: author.id, name: 'Ann' } })
  const published = await call('GET', `/content-manager/relations/api::author.author/${author.id as number}/articles`, { token })
  t.match(published.body.results, [{ id: article.id, title: 'Linked', publishedAt: null }])
  t.equal((await call('GET', '/content-manager/relations/api::article.article/title', { token })).status, 404, 'not a relation')
  t.equal((await call('GET', '/content-manager/relations/api::article.article/999999/tags', { token })).status, 404, 'no such entry')
  t.equal((await call('GET', '/content-manager/relations/api::article.article/tags?idsToOmit[]=x', { token })).status, 400)
})

t.test('uid: generate from the target field, unique among entries; check availability with a suggestion', async t => {
  await call('POST', '/content-manager/collection-types/api::article.article', { token, payload: { title: 'Same Title' } })
  const generated = await call('POST', '/content-manager/uid/generate', { token, payload: { contentTypeUID: 'api::article.article', field: 'slug', data: { title: 'Same Title' } } })
  t.same(generated, { status: 200, body: { data: 'same-title-1' }, response: generated.response })
  const fresh = await call('POST', '/content-manager/uid/generate', { token, payload: { contentTypeUID: 'api::article.article', field: 'slug', data: { title: 'Brand  new Tïtle' } } })
  t.equal(fresh.body.data, 'brand-new-title')
  const taken = await call('POST', '/content-manager/uid/check-availability', { token, payload: { contentTypeUID: 'api::article.article', field: 'slug', value: 'same-title' } })
  t.same(taken.body, { isAvailable: false, suggestion: 'same-title-1' })
  const free = await call('POST', '/content-manager/uid/check-availability', { token, payload: { contentTypeUID: 'api::article.article', field: 'slug', value: 'unused' } })
  t.same(free.body, { isAvailable: true, suggestion: null })
  const notUid = await call('POST', '/content-manager/uid/generate', { token, payload: { contentTypeUID: 'api::article.article', field: 'title', data: {} } })
  t.match(notUid, { status: 400, body: { error: { name: 'ValidationError', details: { errors: [{ path: ['field'] }] } } } })
  t.equal((await call('POST', '/content-manager/uid/generate', { token, payload: { contentTypeUID: 'api::nope.nope', field: 'slug' } })).status, 400)
})

t.test('i18n locales: the i18n option\'s, the default marked', async t => {
  const locales = await call('GET', '/i18n/locales', { token })
  t.same(locales.body, [
    { id: 1, name: 'English (en)', code: 'en', isDefault: true },
    { id: 2, name: 'French (fr)', code: 'fr', isDefault: false }
  ])
})

t.test('a new localization: plugins[i18n][relatedEntityId] joins the source\'s localizations', async t => {
  const CATEGORIES = '/content-manager/collection-types/api::category.category'
  const english = await call('POST', CATEGORIES, { token, payload: { name: 'Oceans', position: 4 } })
  t.equal(english.status, 200)
  const french = await call('POST', `${CATEGORIES}?plugins[i18n][locale]=fr&plugins[i18n][relatedEntityId]=${english.body.id}`, { token, payload: { name: 'Océans' } })
  t.match(french, { status: 200, body: { name: 'Océans', locale: 'fr', position: 4 } }, 'created in fr, with the attributes shared across locales')
  const source = await call('GET', `${CATEGORIES}/${english.body.id}`, { token })
  t.same(source.body.localizations, [{ id: french.body.id, locale: 'fr' }], 'the source\'s entry lists it among its localizations')

  const again = await call('POST', `${CATEGORIES}?plugins[i18n][locale]=fr&plugins[i18n][relatedEntityId]=${english.body.id}`, { token, payload: { name: 'Encore' } })
  t.equal(again.status, 400, 'a locale the group has already is refused')
  const notAnId = await call('POST', `${CATEGORIES}?plugins[i18n][locale]=fr&plugins[i18n][relatedEntityId]=first`, { token, payload: { name: 'Nope' } })
  t.match(notAnId, { status: 400, body: { error: { details: { errors: [{ path: ['relatedEntityId'] }] } } } }, 'a relatedEntityId that is not an id is a 400 at its name')
  const missing = await call('POST', `${CATEGORIES}?plugins[i18n][locale]=fr&plugins[i18n][relatedEntityId]=999999`, { token, payload: { name: 'Nope' } })
  t.equal(missing.status, 404, 'a missing source is a 404')
  const next = await call('POST', CATEGORIES, { token, payload: { name: 'Rivers' } })
  t.equal(next.body.id, french.body.id + 1, 'the refused creates spent no id')
})
