import t from 'tap'
import type { Filter } from '../../../plugin/query/tree.js'
import { failure, listQuery } from './registry-fixture.js'

const filters = (query: string): Filter | null => listQuery(query).filters
const compare = (path: string[], operator: string, value: unknown): Filter =>
  ({ kind: 'compare', path, operator, value } as Filter)

t.test('absent: no filter', async t => {
  t.equal(filters(''), null)
})

t.test('a bare value is $eq, a list is $in', async t => {
  t.same(filters('filters[title]=Hello'), compare(['title'], '$eq', 'Hello'))
  t.same(filters('filters[title][0]=a&filters[title][1]=b'), compare(['title'], '$in', ['a', 'b']))
  t.same(filters('filters[views][$eq][0]=1&filters[views][$eq][1]=2'), compare(['views'], '$in', [1, 2]), '$eq with a list')
  t.same(filters('filters[views][$ne][0]=1'), compare(['views'], '$ne', 1), '$ne with a one-value list')
})

t.test('every comparison operator, values coerced by type', async t => {
  const cases: Array<[string, Filter]> = [
    ['filters[title][$eq]=x', compare(['title'], '$eq', 'x')],
    ['filters[title][$eqi]=X', compare(['title'], '$eqi', 'X')],
    ['filters[title][$ne]=x', compare(['title'], '$ne', 'x')],
    ['filters[title][$nei]=x', compare(['title'], '$nei', 'x')],
    ['filters[views][$lt]=10', compare(['views'], '$lt', 10)],
    ['filters[views][$lte]=10', compare(['views'], '$lte', 10)],
    ['filters[rating][$gt]=1.5', compare(['rating'], '$gt', 1.5)],
    ['filters[price][$gte]=10.50', compare(['price'], '$gte', '10.5')],
    ['filters[big][$in][0]=9007199254740993&filters[big][$in][1]=2', compare(['big'], '$in', ['9007199254740993', '2'])],
    ['filters[views][$in]=3', compare(['views'], '$in', [3])],
    ['filters[views][$notIn][0]=3', compare(['views'], '$notIn', [3])],
    ['filters[body][$contains]=a', compare(['body'], '$contains', 'a')],
    ['filters[body][$notContains]=a', compare(['body'], '$notContains', 'a')],
    ['filters[slug][$containsi]=A', compare(['slug'], '$containsi', 'A')],
    ['filters[slug][$notContainsi]=A', compare(['slug'], '$notContainsi', 'A')],
    ['filters[title][$startsWith]=a', compare(['title'], '$startsWith', 'a')],
    ['filters[title][$startsWithi]=a', compare(['title'], '$startsWithi', 'a')],
    ['filters[title][$endsWith]=a', compare(['title'], '$endsWith', 'a')],
    ['filters[status][$endsWithi]=y', compare(['status'], '$endsWithi', 'y')],
    ['filters[title][$null]=true', compare(['title'], '$null', true)],
    ['filters[title][$null]', compare(['title'], '$null', false)],
    ['filters[title][$null]=0', compare(['title'], '$null', false)],
    ['filters[title][$notNull]=t', compare(['title'], '$notNull', true)],
    ['filters[metadata][$null]=false', compare(['metadata'], '$null', false)],
    ['filters[published][$between][0]=2024-01-01&filters[published][$between][1]=2024-12-31', compare(['published'], '$between', ['2024-01-01', '2024-12-31'])],
    ['filters[featured]=1', compare(['featured'], '$eq', true)],
    ['filters[startsAt][$gte]=09:00', compare(['startsAt'], '$gte', '09:00:00.000')],
    ['filters[scheduledAt][$lt]=2024-05-01T10:00:00%2B02:00', compare(['scheduledAt'], '$lt', '2024-05-01T08:00:00.000Z')],
    ['filters[createdAt][$gt]=2024-05-01', compare(['createdAt'], '$gt', '2024-05-01T00:00:00.000Z')],
    ['filters[id][$in][0]=1&filters[id][$in][1]=2', compare(['id'], '$in', [1, 2])]
  ]
  for (const [query, expected] of cases) t.same(filters(query), expected, query)
})

t.test('several keys are a conjunction; $and, $or and $not', async t => {
  t.same(filters('filters[title]=a&filters[views][$gt]=1'), {
    kind: 'and', filters: [compare(['title'], '$eq', 'a'), compare(['views'], '$gt', 1)]
  })
  t.same(filters('filters[$or][0][title]=a&filters[$or][1][views][$gt]=1'), {
    kind: 'or', filters: [compare(['title'], '$eq', 'a'), compare(['views'], '$gt', 1)]
  })
  t.same(filters('filters[$and][0][title]=a&filters[$and][1][title]=b'), {
    kind: 'and', filters: [compare(['title'], '$eq', 'a'), compare(['title'], '$eq', 'b')]
  })
  t.same(filters('filters[$not][title]=a'), { kind: 'not', filter: compare(['title'], '$eq', 'a') })
  t.same(filters('filters[$or][0][$and][0][title]=a&filters[$or][0][$and][1][$not][views]=2&filters[$or][1][slug]=s'), {
    kind: 'or',
    filters: [
      { kind: 'and', filters: [compare(['title'], '$eq', 'a'), { kind: 'not', filter: compare(['views'], '$eq', 2) }] },
      compare(['slug'], '$eq', 's')
    ]
  })
  t.same(filters('filters[title][$or][0]=a&filters[title][$or][1][$startsWith]=b'), {
    kind: 'or', filters: [compare(['title'], '$eq', 'a'), compare(['title'], '$startsWith', 'b')]
  }, 'logic under an attribute')
  t.same(filters('filters[views][$and][0][$gt]=1&filters[views][$and][1][$lt]=5'), {
    kind: 'and', filters: [compare(['views'], '$gt', 1), compare(['views'], '$lt', 5)]
  })
  t.same(filters('filters[title][$not][$contains]=x'), { kind: 'not', filter: compare(['title'], '$contains', 'x') })
  t.same(filters('filters[title][$not]=x'), { kind: 'not', filter: compare(['title'], '$eq', 'x') })
})

t.test('through relations, media and components at any depth', async t => {
  t.same(filters('filters[author][name][$eq]=x'), compare(['author', 'name'], '$eq', 'x'))
  t.same(filters('filters[author][country][name][$eqi]=fr'), compare(['author', 'country', 'name'], '$eqi', 'fr'))
  t.same(filters('filters[tags][name]=news'), compare(['tags', 'name'], '$eq', 'news'))
  t.same(filters('filters[cover][mime][$startsWith]=image/'), compare(['cover', 'mime'], '$startsWith', 'image/'))
  t.same(filters('filters[seo][metaTitle][$containsi]=x'), compare(['seo', 'metaTitle'], '$containsi', 'x'))
  t.same(filters('filters[seo][openGraph][ogImage][name]=x'), compare(['seo', 'openGraph', 'ogImage', 'name'], '$eq', 'x'))
  t.same(filters('filters[author][articles][author][name]=x'), compare(['author', 'articles', 'author', 'name'], '$eq', 'x'))
  t.same(filters('filters[author][$or][0][name]=a&filters[author][$or][1][email]=b'), {
    kind: 'or', filters: [compare(['author', 'name'], '$eq', 'a'), compare(['author', 'email'], '$eq', 'b')]
  }, 'logic under a relation applies to the target')
})

t.test('operators and bare values on a relation, media or component mean its id', async t => {
  t.same(filters('filters[author]=3'), compare(['author', 'id'], '$eq', 3))
  t.same(filters('filters[author][$eq]=3'), compare(['author', 'id'], '$eq', 3))
  t.same(filters('filters[tags][0]=1&filters[tags][1]=2'), compare(['tags', 'id'], '$in', [1, 2]))
  t.same(filters('filters[cover][$null]=true'), compare(['cover', 'id'], '$null', true))
  t.same(filters('filters[seo][$notNull]=true'), compare(['seo', 'id'], '$notNull', true))
  t.same(filters('filters[author][$in][0]=1&filters[author][name]=x'), {
    kind: 'and', filters: [compare(['author', 'id'], '$in', [1]), compare(['author', 'name'], '$eq', 'x')]
  })
})

t.test('errors name the key path', async t => {
  const cases: Array<[string, unknown, string]> = [
    ['filters=string', ['filters'], 'Invalid parameter filters: must be an object, e.g. filters[title][$eq]=value'],
    ['filters[0][title]=x', ['filters'], 'Invalid parameter filters: must be an object, e.g. filters[title][$eq]=value'],
    ['filters[nope]=x', ['filters', 'nope'], 'Invalid parameter nope'],
    ['filters[secret]=x', ['filters', 'secret'], 'Invalid parameter secret'],
    ['filters[password][$null]=true', ['filters', 'password'], 'Invalid parameter password'],
    ['filters[editor][name]=x', ['filters', 'editor'], 'Invalid parameter editor'],
    ['filters[author][password][$eq]=x', ['filters', 'author', 'password'], 'Invalid parameter password'],
    ['filters[author][nope]=x', ['filters', 'author', 'nope'], 'Invalid parameter nope'],
    ['filters[title][$like]=x', ['filters', 'title', '$like'], 'Invalid parameter $like: unknown operator'],
    ['filters[$like][title]=x', ['filters', '$like'], 'Invalid parameter $like: unknown operator'],
    ['filters[$eq]=x', ['filters', '$eq'], 'Invalid parameter $eq: an operator needs an attribute, e.g. filters[title][$eq]=value'],
    ['filters[title][name]=x', ['filters', 'title', 'name'], 'Invalid parameter name: title is a scalar attribute: expected an operator such as $eq'],
    ['filters[blocks][text]=x', ['filters', 'blocks'], 'Invalid parameter blocks: dynamic zones cannot be filtered'],
    ['filters[metadata][$eq]=x', ['filters', 'metadata', '$eq'], 'Invalid parameter $eq: not supported on metadata (json)'],
    ['filters[metadata]=x', ['filters', 'metadata'], 'Invalid parameter $eq: not supported on metadata (json)'],
    ['filters[views][$contains]=1', ['filters', 'views', '$contains'], 'Invalid parameter $contains: not supported on views (integer)'],
    ['filters[featured][$lt]=true', ['filters', 'featured', '$lt'], 'Invalid parameter $lt: not supported on featured (boolean)'],
    ['filters[views][$eq]=abc', ['filters', 'views', '$eq'], 'Invalid parameter filters[views][$eq]: must be an integer'],
    ['filters[views]=1.5', ['filters', 'views'], 'Invalid parameter filters[views]: must be an integer'],
    ['filters[views]=99999999999', ['filters', 'views'], 'Invalid parameter filters[views]: is out of range for an integer'],
    ['filters[rating]=NaN', ['filters', 'rating'], 'Invalid parameter filters[rating]: must be a number'],
    ['filters[price][$lt]=ten', ['filters', 'price', '$lt'], 'Invalid parameter filters[price][$lt]: must be a number'],
    ['filters[big]=1.5', ['filters', 'big'], 'Invalid parameter filters[big]: must be an integer'],
    ['filters[featured]=yes', ['filters', 'featured'], 'Invalid parameter filters[featured]: must be true or false'],
    ['filters[published]=2023-02-29', ['filters', 'published'], 'Invalid parameter filters[published]: must be a date (YYYY-MM-DD)'],
    ['filters[startsAt]=25:00', ['filters', 'startsAt'], 'Invalid parameter filters[startsAt]: must be a time (HH:mm[:ss[.SSS]])'],
    ['filters[scheduledAt]=yesterday', ['filters', 'scheduledAt'], 'Invalid parameter filters[scheduledAt]: must be an ISO 8601 date-time'],
    ['filters[views][$in][0]=1&filters[views][$in][1]=x', ['filters', 'views', '$in', 1], 'Invalid parameter filters[views][$in][1]: must be an integer'],
    ['filters[views][$in][a]=1', ['filters', 'views', '$in'], 'Invalid parameter filters[views][$in]: expected a value'],
    ['filters[views][$between][0]=1', ['filters', 'views', '$between'], 'Invalid parameter filters[views][$between]: expects exactly two values: [0] and [1]'],
    ['filters[views][$between]=1', ['filters', 'views', '$between'], 'Invalid parameter filters[views][$between]: expects exactly two values: [0] and [1]'],
    ['filters[views][$between][0]=1&filters[views][$between][1]=2&filters[views][$between][2]=3', ['filters', 'views', '$between'], 'Invalid parameter filters[views][$between]: expects exactly two values: [0] and [1]'],
    ['filters[views][$gt][0][x]=1', ['filters', 'views', '$gt', 0], 'Invalid parameter filters[views][$gt][0]: expected a value'],
    ['filters[views][$gt][0]=1&filters[views][$gt][1]=x', ['filters', 'views', '$gt', 1], 'Invalid parameter filters[views][$gt][1]: must be an integer'],
    ['filters[$or][0][0]=x', ['filters', '$or', 0, 0], 'Invalid parameter filters[$or][0][0]: expected a condition object'],
    ['filters[title][$eq][x]=1', ['filters', 'title', '$eq'], 'Invalid parameter filters[title][$eq]: expected a value'],
    ['filters[$or][title]=x', ['filters', '$or'], 'Invalid parameter filters[$or]: $or expects a list: $or[0]=..., $or[1]=...'],
    ['filters[$or]=x', ['filters', '$or'], 'Invalid parameter filters[$or]: $or expects a list: $or[0]=..., $or[1]=...'],
    ['filters[$and][0]=x', ['filters', '$and', 0], 'Invalid parameter filters[$and][0]: expected a condition object'],
    ['filters[$not]=x', ['filters', '$not'], 'Invalid parameter filters[$not]: expected a condition object'],
    ['filters[$or][0][nope]=x', ['filters', '$or', 0, 'nope'], 'Invalid parameter nope'],
    ['filters[author][name][$foo]=x', ['filters', 'author', 'name', '$foo'], 'Invalid parameter $foo: unknown operator'],
    ['filters[author]=abc', ['filters', 'author'], 'Invalid parameter filters[author]: must be an integer'],
    ['filters[seo][metaTitle][$lt]=a&filters[seo][shareImage][size][$gt]=big', ['filters', 'seo', 'shareImage', 'size', '$gt'], 'Invalid parameter filters[seo][shareImage][size][$gt]: must be a number'],
    ['filters[title][__proto__]=1', ['filters', 'title'], 'Invalid parameter filters[title]: empty condition'],
    ['filters[author][__proto__]=1', ['filters', 'author'], 'Invalid parameter filters[author]: empty condition'],
    ['filters[title][$and]=x', ['filters', 'title', '$and'], 'Invalid parameter filters[title][$and]: $and expects a list: $and[0]=..., $and[1]=...'],
    ['filters[__proto__]=1', ['filters'], 'Invalid parameter filters: empty condition'],
    ['filters[constructor]=1', ['filters', 'constructor'], 'Invalid parameter constructor']
  ]
  for (const [query, path, message] of cases) t.same(failure(() => filters(query)), { path, message }, query)
})

t.test('a list given to a one-value operator holds when any value does (Strapi 4.26)', async t => {
  const or = (...filters: Filter[]): Filter => ({ kind: 'or', filters })
  t.same(filters('filters[views][$gt][0]=12&filters[views][$gt][1]=56'), or(compare(['views'], '$gt', 12), compare(['views'], '$gt', 56)))
  t.same(filters('filters[title][$containsi][0]=a&filters[title][$containsi][1]=B'),
    or(compare(['title'], '$containsi', 'a'), compare(['title'], '$containsi', 'B')))
  t.same(filters('filters[title][$notContains][0]=a&filters[title][$notContains][1]=b'),
    or(compare(['title'], '$notContains', 'a'), compare(['title'], '$notContains', 'b')), 'negative operators too, as Strapi does')
  t.same(filters('filters[views][$ne][0]=1&filters[views][$ne][1]=2'), or(compare(['views'], '$ne', 1), compare(['views'], '$ne', 2)))
  t.same(filters('filters[author][name][$startsWith][0]=A&filters[author][name][$startsWith][1]=B'),
    or(compare(['author', 'name'], '$startsWith', 'A'), compare(['author', 'name'], '$startsWith', 'B')), 'through a relation')
  t.same(filters('filters[views][$between][0]=1&filters[views][$between][1]=5'), compare(['views'], '$between', [1, 5]), '$between keeps its pair')
  t.same(filters('filters[views][$notIn][0]=1&filters[views][$notIn][1]=5'), compare(['views'], '$notIn', [1, 5]), '$notIn keeps its list')
})

t.test('$or and $and items may be lists of conditions, all of which must hold', async t => {
  t.same(filters('filters[$or][0][0][title]=a&filters[$or][0][1][views]=3&filters[$or][1][title]=b'), {
    kind: 'or',
    filters: [
      { kind: 'and', filters: [compare(['title'], '$eq', 'a'), compare(['views'], '$eq', 3)] },
      compare(['title'], '$eq', 'b')
    ]
  })
  t.same(filters('filters[$and][0][0][title]=a'), { kind: 'and', filters: [compare(['title'], '$eq', 'a')] }, 'a one-item list is its condition')
  t.same(filters('filters[author][$or][0][0][name]=x&filters[author][$or][1][email]=y'), {
    kind: 'or', filters: [compare(['author', 'name'], '$eq', 'x'), compare(['author', 'email'], '$eq', 'y')]
  }, 'under a relation')
})

t.test('$null and $notNull take any value: empty and false-like mean false', async t => {
  for (const value of ['', 'false', 'f', '0', 'FALSE']) {
    t.same(filters(`filters[title][$null]=${value}`), compare(['title'], '$null', false), `$null=${value}`)
    t.same(filters(`filters[title][$notNull]=${value}`), compare(['title'], '$notNull', false), `$notNull=${value}`)
  }
  for (const value of ['true', '1', 't', 'yes', 'maybe']) t.same(filters(`filters[title][$null]=${value}`), compare(['title'], '$null', true), `$null=${value}`)
  t.same(filters('filters[title][$null][0]=x'), compare(['title'], '$null', true), 'a list is a value too')
})
