/**
 * Attributes shared across locales beyond scalars (docs/i18n.md, 'Attributes shared by all localizations'): media,
 * relations, components, repeatable components and dynamic zones with
 * `pluginOptions.i18n.localized: false` are copied onto a new localization and written to
 * every member of the group on update — links as the same links, component rows as each
 * member's own copy — and `POST /:id/localizations` answers Strapi v4's bare entity.
 */
import t from 'tap'
import type { ComponentSchema, ContentApiOptions, ContentTypeSchema } from '../../plugin/index.js'
import { buildTestApp } from '../helpers/app.js'
import { png, upload } from './upload/upload-helpers.js'

const shared = { i18n: { localized: false } }

const contentTypes: Record<string, ContentTypeSchema> = {
  'api::place.place': {
    info: { singularName: 'place', pluralName: 'places' },
    options: { draftAndPublish: false },
    pluginOptions: { i18n: { localized: true } },
    attributes: {
      name: { type: 'string', required: true },
      intro: { type: 'component', component: 'shared.meta' },
      cover: { type: 'media', multiple: false, required: true, allowedTypes: ['images'], pluginOptions: shared },
      gallery: { type: 'media', multiple: true, pluginOptions: shared },
      category: { type: 'relation', relation: 'manyToOne', target: 'api::category.category', inversedBy: 'places', pluginOptions: shared },
      tags: { type: 'relation', relation: 'manyToMany', target: 'api::tag.tag', pluginOptions: shared },
      info: { type: 'component', component: 'shared.info', required: true, pluginOptions: shared },
      facts: { type: 'component', component: 'shared.meta', repeatable: true, pluginOptions: shared },
      zone: { type: 'dynamiczone', components: ['blocks.text', 'blocks.pic'], pluginOptions: shared },
      // Its tags belong to one place each: it cannot be shared, and stays per locale.
      pins: { type: 'relation', relation: 'oneToMany', target: 'api::pin.pin', mappedBy: 'place', pluginOptions: shared }
    }
  },
  'api::category.category': {
    info: { singularName: 'category', pluralName: 'categories' },
    attributes: { name: { type: 'string' }, places: { type: 'relation', relation: 'oneToMany', target: 'api::place.place', mappedBy: 'category' } }
  },
  'api::tag.tag': { info: { singularName: 'tag', pluralName: 'tags' }, attributes: { name: { type: 'string' } } },
  'api::pin.pin': {
    info: { singularName: 'pin', pluralName: 'pins' },
    attributes: { name: { type: 'string' }, place: { type: 'relation', relation: 'manyToOne', target: 'api::place.place', inversedBy: 'pins' } }
  }
}

const components: Record<string, ComponentSchema> = {
  'shared.meta': { attributes: { label: { type: 'string' }, secret: { type: 'string', private: true } } },
  'shared.info': {
    attributes: {
      label: { type: 'string', required: true },
      link: { type: 'relation', relation: 'oneToOne', target: 'api::tag.tag' },
      extra: { type: 'component', component: 'shared.meta' }
    }
  },
  'blocks.text': { attributes: { body: { type: 'text' } } },
  'blocks.pic': { attributes: { picture: { type: 'media', multiple: false } } }
}

const I18N = { locales: ['en', 'fr', 'de', 'it'], defaultLocale: 'en' }

type Json = any

async function caller (options: Partial<ContentApiOptions> = {}) {
  const built = await buildTestApp({ contentTypes, components, i18n: I18N, upload: { dir: t.testdir() }, ...options })
  const call = async (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown): Promise<{ status: number, body: Json }> => {
    const response = await built.app.inject({ method, url, ...(payload === undefined ? {} : { payload: payload as object }) })
    return { status: response.statusCode, body: response.json() }
  }
  const sql = async (text: string): Promise<Json[]> => await built.app.contentApi.orm.em.getConnection().execute(text)
  return { ...built, call, sql }
}

const { app, call, sql, close, statements } = await caller()
t.teardown(close)

async function file (name: string): Promise<number> {
  const response = await upload(app, [{ filename: name, bytes: await png(8, 8) }])
  return response.json()[0].id as number
}

const [f1, f2, f3] = [await file('one.png'), await file('two.png'), await file('three.png')]
const create = async (url: string, data: Json): Promise<number> => (await call('POST', url, { data })).body.data.id as number
const [t1, t2, t3] = [await create('/api/tags', { name: 't1' }), await create('/api/tags', { name: 't2' }), await create('/api/tags', { name: 't3' })]
const [c1, c2] = [await create('/api/categories', { name: 'c1' }), await create('/api/categories', { name: 'c2' })]
const pin = await create('/api/pins', { name: 'p' })

const POPULATE = 'populate[cover]=true&populate[gallery]=true&populate[category]=true&populate[tags]=true&populate[pins]=true' +
  '&populate[info][populate]=*&populate[facts]=true&populate[zone][populate]=*&populate[intro]=true'

async function read (id: number): Promise<Json> {
  const { status, body } = await call('GET', `/api/places/${id}?${POPULATE}`)
  if (status !== 200) throw new Error(`GET ${id} answered ${status}`)
  return body.data
}

/** What the group shares, without the component rows' ids (each member has its own). */
function sharedOf (entry: Json): Json {
  const a = entry.attributes
  return {
    cover: a.cover.data?.id ?? null,
    gallery: a.gallery.data.map((item: Json) => item.id),
    category: a.category.data?.id ?? null,
    tags: a.tags.data.map((item: Json) => item.id),
    info: a.info === null ? null : { label: a.info.label, link: a.info.link.data?.id ?? null, meta: a.info.extra === null ? null : a.info.extra.label },
    facts: a.facts.map((item: Json) => item.label),
    zone: a.zone.map((item: Json) => item.__component === 'blocks.text' ? ['text', item.body] : ['pic', item.picture.data?.id ?? null])
  }
}

/** Every component row id an entry holds, at any depth. */
function componentIds (entry: Json): string[] {
  const a = entry.attributes
  return [
    `info#${a.info.id as number}`, ...(a.info.extra === null ? [] : [`meta#${a.info.extra.id as number}`]),
    ...a.facts.map((item: Json) => `meta#${item.id as number}`), ...a.zone.map((item: Json) => `${item.__component as string}#${item.id as number}`)
  ]
}

const ENGLISH = {
  name: 'Louvre',
  intro: { label: 'intro en' },
  cover: f1,
  gallery: [f3, f2],
  category: c1,
  tags: [t3, t1, t2],
  pins: [pin],
  info: { label: 'Museum', link: t2, extra: { label: 'meta', secret: 's' } },
  facts: [{ label: 'a', secret: 'x' }, { label: 'b' }],
  zone: [{ __component: 'blocks.text', body: 'hello' }, { __component: 'blocks.pic', picture: f2 }]
}

const en = await call('POST', '/api/places', { data: ENGLISH })
const enId = en.body.data.id as number

t.test('a localization without the shared attributes, the required ones included, inherits them', async t => {
  t.equal(en.status, 200)
  const missing = await call('POST', '/api/places', { data: { name: 'No cover' } })
  t.equal(missing.status, 400, 'a plain create still needs the required cover and info')
  t.same(missing.body.error.details.errors.map((issue: Json) => issue.path.join('.')).sort(), ['cover', 'info'])

  const fr = await call('POST', `/api/places/${enId}/localizations`, { locale: 'fr', name: 'Le Louvre' })
  t.equal(fr.status, 200)
  const frId = fr.body.id as number
  const [english, french] = [await read(enId), await read(frId)]
  t.same(sharedOf(french), sharedOf(english), 'media, relations, components and the zone are the source\'s')
  t.same(sharedOf(french), {
    cover: f1, gallery: [f3, f2], category: c1, tags: [t3, t1, t2],
    info: { label: 'Museum', link: t2, meta: 'meta' }, facts: ['a', 'b'], zone: [['text', 'hello'], ['pic', f2]]
  }, 'in their order')
  t.equal(french.attributes.intro, null, 'a localized component is not copied')
  t.same(french.attributes.pins.data, [], 'a relation whose targets have one owner each stays per locale')
  const frComponents = componentIds(french)
  t.equal(frComponents.filter(id => componentIds(english).includes(id)).length, 0, 'the component rows are copies of its own')
  const secrets = await sql(`select count(*)::int as n from ${app.contentApi.registry.model('shared.meta').table} where secret is not null`)
  t.equal(secrets[0].n, 4, 'private component values are copied too (2 rows with a secret per member)')
  await call('DELETE', `/api/places/${frId}`)
})

/** The French member the tests below share (subtests run one after the other). */
let frId = 0

t.test('POST /:id/localizations answers the bare entity, as Strapi v4 does', async t => {
  const frResponse = await call('POST', `/api/places/${enId}/localizations`, { locale: 'fr', name: 'Le Louvre', intro: { label: 'intro fr' } })
  t.equal(frResponse.status, 200)
  const body = frResponse.body
  frId = body.id as number
  t.notOk('data' in body, 'no envelope')
  t.notOk('attributes' in body)
  t.match(body, { id: frId, name: 'Le Louvre', locale: 'fr', createdAt: String, updatedAt: String })
  t.same(body.localizations.map((item: Json) => [item.id, item.locale, item.name]), [[enId, 'en', 'Louvre']], 'with the other localizations, flat')
  t.notOk('cover' in body, 'unpopulated attributes are left out, as in Strapi')
  const populated = await call('POST', `/api/places/${enId}/localizations?populate[0]=tags&populate[1]=info`, { locale: 'it', name: 'Il Louvre' })
  t.equal(populated.status, 200)
  t.same(populated.body.tags.map((tag: Json) => [tag.id, tag.name]), [[t3, 't3'], [t1, 't1'], [t2, 't2']], 'populated relations are flat entities')
  t.match(populated.body.info, { id: Number, label: 'Museum' })
  t.same(populated.body.localizations.map((item: Json) => item.locale).sort(), ['en', 'fr'])
  t.equal((await call('DELETE', `/api/places/${populated.body.id as number}`)).status, 200)
  const error = await call('POST', `/api/places/${enId}/localizations`, { locale: 'fr', name: 'Again' })
  t.equal(error.status, 400, 'errors keep the error envelope')
  t.equal(error.body.data, null)
})

t.test('an update of shared attributes on one member reaches the others, in order', async t => {
  statements.reset()
  const updated = await call('PUT', `/api/places/${frId}`, {
    data: {
      cover: f3,
      gallery: [f1],
      category: c2,
      tags: { connect: [{ id: t2, position: { start: true } }] },
      info: { label: 'Musée', extra: { label: 'méta' } },
      facts: [{ label: 'c' }],
      zone: [{ __component: 'blocks.pic', picture: f1 }]
    }
  })
  t.equal(updated.status, 200)
  const sent = statements.list.filter(text => !/^(begin|commit|rollback|savepoint|release)/i.test(text.trim()))
  // The group lock and ONE copy statement to the other members are what sharing adds to an
  // update: the facts read (with the row lock), the deletions (before the data statement as
  // the single `info` is replaced; the other members' copies go with them), the data
  // statement, the answer's read (it shows the other localizations: more than the row).
  t.equal(sent.length, 6, `one statement copies every shared attribute to the group:\n${sent.join('\n')}`)
  t.equal(sent.filter(text => text.includes(' as materialized (')).length, 1, 'one statement copies the component rows')
  t.match(sent[0], /for update/, 'the group is locked first')
  const [english, french] = [await read(enId), await read(frId)]
  t.same(sharedOf(english), {
    cover: f3, gallery: [f1], category: c2, tags: [t2, t3, t1],
    info: { label: 'Musée', link: null, meta: 'méta' }, facts: ['c'], zone: [['pic', f1]]
  })
  t.same(sharedOf(english), sharedOf(french))
  t.equal(english.attributes.updatedAt, french.attributes.updatedAt, 'the others\' updatedAt moves with it')
  t.equal(english.attributes.name, 'Louvre', 'localized attributes stay')
  t.equal(english.attributes.intro.label, 'intro en')

  const inPlace = await call('PUT', `/api/places/${enId}`, { data: { info: { id: english.attributes.info.id, label: 'Museum again' } } })
  t.equal(inPlace.status, 200, 'a component updated in place by its id')
  const frenchAfter = await read(frId)
  t.same(sharedOf(frenchAfter).info, { label: 'Museum again', link: null, meta: 'méta' }, 'reaches the others whole, unsent fields kept')
  const reordered = await call('PUT', `/api/places/${enId}`, { data: { tags: [t1, t3, t2] } })
  t.equal(reordered.status, 200)
  t.same(sharedOf(await read(frId)).tags, [t1, t3, t2], 'relation order is kept in the copies')

  const infos = await sql(`select count(*)::int as n from ${app.contentApi.registry.model('shared.info').table}`)
  t.equal(infos[0].n, 2, 'replaced copies leave no component row behind')
  const metas = await sql(`select count(*)::int as n from ${app.contentApi.registry.model('shared.meta').table}`)
  t.equal(metas[0].n, 2 /* info.meta */ + 2 /* facts */ + 1 /* fr intro */ + 1 /* en intro */, 'at any depth')
})

t.test('an update of localized attributes only leaves the other members alone', async t => {
  const before = await read(enId)
  const updated = await call('PUT', `/api/places/${frId}`, { data: { name: 'Le Grand Louvre', intro: { label: 'intro fr 2' } } })
  t.equal(updated.status, 200)
  const after = await read(enId)
  t.same(after, before, 'nothing of the English entry changed, not even updatedAt')
  t.same(componentIds(after), componentIds(before), 'nor its component rows')
})

t.test('a failed update of shared attributes changes no member', async t => {
  const [english, french] = [await read(enId), await read(frId)]
  const bad = await call('PUT', `/api/places/${frId}`, { data: { tags: [t1, 999999], facts: [{ label: 'nope' }], cover: f2 } })
  t.equal(bad.status, 400)
  const badNull = await call('PUT', `/api/places/${enId}`, { data: { cover: null, gallery: [f2] } })
  t.equal(badNull.status, 400, 'a required shared attribute cannot be cleared')
  t.same(await read(enId), english)
  t.same(await read(frId), french)
})

t.test('a localization that sends shared attributes sets them for the whole group', async t => {
  const de = await call('POST', `/api/places/${frId}/localizations`, {
    locale: 'de', name: 'Der Louvre', cover: f2, tags: [t3], facts: [{ label: 'd1' }, { label: 'd2' }]
  })
  t.equal(de.status, 200)
  const deId = de.body.id as number
  const group = [await read(enId), await read(frId), await read(deId)].map(sharedOf)
  t.same(group[0], group[2])
  t.same(group[1], group[2])
  t.match(group[0], { cover: f2, tags: [t3], facts: ['d1', 'd2'], category: c2, zone: [['pic', f1]] }, 'sent ones for all, unsent ones from the source')

  t.test('deleting one member leaves the others\' shared data intact', async t => {
    t.equal((await call('DELETE', `/api/places/${deId}`)).status, 200)
    const [english, french] = [await read(enId), await read(frId)]
    t.same(sharedOf(english), group[0])
    t.same(sharedOf(french), group[0])
    t.same(english.attributes.localizations ?? null, null)
    t.equal((await call('GET', `/api/places/${deId}`)).status, 404)
  })
})

t.test('strict and default mode: unknown keys of a localization body', async t => {
  const lenient = await call('POST', `/api/places/${enId}/localizations`, { locale: 'de', name: 'Louvre DE', bogus: 1, localizations: [enId] })
  t.equal(lenient.status, 200, 'dropped by default, as Strapi does')
  t.same(sharedOf(await read(lenient.body.id)), sharedOf(await read(enId)))
  await call('DELETE', `/api/places/${lenient.body.id as number}`)

  const strict = await caller({ strict: true })
  t.teardown(strict.close)
  const cover = (await upload(strict.app, [{ filename: 'x.png', bytes: await png(4, 4) }])).json()[0].id as number
  const source = await strict.call('POST', '/api/places', { data: { name: 'S', cover, info: { label: 'i' }, gallery: [cover] } })
  t.equal(source.status, 200)
  const refused = await strict.call('POST', `/api/places/${source.body.data.id as number}/localizations`, { locale: 'fr', name: 'S fr', bogus: 1 })
  t.equal(refused.status, 400)
  t.match(refused.body.error.message, /Invalid key bogus/)
  t.equal((await strict.call('GET', '/api/places?locale=fr')).body.data.length, 0, 'nothing written')
  const accepted = await strict.call('POST', `/api/places/${source.body.data.id as number}/localizations`, { locale: 'fr', name: 'S fr' })
  t.equal(accepted.status, 200, 'strict: still valid without the required shared attributes')
  const french = (await strict.call('GET', `/api/places/${accepted.body.id as number}?populate[0]=cover&populate[1]=gallery&populate[2]=info`)).body.data
  t.same([french.attributes.cover.data.id, french.attributes.gallery.data.map((item: Json) => item.id), french.attributes.info.label], [cover, [cover], 'i'])
})

t.test('the OpenAPI document: shared media and components optional in a localization body, the bare answer', async t => {
  const document = (await app.inject({ method: 'GET', url: '/documentation/json' })).json()
  const operation = document.paths['/api/places/{id}/localizations'].post
  const name = String(operation.requestBody.content['application/json'].schema.$ref).split('/').pop()!
  t.same([...document.components.schemas[name].required].sort(), ['locale', 'name'])
  const answer = operation.responses['200'].content['application/json'].schema
  const resolved = answer.$ref === undefined ? answer : document.components.schemas[String(answer.$ref).split('/').pop()!]
  t.notOk('data' in (resolved.properties ?? {}), 'not the envelope')
  t.ok(resolved.properties.id && resolved.properties.locale && resolved.properties.localizations, 'the entity with its localizations')
})

t.test('a shared component holding a unique value cannot be copied: a 400, and nothing written', async t => {
  const badges = await buildTestApp({
    contentTypes: {
      'api::card.card': {
        info: { singularName: 'card', pluralName: 'cards' },
        pluginOptions: { i18n: { localized: true } },
        attributes: { title: { type: 'string' }, badge: { type: 'component', component: 'shared.badge', pluginOptions: shared } }
      }
    },
    components: { 'shared.badge': { attributes: { code: { type: 'string', unique: true } } } },
    i18n: I18N
  })
  t.teardown(badges.close)
  const inject = async (method: 'GET' | 'POST', url: string, payload?: object): Promise<Json> =>
    await badges.app.inject({ method, url, ...(payload === undefined ? {} : { payload }) })
  const source = (await inject('POST', '/api/cards', { data: { title: 'A', badge: { code: 'X1' } } })).json().data.id as number
  const copied = await inject('POST', `/api/cards/${source}/localizations`, { locale: 'fr', title: 'B' })
  t.equal(copied.statusCode, 400)
  t.match(copied.json().error.message, /unique/)
  t.equal((await inject('GET', '/api/cards?locale=fr')).json().data.length, 0, 'the localization was rolled back')
})
