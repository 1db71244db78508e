/** Loading and checking schemas: every bad schema fails naming its file and attribute. */
import t from 'tap'
import { loadSchemaFolder } from '../../../plugin/content-types/load.js'
import { buildRegistry } from '../../../plugin/content-types/registry.js'
import type { ContentTypeSchema } from '../../../plugin/content-types/definition.js'
import { SchemaError } from '../../../plugin/errors.js'
import { EXAMPLE_SCHEMAS, STRAPI_PROJECT_FIXTURE } from '../../helpers/paths.js'

function articleWith (attributes: Record<string, unknown>, extra: Partial<ContentTypeSchema> = {}): Record<string, ContentTypeSchema> {
  return {
    'api::article.article': {
      kind: 'collectionType',
      info: { singularName: 'article', pluralName: 'articles' },
      attributes: { title: { type: 'string' }, ...attributes } as ContentTypeSchema['attributes'],
      ...extra
    }
  }
}

const author: ContentTypeSchema = {
  info: { singularName: 'author', pluralName: 'authors' },
  attributes: { name: { type: 'string' }, articles: { type: 'relation', relation: 'oneToMany', target: 'api::article.article', mappedBy: 'author' } }
}

t.test('the example model loads with every attribute kind', async t => {
  const registry = buildRegistry(await loadSchemaFolder(EXAMPLE_SCHEMAS))
  const article = registry.contentTypes.get('api::article.article')!
  t.equal(registry.byPluralName('articles'), article)
  t.ok(article.draftAndPublish)
  t.equal(article.attributes.get('publishedAt')?.kind, 'scalar')
  const kinds = new Set([...registry.models()].flatMap(model => [...model.attributes.values()].map(a => a.kind === 'relation' ? a.relation : a.kind)))
  for (const kind of ['scalar', 'media', 'component', 'dynamiczone', 'oneToOne', 'oneToMany', 'manyToOne', 'manyToMany']) {
    t.ok(kinds.has(kind as never), `has ${kind}`)
  }
  const authorAttr = article.attributes.get('author')
  t.match(authorAttr, { kind: 'relation', owning: true, toMany: false, otherToMany: true, inverse: 'articles' })
  const inverse = registry.contentTypes.get('api::author.author')!.attributes.get('articles')
  t.match(inverse, { kind: 'relation', owning: false, toMany: true, otherToMany: false, link: { self: 'target', other: 'owner', order: 'invOrd' } })
  t.equal(registry.contentTypes.get('api::author.author')!.attributes.get('password')?.private, true, 'password is private by type')
})

t.test('a Strapi project layout loads unchanged', async t => {
  const registry = buildRegistry(await loadSchemaFolder(STRAPI_PROJECT_FIXTURE))
  t.ok(registry.contentTypes.has('api::article.article'))
  t.ok(registry.components.has('shared.seo'))
})

t.test('inline schemas build a registry', async t => {
  const registry = buildRegistry({ contentTypes: { ...articleWith({ author: { type: 'relation', relation: 'manyToOne', target: 'api::author.author', inversedBy: 'articles' } }), 'api::author.author': author } })
  t.equal(registry.links.length, 1, 'one link table for the two-way relation')
  t.match(registry.links[0], { table: 'articles_author_lnk', uniqueOwner: true, uniqueTarget: false })
})

const invalid: Array<[string, Record<string, unknown>, RegExp]> = [
  ['an unknown type', { x: { type: 'strnig' } }, /inline:api::article\.article \(attribute "x"\): unknown type "strnig"/],
  ['a reserved name', { createdAt: { type: 'string' } }, /attribute "createdAt".*reserved/],
  ['a bad name', { 'my-field': { type: 'string' } }, /attribute "my-field".*letters/],
  ['an enumeration without values', { s: { type: 'enumeration' } }, /attribute "s".*enum/],
  ['a default outside the enum', { s: { type: 'enumeration', enum: ['a'], default: 'b' } }, /attribute "s".*default/],
  ['a bad regex', { s: { type: 'string', regex: '(' } }, /attribute "s".*regular expression/],
  ['min on a string', { s: { type: 'string', min: 3 } }, /attribute "s".*min/],
  ['a uid with a missing targetField', { slug: { type: 'uid', targetField: 'nope' } }, /attribute "slug".*targetField "nope"/],
  ['an unknown relation target', { r: { type: 'relation', relation: 'manyToOne', target: 'api::nope.nope' } }, /attribute "r".*unknown relation target/],
  ['an unknown relation kind', { r: { type: 'relation', relation: 'manyToSome', target: 'api::article.article' } }, /attribute "r".*unknown relation "manyToSome"/],
  ['an inversedBy without its mirror', { r: { type: 'relation', relation: 'manyToOne', target: 'api::article.article', inversedBy: 'nope' } }, /attribute "r".*"nope".*mappedBy/],
  ['an unknown component', { c: { type: 'component', component: 'shared.nope' } }, /attribute "c".*unknown component "shared\.nope"/],
  ['an empty dynamic zone', { z: { type: 'dynamiczone', components: [] } }, /attribute "z".*non-empty/],
  ['bad allowedTypes', { m: { type: 'media', allowedTypes: ['pictures'] } }, /attribute "m".*allowedTypes/],
  ['two names for one column', { fooBar: { type: 'string' }, foo_bar: { type: 'string' } }, /attribute "foo_bar".*same column as "fooBar"/]
]

for (const [what, attributes, message] of invalid) {
  t.test(`${what} fails at startup naming the attribute`, async t => {
    t.throws(() => buildRegistry({ contentTypes: articleWith(attributes) }), { name: 'SchemaError', message })
  })
}

t.test('content type level problems name the file', async t => {
  t.throws(() => buildRegistry({ contentTypes: { 'api::article.article': { info: { singularName: 'Article', pluralName: 'articles' }, attributes: {} } } }), SchemaError)
  t.throws(() => buildRegistry({ contentTypes: { 'api::wrong.wrong': { info: { singularName: 'article', pluralName: 'articles' }, attributes: {} } } }), /must be "api::article\.article"/)
  t.throws(() => buildRegistry({ contentTypes: articleWith({}, { kind: 'document' as never }) }), /kind "document" must be collectionType or singleType/)
  t.equal(buildRegistry({ contentTypes: articleWith({}, { kind: 'singleType' }) }).contentTypes.get('api::article.article')?.single, true)
  t.throws(() => buildRegistry({ contentTypes: articleWith({ c: { type: 'component', component: 'a.b' } }), components: { 'a.b': { attributes: { self: { type: 'component', component: 'a.b' } } } } }), /cycle: a\.b → a\.b/)
})

t.test('files on disk: invalid JSON and missing folders are named', async t => {
  const dir = t.testdir({ 'content-types': { 'broken.json': '{ "info": ' } })
  // The loader hands unreadable files to the registry, which reports them with every other problem.
  const loaded = await loadSchemaFolder(dir)
  t.throws(() => buildRegistry(loaded), /broken\.json: is not valid JSON/)
  await t.rejects(loadSchemaFolder(`${dir}/nope`), /schemas folder does not exist/)
  const empty = t.testdir({})
  await t.rejects(loadSchemaFolder(empty), /no content types found/)
})
