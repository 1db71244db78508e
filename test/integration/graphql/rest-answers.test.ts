/**
 * The corpus operations that name a REST read (`# rest: /api/...`) answer the same data as
 * that read of the same magazine: the same entries in the same order, the same values, in
 * GraphQL's forms (ids as strings, enum values as names, times with milliseconds, 64-bit
 * integers as numbers where exact). Nested lists may be shorter: GraphQL keeps 10 items of
 * a to-many value unless told otherwise, REST populates them all.
 */
import t from 'tap'
import { readOperations } from '../../fixtures/graphql/operations.js'
import { graphql, graphqlApp, seedCorpus } from '../../helpers/graphql.js'

const test = await graphqlApp()
t.teardown(test.close)
await seedCorpus(test.app)

/** The problems found where the GraphQL answer does not read as the REST one. */
function differences (answer: unknown, rest: unknown, path: string[], key = ''): string[] {
  const at = path.join('.')
  if (Array.isArray(answer)) {
    if (!Array.isArray(rest)) return [`${at}: a list where REST has ${JSON.stringify(rest)}`]
    if (answer.length > rest.length) return [`${at}: ${answer.length} items where REST has ${rest.length}`]
    return answer.flatMap((item, index) => differences(item, rest[index], [...path, String(index)], key))
  }
  if (answer !== null && typeof answer === 'object') {
    if (rest === null || typeof rest !== 'object') return [`${at}: an object where REST has ${JSON.stringify(rest)}`]
    return Object.entries(answer).flatMap(([name, value]) => name === '__typename'
      ? []
      : name in rest ? differences(value, (rest as Record<string, unknown>)[name], [...path, name], name) : [`${at}.${name}: not in the REST answer`])
  }
  return sameValue(answer, rest, key) ? [] : [`${at}: ${JSON.stringify(answer)} where REST has ${JSON.stringify(rest)}`]
}

function sameValue (answer: unknown, rest: unknown, key: string): boolean {
  if (answer === rest) return true
  if (key === 'id') return answer === String(rest)
  if (typeof answer === 'number' && typeof rest === 'string') return answer === Number(rest)
  if (typeof answer === 'string' && typeof rest === 'string') {
    return answer === `${rest}.000` || answer === rest.replace(/[^A-Za-z0-9]+/g, '_')
  }
  return JSON.stringify(answer) === JSON.stringify(rest)
}

const withRest = readOperations().filter(operation => operation.rest !== undefined)
t.ok(withRest.length >= 8, `${withRest.length} operations name their REST read`)
for (const operation of withRest) {
  t.test(operation.file, async t => {
    const answer = await graphql(test, operation.query, operation.variables)
    t.equal(answer.status, 200)
    t.notOk(answer.body.errors, 'no errors')
    const rest = await test.app.inject({ method: 'GET', url: operation.rest! })
    t.equal(rest.statusCode, 200, operation.rest!)
    const [root] = Object.values(answer.body.data as Record<string, unknown>)
    const found = differences(root, rest.json(), ['data'])
    t.same(found, [], 'the same data as REST')
    t.ok(JSON.stringify(root).length > 40, 'the answer holds data')
  })
}
