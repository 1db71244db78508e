/**
 * The registry on test/fixtures/strapi-missing-side-project: what Strapi 4.26.2 starts with
 * loads, each relation served as Strapi serves it; what Strapi does not start with (recorded
 * in strapi-answers.json) is refused here too, and `strict` refuses every disagreement.
 */
import t from 'tap'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { loadSchemaFolder } from '../../../plugin/content-types/load.js'
import { buildRegistry } from '../../../plugin/content-types/registry.js'
import type { RegistryInput } from '../../../plugin/content-types/registry.js'
import type { AttributeSchema, ContentTypeSchema } from '../../../plugin/content-types/definition.js'
import { STRAPI_MISSING_SIDE_PROJECT } from '../../helpers/paths.js'

interface Refusal { case: string, attribute: string, schema: AttributeSchema, error: string }
interface Recorded {
  refusals: Refusal[]
  mirrorLoadedFirst: { article: Record<string, AttributeSchema>, zebra: ContentTypeSchema, rows: Record<string, string> }
}

const recorded = JSON.parse(readFileSync(join(STRAPI_MISSING_SIDE_PROJECT, 'strapi-answers.json'), 'utf8')) as Recorded
const USER = 'plugin::users-permissions.user'
const ARTICLE = 'api::article.article'

/** The project, with attributes added to the article schema. */
async function projectWith (attributes: Record<string, AttributeSchema> = {}): Promise<RegistryInput> {
  const input = await loadSchemaFolder(STRAPI_MISSING_SIDE_PROJECT)
  const article = input.contentTypes.find(entry => entry.uid === ARTICLE)!
  article.schema.attributes = { ...article.schema.attributes, ...attributes }
  return input
}

t.test('each relation is served as Strapi serves it', async t => {
  const registry = buildRegistry(await projectWith())
  const attribute = (uid: string, name: string): unknown => registry.model(uid).attributes.get(name)
  t.equal(attribute(USER, 'articles'), undefined, 'a mappedBy side of the user extension that nothing owns')
  t.equal(attribute('api::tag.tag', 'articles'), undefined, 'a mappedBy side whose mirror is one-way')
  t.match(attribute('api::review.review', 'article'), { owning: true, inverse: 'reviews', link: { entity: 'ReviewsArticleLnk' } })
  t.match(attribute(ARTICLE, 'reviews'), { owning: false, inverse: 'article', link: { entity: 'ReviewsArticleLnk', self: 'target' } }, 'read from the owning side naming it')
  t.match(attribute(ARTICLE, 'topic'), { owning: true, inverse: undefined, otherToMany: true, link: { entity: 'ArticlesTopicLnk' } })
  t.match(attribute('api::topic.topic', 'articles'), { owning: true, inverse: undefined, link: { entity: 'TopicsArticlesLnk' } }, 'the one-way mirror keeps links of its own')
  // Strapi moved the headline topic from the first article to the second: the owning side of a oneToOne.
  t.match(attribute(ARTICLE, 'headline'), { owning: true, otherToMany: false })
  t.match(registry.links.find(link => link.table === 'articles_headline_lnk'), { uniqueOwner: true, uniqueTarget: true })
  t.equal(registry.oneSidedRelations.length, 5)
})

t.test('strict: every disagreement is a problem naming its file and attribute', async t => {
  const input = await projectWith()
  const error = t.throws(() => buildRegistry(input, { strict: true }))
  t.match(error, { name: 'SchemaError', message: /6 schema problems/ })
  t.match(error, { message: /user\/schema\.json \(attribute "articles"\): "author" on api::article\.article must be a relation to plugin::users-permissions\.user with inversedBy: "articles"/ })
  t.match(error, { message: /review\/schema\.json \(attribute "article"\): "reviews" on api::article\.article must be a relation to api::review\.review with mappedBy: "article"/ })
  t.match(error, { message: /article\/schema\.json \(attribute "headline"\): "featured" on api::topic\.topic must be a relation to api::article\.article with mappedBy: "headline"/ })
})

const [toPlugin, toContentTypes] = [
  recorded.refusals.filter(refusal => refusal.schema.type === 'relation' && refusal.schema.target.startsWith('plugin::')),
  recorded.refusals.filter(refusal => !(refusal.schema.type === 'relation' && refusal.schema.target.startsWith('plugin::')))
]

t.test('an inversedBy to a plugin type without the attribute: Strapi refuses the files, here it is served one-way', async t => {
  // Strapi's Content-Type Builder writes the mirror into the user extension itself; schemas
  // copied without that extension lack it, and the owning side still stands on its own.
  t.equal(toPlugin.length, 1, 'recorded: the users-permissions user case')
  const refusal = toPlugin[0]!
  t.match(refusal.error, new RegExp(`^Error on attribute ${refusal.attribute} in model article`), 'Strapi stopped on it')
  const registry = buildRegistry(await projectWith({ [refusal.attribute]: refusal.schema }))
  t.match(registry.model(ARTICLE).attributes.get(refusal.attribute), { owning: true, inverse: undefined, otherToMany: true })
  t.ok(registry.oneSidedRelations.includes(`"${refusal.attribute}" on ${ARTICLE} declares inversedBy "posts", but ${USER} has no such attribute: served one-way`))
  const input = await projectWith({ [refusal.attribute]: refusal.schema })
  t.throws(() => buildRegistry(input, { strict: true }), {
    name: 'SchemaError',
    message: new RegExp(`article/schema\\.json \\(attribute "${refusal.attribute}"\\): "posts" on plugin::users-permissions\\.user must be a relation to ${ARTICLE.replace(/\./g, '\\.')}`)
  }, 'strict refuses it')
})

for (const refusal of toContentTypes) {
  t.test(`refused, as by Strapi: ${refusal.case}`, async t => {
    t.match(refusal.error, new RegExp(`^Error on attribute ${refusal.attribute} in model article`), 'Strapi stopped on it')
    const input = await projectWith({ [refusal.attribute]: refusal.schema })
    t.throws(() => buildRegistry(input), {
      name: 'SchemaError',
      message: new RegExp(`article/schema\\.json \\(attribute "${refusal.attribute}"\\): .*Strapi 4 does not start`)
    })
  })
}

t.test('a one-way mirror whose type Strapi loads first: each side keeps links of its own here', async t => {
  // Strapi lets the owning side take the mirror over (its writes and reads go to zebras_article_links)
  // when the mirror's type loads first, by folder name; here the result does not hang on names.
  t.same(recorded.mirrorLoadedFirst.rows, { articles_stripes_links: '0', zebras_article_links: '1' })
  const input = await projectWith(recorded.mirrorLoadedFirst.article)
  input.contentTypes.push({ uid: 'api::zebra.zebra', source: 'zebra.json', schema: recorded.mirrorLoadedFirst.zebra })
  const registry = buildRegistry(input)
  t.match(registry.model(ARTICLE).attributes.get('stripes'), { owning: true, inverse: undefined, link: { entity: 'ArticlesStripesLnk' } })
  t.match(registry.model('api::zebra.zebra').attributes.get('article'), { owning: true, inverse: undefined, link: { entity: 'ZebrasArticleLnk' } })
  t.ok(registry.oneSidedRelations.includes('"article" on api::zebra.zebra declares inversedBy "stripes", but "stripes" on api::article.article is a one-way relation: served one-way'))
})
