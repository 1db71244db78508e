/** The SQL module: fragments render once into `$n` text and their values, in text order. */
import t from 'tap'
import { EMPTY_SQL, SqlParameter, identifier, intArray, join, literal, numberedFirst, oneStatement, raw, sql, valueList } from '../../../plugin/sql/index.js'

t.test('values are numbered in text order across nesting, whatever order the fragments were built in', async t => {
  const late = sql`b = ${'second'}`
  const early = sql`a = ${'first'}`
  const inner = sql`(${early} and ${sql`c in (${valueList([3, 4])})`})`
  const { text, values } = sql`select * from t where ${inner} or ${late} limit ${10}`.render()
  t.equal(text, 'select * from t where (a = $1 and c in ($2, $3)) or b = $4 limit $5')
  t.same(values, ['first', 3, 4, 'second', 10])
})

t.test('a fragment used twice binds its values twice, numbered where each use stands', async t => {
  const owners = sql`select id from o where k = ${7}`
  const { text, values } = sql`${owners} union all ${owners}`.render()
  t.equal(text, 'select id from o where k = $1 union all select id from o where k = $2')
  t.same(values, [7, 7])
})

t.test('a shared parameter is one value, one number, wherever it is used', async t => {
  const pattern = new SqlParameter('%a%')
  const { text, values } = sql`a like ${pattern} and b = ${2} or c like ${pattern}`.render()
  t.equal(text, 'a like $1 and b = $2 or c like $1')
  t.same(values, ['%a%', 2])
})

t.test('a numberedFirst fragment takes the first numbers, wherever it stands in the text', async t => {
  const page = numberedFirst(sql`select * from t where a = ${'page'} limit ${10}`)
  const { text, values } = sql`select (select count(*) from t where a = ${'count'}), ${'x'} from (${page}) p`.render()
  t.equal(text, 'select (select count(*) from t where a = $3), $4 from (select * from t where a = $1 limit $2) p')
  t.same(values, ['page', 10, 'count', 'x'])
})

t.test('a fragment nested after values is numbered after them, in the one rendering', async t => {
  const answer = join([sql`x = ${'a'}`, sql`y = ${'b'}`], ' and ')
  const { text, values } = sql`with s as (select ${1}, ${2}, ${3}) select (${answer})`.render()
  t.equal(text, 'with s as (select $1, $2, $3) select (x = $4 and y = $5)')
  t.same(values, [1, 2, 3, 'a', 'b'])
})

t.test('a flat fragment renders as the nested one, shared parameters still one value', async t => {
  const shared = new SqlParameter('s')
  const nested = sql`a = ${1} and ${sql`b = ${shared} or c = ${join([sql`${2}`, sql`${shared}`])}`} and ${raw('d')} = ${3}`
  const flat = nested.flat()
  t.same(flat.render(), nested.render())
  t.same(sql`select ${'x'}, (${flat})`.render(), sql`select ${'x'}, (${nested})`.render())
  const first = sql`${numberedFirst(sql`p = ${1}`)} and q = ${2}`
  t.equal(first.flat(), first, 'values numbered first keep their nesting')
})

t.test('identifiers and literals are quoted, embedded quotes doubled', async t => {
  t.equal(identifier('my"table'), '"my""table"')
  t.equal(literal("it's"), "'it''s'")
  const { text, values } = sql`select ${raw(identifier('a"b'))} from t where k = ${"o'brien"}`.render()
  t.equal(text, 'select "a""b" from t where k = $1')
  t.same(values, ["o'brien"], 'a value is bound, never spliced into the text')
})

t.test('a ? or $1 inside a literal or identifier stays text', async t => {
  const { text, values } = sql`select ${raw(literal('why? $1'))} as ${raw(identifier('q?'))}, ${5}::int`.render()
  t.equal(text, 'select \'why? $1\' as "q?", $1::int')
  t.same(values, [5])
})

t.test('joins: empty, one, several', async t => {
  t.same(join([]).render(), { text: '', values: [] })
  t.same(valueList([]).render(), { text: '', values: [] })
  t.equal(EMPTY_SQL.render().text, '')
  t.same(sql`a${join([])}b`.render(), { text: 'ab', values: [] })
  t.same(join([sql`${1}`]).render(), { text: '$1', values: [1] })
  t.same(join([sql`${1}`, raw('x'), sql`${2}`], ' | ').render(), { text: '$1 | x | $2', values: [1, 2] })
})

t.test('values are not read: an array, null, a date, a string that looks like SQL are one value each', async t => {
  const date = new Date(0)
  const { text, values } = sql`${[1, 2]} ${null} ${date} ${'1; drop table x'}`.render()
  t.equal(text, '$1 $2 $3 $4')
  t.same(values, [[1, 2], null, date, '1; drop table x'])
})

t.test('oneStatement puts every part but the last in a WITH', async t => {
  t.same(oneStatement([sql`delete from a where id = ${1}`]).render(), { text: 'delete from a where id = $1', values: [1] })
  const { text, values } = oneStatement([sql`delete from a where id = ${1}`, sql`delete from b where id = ${2}`, sql`select ${3}`]).render()
  t.equal(text, 'with w0 as (delete from a where id = $1), w1 as (delete from b where id = $2) select $3')
  t.same(values, [1, 2, 3])
  t.throws(() => oneStatement([]))
})

t.test('a fragment pasted into a string throws instead of losing its values', async t => {
  const fragment = sql`id = ${1}`
  t.throws(() => `select * from t where ${fragment}`, TypeError)
})

t.test('intArray writes one PostgreSQL array literal, nulls as NULL', async t => {
  t.equal(intArray([1, null, 3]), '{1,NULL,3}')
  t.equal(intArray([]), '{}')
})

t.test('2,000 levels of nesting render in one walk', async t => {
  let nested = sql`${0}`
  for (let depth = 1; depth <= 2000; depth++) nested = sql`(${nested} + ${depth})`
  const { text, values } = nested.render()
  t.equal(values.length, 2001)
  t.ok(text.startsWith('('.repeat(2000) + '$1 + $2)'))
  t.ok(text.endsWith('+ $2001)'))
})
