/**
 * otherSide: which attribute a relation naming an inversedBy or mappedBy side pairs with, as
 * Strapi 4 pairs them — refused only where Strapi does not start, otherwise served mirrored,
 * one-way or not at all, with one warning per relation.
 */
import t from 'tap'
import type { AttributeSchema, RelationAttributeSchema } from '../../../plugin/content-types/definition.js'
import { otherSide } from '../../../plugin/content-types/other-side.js'
import type { AttributesOf } from '../../../plugin/content-types/other-side.js'

const POST = 'api::post.post'
const TAG = 'api::tag.tag'

function relation (relation: RelationAttributeSchema['relation'], target: string, sides: { inversedBy?: string, mappedBy?: string } = {}): RelationAttributeSchema {
  return { type: 'relation', relation, target, ...sides }
}

function model (schemas: Record<string, Record<string, AttributeSchema>>): AttributesOf {
  return uid => schemas[uid]
}

function sideOf (attributesOf: AttributesOf, uid: string, name: string): ReturnType<typeof otherSide> {
  return otherSide({ uid, name, declared: attributesOf(uid)![name] as RelationAttributeSchema }, attributesOf)
}

t.test('two sides naming each other are one relation, without a warning', async t => {
  const schemas = model({
    [POST]: { tags: relation('manyToMany', TAG, { inversedBy: 'posts' }) },
    [TAG]: { posts: relation('manyToMany', POST, { mappedBy: 'tags' }) }
  })
  t.match(sideOf(schemas, POST, 'tags'), { kind: 'mirrored', inverse: 'posts', disagreement: null })
  t.match(sideOf(schemas, TAG, 'posts'), { kind: 'mirrored', inverse: 'tags', disagreement: null })
})

t.test('an inversedBy naming nothing, or no relation, is refused as Strapi refuses it', async t => {
  const schemas = model({
    [POST]: { a: relation('manyToOne', TAG, { inversedBy: 'nope' }), b: relation('manyToOne', TAG, { inversedBy: 'name' }) },
    [TAG]: { name: { type: 'string' } }
  })
  t.same(sideOf(schemas, POST, 'a'), { kind: 'refused', problem: '"nope" on api::tag.tag must be a relation to api::post.post with mappedBy: "a" (Strapi 4 does not start without it either)' })
  t.same(sideOf(schemas, POST, 'b'), { kind: 'refused', problem: '"name" on api::tag.tag must be a relation to api::post.post with mappedBy: "b" (Strapi 4 does not start when it is not a relation)' })
})

t.test('an inversedBy whose mirror does not point back is one-way, named with both ends', async t => {
  const schemas = model({
    [POST]: { tag: relation('manyToOne', TAG, { inversedBy: 'posts' }), other: relation('manyToOne', TAG, { inversedBy: 'elsewhere' }) },
    [TAG]: { posts: relation('oneToMany', POST), elsewhere: relation('oneToMany', 'api::page.page') }
  })
  t.same(sideOf(schemas, POST, 'tag'), {
    kind: 'oneWay',
    disagreement: {
      warning: '"tag" on api::post.post declares inversedBy "posts", but "posts" on api::tag.tag is a one-way relation: served one-way',
      problem: '"posts" on api::tag.tag must be a relation to api::post.post with mappedBy: "tag"'
    }
  })
  t.match(sideOf(schemas, POST, 'other'), { kind: 'oneWay', disagreement: { warning: /but "elsewhere" on api::tag\.tag is a relation to api::page\.page: served one-way$/ } })
})

t.test('a mappedBy side no owning side names is not served', async t => {
  const schemas = model({
    [POST]: { title: { type: 'string' }, tags: relation('manyToMany', TAG) },
    [TAG]: { missing: relation('oneToMany', POST, { mappedBy: 'author' }), oneWay: relation('manyToMany', POST, { mappedBy: 'tags' }) }
  })
  t.same(sideOf(schemas, TAG, 'missing'), {
    kind: 'absent',
    disagreement: {
      warning: '"missing" on api::tag.tag declares mappedBy "author", but api::post.post has no such attribute: not served, as Strapi 4 stores nothing for it',
      problem: '"author" on api::post.post must be a relation to api::tag.tag with inversedBy: "missing"'
    }
  })
  t.match(sideOf(schemas, TAG, 'oneWay'), { kind: 'absent', disagreement: { warning: /"tags" on api::post\.post does not name it in inversedBy: not served/ } })
})

t.test('a mappedBy side reads the owning side that names it, whatever name it gives; the owner warns once', async t => {
  const schemas = model({
    [POST]: { tag: relation('manyToOne', TAG, { inversedBy: 'posts' }) },
    [TAG]: { posts: relation('oneToMany', POST, { mappedBy: 'subject' }) }
  })
  const mapped = sideOf(schemas, TAG, 'posts')
  t.match(mapped, { kind: 'mirrored', inverse: 'tag', disagreement: { warning: null, problem: '"subject" on api::post.post must be a relation to api::tag.tag with inversedBy: "posts"' } })
  t.match(sideOf(schemas, POST, 'tag'), {
    kind: 'mirrored',
    inverse: 'posts',
    disagreement: { warning: '"tag" on api::post.post declares inversedBy "posts", and "posts" on api::tag.tag declares mappedBy "subject", which does not name it back: served as one relation, "posts" reading the links of "tag"' }
  })
})

t.test('two owning sides naming one mappedBy side: it pairs with the one it names, or with neither', async t => {
  const named = model({
    [POST]: { tag: relation('manyToOne', TAG, { inversedBy: 'posts' }), alsoTag: relation('manyToOne', TAG, { inversedBy: 'posts' }) },
    [TAG]: { posts: relation('oneToMany', POST, { mappedBy: 'tag' }) }
  })
  t.match(sideOf(named, TAG, 'posts'), { kind: 'mirrored', inverse: 'tag', disagreement: null })
  t.match(sideOf(named, POST, 'tag'), { kind: 'mirrored', disagreement: null })
  t.match(sideOf(named, POST, 'alsoTag'), { kind: 'oneWay', disagreement: { warning: /"posts" on api::tag\.tag declares mappedBy "tag": served one-way$/ } })
  const neither = model({
    [POST]: { tag: relation('manyToOne', TAG, { inversedBy: 'posts' }), alsoTag: relation('manyToOne', TAG, { inversedBy: 'posts' }) },
    [TAG]: { posts: relation('oneToMany', POST, { mappedBy: 'subject' }) }
  })
  t.match(sideOf(neither, TAG, 'posts'), { kind: 'absent' })
  t.match(sideOf(neither, POST, 'tag'), { kind: 'oneWay' })
  t.match(sideOf(neither, POST, 'alsoTag'), { kind: 'oneWay' })
})
