import t from 'tap'
import { defaultFieldNames } from '../../../plugin/content-types/model.js'
import type { ComponentPopulate, Filter, Populate, RelationPopulate, Selection } from '../../../plugin/query/tree.js'
import { article, author, failure, lenientQuery, listQuery, registry, strictQuery } from './registry-fixture.js'

const populate = (query: string): Record<string, Populate> => listQuery(query).populate
const defaults = (uid: string): string[] => defaultFieldNames(registry.model(uid))

const AUTHOR = defaults('api::author.author')
const TAG = defaults('api::tag.tag')
const CATEGORY = defaults('api::category.category')
const FILE = defaultFieldNames(registry.file)
const SEO = ['metaTitle', 'metaDescription']

const relation = (fields: string[], more: Partial<RelationPopulate> = {}): RelationPopulate =>
  ({ kind: 'relation', fields, populate: {}, filters: null, sort: [], count: false, ...more })
const component = (fields: string[], nested: Record<string, Populate> = {}, filters: Filter | null = null): ComponentPopulate =>
  ({ kind: 'component', fields, populate: nested, filters })
const item = (fields: string[], nested: Record<string, Populate> = {}): Selection => ({ fields, populate: nested })
const zone = (on: Record<string, Selection>): Populate => ({ kind: 'dynamiczone', components: on })
const ZONE_DEFAULT = zone({
  'blocks.quote': item(['text', 'author']),
  'blocks.rich-text': item(['body']),
  'blocks.related-articles': item(['title'])
})

t.test('absent: nothing populated', async t => {
  t.same(populate(''), {})
})

t.test('* populates every relation, media, component and zone one level, private ones excepted', async t => {
  t.same(populate('populate=*'), {
    author: relation(AUTHOR),
    tags: relation(TAG),
    category: relation(CATEGORY),
    cover: relation(FILE),
    gallery: relation(FILE),
    seo: component(SEO),
    links: component(['label', 'url']),
    blocks: ZONE_DEFAULT
  })
  t.notOk('editor' in populate('populate=*'), 'a private relation is left out')
  t.same(Object.keys(listQuery('populate=*', author).populate), ['articles', 'avatar', 'country'])
})

t.test('array, comma string, single string and object forms', async t => {
  const expected = { author: relation(AUTHOR), tags: relation(TAG) }
  t.same(populate('populate[0]=author&populate[1]=tags'), expected)
  t.same(populate('populate=author,tags'), expected)
  t.same(populate('populate=tags, author'), expected, 'schema order, blanks trimmed')
  t.same(populate('populate=author&populate=tags'), expected, 'repeated key')
  for (const truthy of ['true', 't', '1', 'TRUE']) t.same(populate(`populate[author]=${truthy}&populate[tags]=1`), expected, truthy)
  for (const falsy of ['false', 'f', '0']) t.same(populate(`populate[author]=${falsy}&populate[tags]=true`), { tags: relation(TAG) }, falsy)
  t.same(populate('populate[0]=author&populate[tags]=true'), expected, 'index and name keys mixed')
  t.same(populate('populate[author]=true&populate=tags'), expected, 'object then string')
})

t.test('nested populate to any depth', async t => {
  t.same(populate('populate[author][populate][0]=avatar'), { author: relation(AUTHOR, { populate: { avatar: relation(FILE) } }) })
  t.same(populate('populate[author][populate][avatar]=true'), { author: relation(AUTHOR, { populate: { avatar: relation(FILE) } }) })
  t.same(populate('populate[author][populate]=*'), {
    author: relation(AUTHOR, {
      populate: {
        articles: relation(defaultFieldNames(article)),
        avatar: relation(FILE),
        country: relation(CATEGORY)
      }
    })
  })
  const deep = 'populate[author][populate][articles][populate][author][populate][articles][populate][author][populate][articles][populate][tags][fields][0]=name'
  const tree = populate(deep)
  let node = tree.author as RelationPopulate
  for (const name of ['articles', 'author', 'articles', 'author', 'articles']) node = node.populate[name] as RelationPopulate
  t.same(node.populate.tags, relation(['name']), 'seven levels deep')
})

t.test('dotted paths populate each level and merge with siblings', async t => {
  t.same(populate('populate[0]=seo.openGraph'), { seo: component(SEO, { openGraph: component(['ogTitle']) }) })
  t.same(populate('populate[0]=seo&populate[1]=seo.openGraph&populate[2]=seo.openGraph.ogImage'), {
    seo: component(SEO, { openGraph: component(['ogTitle'], { ogImage: relation(FILE) }) })
  })
  t.same(populate('populate=seo.shareImage,seo.openGraph'), {
    seo: component(SEO, { openGraph: component(['ogTitle']), shareImage: relation(FILE) })
  })
  t.same(populate('populate[0]=author.avatar&populate[author][fields][0]=name'), {
    author: relation(['name'], { populate: { avatar: relation(FILE) } })
  }, 'a dotted path merges with the object form of the same attribute')
  t.same(populate('populate[0]=author.*'), {
    author: relation(AUTHOR, { populate: { articles: relation(defaultFieldNames(article)), avatar: relation(FILE), country: relation(CATEGORY) } })
  })
  t.same(populate('populate[0]=*&populate[1]=seo.openGraph').seo, component(SEO, { openGraph: component(['ogTitle']) }), '* and a path')
})

t.test('on[<component>] may filter and sort that component\'s items', async t => {
  t.same(populate('populate[blocks][on][blocks.quote][filters][text][$eq]=x&populate[blocks][on][blocks.quote][sort]=text:desc'), {
    blocks: {
      kind: 'dynamiczone',
      components: {
        'blocks.quote': {
          fields: ['text', 'author'],
          populate: {},
          filters: { kind: 'compare', path: ['text'], operator: '$eq', value: 'x' },
          sort: [{ path: ['text'], direction: 'desc' }]
        }
      }
    }
  })
})

t.test('fields, filters, sort and count inside a relation', async t => {
  t.same(populate('populate[author][fields][0]=name'), { author: relation(['name']) })
  t.same(populate('populate[tags][sort][0]=name%3Adesc&populate[tags][filters][name][$eq]=news'), {
    tags: relation(TAG, {
      sort: [{ path: ['name'], direction: 'desc' }],
      filters: { kind: 'compare', path: ['name'], operator: '$eq', value: 'news' }
    })
  })
  t.same(populate('populate[tags][count]=true'), { tags: relation(TAG, { count: true }) })
  t.same(populate('populate[gallery][count]=1'), { gallery: relation(FILE, { count: true }) }, 'count on media')
  t.same(populate('populate[tags][count]=false'), { tags: relation(TAG) })
  t.same(populate('populate[cover][fields][0]=name&populate[cover][fields][1]=url'), { cover: relation(['name', 'url']) })
  t.same(populate('populate[author][sort]=country.name'), {
    author: relation(AUTHOR, { sort: [{ path: ['country', 'name'], direction: 'asc' }] })
  })
})

t.test('components: fields and nested populate, relations inside them are relations', async t => {
  t.same(populate('populate[seo][fields][0]=metaTitle&populate[seo][populate][openGraph][populate]=ogImage'), {
    seo: component(['metaTitle'], { openGraph: component(['ogTitle'], { ogImage: relation(FILE) }) })
  })
  t.same(populate('populate[seo][populate]=*'), {
    seo: component(SEO, { openGraph: component(['ogTitle']), shareImage: relation(FILE) })
  })
  t.same(populate('populate[blocks][on][blocks.related-articles][populate][articles][fields][0]=title'), {
    blocks: zone({ 'blocks.related-articles': item(['title'], { articles: relation(['title']) }) })
  })
})

t.test('dynamic zones: shared strategy', async t => {
  t.same(populate('populate[blocks]=true'), { blocks: ZONE_DEFAULT })
  t.same(populate('populate[blocks]=*'), { blocks: ZONE_DEFAULT })
  t.same(populate('populate=blocks'), { blocks: ZONE_DEFAULT })
  t.same(populate('populate[blocks][populate]=*'), {
    blocks: zone({
      'blocks.quote': item(['text', 'author']),
      'blocks.rich-text': item(['body'], { articles: relation(defaultFieldNames(article)) }),
      'blocks.related-articles': item(['title'], { articles: relation(defaultFieldNames(article)) })
    })
  })
  const slugWithAuthor = relation(['slug'], { populate: { author: relation(['name']) } })
  t.same(populate('populate[blocks][populate][articles][fields][0]=slug&populate[blocks][populate][articles][populate][author][fields][0]=name'), {
    blocks: zone({
      'blocks.quote': item(['text', 'author']),
      'blocks.rich-text': item(['body'], { articles: slugWithAuthor }),
      'blocks.related-articles': item(['title'], { articles: slugWithAuthor })
    })
  }, 'a named populate applies to every component that has it')
  t.same(populate('populate[0]=blocks.articles'), populate('populate[blocks][populate][0]=articles'), 'dotted path into a zone')
})

t.test('dynamic zones: detailed strategy with on', async t => {
  t.same(populate('populate[blocks][on][blocks.quote][fields][0]=text&populate[blocks][on][blocks.related-articles][populate]=*'), {
    blocks: zone({
      'blocks.quote': item(['text']),
      'blocks.related-articles': item(['title'], { articles: relation(defaultFieldNames(article)) })
    })
  })
  t.same(populate('populate[blocks][on][blocks.rich-text]=*'), { blocks: zone({ 'blocks.rich-text': item(['body']) }) })
  t.same(populate('populate[blocks][on][blocks.rich-text]=true&populate[blocks][on][blocks.quote]=false'), {
    blocks: zone({ 'blocks.rich-text': item(['body']) })
  })
})

t.test('creator fields are ignored silently', async t => {
  t.same(populate('populate[0]=createdBy&populate[updatedBy]=true&populate[1]=author'), { author: relation(AUTHOR) })
  t.same(populate('populate[author][populate][0]=createdBy'), { author: relation(AUTHOR) })
})

t.test('strict: errors name the key path', async t => {
  const cases: Array<[string, unknown, string]> = [
    ['populate[0]=nope', ['populate', 0], 'Invalid parameter nope'],
    ['populate=author,nope', ['populate'], 'Invalid parameter nope'],
    ['populate[nope]=true', ['populate', 'nope'], 'Invalid parameter nope'],
    ['populate[editor]=true', ['populate', 'editor'], 'Invalid parameter editor'],
    ['populate[0]=secret', ['populate', 0], 'Invalid parameter secret'],
    ['populate[nope]=false', ['populate', 'nope'], 'Invalid parameter nope'],
    ['populate[0]=title', ['populate', 0], 'Invalid parameter title: only relations, media, components and dynamic zones can be populated'],
    ['populate[0]=seo.nope', ['populate', 0], 'Invalid parameter nope'],
    ['populate[0]=seo.metaTitle', ['populate', 0], 'Invalid parameter metaTitle: only relations, media, components and dynamic zones can be populated'],
    ['populate[0]=seo.*.openGraph', ['populate', 0], 'Invalid parameter populate[0]: "seo.*.openGraph": * can only end a path'],
    ['populate[0]=seo..openGraph', ['populate', 0], 'Invalid parameter populate[0]: "seo..openGraph" has an empty attribute name'],
    ['populate[author][populate][0]=nope', ['populate', 'author', 'populate', 0], 'Invalid parameter nope'],
    ['populate[author][populate][avatar][populate][0]=x', ['populate', 'author', 'populate', 'avatar', 'populate', 0], 'Invalid parameter x'],
    ['populate[author][fields][0]=nope', ['populate', 'author', 'fields', 0], 'Invalid parameter nope'],
    ['populate[author][fields][0]=password', ['populate', 'author', 'fields', 0], 'Invalid parameter password'],
    ['populate[author][filters][password][$eq]=x', ['populate', 'author', 'filters', 'password'], 'Invalid parameter password'],
    ['populate[author][sort]=nope', ['populate', 'author', 'sort'], 'Invalid parameter nope'],
    ['populate[author]=yes', ['populate', 'author'], 'Invalid parameter populate[author]: expected true, false or an object of populate options'],
    ['populate[author]=', ['populate', 'author'], 'Invalid parameter populate[author]: expected true, false or an object of populate options'],
    ['populate[author][nope]=1', ['populate', 'author', 'nope'], 'Invalid parameter nope: unknown populate option'],
    ['populate[author][pagination][page]=1', ['populate', 'author', 'pagination'], 'Invalid parameter pagination: populate cannot be combined with pagination'],
    ['populate[author][start]=0', ['populate', 'author', 'start'], 'Invalid parameter start: populate cannot be combined with pagination'],
    ['populate[tags][limit]=5', ['populate', 'tags', 'limit'], 'Invalid parameter limit: populate cannot be combined with pagination'],
    ['populate[seo][count]=true', ['populate', 'seo', 'count'], 'Invalid parameter count: count applies to relations and media only'],
    ['populate[blocks][count]=true', ['populate', 'blocks', 'count'], 'Invalid parameter count: count applies to relations and media only'],
    ['populate[tags][count]=maybe', ['populate', 'tags', 'count'], 'Invalid parameter populate[tags][count]: must be true or false'],
    ['populate[seo][sort]=metaTitle', ['populate', 'seo', 'sort'], 'Invalid parameter sort: sort inside populate applies to relations and media only'],
    ['populate[author][on][x]=true', ['populate', 'author', 'on'], 'Invalid parameter on: on applies to dynamic zones only'],
    ['populate[seo][on][blocks.quote]=true', ['populate', 'seo', 'on'], 'Invalid parameter on: on applies to dynamic zones only'],
    ['populate[blocks][on][shared.seo]=true', ['populate', 'blocks', 'on', 'shared.seo'], 'Invalid parameter shared.seo: not a component of the dynamic zone blocks'],
    ['populate[blocks][on][blocks.quote][fields][0]=nope', ['populate', 'blocks', 'on', 'blocks.quote', 'fields', 0], 'Invalid parameter nope'],
    ['populate[blocks][on][blocks.quote]=maybe', ['populate', 'blocks', 'on', 'blocks.quote'], 'Invalid parameter populate[blocks][on][blocks.quote]: expected true, false or an object of populate options'],
    ['populate[blocks][on]=x', ['populate', 'blocks', 'on'], 'Invalid parameter populate[blocks][on]: expected on[<category>.<component>][...]'],
    ['populate[blocks][on][blocks.quote]=true&populate[blocks][populate]=*', ['populate', 'blocks', 'on'], 'Invalid parameter populate[blocks][on]: use either populate (every component) or on (per component), not both'],
    ['populate[blocks][fields][0]=text', ['populate', 'blocks', 'fields'], 'Invalid parameter fields: select the fields of zone components with on[<component>][fields]'],
    ['populate[blocks][populate][nope]=true', ['populate', 'blocks', 'populate', 'nope'], 'Invalid parameter nope'],
    ['populate[blocks][populate][text]=true', ['populate', 'blocks', 'populate', 'text'], 'Invalid parameter text: only relations, media, components and dynamic zones can be populated'],
    ['populate[author][populate][articles][populate][nope]=1', ['populate', 'author', 'populate', 'articles', 'populate', 'nope'], 'Invalid parameter nope'],
    ['populate=', ['populate'], 'Invalid parameter populate: empty name in list'],
    ['populate[0][author][x]=1', ['populate', 0, 'author', 'x'], 'Invalid parameter x: unknown populate option'],
    ['populate[author][0]=name', ['populate', 'author'], 'Invalid parameter populate[author]: expected true, false or an object of populate options'],
    ['populate[author][populate]=1', ['populate', 'author', 'populate'], 'Invalid parameter 1'],
    ['populate[0][0]=x', ['populate', 0, 0], 'Invalid parameter x'],
    ['populate[0][author][fields][0]=name&populate[1][author][sort]=name', ['populate', 1, 'author'], 'Invalid parameter populate[1][author]: given twice'],
    ['populate[__proto__]=true', ['populate'], 'Invalid parameter populate: expected *, a list of attributes or populate[<attribute>]=...']
  ]
  for (const [query, path, message] of cases) t.same(failure(() => strictQuery(query).populate), { path, message }, query)
})

t.test('by default, unknown, private and scalar populate keys are ignored at any depth and reported', async t => {
  const cases: Array<[string, Record<string, Populate>, string[]]> = [
    ['populate[0]=nope', {}, ['populate[0]']],
    ['populate=author,nope,category', { author: relation(AUTHOR), category: relation(CATEGORY) }, ['populate']],
    ['populate=image,category,author', { author: relation(AUTHOR), category: relation(CATEGORY) }, ['populate']],
    ['populate[nope]=true&populate[tags]=true', { tags: relation(TAG) }, ['populate[nope]']],
    ['populate[editor]=true', {}, ['populate[editor]']],
    ['populate[0]=secret', {}, ['populate[0]']],
    ['populate[0]=title', {}, ['populate[0]']],
    ['populate[title][populate]=x', {}, ['populate[title]']],
    ['populate[0]=seo.nope', { seo: component(SEO) }, ['populate[0]']],
    ['populate[0]=seo.metaTitle', { seo: component(SEO) }, ['populate[0]']],
    ['populate[author][populate][0]=nope', { author: relation(AUTHOR) }, ['populate[author][populate][0]']],
    ['populate[author][populate][avatar][populate][0]=x', { author: relation(AUTHOR, { populate: { avatar: relation(FILE) } }) },
      ['populate[author][populate][avatar][populate][0]']],
    ['populate[author][populate]=1', { author: relation(AUTHOR) }, ['populate[author][populate]']],
    ['populate[author][nope]=1', { author: relation(AUTHOR) }, ['populate[author][nope]']],
    ['populate[blocks][populate][nope]=true', { blocks: ZONE_DEFAULT }, ['populate[blocks][populate][nope]']],
    ['populate[blocks][populate]=articles.nope,missing', {
      blocks: zone({
        'blocks.quote': item(['text', 'author']),
        'blocks.rich-text': item(['body'], { articles: relation(defaultFieldNames(article)) }),
        'blocks.related-articles': item(['title'], { articles: relation(defaultFieldNames(article)) })
      })
    }, ['populate[blocks][populate]', 'populate[blocks][populate]', 'populate[blocks][populate]']],
    ['populate[blocks][on][shared.seo]=true&populate[blocks][on][blocks.quote]=true', { blocks: zone({ 'blocks.quote': item(['text', 'author']) }) },
      ['populate[blocks][on][shared.seo]']],
    ['populate[blocks][on][blocks.rich-text][populate][0]=nope', { blocks: zone({ 'blocks.rich-text': item(['body']) }) },
      ['populate[blocks][on][blocks.rich-text][populate][0]']]
  ]
  for (const [query, expected, keys] of cases) {
    const { tree, ignored } = lenientQuery(query)
    t.same(tree.populate, expected, query)
    t.same(ignored.map(key => key.key), keys, `${query}: reported`)
  }
  t.same(lenientQuery('populate[0]=nope').ignored, [{ model: 'api::article.article', name: 'nope', key: 'populate[0]', reason: 'not an attribute' }])
  t.match(lenientQuery('populate[0]=title').ignored[0], { name: 'title', reason: /only relations, media, components and dynamic zones/ })
})

t.test('by default, a string value other than false-like counts as true; an empty one as false', async t => {
  t.same(populate('populate[seo]=metaSocial'), { seo: component(SEO) })
  t.same(populate('populate[author]=yes&populate[tags]=f'), { author: relation(AUTHOR) })
  t.same(populate('populate[author]='), {})
  t.same(populate('populate=&populate[1]=author,,'), { author: relation(AUTHOR) }, 'empty names in a list are skipped')
  t.same(populate('populate[blocks][on][blocks.quote]=maybe'), { blocks: zone({ 'blocks.quote': item(['text', 'author']) }) })
  t.same(failure(() => populate('populate[author][0]=name')), {
    path: ['populate', 'author'], message: 'Invalid parameter populate[author]: expected true, false or an object of populate options'
  }, 'a list is still no populate value')
})

t.test('misplaced options stay a 400 in every mode', async t => {
  t.same(failure(() => populate('populate[author][pagination][page]=1')),
    { path: ['populate', 'author', 'pagination'], message: 'Invalid parameter pagination: populate cannot be combined with pagination' })
  t.same(failure(() => populate('populate[seo][sort]=metaTitle')),
    { path: ['populate', 'seo', 'sort'], message: 'Invalid parameter sort: sort inside populate applies to relations and media only' })
  t.same(failure(() => populate('populate[author][fields][0]=nope')), { path: ['populate', 'author', 'fields', 0], message: 'Invalid parameter nope' },
    'unknown fields are not populate keys: still a 400')
})

t.test('filters inside the populate of a component', async t => {
  t.same(populate('populate[links][filters][label][$eq]=Home'), {
    links: component(['label', 'url'], {}, { kind: 'compare', path: ['label'], operator: '$eq', value: 'Home' })
  })
  t.same(populate('populate[seo][filters][shareImage][name][$containsi]=x'), {
    seo: component(SEO, {}, { kind: 'compare', path: ['shareImage', 'name'], operator: '$containsi', value: 'x' })
  }, 'through the component\'s media')
  t.same(failure(() => populate('populate[links][filters][nope]=1')), { path: ['populate', 'links', 'filters', 'nope'], message: 'Invalid parameter nope' })
})

t.test('odd shapes never escape as anything but a 400', async t => {
  for (const query of ['populate[][x]=', 'populate[author][populate][][x]=1', 'populate[a][b][c][d]=1', 'populate[author][fields][a][b]=1',
    'populate[author][filters]=x', 'populate[author][sort][0][x]=y', 'populate[blocks][on][]=1', 'populate[author]=true&populate[author][fields][0]=name']) {
    const result = failure(() => populate(query))
    t.ok(typeof result === 'object' || result === 'no error thrown', query)
  }
})
