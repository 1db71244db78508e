/**
 * Ids follow each other as Strapi's do: a write draws a new row's id only once every check
 * the database can answer has passed, and draws it once. A data set created the way a site
 * creates it (restaurants with their menus, cuisines, chef, components, zone, cover) gets
 * 1, 2, 3, … in order, and a create refused for a reason known before the insert (a related
 * id that does not exist, a unique value taken, a locale the entry already has) takes no id.
 */
import t from 'tap'
import type { Test } from 'tap'
import type { ContentTypeSchema } from '../../../plugin/index.js'
import { buildTestApp } from '../../helpers/app.js'

type Json = any

const contentTypes: Record<string, ContentTypeSchema> = {
  'api::restaurant.restaurant': {
    info: { singularName: 'restaurant', pluralName: 'restaurants' },
    attributes: {
      name: { type: 'string', required: true },
      slug: { type: 'uid', targetField: 'name' },
      code: { type: 'string', unique: true },
      cuisines: { type: 'relation', relation: 'manyToMany', target: 'api::cuisine.cuisine', inversedBy: 'restaurants' },
      menus: { type: 'relation', relation: 'oneToMany', target: 'api::menu.menu', mappedBy: 'restaurant' },
      chef: { type: 'relation', relation: 'oneToOne', target: 'api::chef.chef', inversedBy: 'restaurant' },
      cover: { type: 'media', multiple: false, allowedTypes: ['images'] },
      hours: { type: 'component', repeatable: true, component: 'place.hours' },
      blocks: { type: 'dynamiczone', components: ['place.hours', 'place.note'] }
    }
  },
  'api::menu.menu': {
    info: { singularName: 'menu', pluralName: 'menus' },
    attributes: {
      title: { type: 'string' },
      restaurant: { type: 'relation', relation: 'manyToOne', target: 'api::restaurant.restaurant', inversedBy: 'menus' }
    }
  },
  'api::cuisine.cuisine': {
    info: { singularName: 'cuisine', pluralName: 'cuisines' },
    attributes: {
      name: { type: 'string' },
      restaurants: { type: 'relation', relation: 'manyToMany', target: 'api::restaurant.restaurant', mappedBy: 'cuisines' }
    }
  },
  'api::chef.chef': {
    info: { singularName: 'chef', pluralName: 'chefs' },
    attributes: {
      name: { type: 'string' },
      restaurant: { type: 'relation', relation: 'oneToOne', target: 'api::restaurant.restaurant', mappedBy: 'chef' }
    }
  },
  'api::page.page': {
    info: { singularName: 'page', pluralName: 'pages' },
    pluginOptions: { i18n: { localized: true } },
    attributes: { heading: { type: 'string' } }
  }
}

const components = {
  'place.hours': { collectionName: 'components_place_hours', attributes: { day: { type: 'string' }, opens: { type: 'time' } } },
  'place.note': { collectionName: 'components_place_notes', attributes: { text: { type: 'string' } } }
}

/** Every write of the menus passes through a `beforeCreate`/`beforeUpdate` hook: the transaction path. */
const lifecycles = {
  'api::menu.menu': { beforeCreate: async () => {}, beforeUpdate: async () => {} }
}

const { app, statements, close } = await buildTestApp({ contentTypes, components, i18n: { locales: ['en', 'fr'] }, lifecycles } as never)
t.teardown(close)

async function send (method: 'POST' | 'PUT', url: string, data: unknown): Promise<{ status: number, body: Json }> {
  const response = await app.inject({ method, url, payload: { data } })
  return { status: response.statusCode, body: response.json() }
}

async function created (t: Test, url: string, data: unknown): Promise<number> {
  const { status, body } = await send('POST', url, data)
  t.equal(status, 200, `POST ${url} ${JSON.stringify(data)}`)
  // A localization is answered bare, as Strapi v4 answers it.
  return Number(body.data?.id ?? body.id)
}

async function refused (t: Test, url: string, data: unknown): Promise<void> {
  const { status, body } = await send('POST', url, data)
  t.equal(status, 400, `POST ${url} ${JSON.stringify(data)} is refused`)
  t.equal(body.error?.name, 'ValidationError')
}

async function componentIds (table: string): Promise<number[]> {
  return (await app.contentApi.db.query(`select id from ${table} order by id`, [])).map(row => Number(row.id))
}

/** No statement of one write is sent twice: the write did its work once. */
function sentOnce (t: Test, what: string): void {
  const texts = statements.list.filter(text => !/^(begin|commit|rollback)/i.test(text.trim()))
  t.equal(new Set(texts).size, texts.length, `${what}: no statement sent twice`)
}

t.test('a data set created as a site creates it gets ids 1, 2, 3, … in order', async t => {
  const cuisines = [await created(t, '/api/cuisines', { name: 'thai' }), await created(t, '/api/cuisines', { name: 'lao' })]
  const menus = [
    await created(t, '/api/menus', { title: 'lunch' }),
    await created(t, '/api/menus', { title: 'dinner' }),
    await created(t, '/api/menus', { title: 'brunch' })
  ]
  const chef = await created(t, '/api/chefs', { name: 'Ana' })
  t.same(cuisines, [1, 2])
  t.same(menus, [1, 2, 3])
  t.equal(chef, 1)

  const [file] = await app.contentApi.db.query(
    `insert into files (name, hash, mime, size, url, provider, created_at, updated_at)
     values ('c.png', 'c', 'image/png', 1.5, '/uploads/c.png', 'local', now(), now()) returning id`, [])
  const restaurants: number[] = []
  const bodies: Array<Record<string, unknown>> = [
    { name: 'B1', cuisines },
    // The inverse side of `menu.restaurant`: the menu is taken from no owner.
    { name: 'B2', menus: [menus[0]] },
    { name: 'B3', menus: [menus[1]], cuisines: [cuisines[0]] },
    // A one-to-one: the chef belongs to one restaurant at most.
    { name: 'B4', chef },
    { name: 'B5', code: 'b5', cover: Number(file!.id), hours: [{ day: 'mon', opens: '09:00' }, { day: 'tue' }], blocks: [{ __component: 'place.note', text: 'hi' }, { __component: 'place.hours', day: 'sun' }] },
    // Takes menu 1 from B2 and the chef from B4.
    { name: 'B6', menus: [menus[0]], chef }
  ]
  for (const body of bodies) {
    statements.reset()
    restaurants.push(await created(t, '/api/restaurants', body))
    sentOnce(t, `create ${String(body.name)}`)
  }
  t.same(restaurants, [1, 2, 3, 4, 5, 6], 'restaurants 1 to 6')
  t.same(await componentIds('components_place_hours'), [1, 2, 3], 'component rows: two hours, then the zone\'s one')
  t.same(await componentIds('components_place_notes'), [1])

  const menuOne = (await app.inject({ url: '/api/menus/1?populate=restaurant' })).json()
  t.equal(menuOne.data.attributes.restaurant.data.id, 6, 'menu 1 moved to B6')
  const chefOne = (await app.inject({ url: '/api/chefs/1?populate=restaurant' })).json()
  t.equal(chefOne.data.attributes.restaurant.data.id, 6, 'the chef moved to B6')
})

t.test('a create refused before its insert takes no id', async t => {
  await refused(t, '/api/restaurants', { name: 'X', cuisines: [99] })
  await refused(t, '/api/restaurants', { name: 'X', menus: [99] })
  await refused(t, '/api/restaurants', { name: 'X', chef: 99 })
  await refused(t, '/api/restaurants', { name: 'X', code: 'b5' })
  await refused(t, '/api/restaurants', { name: 'X', hours: [{ day: 'wed' }], cuisines: [1, 98] })
  await refused(t, '/api/restaurants', { code: 'no name' })
  t.equal(await created(t, '/api/restaurants', { name: 'B7', hours: [{ day: 'thu' }] }), 7, 'the next restaurant is 7')
  t.same(await componentIds('components_place_hours'), [1, 2, 3, 4], 'and its component row the next one')

  // Through the lifecycle hooks' transaction.
  await refused(t, '/api/menus', { title: 'x', restaurant: 99 })
  t.equal(await created(t, '/api/menus', { title: 'tea', restaurant: 7 }), 4, 'the next menu is 4')
})

t.test('an update refused before its write spends no component id', async t => {
  const { status } = await send('PUT', '/api/restaurants/7', { hours: [{ day: 'fri' }], cuisines: [97] })
  t.equal(status, 400)
  const { status: ok } = await send('PUT', '/api/restaurants/7', { hours: [{ day: 'sat' }] })
  t.equal(ok, 200)
  t.same(await componentIds('components_place_hours'), [1, 2, 3, 5], 'the replaced row went, the new one is 5')
})

t.test('a localization refused for its locale takes no id', async t => {
  const page = await created(t, '/api/pages', { heading: 'hello' })
  t.equal(page, 1)
  t.equal(await created(t, `/api/pages/${page}/localizations`, { heading: 'bonjour', locale: 'fr' }), 2)
  await refused(t, `/api/pages/${page}/localizations`, { heading: 'again', locale: 'fr' })
  t.equal(await created(t, '/api/pages', { heading: 'next' }), 3)
})
