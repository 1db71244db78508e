import t from 'tap'
import { defaultFieldNames } from '../../../plugin/content-types/model.js'
import { compileFields } from '../../../plugin/query/fields.js'
import { article, author, failure, listQuery } from './registry-fixture.js'

const fields = (query: string): string[] => listQuery(query).fields

t.test('absent or *: every default scalar, never private ones', async t => {
  const defaults = defaultFieldNames(article)
  t.same(fields(''), defaults)
  t.same(fields('fields=*'), defaults)
  t.same(fields('fields[0]=*'), defaults)
  t.ok(defaults.includes('publishedAt') && defaults.includes('createdAt'), 'system timestamps are defaults')
  t.notOk(defaults.includes('secret') || defaults.includes('password') || defaults.includes('id'))
  t.same(compileFields(author, undefined, ['fields']), ['name', 'email', 'createdAt', 'updatedAt'])
})

t.test('array, comma string and single string forms, in schema order', async t => {
  t.same(fields('fields[0]=views&fields[1]=title'), ['title', 'views'])
  t.same(fields('fields=views,title'), ['title', 'views'])
  t.same(fields('fields=views, title'), ['title', 'views'], 'blanks around names')
  t.same(fields('fields=title'), ['title'])
  t.same(fields('fields[0]=title&fields[1]=title'), ['title'], 'duplicates collapse')
  t.same(fields('fields[0]=title,views&fields[1]=slug'), ['title', 'slug', 'views'], 'comma lists inside the array form')
  t.same(fields('fields=title&fields=slug'), ['title', 'slug'], 'repeated key')
  t.same(fields('fields[0]=metadata&fields[1]=createdAt&fields[2]=publishedAt'), ['metadata', 'createdAt', 'publishedAt'])
})

t.test('id is accepted and left out (always returned)', async t => {
  t.same(fields('fields[0]=id&fields[1]=title'), ['title'])
  t.same(fields('fields=id'), [])
})

t.test('unknown and private names are the same 400, naming the name and the key path', async t => {
  t.same(failure(() => fields('fields[0]=title&fields[1]=nope')), { path: ['fields', 1], message: 'Invalid parameter nope' })
  t.same(failure(() => fields('fields[0]=secret')), { path: ['fields', 0], message: 'Invalid parameter secret' })
  t.same(failure(() => fields('fields=title,password')), { path: ['fields'], message: 'Invalid parameter password' })
  t.same(failure(() => fields('fields=Title')), { path: ['fields'], message: 'Invalid parameter Title' }, 'case-sensitive')
})

t.test('relations, media, components and zones are chosen with populate', async t => {
  for (const name of ['author', 'cover', 'seo', 'blocks', 'editor']) {
    const expected = name === 'editor'
      ? { path: ['fields', 0], message: 'Invalid parameter editor' }
      : { path: ['fields', 0], message: `Invalid parameter ${name}: relations, media, components and dynamic zones are selected with populate` }
    t.same(failure(() => fields(`fields[0]=${name}`)), expected, name)
  }
})

t.test('odd shapes are 400s, never TypeErrors', async t => {
  t.same(failure(() => fields('fields[a][b]=1')), {
    path: ['fields'], message: 'Invalid parameter fields: expected a field name, a comma-separated list or fields[0]=<name>'
  })
  t.same(failure(() => fields('fields[0][a]=1')), { path: ['fields', 0], message: 'Invalid parameter fields[0]: expected a field name' })
  t.same(failure(() => fields('fields=')), { path: ['fields'], message: 'Invalid parameter fields: empty name in list' })
  t.same(failure(() => fields('fields=a,')), { path: ['fields'], message: 'Invalid parameter fields: empty name in list' })
  t.same(failure(() => fields('fields[0]=title&fields[x]=slug')), {
    path: ['fields'], message: 'Invalid parameter fields: expected a field name, a comma-separated list or fields[0]=<name>'
  })
  t.same(failure(() => fields('fields=title&fields[x]=1')), { path: ['fields', 1], message: 'Invalid parameter fields[1]: expected a field name' })
})
