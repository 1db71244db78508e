/**
 * The GraphQL endpoint checks callers exactly as the REST routes do (docs/access-control.md):
 * the same roles, JWTs and API tokens, `find` for lists and single types, `findOne` for
 * `x(id)`. A populated relation to a type the caller may not `find` is left out of the read
 * (access/prune.ts) and answered as Strapi answers it, null with a FORBIDDEN error at its
 * path; a filter through one is a BAD_USER_INPUT, as REST's 400.
 */
import t from 'tap'
import { graphql, graphqlApp, seedCorpus } from '../../helpers/graphql.js'

const SECRET = 'a-test-secret-that-is-long-enough'

const test = await graphqlApp({
  permissions: {
    jwtSecret: SECRET,
    roles: {
      public: { 'api::article.article': ['find'], 'api::tag.tag': ['find'], 'api::homepage.homepage': ['find'] },
      authenticated: { 'api::article.article': ['find', 'findOne'], 'api::author.author': ['find'], 'api::tag.tag': ['find'] }
    }
  }
})
t.teardown(test.close)
const full = (await test.app.contentApi.apiTokens!.create({ name: 'seed', type: 'full-access' })).accessKey
await seedCorpus(test.app, { authorization: `Bearer ${full}` })
const registered = await test.app.inject({ method: 'POST', url: '/api/auth/local/register', payload: { username: 'reader', email: 'reader@example.com', password: 'secret-pass' } })
const userJwt = (registered.json() as { jwt: string }).jwt
const readOnly = (await test.app.contentApi.apiTokens!.create({ name: 'ro', type: 'read-only' })).accessKey
const tagsOnly = (await test.app.contentApi.apiTokens!.create({ name: 'tags', type: 'custom', permissions: { 'api::tag.tag': ['find'] } })).accessKey

const bearer = (token: string): Record<string, string> => ({ authorization: `Bearer ${token}` })

const ARTICLE_WITH_AUTHOR = `{
  articles(filters: { slug: { eq: "alpha-release" } }) {
    data { id attributes { title author { data { attributes { name } } } tags(pagination: { limit: 1 }) { data { id } } } }
  }
}`

t.test('a relation the public may not find: null, with Strapi\'s FORBIDDEN error at its path, in the one statement', async t => {
  const answer = await graphql(test, ARTICLE_WITH_AUTHOR)
  t.equal(answer.status, 200)
  const attributes = answer.body.data.articles.data[0].attributes
  t.equal(attributes.title, 'Alpha release')
  t.equal(attributes.author, null, 'the author is not read')
  t.equal(attributes.tags.data.length, 1, 'tags may be found')
  t.equal(answer.body.errors.length, 1)
  t.match(answer.body.errors[0], {
    message: 'Forbidden access',
    path: ['articles', 'data', 0, 'attributes', 'author'],
    extensions: { code: 'FORBIDDEN', error: { name: 'ForbiddenError', message: 'Forbidden access' } }
  })
  t.equal(answer.statements.length, 1)
  t.notMatch(answer.statements[0], /authors/, 'the statement never reads the authors table')
})

t.test('the same caller with find on authors (a user\'s JWT) reads the author', async t => {
  const answer = await graphql(test, ARTICLE_WITH_AUTHOR, undefined, bearer(userJwt))
  t.notOk(answer.body.errors)
  t.equal(answer.body.data.articles.data[0].attributes.author.data.attributes.name, 'Ann')
})

t.test('a root field without its action is FORBIDDEN, without SQL; the other root fields answer', async t => {
  const answer = await graphql(test, '{ authors { data { id } } tags(pagination: { limit: 1 }) { data { id } } article(id: "1") { data { id } } }')
  t.equal(answer.status, 200)
  t.equal(answer.body.data.authors, null)
  t.equal(answer.body.data.article, null, 'findOne is an action of its own')
  t.equal(answer.body.data.tags.data.length, 1)
  t.same(answer.body.errors.map((error: any) => [error.path[0], error.extensions.code]).sort(), [['article', 'FORBIDDEN'], ['authors', 'FORBIDDEN']])
  t.equal(answer.statements.length, 1, 'only tags ran')
})

t.test('a filter through a relation the caller may not find is a BAD_USER_INPUT, as REST\'s 400', async t => {
  const answer = await graphql(test, '{ articles(filters: { author: { name: { eq: "Ann" } } }) { data { id } } }')
  t.equal(answer.body.data.articles, null)
  t.equal(answer.body.errors[0].extensions.code, 'BAD_USER_INPUT')
  const sorted = await graphql(test, '{ articles(sort: "author.name") { data { id } } }')
  t.equal(sorted.body.errors[0].extensions.code, 'BAD_USER_INPUT', 'a sort through it too')
  t.equal(answer.statements.length + sorted.statements.length, 0)
})

t.test('API tokens: read-only reads everything, a custom one only what it lists', async t => {
  const everything = await graphql(test, '{ authors(sort: "name") { data { attributes { name } } } }', undefined, bearer(readOnly))
  t.same(everything.body.data.authors.data.map((entry: any) => entry.attributes.name), ['Ann', 'Bob'])
  const tags = await graphql(test, '{ tags(pagination: { limit: 2 }) { data { id } } articles { data { id } } }', undefined, bearer(tagsOnly))
  t.equal(tags.body.data.tags.data.length, 2)
  t.equal(tags.body.data.articles, null)
  t.equal(tags.body.errors[0].extensions.code, 'FORBIDDEN')
})

t.test('a bad token is a 401, never the public role', async t => {
  const answer = await graphql(test, '{ tags { data { id } } }', undefined, bearer('not-a-token'))
  t.equal(answer.status, 401)
  t.notOk(answer.body.data)
  t.match(answer.body.errors[0], { extensions: { code: 'FORBIDDEN', error: { name: 'UnauthorizedError' } } })
})

t.test('the same operation for two callers is prepared for each', async t => {
  const publicAnswer = await graphql(test, ARTICLE_WITH_AUTHOR)
  const userAnswer = await graphql(test, ARTICLE_WITH_AUTHOR, undefined, bearer(userJwt))
  const again = await graphql(test, ARTICLE_WITH_AUTHOR)
  t.equal(publicAnswer.body.data.articles.data[0].attributes.author, null)
  t.equal(userAnswer.body.data.articles.data[0].attributes.author.data.attributes.name, 'Ann')
  t.same(again.body, publicAnswer.body)
})
