/**
 * Where the endpoint is, and what else it serves: off unless the option is given, at
 * `graphql.endpoint`, outside the REST prefix and its OpenAPI document; GraphiQL only with
 * `landingPage: true`, where a browser opening the endpoint is sent.
 */
import { createHash } from 'node:crypto'
import t from 'tap'
import { buildTestApp } from '../../helpers/app.js'
import { graphqlApp } from '../../helpers/graphql.js'

t.test('off by default', async t => {
  const test = await buildTestApp()
  t.teardown(test.close)
  const response = await test.app.inject({ method: 'POST', url: '/graphql', payload: { query: '{ __typename }' } })
  t.equal(response.statusCode, 404)
})

t.test('at its endpoint, not in the OpenAPI document, no landing page unless asked', async t => {
  const test = await graphqlApp({ graphql: { endpoint: '/api/gql' } })
  t.teardown(test.close)
  const answer = await test.app.inject({ method: 'POST', url: '/api/gql', payload: { query: '{ __typename }' } })
  t.same(answer.json(), { data: { __typename: 'Query' } })
  t.equal((await test.app.inject({ method: 'POST', url: '/graphql', payload: { query: '{ __typename }' } })).statusCode, 404)
  t.equal((await test.app.inject({ method: 'GET', url: '/api/gql/graphiql' })).statusCode, 404, 'no GraphiQL')
  const document = await test.app.inject({ method: 'GET', url: '/documentation/json' })
  t.notOk(Object.keys(document.json().paths).some(path => path.includes('gql')), 'not in the REST API\'s document')

  await t.test('automatic persisted queries: a hash alone once the text is known, GET included', async t => {
    const query = '{ tags(pagination: { limit: 1 }) { meta { pagination { total } } } }'
    const sha256Hash = createHash('sha256').update(query).digest('hex')
    const extensions = { persistedQuery: { version: 1, sha256Hash } }
    const post = async (payload: Record<string, unknown>): Promise<{ status: number, body: any }> => {
      const response = await test.app.inject({ method: 'POST', url: '/api/gql', payload })
      return { status: response.statusCode, body: response.json() }
    }
    const unknown = await post({ extensions })
    t.equal(unknown.body.errors[0].message, 'PersistedQueryNotFound', 'what Apollo clients look for to send the text')
    t.same((await post({ query, extensions })).body, { data: { tags: { meta: { pagination: { total: 0 } } } } })
    t.same((await post({ extensions })).body, { data: { tags: { meta: { pagination: { total: 0 } } } } }, 'the hash alone')
    const viaGet = await test.app.inject({ method: 'GET', url: `/api/gql?extensions=${encodeURIComponent(JSON.stringify(extensions))}` })
    t.same(viaGet.json(), { data: { tags: { meta: { pagination: { total: 0 } } } } }, 'a GET a CDN may cache')
    const wrongHash = await post({ query: '{ __typename }', extensions })
    t.equal(wrongHash.status, 400, 'a text that is not the hash\'s is refused')
  })
})

t.test('landingPage: GraphiQL, and a browser opening the endpoint is sent there', async t => {
  const test = await graphqlApp({ graphql: { landingPage: true } })
  t.teardown(test.close)
  const browser = await test.app.inject({ method: 'GET', url: '/graphql', headers: { accept: 'text/html,application/xhtml+xml' } })
  t.equal(browser.statusCode, 302)
  t.equal(browser.headers.location, '/graphql/graphiql')
  const page = await test.app.inject({ method: 'GET', url: '/graphql/graphiql' })
  t.equal(page.statusCode, 200)
  t.match(page.headers['content-type'], /text\/html/)
  const config = await test.app.inject({ method: 'GET', url: '/graphql/graphiql/config.js' })
  t.match(config.body, "window.GRAPHQL_ENDPOINT = '/graphql'", 'GraphiQL queries the endpoint')
  const query = await test.app.inject({ method: 'GET', url: '/graphql?query=%7B__typename%7D', headers: { accept: 'text/html' } })
  t.same(query.json(), { data: { __typename: 'Query' } }, 'a GET with a query is a query, whatever it accepts')
})
