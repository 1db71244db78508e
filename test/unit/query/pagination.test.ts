import t from 'tap'
import { compilePagination } from '../../../plugin/query/pagination.js'
import type { Pagination } from '../../../plugin/query/tree.js'
import { category, failure, listQuery } from './registry-fixture.js'

const pagination = (query: string): Pagination => listQuery(query).pagination
const page = (pageNumber: number, pageSize: number, withCount = true): Pagination =>
  ({ mode: 'page', page: pageNumber, pageSize, withCount })
const offset = (start: number, limit: number, withCount = true): Pagination =>
  ({ mode: 'offset', start, limit, withCount })

t.test('page mode with defaults, sizes clamped', async t => {
  t.same(pagination(''), page(1, 25))
  t.same(pagination('pagination[page]=3'), page(3, 25))
  t.same(pagination('pagination[pageSize]=10'), page(1, 10))
  t.same(pagination('pagination[page]=2&pagination[pageSize]=500'), page(2, 100), 'clamped to the maximum')
  t.same(pagination('pagination[withCount]=false'), page(1, 25, false))
  t.same(pagination('pagination[withCount]=true&pagination[page]=1'), page(1, 25, true))
  t.same(compilePagination(undefined, ['pagination'], { maxPageSize: 10, defaultPageSize: 50 }), page(1, 10), 'a default above the maximum is clamped too')
})

t.test('offset mode: start/limit, limit=-1 is the maximum', async t => {
  t.same(pagination('pagination[start]=10'), offset(10, 25))
  t.same(pagination('pagination[limit]=5'), offset(0, 5))
  t.same(pagination('pagination[start]=0&pagination[limit]=-1'), offset(0, 100))
  t.same(pagination('pagination[limit]=1000'), offset(0, 100))
  t.same(pagination('pagination[limit]=0'), offset(0, 0), 'limit=0 counts without rows')
  t.same(pagination('pagination[start]=5&pagination[withCount]=0'), offset(5, 25, false))
})

t.test('errors name the key path', async t => {
  const cases: Array<[string, unknown, string]> = [
    ['pagination=1', ['pagination'], 'Invalid parameter pagination: expected pagination[page], [pageSize], [start], [limit] or [withCount]'],
    ['pagination[0]=1', ['pagination'], 'Invalid parameter pagination: expected pagination[page], [pageSize], [start], [limit] or [withCount]'],
    ['pagination[page]=0', ['pagination', 'page'], 'Invalid parameter pagination[page]: must be at least 1'],
    ['pagination[page]=-1', ['pagination', 'page'], 'Invalid parameter pagination[page]: must be at least 1'],
    ['pagination[page]=1.5', ['pagination', 'page'], 'Invalid parameter pagination[page]: must be a whole number'],
    ['pagination[page]=abc', ['pagination', 'page'], 'Invalid parameter pagination[page]: must be a whole number'],
    ['pagination[page]=', ['pagination', 'page'], 'Invalid parameter pagination[page]: must be a whole number'],
    ['pagination[page]=1&pagination[page]=2', ['pagination', 'page'], 'Invalid parameter pagination[page]: must be a whole number'],
    ['pagination[page]=99999999999', ['pagination', 'page'], 'Invalid parameter pagination[page]: must be at most 2147483647'],
    ['pagination[pageSize]=0', ['pagination', 'pageSize'], 'Invalid parameter pagination[pageSize]: must be at least 1'],
    ['pagination[pageSize]=ten', ['pagination', 'pageSize'], 'Invalid parameter pagination[pageSize]: must be a whole number'],
    ['pagination[start]=-1', ['pagination', 'start'], 'Invalid parameter pagination[start]: must be at least 0'],
    ['pagination[limit]=-2', ['pagination', 'limit'], 'Invalid parameter pagination[limit]: must be at least -1'],
    ['pagination[limit]=x', ['pagination', 'limit'], 'Invalid parameter pagination[limit]: must be a whole number'],
    ['pagination[page]=1&pagination[start]=0', ['pagination', 'start'], 'Invalid parameter pagination[start]: page/pageSize cannot be mixed with start/limit'],
    ['pagination[pageSize]=1&pagination[limit]=5', ['pagination', 'limit'], 'Invalid parameter pagination[limit]: page/pageSize cannot be mixed with start/limit'],
    ['pagination[withCount]=maybe', ['pagination', 'withCount'], 'Invalid parameter pagination[withCount]: must be true or false'],
    ['pagination[size]=1', ['pagination', 'size'], 'Invalid parameter size: unknown pagination parameter'],
    ['pagination[page][x]=1', ['pagination', 'page'], 'Invalid parameter pagination[page]: must be a whole number']
  ]
  for (const [query, path, message] of cases) t.same(failure(() => pagination(query)), { path, message }, query)
})

t.test('publicationState: live by default, preview, nothing else; kept on types without draftAndPublish', async t => {
  t.equal(listQuery('').publicationState, 'live')
  t.equal(listQuery('publicationState=preview').publicationState, 'preview')
  t.equal(listQuery('publicationState=live').publicationState, 'live')
  t.equal(listQuery('publicationState=preview', category).publicationState, 'preview')
  for (const value of ['draft', 'LIVE', '', 'live&publicationState=preview', 'preview[x]']) {
    t.same(failure(() => listQuery(`publicationState=${value}`)), {
      path: ['publicationState'], message: 'Invalid parameter publicationState: must be live or preview'
    }, value)
  }
  t.same(failure(() => listQuery('publicationState=draft', category)), {
    path: ['publicationState'], message: 'Invalid parameter publicationState: must be live or preview'
  }, 'validated on a type without draftAndPublish')
})
