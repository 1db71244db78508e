import t from 'tap'
import { defaultFieldNames } from '../../../plugin/content-types/model.js'
import { compileEntryQuery, compileListQuery } from '../../../plugin/query/compile-query.js'
import { parseQueryString } from '../../../plugin/query/parse.js'
import type { EntryQuery } from '../../../plugin/query/tree.js'
import { LIMITS, article, failure, listQuery, registry } from './registry-fixture.js'

t.test('a list query puts every part together', async t => {
  const query = [
    'fields[0]=title&fields[1]=views',
    'populate[author][fields][0]=name',
    'populate[author][populate][avatar][fields][0]=url',
    'filters[$or][0][views][$gt]=10&filters[$or][1][author][name][$containsi]=ann',
    'sort[0]=views:desc&sort[1]=title',
    'pagination[page]=2&pagination[pageSize]=10',
    'publicationState=preview'
  ].join('&')
  t.same(listQuery(query), {
    fields: ['title', 'views'],
    populate: {
      author: {
        kind: 'relation',
        fields: ['name'],
        populate: { avatar: { kind: 'relation', fields: ['url'], populate: {}, filters: null, sort: [], count: false } },
        filters: null,
        sort: [],
        count: false
      }
    },
    filters: {
      kind: 'or',
      filters: [
        { kind: 'compare', path: ['views'], operator: '$gt', value: 10 },
        { kind: 'compare', path: ['author', 'name'], operator: '$containsi', value: 'ann' }
      ]
    },
    sort: [{ path: ['views'], direction: 'desc' }, { path: ['title'], direction: 'asc' }],
    pagination: { mode: 'page', page: 2, pageSize: 10, withCount: true },
    publicationState: 'preview'
  })
})

t.test('unknown top-level parameters are ignored', async t => {
  t.same(listQuery('locale=fr&foo[bar]=1&filter=x'), listQuery(''))
})

t.test('raw objects from elsewhere (with a prototype) compile the same', async t => {
  const raw = { fields: ['title'], filters: { views: { $in: ['1', '2'] } }, sort: 'title:desc' }
  const tree = compileListQuery(registry, article, raw, LIMITS)
  t.same(tree.fields, ['title'])
  t.same(tree.filters, { kind: 'compare', path: ['views'], operator: '$in', value: [1, 2] })
  t.same(tree.sort, [{ path: ['title'], direction: 'desc' }])
})

t.test('an entry query: fields, populate and publicationState only', async t => {
  const entry = (query: string): EntryQuery => compileEntryQuery(registry, article, parseQueryString(query))
  t.same(entry(''), { fields: defaultFieldNames(article), populate: {}, publicationState: 'live' })
  t.same(entry('fields=title&populate[0]=tags&publicationState=preview&filters[nope]=1&sort=nope&pagination[page]=x'), {
    fields: ['title'],
    populate: { tags: { kind: 'relation', fields: ['name', 'createdAt', 'updatedAt'], populate: {}, filters: null, sort: [], count: false } },
    publicationState: 'preview'
  }, 'filters, sort and pagination are not read')
  t.same(failure(() => entry('fields=nope')), { path: ['fields'], message: 'Invalid parameter nope' })
  t.same(entry('populate=nope,tags').populate, entry('populate=tags').populate, 'an unknown populate key is ignored by default')
  const strict = { strict: true, ignored: () => {} }
  t.same(failure(() => compileEntryQuery(registry, article, parseQueryString('populate=nope'), strict)),
    { path: ['populate'], message: 'Invalid parameter nope' }, 'strict: a 400 naming it')
  t.same(failure(() => entry('publicationState=x')), { path: ['publicationState'], message: 'Invalid parameter publicationState: must be live or preview' })
})
