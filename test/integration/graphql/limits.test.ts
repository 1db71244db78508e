/**
 * What the endpoint refuses, and how: every refusal is a GraphQL error with Strapi's
 * extensions and the right status, never a 500, and nothing reaches SQL. Deep selections meet
 * `graphql.depthLimit` on the query text; deep, wide or fanned-out reads meet the populate
 * budget (`limits`) measured over the whole operation; lists meet `graphql.maxLimit`; a huge
 * query text meets the body limit, and a long one the parser's token limit.
 */
import t from 'tap'
import { graphql, graphqlApp, seedCorpus } from '../../helpers/graphql.js'

const test = await graphqlApp({ graphql: { maxLimit: 5, defaultLimit: 3 } })
t.teardown(test.close)
await seedCorpus(test.app)

/** `articles { data { attributes { related { data { attributes { related … title` nested `levels` times. */
function nestedRelated (levels: number): string {
  let selection = 'title'
  for (let level = 0; level < levels; level++) selection = `related(pagination: { limit: 1 }) { data { attributes { ${selection} } } }`
  return `{ articles(pagination: { limit: 1 }) { data { attributes { ${selection} } } } }`
}

t.test('a selection deeper than graphql.depthLimit is refused before anything runs', async t => {
  const answer = await graphql(test, nestedRelated(7))
  t.equal(answer.status, 400)
  t.notOk(answer.body.data)
  t.match(answer.body.errors[0], {
    message: /selection sets deep; at most 20 are allowed \(option graphql\.depthLimit\)/,
    extensions: { code: 'GRAPHQL_VALIDATION_FAILED' }
  })
  t.equal(answer.statements.length, 0)
  const within = await graphql(test, nestedRelated(5))
  t.equal(within.status, 200, '5 nested relations are 18 selection sets deep')
  t.notOk(within.body.errors)
})

t.test('a read deeper than limits.populateDepth is refused, naming the option', async t => {
  const deep = await graphqlApp({ graphql: { depthLimit: 200 }, limits: { populateDepth: 4 } })
  t.teardown(deep.close)
  const answer = await graphql(deep, nestedRelated(5))
  t.equal(answer.status, 400)
  t.match(answer.body.errors[0], {
    message: /^the query is 5 levels deep \(related\.related\.related\.related\.related\); at most 4 levels are allowed \(option limits\.populateDepth\)/,
    extensions: { code: 'BAD_USER_INPUT', error: { name: 'ValidationError' } }
  })
  t.equal(answer.statements.length, 0)
})

t.test('aliases fanning out, at the root or nested, meet limits.populateBranches as one operation', async t => {
  // Each root field past the first counts as a populated attribute: it is a statement of its own.
  const roots = Array.from({ length: 202 }, (_, index) => `a${index}: tags(pagination: { limit: 1 }) { data { id } }`).join(' ')
  const answer = await graphql(test, `{ ${roots} }`)
  t.equal(answer.status, 400)
  t.match(answer.body.errors[0], { message: /the query asks for 201 populated attributes; at most 200 are allowed/, extensions: { code: 'BAD_USER_INPUT' } })
  t.equal(answer.statements.length, 0, 'no root field ran')
  const fewer = await graphql(test, `{ ${roots.split(' a').slice(0, 20).join(' a')} }`)
  t.equal(fewer.status, 200, '20 aliased root fields run')
  t.equal(fewer.statements.length, 20, 'one statement each')

  const nested = Array.from({ length: 201 }, (_, index) => `t${index}: tags(filters: { id: { eq: "${index}" } }) { data { id } }`).join(' ')
  const wide = await graphql(test, `{ articles { data { attributes { ${nested} } } } }`)
  t.equal(wide.status, 400)
  t.match(wide.body.errors[0].message, /asks for 201 populated attributes; at most 200 are allowed \(option limits\.populateBranches\)/)
})

t.test('nested to-many lists multiply: limits.populateRows', async t => {
  const rows = await graphqlApp({ graphql: { maxLimit: 100 }, limits: { populateRows: 50_000 } })
  t.teardown(rows.close)
  const query = '{ tags(pagination: { limit: -1 }) { data { attributes { articles(pagination: { limit: -1 }) { data { attributes { tags(pagination: { limit: -1 }) { data { id } } } } } } } } }'
  const answer = await graphql(rows, query)
  t.equal(answer.status, 400)
  t.match(answer.body.errors[0].message, /may build about \d+ rows .* \(option limits\.populateRows\)/)
  const windowed = await graphql(rows, query.replace(/limit: -1/g, 'limit: 10'))
  t.equal(windowed.status, 200, 'the same read with windows of 10 items fits: a window bounds the estimate')
})

t.test('page sizes are capped by graphql.maxLimit, at the root and nested; defaultLimit when not told', async t => {
  const answer = await graphql(test, `{
    all: articles(pagination: { limit: -1 }) { data { id } meta { pagination { pageSize pageCount total } } }
    big: articles(pagination: { pageSize: 1000 }) { data { id } meta { pagination { pageSize } } }
    plain: articles { data { id attributes { tags { data { id } } many: tags(pagination: { limit: 1000 }) { data { id } } } } }
  }`)
  t.notOk(answer.body.errors)
  t.equal(answer.body.data.all.data.length, 5)
  t.same(answer.body.data.all.meta.pagination, { pageSize: 5, pageCount: 3, total: 12 }, 'limit -1 is maxLimit here, and says so')
  t.equal(answer.body.data.big.data.length, 5)
  t.equal(answer.body.data.big.meta.pagination.pageSize, 5)
  t.equal(answer.body.data.plain.data.length, 3, 'defaultLimit at the root')
  const alpha = answer.body.data.plain.data[0].attributes
  t.equal(alpha.tags.data.length, 3, 'and nested')
  t.equal(alpha.many.data.length, 5, 'nested lists are capped too')
  t.equal(answer.statements.length, 3)
})

t.test('a huge query text is refused by size, a long one by its tokens, both as GraphQL errors', async t => {
  const huge = `{ articles { data { id } } } #${'x'.repeat(1024 * 1024)}`
  const tooLarge = await graphql(test, huge)
  t.equal(tooLarge.status, 413)
  t.match(tooLarge.body.errors[0], { extensions: { code: 'BAD_REQUEST' } })
  const manyTokens = `{ ${Array.from({ length: 20_001 }, () => 'a').join(' ')} }`
  const started = Date.now()
  const tokens = await graphql(test, manyTokens)
  t.equal(tokens.status, 400)
  t.match(tokens.body.errors[0], { message: /Syntax Error: Document contains more than 20000 tokens|tokens/, extensions: { code: 'GRAPHQL_PARSE_FAILED' } })
  t.ok(Date.now() - started < 2_000, 'refused quickly')
})

t.test('many fields in one selection are answered quickly, by one statement', async t => {
  const fields = Array.from({ length: 1500 }, (_, index) => `f${index}: title`).join(' ')
  const started = Date.now()
  const answer = await graphql(test, `{ articles { data { attributes { ${fields} } } } }`)
  t.equal(answer.status, 200)
  t.equal(answer.body.data.articles.data[0].attributes.f1499, 'Alpha release')
  t.equal(answer.statements.length, 1)
  t.ok(Date.now() - started < 3_000, `answered in ${Date.now() - started} ms`)
})

t.test('malformed requests: GraphQL errors with their status, never a 500', async t => {
  const cases: Array<[string, { payload?: unknown, body?: string, contentType?: string, method?: 'GET' | 'POST', url?: string }, number, string]> = [
    ['malformed JSON', { body: '{"query": ', contentType: 'application/json' }, 400, 'BAD_REQUEST'],
    ['no query', { payload: { variables: {} } }, 400, 'BAD_REQUEST'],
    ['a batch (not served)', { payload: [{ query: '{ __typename }' }] }, 400, 'BAD_REQUEST'],
    ['variables that are not an object', { payload: { query: '{ __typename }', variables: 5 } }, 400, 'BAD_REQUEST'],
    ['a syntax error', { payload: { query: '{ articles( }' } }, 400, 'GRAPHQL_PARSE_FAILED'],
    ['an unknown field', { payload: { query: '{ articles { data { attributes { nope } } } }' } }, 400, 'GRAPHQL_VALIDATION_FAILED'],
    ['a private attribute', { payload: { query: '{ articles { data { attributes { internalNotes } } } }' } }, 400, 'GRAPHQL_VALIDATION_FAILED'],
    ['a password attribute', { payload: { query: '{ authors { data { attributes { password } } } }' } }, 400, 'GRAPHQL_VALIDATION_FAILED'],
    ['a mutation of no type', { payload: { query: 'mutation { createNothing(data: {}) { data { id } } }' } }, 400, 'GRAPHQL_VALIDATION_FAILED'],
    ['a wrong variable', { payload: { query: 'query ($n: Int) { articles(pagination: { limit: $n }) { data { id } } }', variables: { n: 'x' } } }, 400, 'BAD_USER_INPUT'],
    ['a missing variable', { payload: { query: 'query ($s: String!) { articles(filters: { slug: { eq: $s } }) { data { id } } }' } }, 400, 'BAD_USER_INPUT'],
    ['an unknown operation', { payload: { query: 'query A { __typename }', operationName: 'B' } }, 400, 'GRAPHQL_VALIDATION_FAILED'],
    ['a GET of a bad query', { method: 'GET', url: '/graphql?query=%7B%20nope%20%7D' }, 400, 'GRAPHQL_VALIDATION_FAILED'],
    ['a mutation sent by GET', { method: 'GET', url: `/graphql?query=${encodeURIComponent('mutation { createTag(data: { name: "by-get" }) { data { id } } }')}` }, 405, 'BAD_REQUEST']
  ]
  for (const [name, request, status, code] of cases) {
    const response = await test.app.inject({
      method: request.method ?? 'POST',
      url: request.url ?? '/graphql',
      ...(request.body === undefined ? { payload: request.payload as object } : { body: request.body }),
      headers: { 'content-type': request.contentType ?? 'application/json' }
    })
    const body = response.json()
    t.equal(response.statusCode, status, `${name}: ${status}`)
    t.equal(body.errors?.[0]?.extensions?.code, code, `${name}: ${code} (${body.errors?.[0]?.message})`)
  }
  const written = await test.app.inject({ method: 'POST', url: '/graphql', payload: { query: '{ tags(filters: { name: { eq: "by-get" } }) { data { id } } }' } })
  t.same(written.json().data.tags.data, [], 'the mutation sent by GET wrote nothing')
})

t.test('answers as Strapi: a wrong value in an argument is a BAD_USER_INPUT of that field, the others answer', async t => {
  const answer = await graphql(test, '{ bad: articles(filters: { publishedOn: { eq: "yesterday" } }) { data { id } } good: tags(pagination: { limit: 1 }) { data { id } } }')
  t.equal(answer.status, 200)
  t.equal(answer.body.data.bad, null)
  t.equal(answer.body.data.good.data.length, 1)
  t.match(answer.body.errors[0], { path: ['bad'], extensions: { code: 'BAD_USER_INPUT', error: { name: 'ValidationError' } } })
  const mixed = await graphql(test, '{ articles(pagination: { page: 1, limit: 2 }) { data { id } } }')
  t.match(mixed.body.errors[0], { message: 'Cannot use both page & offset pagination in the same query', extensions: { code: 'STRAPI_PAGINATION_ERROR' } })
  const locale = await graphql(test, '{ categories(locale: "de") { data { id } } }')
  t.match(locale.body.errors[0], { extensions: { code: 'BAD_USER_INPUT' } })
})

t.test('GET queries run as POST ones do', async t => {
  const response = await test.app.inject({ method: 'GET', url: `/graphql?query=${encodeURIComponent('query Q($n: Int) { tags(pagination: { limit: $n }, sort: "id") { data { id } } }')}&variables=${encodeURIComponent('{"n":2}')}` })
  t.equal(response.statusCode, 200)
  t.same(response.json(), { data: { tags: { data: [{ id: '1' }, { id: '2' }] } } })
})
