/**
 * Everything a real Strapi v4 project holds loads: plugin types as relation targets, the
 * users-permissions user extended under src/extensions, custom fields, blocks, morph
 * relations (loaded, not served) — and a broken project names every problem at once.
 */
import t from 'tap'
import { cp, readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { loadSchemaFolder } from '../../../plugin/content-types/load.js'
import { buildRegistry } from '../../../plugin/content-types/registry.js'
import type { RegistryInput } from '../../../plugin/content-types/registry.js'
import type { ContentTypeSchema } from '../../../plugin/content-types/definition.js'
import type { ScalarAttribute } from '../../../plugin/content-types/model.js'
import { SchemaError } from '../../../plugin/errors.js'
import { generateTypes } from '../../../plugin/typegen/generate-types.js'
import { STRAPI_V4_PROJECT } from '../../helpers/paths.js'

const I18N = { locales: ['en', 'fr'], defaultLocale: 'en' }
const USER = 'plugin::users-permissions.user'

const project = async (): Promise<RegistryInput> => await loadSchemaFolder(STRAPI_V4_PROJECT)

function scalar (registry: ReturnType<typeof buildRegistry>, uid: string, name: string): ScalarAttribute {
  const attribute = registry.model(uid).attributes.get(name)
  if (attribute?.kind !== 'scalar') throw new Error(`${uid}.${name} is not a scalar`)
  return attribute
}

t.test('the fixture project loads unchanged, with i18n', async t => {
  const registry = buildRegistry(await project(), { i18n: I18N })
  t.same([...registry.contentTypes.keys()].sort(), [
    'api::article.article', 'api::category.category', 'api::comment.comment', 'api::event.event',
    'api::global.global', 'api::homepage.homepage', 'api::restaurant.restaurant', 'api::review.review'
  ])
  t.equal(registry.components.size, 15)
  t.equal(registry.contentTypes.get('api::global.global')?.single, true)
  t.equal(registry.contentTypes.get('api::restaurant.restaurant')?.localized, true)
  t.equal(scalar(registry, 'api::restaurant.restaurant', 'brandColor').sharedAcrossLocales, true, 'pluginOptions.i18n.localized: false on a field')
  t.same([...registry.plugins.keys()].sort(), ['admin::user', 'plugin::users-permissions.role', USER])
})

t.test('the users-permissions user: Strapi attributes, extension additions, secrets private', async t => {
  const registry = buildRegistry(await project(), { i18n: I18N })
  const user = registry.plugins.get(USER)!
  t.equal(user.table, 'up_users')
  t.match(user.source, /extensions\/users-permissions\/content-types\/user\/schema\.json$/)
  for (const name of ['password', 'resetPasswordToken', 'confirmationToken', 'phoneNumber']) {
    t.equal(user.attributes.get(name)?.private, true, `${name} is private`)
  }
  for (const name of ['username', 'email', 'provider', 'confirmed', 'blocked', 'displayName', 'bio', 'createdAt', 'updatedAt']) {
    t.equal(user.attributes.get(name)?.private, false, `${name} is public`)
  }
  // The extension's own role relation is ignored: the plugin reads the role from the user row (readable, never written by content bodies).
  t.match(user.attributes.get('role'), { kind: 'relation', target: 'plugin::users-permissions.role', toMany: false, system: true, link: { entity: 'UpUser', other: 'role' } })
  t.match(user.attributes.get('articles'), { kind: 'relation', owning: false, inverse: 'author', target: 'api::article.article' })
  t.match(user.attributes.get('avatar'), { kind: 'media', multiple: false })
  t.match(registry.contentTypes.get('api::article.article')!.attributes.get('author'), { kind: 'relation', target: USER, owning: true, inverse: 'articles' })
  t.match(registry.contentTypes.get('api::article.article')!.attributes.get('reviewedBy'), { kind: 'relation', target: 'admin::user' })
  t.equal(registry.plugins.get('admin::user')!.attributes.get('email')?.private, true, "an admin's email stays private")
})

t.test('an extension cannot make the plugin secrets public', async t => {
  const extension = JSON.parse(await readFile(join(STRAPI_V4_PROJECT, 'src/extensions/users-permissions/content-types/user/schema.json'), 'utf8')) as ContentTypeSchema
  extension.attributes.password = { type: 'string' }
  extension.attributes.resetPasswordToken = { type: 'string', private: false }
  const input = await project()
  input.extensions = [{ uid: USER, source: 'inline:extension', schema: extension }]
  const user = buildRegistry(input, { i18n: I18N }).plugins.get(USER)!
  t.equal(user.attributes.get('password')?.private, true)
  t.equal(user.attributes.get('resetPasswordToken')?.private, true)
})

t.test('custom fields resolve to the type they store', async t => {
  const registry = buildRegistry(await project(), { i18n: I18N })
  t.equal(scalar(registry, 'api::restaurant.restaurant', 'brandColor').type, 'string')
  t.equal(scalar(registry, 'api::restaurant.restaurant', 'brandColor').regex, '^#([A-Fa-f0-9]{6}|[A-Fa-f0-9]{3})$', 'its own options are kept')
  t.equal(scalar(registry, 'api::restaurant.restaurant', 'description').type, 'richtext')
  t.equal(scalar(registry, 'sections.rich-text', 'body').type, 'richtext')
  t.equal(scalar(registry, 'api::article.article', 'tags').type, 'json')
  t.equal(scalar(registry, 'location.address', 'country').type, 'string')
})

t.test('an unknown custom field fails naming the option; the option makes it load', async t => {
  const schema = (customField: string): Record<string, ContentTypeSchema> => ({
    'api::place.place': { info: { singularName: 'place', pluralName: 'places' }, attributes: { icon: { type: 'customField', customField } as never } }
  })
  t.throws(() => buildRegistry({ contentTypes: schema('plugin::icon-picker.icon') }),
    /attribute "icon"\): unknown custom field "plugin::icon-picker\.icon": set the customFields option/)
  const registry = buildRegistry({ contentTypes: schema('plugin::icon-picker.icon') }, { customFields: { 'icon-picker.icon': 'json' } })
  t.equal(scalar(registry, 'api::place.place', 'icon').type, 'json', 'the plugin:: prefix is optional in the option')
  const global = buildRegistry({ contentTypes: schema('global::rating') }, { customFields: { 'global::rating': 'integer' } })
  t.equal(scalar(global, 'api::place.place', 'icon').type, 'integer')
  t.throws(() => buildRegistry({ contentTypes: schema('plugin::icon-picker.icon') }, { customFields: { 'plugin::icon-picker.icon': 'relation' } }),
    /customFields\["plugin::icon-picker\.icon"\]\): must be one of/)
  t.throws(() => buildRegistry({ contentTypes: schema('') }), /needs "customField"/)
})

t.test('blocks store as json; writable: false and uid options are kept or checked', async t => {
  const registry = buildRegistry(await project(), { i18n: I18N })
  t.equal(scalar(registry, 'api::article.article', 'content').type, 'blocks')
  t.equal(scalar(registry, 'api::restaurant.restaurant', 'importedAt').writable, false)
  t.equal(scalar(registry, 'api::restaurant.restaurant', 'name').writable, true)
  const uidWith = (options: unknown): Record<string, ContentTypeSchema> => ({
    'api::place.place': { info: { singularName: 'place', pluralName: 'places' }, attributes: { name: { type: 'string' }, slug: { type: 'uid', targetField: 'name', options } as never } }
  })
  t.same(scalar(registry, 'api::event.event', 'slug').uidOptions, { separator: '_' })
  t.same(scalar(registry, 'api::restaurant.restaurant', 'slug').uidOptions, { separator: '-', lowercase: true })
  t.throws(() => buildRegistry({ contentTypes: uidWith({ separator: 1 }) }), /"options\.separator" must be made of the uid characters/)
  t.throws(() => buildRegistry({ contentTypes: uidWith({ separator: '/' }) }), /"options\.separator" must be made of the uid characters/)
  t.throws(() => buildRegistry({ contentTypes: uidWith({ lowercase: 'yes' }) }), /"options\.lowercase" must be a boolean/)
  t.throws(() => buildRegistry({ contentTypes: uidWith(['a']) }), /"options" must be an object/)
  t.throws(() => buildRegistry({ contentTypes: { 'api::place.place': { info: { singularName: 'place', pluralName: 'places' }, attributes: { a: { type: 'string', writable: 'no' } as never } } } }),
    /"writable" must be a boolean/)
})

t.test('morph relations load, are not served, and are named in the warnings', async t => {
  const registry = buildRegistry(await project(), { i18n: I18N })
  const comment = registry.contentTypes.get('api::comment.comment')!
  t.notOk(comment.attributes.has('related'))
  t.notOk(comment.attributes.has('mentions'))
  t.equal(registry.warnings.length, 2)
  t.match(registry.warnings[0], /comment\/schema\.json \(attribute "related"\): morphToOne relations are not served/)
  t.match(registry.warnings[1], /\(attribute "mentions"\): morphToMany relations are not served/)
})

t.test('plugin types come only when needed', async t => {
  const plain = buildRegistry({ contentTypes: { 'api::note.note': { info: { singularName: 'note', pluralName: 'notes' }, attributes: { text: { type: 'string' } } } } })
  t.equal(plain.plugins.size, 0)
  const withPermissions = buildRegistry({ contentTypes: { 'api::note.note': { info: { singularName: 'note', pluralName: 'notes' }, attributes: { text: { type: 'string' } } } } }, { usersPermissions: true })
  t.same([...withPermissions.plugins.keys()].sort(), ['plugin::users-permissions.role', USER], 'a user always brings its role')
  const toRole = buildRegistry({ contentTypes: { 'api::note.note': { info: { singularName: 'note', pluralName: 'notes' }, attributes: { audience: { type: 'relation', relation: 'manyToOne', target: 'plugin::users-permissions.role' } } } } })
  t.same([...toRole.plugins.keys()], ['plugin::users-permissions.role'])
  t.same([...toRole.plugins.get('plugin::users-permissions.role')!.attributes.keys()], ['id', 'name', 'description', 'type'])
})

t.test('an extension of a plugin type that is not modelled is a warning', async t => {
  const input = await project()
  input.extensions = [...input.extensions ?? [], { uid: 'plugin::upload.file', source: 'src/extensions/upload/content-types/file/schema.json', schema: { info: { singularName: 'file', pluralName: 'files' }, attributes: {} } }]
  const registry = buildRegistry(input, { i18n: I18N })
  t.match(registry.warnings.join('\n'), /extensions\/upload\/content-types\/file\/schema\.json: the extension of plugin::upload\.file is ignored/)
})

t.test('a broken project names every problem in one error', async t => {
  const dir = t.testdir({})
  await cp(STRAPI_V4_PROJECT, dir, { recursive: true })
  const edit = async (path: string, change: (schema: ContentTypeSchema) => void): Promise<void> => {
    const file = join(dir, path)
    const schema = JSON.parse(await readFile(file, 'utf8')) as ContentTypeSchema
    change(schema)
    await writeFile(file, JSON.stringify(schema))
  }
  await edit('src/api/restaurant/content-types/restaurant/schema.json', schema => {
    schema.attributes.mood = { type: 'customField', customField: 'plugin::mood-ring.mood' } as never
    schema.attributes.size = { type: 'strnig' } as never
  })
  await edit('src/api/article/content-types/article/schema.json', schema => {
    schema.attributes.editor = { type: 'relation', relation: 'manyToOne', target: 'plugin::users-permissions.usr' }
  })
  await edit('src/components/menu/dish.json', schema => {
    schema.attributes.price = { type: 'decimal', min: 'cheap' } as never
  })
  await writeFile(join(dir, 'src/components/sections/broken.json'), '{ "attributes": ')
  const loaded = await loadSchemaFolder(dir)
  let caught: unknown
  try { buildRegistry(loaded, { i18n: I18N }) } catch (problem) { caught = problem }
  t.ok(caught instanceof SchemaError)
  const { message, problems } = caught as SchemaError
  t.equal(problems.length, 5, message)
  t.match(message, /^5 schema problems:\n/)
  t.match(message, /restaurant\/schema\.json \(attribute "mood"\): unknown custom field "plugin::mood-ring\.mood": set the customFields option/)
  t.match(message, /restaurant\/schema\.json \(attribute "size"\): unknown type "strnig"/)
  t.match(message, /article\/schema\.json \(attribute "editor"\): unknown relation target "plugin::users-permissions\.usr"/)
  t.match(message, /menu\/dish\.json \(attribute "price"\): "min" must be a number/)
  t.match(message, /sections\/broken\.json: is not valid JSON/)
})

t.test('generated types describe the plugin types without their secrets', async t => {
  const source = generateTypes(buildRegistry(await project(), { i18n: I18N }))
  const user = /export interface UsersPermissionsUserAttributes \{[^}]*\}/.exec(source)?.[0] ?? ''
  t.match(user, /username\?: string \| null/)
  t.match(user, /articles\?: RelationMany<ArticleEntry>/)
  t.notMatch(user, /password|resetPasswordToken|confirmationToken|phoneNumber/)
  t.match(source, /content\?: Array<\{ type: string, \[key: string\]: unknown \}> \| null/)
})
