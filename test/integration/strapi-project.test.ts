/**
 * A real-looking Strapi v4 project (test/fixtures/strapi-v4-project) served unchanged:
 * relations to users and admin users populate in Strapi's shape without a single secret,
 * filter and write like any relation, with or without the permissions plugin; custom
 * fields and blocks round-trip; morph relations are named in one start-up warning.
 */
import t from 'tap'
import { buildTestApp } from '../helpers/app.js'
import { STRAPI_V4_PROJECT } from '../helpers/paths.js'

const I18N = { locales: ['en', 'fr'], defaultLocale: 'en' }
const SECRET = 'a-test-secret-that-is-long-enough'
/** What Strapi 4.26 shows of a populated user, plus the extension's public fields. */
const USER_FIELDS = ['bio', 'blocked', 'confirmed', 'createdAt', 'displayName', 'email', 'provider', 'updatedAt', 'username']
const SECRETS = /password|resetPasswordToken|confirmationToken|phoneNumber|secret-hash|reset-token/

type Call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, options?: { token?: string, payload?: unknown }) => Promise<{ status: number, body: any }>

function caller (app: Awaited<ReturnType<typeof buildTestApp>>['app']): Call {
  return async (method, url, options = {}) => {
    const response = await app.inject({
      method,
      url,
      ...(options.payload === undefined ? {} : { payload: options.payload as object }),
      headers: options.token === undefined ? {} : { authorization: `Bearer ${options.token}` }
    })
    return { status: response.statusCode, body: response.json() }
  }
}

const BLOCKS = [
  { type: 'heading', level: 2, children: [{ type: 'text', text: 'Why we love it' }] },
  { type: 'paragraph', children: [{ type: 'text', text: 'Crisp ', bold: true }, { type: 'link', url: 'https://example.com', children: [{ type: 'text', text: 'crust' }] }] },
  { type: 'list', format: 'unordered', children: [{ type: 'list-item', children: [{ type: 'text', text: 'Basil' }] }] }
]

t.test('without the permissions option', async t => {
  const { app, close } = await buildTestApp({ schemas: STRAPI_V4_PROJECT, i18n: I18N })
  t.teardown(close)
  const call = caller(app)
  const db = app.contentApi.db
  // Without the plugin there is no register route: users come from elsewhere (an import).
  const [role] = await db.query("insert into up_roles (name, type) values ('Authenticated', 'authenticated') returning id", [])
  const [ada] = await db.query(
    `insert into up_users (username, email, provider, password, reset_password_token, confirmation_token, confirmed, blocked, role_id,
       display_name, phone_number, created_at, updated_at)
     values ('ada', 'ada@example.com', 'local', 'secret-hash', 'reset-token', 'reset-token', true, false, $1, 'Ada L.', '+44 1815', now(), now())
     returning id`, [role!.id])
  const adaId = Number(ada!.id)
  const admin = await app.contentApi.admin.createUser({ email: 'grace@example.com', firstname: 'Grace', lastname: 'Hopper', password: 'Grace-Hopper-1906' })

  const restaurant = await call('POST', '/api/restaurants', {
    payload: {
      data: {
        name: 'Pizzeria Da Ada',
        description: '<p>Wood-fired <strong>since 1843</strong></p>',
        brandColor: '#C0FFEE',
        priceRange: 'cheap',
        menuNotes: BLOCKS,
        owner: adaId,
        address: { city: 'London', country: 'GB', latitude: 51.5, longitude: -0.12 },
        openingHours: [{ day: 'monday', opensAt: '12:00', closesAt: '22:30' }, { day: 'tuesday', closed: true }],
        blocks: [
          { __component: 'sections.hero', title: 'Welcome', accent: '#fff', cta: { label: 'Book', url: '/book' } },
          { __component: 'sections.menu', dishes: [{ name: 'Margherita', price: 9.5, vegetarian: true, allergens: ['gluten', 'dairy'] }] },
          { __component: 'sections.faq', items: [{ question: 'Dogs?', answer: 'Yes, **well-behaved** ones' }] }
        ]
      }
    }
  })
  t.equal(restaurant.status, 200, JSON.stringify(restaurant.body))
  const restaurantId = restaurant.body.data.id as number

  t.test('custom fields and blocks round-trip; writable: false is never stored', async t => {
    // Strapi drops it silently; whether a body holding it is refused or trimmed, nothing is written.
    const sent = await call('PUT', `/api/restaurants/${restaurantId}`, { payload: { data: { importedAt: '2020-01-01T00:00:00.000Z' } } })
    t.ok(sent.status === 200 || sent.status === 400, `answered ${sent.status}`)
    const read = await call('GET', `/api/restaurants/${restaurantId}?populate[address]=true&populate[blocks][populate]=*`)
    t.equal(read.status, 200)
    const attributes = read.body.data.attributes
    t.equal(attributes.description, '<p>Wood-fired <strong>since 1843</strong></p>')
    t.equal(attributes.brandColor, '#C0FFEE')
    t.same(attributes.menuNotes, BLOCKS, 'blocks come back by default, as written')
    t.equal(attributes.importedAt, null)
    t.equal(attributes.slug, 'pizzeria-da-ada')
    t.match(attributes.address, { city: 'London', country: 'GB' })
    t.match(attributes.blocks, [
      { __component: 'sections.hero', accent: '#fff', cta: { label: 'Book', url: '/book' } },
      { __component: 'sections.menu', dishes: [{ name: 'Margherita', allergens: ['gluten', 'dairy'] }] },
      { __component: 'sections.faq', items: [{ question: 'Dogs?' }] }
    ])
    const filtered = await call('GET', '/api/restaurants?filters[brandColor][$eqi]=%23c0ffee&fields[0]=name')
    t.same(filtered.body.data.map((entry: any) => entry.id), [restaurantId], 'a custom field filters as its stored type')
  })

  t.test('blocks and custom fields are validated on write', async t => {
    const notArray = await call('POST', '/api/articles', { payload: { data: { title: 'A', content: 'just text' } } })
    t.equal(notArray.status, 400)
    // Where the path starts ("data" or the attribute) is the body validation's business; it names the attribute.
    t.ok(notArray.body.error.details.errors[0].path.includes('content'), JSON.stringify(notArray.body.error))
    const untyped = await call('POST', '/api/articles', { payload: { data: { title: 'A', content: [{ type: 'paragraph', children: [] }, { children: [] }] } } })
    t.equal(untyped.status, 400)
    t.ok(untyped.body.error.details.errors[0].path.includes('content'), JSON.stringify(untyped.body.error))
    const notObject = await call('POST', '/api/articles', { payload: { data: { title: 'A', content: ['paragraph'] } } })
    t.equal(notObject.status, 400)
    const badColor = await call('PUT', `/api/restaurants/${restaurantId}`, { payload: { data: { brandColor: 'red' } } })
    t.equal(badColor.status, 400)
    t.ok(badColor.body.error.details.errors[0].path.includes('brandColor'), JSON.stringify(badColor.body.error))
    const emptyBlocks = await call('POST', '/api/articles', { payload: { data: { title: 'Empty', content: [] } } })
    t.equal(emptyBlocks.status, 200)
    t.same(emptyBlocks.body.data.attributes.content, [])
  })

  t.test('a populated user is Strapi-shaped and holds no secret, at any depth', async t => {
    const read = await call('GET', `/api/restaurants/${restaurantId}?populate[owner]=true`)
    t.equal(read.status, 200)
    const owner = read.body.data.attributes.owner
    t.equal(owner.data.id, adaId)
    t.same(Object.keys(owner.data).sort(), ['attributes', 'id'])
    t.same(Object.keys(owner.data.attributes).sort(), USER_FIELDS)
    t.match(owner.data.attributes, { username: 'ada', email: 'ada@example.com', provider: 'local', confirmed: true, blocked: false, displayName: 'Ada L.', bio: null })
    const everything = await call('GET', '/api/restaurants?populate[owner][populate]=*&populate[reviews][populate][author]=true&fields=*')
    t.equal(everything.status, 200)
    t.notMatch(JSON.stringify(everything.body), SECRETS)
    t.match(everything.body.data[0].attributes.owner.data.attributes, { avatar: { data: null }, articles: { data: [] }, favoriteRestaurants: { data: [] } })
    const star = await call('GET', '/api/restaurants?populate=*')
    t.notMatch(JSON.stringify(star.body), SECRETS)
    for (const field of ['password', 'resetPasswordToken', 'phoneNumber']) {
      const asked = await call('GET', `/api/restaurants?populate[owner][fields][0]=${field}`)
      t.equal(asked.status, 400, `fields=${field} inside a user is refused`)
    }
  })

  t.test('relations to users write, connect, filter and read back from the user side', async t => {
    const article = await call('POST', '/api/articles?populate[author]=true&populate[reviewedBy]=true', {
      payload: { data: { title: 'Best pizza in town', content: BLOCKS, tags: ['guide', 'news'], author: adaId, reviewedBy: admin.id, restaurants: [restaurantId] } }
    })
    t.equal(article.status, 200, JSON.stringify(article.body))
    t.equal(article.body.data.attributes.author.data.attributes.username, 'ada')
    t.same(article.body.data.attributes.tags, ['guide', 'news'])
    const reviewer = article.body.data.attributes.reviewedBy.data
    t.equal(reviewer.id, admin.id)
    t.same(Object.keys(reviewer.attributes).sort(), ['createdAt', 'firstname', 'lastname', 'preferedLanguage', 'updatedAt', 'username'])
    t.notMatch(JSON.stringify(reviewer), /grace@example\.com|password|isActive/)
    const articleId = article.body.data.id as number

    const byAuthor = await call('GET', '/api/articles?filters[author][username][$eq]=ada&fields[0]=title')
    t.same(byAuthor.body.data.map((entry: any) => entry.id), [articleId])
    const byAdmin = await call('GET', '/api/articles?filters[reviewedBy][firstname][$eq]=Grace&fields[0]=title')
    t.same(byAdmin.body.data.map((entry: any) => entry.id), [articleId])
    for (const url of ['/api/articles?filters[author][password][$eq]=secret-hash', '/api/articles?filters[author][resetPasswordToken][$null]=false',
      '/api/articles?filters[reviewedBy][email][$eq]=grace@example.com', '/api/articles?sort=author.password']) {
      t.equal((await call('GET', url)).status, 400, `${url} is refused`)
    }

    const missing = await call('POST', '/api/reviews', { payload: { data: { rating: 4, author: 9999, restaurant: restaurantId } } })
    t.equal(missing.status, 400, 'a user id that does not exist is a 400')
    const review = await call('POST', '/api/reviews?populate[author]=true', { payload: { data: { rating: 5, comment: 'Superb', author: { connect: [adaId] }, restaurant: restaurantId } } })
    t.equal(review.status, 200)
    t.equal(review.body.data.attributes.author.data.id, adaId)
    const cleared = await call('PUT', `/api/reviews/${review.body.data.id}?populate[author]=true`, { payload: { data: { author: null } } })
    t.same(cleared.body.data.attributes.author, { data: null })

    const event = await call('POST', '/api/events?populate[hosts]=true', { payload: { data: { name: 'Tasting night', startsAt: '2026-12-01T19:00:00Z', hosts: [adaId], venue: restaurantId } } })
    t.equal(event.status, 200)
    t.same(event.body.data.attributes.hosts.data.map((host: any) => host.id), [adaId])
    t.equal(event.body.data.attributes.slug, 'tasting_night', "the uid's options.separator joins the generated slug")

    // The extension's inverse side: the user's articles, read through a populated author.
    const deep = await call('GET', `/api/articles/${articleId}?populate[author][populate][articles][fields][0]=title`)
    t.same(deep.body.data.attributes.author.data.attributes.articles.data, [{ id: articleId, attributes: { title: 'Best pizza in town' } }])
  })

  t.test('morph relations are not served: never read, never written', async t => {
    const comment = await call('POST', '/api/comments', { payload: { data: { content: 'Nice', authorUser: adaId } } })
    t.equal(comment.status, 200)
    // An unknown body key is dropped (Strapi) or refused (strict): either way not a 500, nothing stored.
    const morph = await call('PUT', `/api/comments/${comment.body.data.id}`, { payload: { data: { related: { id: restaurantId, __type: 'api::restaurant.restaurant' } } } })
    t.ok(morph.status === 200 || morph.status === 400, `answered ${morph.status}`)
    const read = await call('GET', '/api/comments?populate=*')
    t.equal(read.status, 200)
    const named = await call('GET', '/api/comments?populate[related]=true')
    t.ok(named.status === 200 || named.status === 400, `populating it is treated as any unknown key (${named.status})`)
    if (named.status === 200) t.notOk('related' in named.body.data[0].attributes)
    t.notOk('related' in read.body.data[0].attributes)
    t.equal(read.body.data[0].attributes.authorUser.data.id, adaId)
  })

  t.test('single types of the project serve, custom fields included', async t => {
    const put = await call('PUT', '/api/global?populate=*', {
      payload: { data: { siteName: 'Eat Guide', themeColor: '#123456', navigation: [{ label: 'Home', url: '/' }], footer: { copyright: '2026', links: [{ label: 'About', url: '/about' }] } } }
    })
    t.equal(put.status, 200, JSON.stringify(put.body))
    t.equal(put.body.data.attributes.themeColor, '#123456')
    t.match(put.body.data.attributes.navigation, [{ label: 'Home', url: '/' }])
  })

  t.test('the OpenAPI document describes the plugin types without secrets', async t => {
    const response = await call('GET', '/documentation/json')
    t.equal(response.status, 200)
    const schemas = response.body.components.schemas
    t.ok(schemas.UsersPermissionsUserEntry, 'the user entry is a component')
    t.ok(schemas.AdminUserEntry)
    t.notMatch(JSON.stringify(schemas.UsersPermissionsUserEntry), /password|resetPasswordToken|phoneNumber/)
  })
})

t.test('with the permissions option', async t => {
  const { app, close } = await buildTestApp({
    schemas: STRAPI_V4_PROJECT,
    i18n: I18N,
    permissions: {
      jwtSecret: SECRET,
      roles: {
        public: { 'api::article.article': ['find', 'findOne'] },
        authenticated: {
          'api::article.article': ['find', 'findOne', 'create'],
          'plugin::users-permissions.user': ['find']
        }
      }
    }
  })
  t.teardown(close)
  const call = caller(app)
  const registered = await call('POST', '/api/auth/local/register', { payload: { username: 'writer', email: 'writer@example.com', password: 'secret-pass' } })
  t.equal(registered.status, 200)
  const token = registered.body.jwt as string
  const writerId = registered.body.user.id as number
  const admin = await app.contentApi.admin.createUser({ email: 'grace@example.com', firstname: 'Grace', lastname: 'Hopper', password: 'Grace-Hopper-1906' })

  const created = await call('POST', '/api/articles?populate[author]=true', { token, payload: { data: { title: 'Signed', content: BLOCKS, author: writerId } } })
  t.equal(created.status, 200, JSON.stringify(created.body))
  const articleId = created.body.data.id as number
  const full = (await app.contentApi.apiTokens!.create({ name: 'full', type: 'full-access' })).accessKey

  t.test('linking an admin user needs a caller that may read admin users', async t => {
    const refused = await call('PUT', `/api/articles/${articleId}`, { token, payload: { data: { reviewedBy: admin.id } } })
    t.equal(refused.status, 403)
    const linked = await call('PUT', `/api/articles/${articleId}`, { token: full, payload: { data: { reviewedBy: admin.id } } })
    t.equal(linked.status, 200)
  })

  t.test('a role with find on users sees the author, never its secrets', async t => {
    const read = await call('GET', `/api/articles/${articleId}?populate=*`, { token })
    const author = read.body.data.attributes.author
    t.equal(author.data.id, writerId)
    t.same(Object.keys(author.data.attributes).sort(), USER_FIELDS)
    t.notMatch(JSON.stringify(read.body), /password|resetPasswordToken|confirmationToken/)
    t.notOk('reviewedBy' in read.body.data.attributes, 'admin users are never readable by a role (as in Strapi)')
    const filtered = await call('GET', '/api/articles?filters[author][username][$eq]=writer', { token })
    t.same(filtered.body.data.map((entry: any) => entry.id), [articleId])
  })

  t.test('a role without it does not: the relation is left out, filters through it refused', async t => {
    const read = await call('GET', `/api/articles/${articleId}?populate[author]=true&populate[reviewedBy]=true`)
    t.equal(read.status, 200)
    t.notOk('author' in read.body.data.attributes)
    t.notOk('reviewedBy' in read.body.data.attributes)
    t.equal((await call('GET', '/api/articles?filters[author][username][$eq]=writer')).status, 400)
  })

  t.test('a full-access token reads admin users too', async t => {
    const read = await call('GET', `/api/articles/${articleId}?populate[reviewedBy]=true`, { token: full })
    t.equal(read.body.data.attributes.reviewedBy.data.attributes.firstname, 'Grace')
  })

  t.test('the users routes are unchanged by the schema extension', async t => {
    const me = await call('GET', '/api/users/me', { token })
    t.equal(me.status, 200)
    t.equal(me.body.username, 'writer')
    t.notMatch(JSON.stringify(me.body), /password/)
  })
})

t.test('permissions may grant find on users and roles, not admin users', async t => {
  await t.rejects(buildTestApp({
    schemas: STRAPI_V4_PROJECT,
    i18n: I18N,
    permissions: { jwtSecret: SECRET, roles: { public: { 'admin::user': ['find'] } } }
  }), /unknown content type "admin::user"/)
  await t.rejects(buildTestApp({
    schemas: STRAPI_V4_PROJECT,
    i18n: I18N,
    permissions: { jwtSecret: SECRET, roles: { public: { 'plugin::users-permissions.user': ['publish'] } } }
  }), /actions must be a list of find, findOne/)
})

t.test('start-up warns once, naming every morph relation', async t => {
  const lines: string[] = []
  const { close } = await buildTestApp({ schemas: STRAPI_V4_PROJECT, i18n: I18N, docs: false },
    { logger: { level: 'warn', stream: { write: (line: string) => { lines.push(line) } } } })
  t.teardown(close)
  const warnings = lines.map(line => JSON.parse(line) as { level: number, msg: string }).filter(line => /not served/.test(line.msg))
  t.equal(warnings.length, 1)
  t.match(warnings[0]!.msg, /comment\/schema\.json \(attribute "related"\): morphToOne relations are not served/)
  t.match(warnings[0]!.msg, /\(attribute "mentions"\): morphToMany relations are not served/)
})

t.test('an unknown custom field stops start-up naming the option; the option fixes it', async t => {
  const dir = t.testdir({
    'content-types': {
      'place.json': JSON.stringify({
        info: { singularName: 'place', pluralName: 'places' },
        attributes: { name: { type: 'string' }, rating: { type: 'customField', customField: 'plugin::star-rating.stars' } }
      })
    }
  })
  await t.rejects(buildTestApp({ schemas: dir }), /attribute "rating"\): unknown custom field "plugin::star-rating\.stars": set the customFields option/)
  const { app, close } = await buildTestApp({ schemas: dir, customFields: { 'plugin::star-rating.stars': 'integer' } })
  t.teardown(close)
  const created = await app.inject({ method: 'POST', url: '/api/places', payload: { data: { name: 'Home', rating: 4 } } })
  t.equal(created.json().data.attributes.rating, 4)
  const bad = await app.inject({ method: 'POST', url: '/api/places', payload: { data: { name: 'Home', rating: 'four' } } })
  t.equal(bad.statusCode, 400)
})
