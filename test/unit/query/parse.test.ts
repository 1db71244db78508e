import t from 'tap'
import { ValidationError } from '../../../plugin/errors.js'
import {
  QUERY_STRING_MAX_LENGTH, formatKey, listItems, parseQueryString, splitCommaList
} from '../../../plugin/query/parse.js'
import { failure } from './registry-fixture.js'

const repeat = (count: number, make: (index: number) => string): string =>
  Array.from({ length: count }, (_, index) => make(index)).join('&')

t.test('nested brackets, arrays and encoded values', async t => {
  t.same(parseQueryString('fields[0]=title&fields[1]=slug'), { fields: ['title', 'slug'] })
  t.same(parseQueryString('sort[0]=title%3Adesc'), { sort: ['title:desc'] })
  t.same(parseQueryString('?publicationState=preview'), { publicationState: 'preview' }, 'a leading ? is tolerated')
  t.same(parseQueryString(''), {})
})

t.test('component uids keep their dot (allowDots is off)', async t => {
  t.same(parseQueryString('populate[blocks][on][blocks.quote][fields][0]=text'), {
    populate: { blocks: { on: { 'blocks.quote': { fields: ['text'] } } } }
  })
  t.same(parseQueryString('sort=author.name'), { sort: 'author.name' })
})

t.test('ten populate levels with fields and filters inside fit the depth limit', async t => {
  const levels = Array.from({ length: 12 }, () => '[author][populate]').join('')
  const parsed = parseQueryString(`populate${levels}[x][filters][$and][0][name][$eq]=a&populate${levels}[x][fields][0]=name`)
  t.type(parsed.populate, 'object')
})

t.test('every exceeded limit is a 400', async t => {
  t.match(failure(() => parseQueryString(`a${'[x]'.repeat(41)}=1`)), { message: /depth/ }, 'depth')
  t.same(Object.keys(parseQueryString(`a${'[x]'.repeat(40)}=1`)), ['a'], 'depth 40 is allowed')
  t.match(failure(() => parseQueryString('a[100]=1')), { message: /Array limit/ }, 'index over arrayLimit')
  t.same(parseQueryString('a[99]=1'), { a: ['1'] }, 'index under arrayLimit')
  t.match(failure(() => parseQueryString(repeat(101, index => `a=${index}`))), { message: /Array limit/ }, 'repeated key')
  t.match(failure(() => parseQueryString(repeat(1001, index => `p${index}=1`))), { message: /Parameter limit/ }, 'parameters')
  t.same(Object.keys(parseQueryString(repeat(1000, index => `p${index}=1`))).length, 1000, '1000 parameters are allowed')
  t.match(failure(() => parseQueryString(`title=${'x'.repeat(QUERY_STRING_MAX_LENGTH)}`)), { message: /too long/ }, 'length')
  t.type(parseQueryString(`title=${'x'.repeat(QUERY_STRING_MAX_LENGTH - 6)}`), 'object', 'at the length cap')
  t.ok((() => { try { parseQueryString('a[100]=1') } catch (error) { return error instanceof ValidationError && error.status === 400 } return false })())
})

t.test('no prototype pollution, and prototype names reach the compilers', async t => {
  const parsed = parseQueryString('__proto__[polluted]=1&a[__proto__][polluted]=1&constructor[prototype][polluted]=1')
  t.equal(({} as Record<string, unknown>).polluted, undefined)
  t.equal(Object.getPrototypeOf(parsed), null, 'null-prototype objects')
  t.same(Object.keys(parsed).sort(), ['a', 'constructor'])
  t.same(parseQueryString('filters[toString]=1').filters, { toString: '1' })
})

t.test('listItems reads arrays and index-keyed objects only', async t => {
  t.same(listItems(['a', 'b']), [[0, 'a'], [1, 'b']])
  t.same(listItems({ 1: 'b', 0: 'a' }), [[0, 'a'], [1, 'b']])
  t.equal(listItems({ 0: 'a', b: 'c' }), null)
  t.equal(listItems({}), null)
  t.equal(listItems('a'), null)
  t.equal(listItems({ '01': 'a' }), null, 'not a canonical index')
})

t.test('helpers', async t => {
  t.equal(formatKey(['populate', 'author', 'fields', 0]), 'populate[author][fields][0]')
  t.same(splitCommaList(' a , b ', ['fields']), ['a', 'b'])
  t.same(failure(() => splitCommaList('a,,b', ['fields'])), {
    path: ['fields'], message: 'Invalid parameter fields: empty name in list'
  })
})
