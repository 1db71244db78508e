/**
 * Queries answered without graphql-js's execution (plugin/graphql/direct-answers.ts): a text
 * mercurius has validated once is answered from its shapes alone the next time. Each answer
 * so given must be the very bytes graphql-js gave, in as many statements; an answer that
 * needs graphql-js (an error at a path) goes to it with the rows already read.
 */
import { subscribe, unsubscribe } from 'node:diagnostics_channel'
import t from 'tap'
import { DIRECT_ANSWER_CHANNEL } from '../../../plugin/graphql/direct-answers.js'
import { readOperations } from '../../fixtures/graphql/operations.js'
import { graphqlApp, seedCorpus } from '../../helpers/graphql.js'
import type { TestApp } from '../../helpers/app.js'

let direct = 0
const count = (): void => { direct += 1 }
subscribe(DIRECT_ANSWER_CHANNEL, count)
t.teardown(() => unsubscribe(DIRECT_ANSWER_CHANNEL, count))

interface Sent { status: number, body: string, statements: number, direct: boolean }

async function send (test: TestApp, request: { method: 'GET' | 'POST', query: string, variables?: Record<string, unknown>, headers?: Record<string, string> }): Promise<Sent> {
  test.statements.reset()
  const before = direct
  const { method, query, variables, headers = {} } = request
  const response = method === 'POST'
    ? await test.app.inject({ method, url: '/graphql', payload: { query, ...(variables === undefined ? {} : { variables }) }, headers })
    : await test.app.inject({ method, url: '/graphql', query: { query, ...(variables === undefined ? {} : { variables: JSON.stringify(variables) }) }, headers })
  return { status: response.statusCode, body: response.body, statements: test.statements.list.length, direct: direct > before }
}

const test = await graphqlApp()
t.teardown(test.close)
await seedCorpus(test.app)

t.test('every corpus query: the second answer, given directly, is the first one byte for byte', async t => {
  let answeredDirectly = 0
  // Queries only, as anyone sends them: mutations (and what reads their results) run once each in strapi-answers.test.ts.
  for (const operation of readOperations().filter(operation => !operation.mutation && operation.bearer === undefined && operation.uploads === undefined)) {
    const first = await send(test, { method: 'POST', query: operation.query, variables: operation.variables })
    t.notOk(first.direct, `${operation.file}: a text not seen before goes through mercurius`)
    const again = await send(test, { method: 'POST', query: operation.query, variables: operation.variables })
    t.equal(again.status, first.status, `${operation.file}: the same status (${first.status})`)
    t.equal(again.body, first.body, `${operation.file}: the same bytes`)
    t.equal(again.statements, first.statements, `${operation.file}: the same statements (${first.statements})`)
    // The locales are no content read: graphql/i18n-locales.ts answers them in memory, through graphql-js.
    const clean = first.status === 200 && (JSON.parse(first.body) as { errors?: unknown[] }).errors === undefined && !operation.query.includes('i18NLocale')
    t.equal(again.direct, clean, `${operation.file}: ${clean ? 'answered directly' : 'an answer with errors stays mercurius\'s'}`)
    if (again.direct) answeredDirectly += 1
  }
  t.ok(answeredDirectly >= 20, `most of the corpus is answered directly (${answeredDirectly})`)
})

t.test('GET and other variables: each answered directly with its own values', async t => {
  const query = 'query Article($slug: String!) { articles(filters: { slug: { eq: $slug } }) { data { id attributes { title status } } meta { pagination { total } } } }'
  await send(test, { method: 'GET', query, variables: { slug: 'alpha-release' } })
  const alpha = await send(test, { method: 'GET', query, variables: { slug: 'alpha-release' } })
  t.ok(alpha.direct, 'a GET with variables')
  t.match(JSON.parse(alpha.body), { data: { articles: { data: [{ attributes: { title: 'Alpha release' } }], meta: { pagination: { total: 1 } } } } })
  const none = await send(test, { method: 'GET', query, variables: { slug: 'no-such-article' } })
  t.ok(none.direct, 'the same text with other variables')
  t.same(JSON.parse(none.body), { data: { articles: { data: [], meta: { pagination: { total: 0 } } } } })
  t.equal(none.statements, 1)
})

t.test('what stays with mercurius', async t => {
  const query = '{ articles { data { id } } }'
  await send(test, { method: 'POST', query })
  const badVariables = await test.app.inject({ method: 'POST', url: '/graphql', payload: { query: 'query ($n: Int) { articles(pagination: { limit: $n }) { data { id } } }', variables: { n: 'many' } } })
  const again = await test.app.inject({ method: 'POST', url: '/graphql', payload: { query: 'query ($n: Int) { articles(pagination: { limit: $n }) { data { id } } }', variables: { n: 'many' } } })
  t.equal(again.statusCode, badVariables.statusCode, 'a bad variable is mercurius\'s error both times')
  t.match(again.json(), { errors: [{ message: /Int cannot represent/ }] })
  const before = direct
  const introspection = await send(test, { method: 'POST', query: '{ __schema { queryType { name } } }' })
  await send(test, { method: 'POST', query: '{ __schema { queryType { name } } }' })
  t.equal(direct, before, 'introspection is graphql-js\'s')
  t.match(JSON.parse(introspection.body), { data: { __schema: { queryType: { name: 'Query' } } } })
  const mutation = 'mutation ($name: String!) { createTag(data: { name: $name }) { data { id } } }'
  const created = await test.app.inject({ method: 'POST', url: '/graphql', payload: { query: mutation, variables: { name: 'direct-1' } } })
  const createdAgain = await test.app.inject({ method: 'POST', url: '/graphql', payload: { query: mutation, variables: { name: 'direct-2' } } })
  t.equal(direct, before, 'a mutation is never answered directly')
  t.not(created.json().data.createTag.data.id, createdAgain.json().data.createTag.data.id, 'each mutation wrote its own entry')
})

t.test('an answer with a FORBIDDEN relation: graphql-js answers it, from the rows already read', async t => {
  const guarded = await graphqlApp({ permissions: { jwtSecret: 'a-test-secret-that-is-long-enough', roles: { public: { 'api::article.article': ['find'] } } } })
  t.teardown(guarded.close)
  const full = (await guarded.app.contentApi.apiTokens!.create({ name: 'seed', type: 'full-access' })).accessKey
  await seedCorpus(guarded.app, { authorization: `Bearer ${full}` })
  const query = '{ articles(filters: { slug: { eq: "alpha-release" } }) { data { attributes { title author { data { id } } } } } }'
  const first = await send(guarded, { method: 'POST', query })
  const again = await send(guarded, { method: 'POST', query })
  t.notOk(again.direct, 'not answered directly')
  t.equal(again.body, first.body, 'the same answer, its error included')
  t.match(JSON.parse(again.body), { data: { articles: { data: [{ attributes: { title: 'Alpha release', author: null } }] } }, errors: [{ extensions: { code: 'FORBIDDEN' } }] })
  t.equal(again.statements, 1, 'the rows read for the direct answer are not read again')
  const token = await send(guarded, { method: 'POST', query, headers: { authorization: `Bearer ${full}` } })
  t.ok(token.direct, 'a caller who may read authors gets the direct answer')
  t.notOk(JSON.parse(token.body).errors)
})
