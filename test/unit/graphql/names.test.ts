/**
 * Strapi v4's GraphQL names: lodash's word splitting and camel case (which its naming
 * service uses), the type and query names of content types, components and plugin types,
 * and enum value names as its slugify makes them.
 */
import t from 'tap'
import { buildRegistry, inlineInput } from '../../../plugin/content-types/registry.js'
import {
  camelCase, componentName, dynamicZoneName, entityResponseCollectionName, enumName, enumValueName, filtersInputName, findOneQueryName,
  findQueryName, relationResponseCollectionName, typeName, words
} from '../../../plugin/graphql/names.js'

t.test('words and camel case as lodash splits ASCII names', async t => {
  t.same(words('open-graph'), ['open', 'graph'])
  t.same(words('HTMLParser'), ['HTML', 'Parser'])
  t.same(words('v2api'), ['v', '2', 'api'])
  t.same(words('component_shared.seo'), ['component', 'shared', 'seo'])
  t.equal(camelCase('blog_posts'), 'blogPosts')
  t.equal(camelCase('FAQ-item'), 'faqItem')
  t.equal(camelCase('article2'), 'article2')
})

t.test('the names of a model\'s types and queries', async t => {
  const registry = buildRegistry(inlineInput({
    contentTypes: {
      'api::blog-post.blog-post': {
        kind: 'collectionType',
        info: { singularName: 'blog-post', pluralName: 'blog-posts' },
        attributes: { status: { type: 'enumeration', enum: ['a'] }, body: { type: 'dynamiczone', components: ['shared.open-graph'] } }
      }
    },
    components: { 'shared.open-graph': { attributes: { kind: { type: 'enumeration', enum: ['x'] } } } }
  }), { usersPermissions: true })
  const post = registry.model('api::blog-post.blog-post')
  const component = registry.model('shared.open-graph')
  t.equal(typeName(post), 'BlogPost')
  t.equal(entityResponseCollectionName(post), 'BlogPostEntityResponseCollection')
  t.equal(relationResponseCollectionName(post), 'BlogPostRelationResponseCollection')
  t.equal(filtersInputName(post), 'BlogPostFiltersInput')
  t.equal(findQueryName(post), 'blogPosts')
  t.equal(findOneQueryName(post), 'blogPost')
  t.equal(enumName(post, 'status'), 'ENUM_BLOGPOST_STATUS')
  t.equal(dynamicZoneName(post, 'body'), 'BlogPostBodyDynamicZone')
  t.equal(componentName(component as never), 'ComponentSharedOpenGraph')
  t.equal(enumName(component, 'kind'), 'ENUM_COMPONENTSHAREDOPENGRAPH_KIND')
  t.equal(filtersInputName(component), 'ComponentSharedOpenGraphFiltersInput')
  t.equal(typeName(registry.file), 'UploadFile')
  t.equal(typeName(registry.model('plugin::users-permissions.user')), 'UsersPermissionsUser')
})

t.test('enum values as GraphQL names, as Strapi\'s slugify makes them', async t => {
  t.equal(enumValueName('draft-idea'), 'draft_idea')
  t.equal(enumValueName('in review'), 'in_review')
  t.equal(enumValueName('A & B'), 'A_and_B')
  t.equal(enumValueName('Été'), 'Ete')
  t.equal(enumValueName('--x--'), 'x')
  t.equal(enumValueName('2024'), null, 'a name cannot start with a digit')
  t.equal(enumValueName('!!!'), null)
})
