import t from 'tap'
import type { SortTerm } from '../../../plugin/query/tree.js'
import { failure, listQuery } from './registry-fixture.js'

const sort = (query: string): SortTerm[] => listQuery(query).sort
const asc = (...path: string[]): SortTerm => ({ path, direction: 'asc' })
const desc = (...path: string[]): SortTerm => ({ path, direction: 'desc' })

t.test('absent: no terms (the SQL compiler adds the id tie-break)', async t => {
  t.same(sort(''), [])
})

t.test('string, list, object and dotted forms', async t => {
  const cases: Array<[string, SortTerm[]]> = [
    ['sort=title', [asc('title')]],
    ['sort=title:desc', [desc('title')]],
    ['sort=title%3ADESC', [desc('title')]],
    ['sort=title:Asc', [asc('title')]],
    ['sort=views,title:desc', [asc('views'), desc('title')]],
    ['sort=views , title : desc', [asc('views'), desc('title')]],
    ['sort[0]=title:asc&sort[1]=views:desc', [asc('title'), desc('views')]],
    ['sort=title&sort=views:desc', [asc('title'), desc('views')]],
    ['sort[title]=desc', [desc('title')]],
    ['sort[title]=desc&sort[views]=asc', [desc('title'), asc('views')]],
    ['sort[author][name]=asc', [asc('author', 'name')]],
    ['sort[author][country][name]=DESC', [desc('author', 'country', 'name')]],
    ['sort=author.name:asc', [asc('author', 'name')]],
    ['sort[0]=category.name:desc', [desc('category', 'name')]],
    ['sort=cover.name', [asc('cover', 'name')]],
    ['sort=seo.metaTitle,seo.openGraph.ogTitle:desc', [asc('seo', 'metaTitle'), desc('seo', 'openGraph', 'ogTitle')]],
    ['sort=seo.shareImage.size', [asc('seo', 'shareImage', 'size')]],
    ['sort[0][author][name]=desc', [desc('author', 'name')]],
    ['sort[0]=title&sort[views]=desc', [asc('title'), desc('views')]],
    ['sort=id:desc', [desc('id')]],
    ['sort=createdAt:desc', [desc('createdAt')]],
    ['sort=featured', [asc('featured')]]
  ]
  for (const [query, expected] of cases) t.same(sort(query), expected, query)
})

t.test('inside populate, against the populated model', async t => {
  const populated = listQuery('populate[author][sort][0]=name:desc&populate[author][populate][articles][sort][category][name]=asc').populate
  t.match(populated, {
    author: { sort: [desc('name')], populate: { articles: { sort: [asc('category', 'name')] } } }
  })
})

t.test('errors name the key path', async t => {
  const cases: Array<[string, unknown, string]> = [
    ['sort=nope', ['sort'], 'Invalid parameter nope'],
    ['sort[1]=nope', ['sort', 0], 'Invalid parameter nope'],
    ['sort[0]=title&sort[1]=nope:desc', ['sort', 1], 'Invalid parameter nope'],
    ['sort=secret', ['sort'], 'Invalid parameter secret'],
    ['sort=password:desc', ['sort'], 'Invalid parameter password'],
    ['sort=author.password', ['sort'], 'Invalid parameter password'],
    ['sort=editor.name', ['sort'], 'Invalid parameter editor'],
    ['sort[nope]=asc', ['sort', 'nope'], 'Invalid parameter nope'],
    ['sort[author][nope]=asc', ['sort', 'author', 'nope'], 'Invalid parameter nope'],
    ['sort=title:up', ['sort'], 'Invalid parameter sort: sort direction must be asc or desc, got "up"'],
    ['sort=title:', ['sort'], 'Invalid parameter sort: sort direction must be asc or desc, got ""'],
    ['sort[title]=sideways', ['sort', 'title'], 'Invalid parameter sort[title]: sort direction must be asc or desc, got "sideways"'],
    ['sort=title:asc:desc', ['sort'], 'Invalid parameter sort: "title:asc:desc" is not <field>:<asc|desc>'],
    ['sort=author..name', ['sort'], 'Invalid parameter sort: "author..name" has an empty field name'],
    ['sort=', ['sort'], 'Invalid parameter sort: empty name in list'],
    ['sort=title,', ['sort'], 'Invalid parameter sort: empty name in list'],
    ['sort=tags.name', ['sort'], 'Invalid parameter tags: cannot sort by an attribute of a to-many relation, multiple media or repeatable component'],
    ['sort[author][articles][title]=asc', ['sort', 'author', 'articles', 'title'], 'Invalid parameter articles: cannot sort by an attribute of a to-many relation, multiple media or repeatable component'],
    ['sort=gallery.name', ['sort'], 'Invalid parameter gallery: cannot sort by an attribute of a to-many relation, multiple media or repeatable component'],
    ['sort=links.label', ['sort'], 'Invalid parameter links: cannot sort by an attribute of a to-many relation, multiple media or repeatable component'],
    ['sort=blocks.text', ['sort'], 'Invalid parameter blocks: dynamic zones cannot be sorted by'],
    ['sort=author', ['sort'], 'Invalid parameter author: sort by one of its attributes, e.g. sort=<relation>.<field>'],
    ['sort=title.x', ['sort'], 'Invalid parameter title: a scalar attribute has no attributes to sort by'],
    ['sort=metadata', ['sort'], 'Invalid parameter metadata: json attributes cannot be sorted'],
    ['sort[title][0]=asc', ['sort', 'title'], 'Invalid parameter sort[title]: expected asc or desc'],
    ['sort[0][x]=y', ['sort', 0, 'x'], 'Invalid parameter x'],
    ['sort[a][b]=', ['sort', 'a', 'b'], 'Invalid parameter a'],
    ['sort[title][__proto__]=asc', ['sort', 'title'], 'Invalid parameter sort[title]: expected asc or desc'],
    ['sort[__proto__]=asc', ['sort'], 'Invalid parameter sort: expected <field>:<asc|desc>, a list of them, or sort[<field>]=<asc|desc>'],
    ['sort=1&sort=true', ['sort', 0], 'Invalid parameter 1'],
    ['populate[author][sort]=nope', ['populate', 'author', 'sort'], 'Invalid parameter nope']
  ]
  for (const [query, path, message] of cases) t.same(failure(() => listQuery(query)), { path, message }, query)
})
