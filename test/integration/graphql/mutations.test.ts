/**
 * The content types' mutations (docs/graphql.md, 'Mutations'): the REST routes' writes
 * (one transaction, the write plan's checks, lifecycles and events, Idempotency-Key) with
 * Strapi's GraphQL semantics: `createX` without `publishedAt` makes a draft, relations as
 * ids, a zone item names its component by `__typename`, errors as Strapi's extensions. Each
 * answer is checked against the REST read of the same entry.
 */
import t from 'tap'
import { graphql, graphqlApp } from '../../helpers/graphql.js'

const test = await graphqlApp()
t.teardown(test.close)
const { app } = test

async function rest (url: string): Promise<{ status: number, body: any }> {
  const response = await app.inject({ method: 'GET', url })
  return { status: response.statusCode, body: response.json() }
}

async function count (table: string): Promise<number> {
  const [row] = await app.contentApi.db.query(`select count(*)::int as n from ${table}`, [])
  return row!.n as number
}

async function restCreate (url: string, data: Record<string, unknown>): Promise<number> {
  const response = await app.inject({ method: 'POST', url, payload: { data } })
  if (response.statusCode !== 200) throw new Error(response.body)
  return (response.json() as { data: { id: number } }).data.id
}

const authorId = await restCreate('/api/authors', { name: 'Ann' })
const tagIds = [await restCreate('/api/tags', { name: 'one' }), await restCreate('/api/tags', { name: 'two' })]

const CREATE = `mutation ($data: ArticleInput!) {
  createArticle(data: $data) {
    data {
      id
      attributes {
        title slug status publishedAt
        author { data { id attributes { name } } }
        tags(sort: "name") { data { id } }
        seo { metaTitle openGraph { ogTitle } }
        blocks { __typename ... on ComponentBlocksQuote { text attribution } }
      }
    }
  }
}`

const events: string[] = []
app.contentApi.events.on('entry.create', (payload) => { events.push(`create ${payload.model}`) })

t.test('createArticle: a draft unless publishedAt is sent, with relations, a component and a zone', async t => {
  const data = {
    title: 'Written by GraphQL',
    status: 'in_review',
    author: String(authorId),
    tags: tagIds.map(String),
    seo: { metaTitle: 'Meta', openGraph: { ogTitle: 'OG' } },
    blocks: [{ __typename: 'ComponentBlocksQuote', text: 'To be', attribution: 'W.' }]
  }
  const answer = await graphql(test, CREATE, { data })
  t.equal(answer.status, 200)
  t.notOk(answer.body.errors)
  const created = answer.body.data.createArticle.data
  t.match(created.attributes, {
    title: 'Written by GraphQL',
    slug: 'written-by-graphql',
    status: 'in_review',
    publishedAt: null,
    author: { data: { id: String(authorId), attributes: { name: 'Ann' } } },
    tags: { data: tagIds.map(id => ({ id: String(id) })) },
    seo: { metaTitle: 'Meta', openGraph: { ogTitle: 'OG' } },
    blocks: [{ __typename: 'ComponentBlocksQuote', text: 'To be', attribution: 'W.' }]
  })
  t.same(events, ['create article'], 'the event of a REST create')
  t.equal((await rest(`/api/articles/${created.id}`)).status, 404, 'a draft: REST\'s live read does not find it')
  const preview = await rest(`/api/articles/${created.id}?publicationState=preview&populate[author]=true&populate[tags][sort]=name`)
  t.equal(preview.body.data.attributes.title, created.attributes.title, 'the REST read of the same entry')
  t.same(preview.body.data.attributes.tags.data.map((tag: { id: number }) => String(tag.id)), created.attributes.tags.data.map((tag: { id: string }) => tag.id))
  t.equal(preview.body.data.attributes.author.data.id, authorId)

  const published = await graphql(test, CREATE, { data: { title: 'Published at once', publishedAt: '2026-01-02T03:04:05.000Z' } })
  t.equal(published.body.data.createArticle.data.attributes.publishedAt, '2026-01-02T03:04:05.000Z')
  t.equal((await rest(`/api/articles/${published.body.data.createArticle.data.id as string}`)).status, 200, 'live in REST')
})

t.test('updateArticle and deleteArticle answer the entry, as written and as it was', async t => {
  const id = await restCreate('/api/articles', { title: 'Before' })
  const updated = await graphql(test, `mutation { updateArticle(id: "${id}", data: { title: "After", tags: ["${tagIds[1]!}"] }) { data { id attributes { title tags { data { id } } } } } }`)
  t.notOk(updated.body.errors)
  t.same(updated.body.data.updateArticle.data, { id: String(id), attributes: { title: 'After', tags: { data: [{ id: String(tagIds[1]) }] } } })
  t.equal((await rest(`/api/articles/${id}`)).body.data.attributes.title, 'After')

  const deleted = await graphql(test, `mutation { deleteArticle(id: "${id}") { data { id attributes { title } } } }`)
  t.same(deleted.body.data.deleteArticle.data, { id: String(id), attributes: { title: 'After' } })
  t.equal((await rest(`/api/articles/${id}`)).status, 404)
})

t.test('errors: Strapi\'s extensions, nothing written', async t => {
  const before = await count('articles')
  const missing = await graphql(test, 'mutation { createArticle(data: { excerpt: "no title" }) { data { id } } }')
  t.equal(missing.status, 200)
  t.equal(missing.body.data.createArticle, null)
  t.match(missing.body.errors[0], { path: ['createArticle'], extensions: { code: 'BAD_USER_INPUT', error: { name: 'ValidationError' } } })
  const badRelation = await graphql(test, 'mutation { createArticle(data: { title: "x", author: "999999" }) { data { id } } }')
  t.equal(badRelation.body.errors[0].extensions.code, 'BAD_USER_INPUT', 'an unknown related id')
  const badZone = await graphql(test, 'mutation { createArticle(data: { title: "x", blocks: [{ __typename: "Nope" }] }) { data { id } } }')
  t.equal(badZone.status, 400)
  t.match(badZone.body.errors[0].message, /__typename must be one of ComponentBlocksQuote/)
  t.equal(await count('articles'), before, 'nothing was written')
  const unknown = await graphql(test, 'mutation { updateArticle(id: "999999", data: { title: "x" }) { data { id } } }')
  t.equal(unknown.body.errors[0].extensions.code, 'STRAPI_NOT_FOUND_ERROR')
  const notAnId = await graphql(test, 'mutation { deleteArticle(id: "abc") { data { id } } }')
  t.equal(notAnId.body.errors[0].extensions.code, 'BAD_USER_INPUT')
})

t.test('mutations run in order: a later field sees what an earlier one wrote', async t => {
  const answer = await graphql(test, `mutation {
    first: createTag(data: { name: "first" }) { data { id } }
    second: createTag(data: { name: "second" }) { data { id } }
  }`)
  t.notOk(answer.body.errors)
  t.ok(Number(answer.body.data.second.data.id) > Number(answer.body.data.first.data.id))
})

t.test('Idempotency-Key: a retry of a create answers the first entry', async t => {
  const before = await count('tags')
  const query = 'mutation { createTag(data: { name: "once" }) { data { id attributes { name } } } }'
  const first = await graphql(test, query, undefined, { 'idempotency-key': 'graphql-once' })
  const again = await graphql(test, query, undefined, { 'idempotency-key': 'graphql-once' })
  t.same(again.body.data, first.body.data)
  t.equal(await count('tags'), before + 1)
})

t.test('single types and localizations', async t => {
  const fr = await graphql(test, 'mutation { updateHomepage(locale: "fr", data: { heading: "Bonjour" }) { data { id attributes { heading locale } } } }')
  t.notOk(fr.body.errors)
  t.same(fr.body.data.updateHomepage.data.attributes, { heading: 'Bonjour', locale: 'fr' })
  t.equal((await rest('/api/homepage?locale=fr')).body.data.attributes.heading, 'Bonjour')
  const deleted = await graphql(test, 'mutation { deleteHomepage(locale: "fr") { data { attributes { heading } } } }')
  t.equal(deleted.body.data.deleteHomepage.data.attributes.heading, 'Bonjour')
  t.equal((await rest('/api/homepage?locale=fr')).status, 404)

  const category = await graphql(test, 'mutation { createCategory(data: { name: "News" }, locale: "en") { data { id attributes { locale } } } }')
  const id = category.body.data.createCategory.data.id as string
  const localized = await graphql(test, `mutation { createCategoryLocalization(id: "${id}", locale: "fr", data: { name: "Actualités" }) { data { id attributes { name locale localizations { data { id } } } } } }`)
  t.notOk(localized.body.errors)
  t.match(localized.body.data.createCategoryLocalization.data.attributes, { name: 'Actualités', locale: 'fr', localizations: { data: [{ id }] } })
})

t.test('permissions: each mutation takes its action on the type', async t => {
  const guarded = await graphqlApp({ permissions: { jwtSecret: 'a-test-secret-that-is-long-enough', roles: { public: { 'api::tag.tag': ['create'] } } } })
  t.teardown(guarded.close)
  const answer = await graphql(guarded, `mutation {
    createTag(data: { name: "allowed" }) { data { attributes { name } } }
    deleteTag(id: "1") { data { id } }
    createArticle(data: { title: "refused" }) { data { id } }
  }`)
  t.same(answer.body.data, { createTag: { data: { attributes: { name: 'allowed' } } }, deleteTag: null, createArticle: null })
  t.same(answer.body.errors.map((error: any) => [error.path[0], error.extensions.code]), [['deleteTag', 'FORBIDDEN'], ['createArticle', 'FORBIDDEN']])
})
