/** Every validation error of a write: status 400, the path and the message of each problem. */
import t from 'tap'
import type { InlineSchemas } from '../../../plugin/content-types/registry.js'
import { createEntry, deleteEntry, updateEntry } from './fixtures/writes.js'
import { openTestDatabase } from './fixtures/database.js'
import { rejectsWithIssues, rejectsWithStatus } from './fixtures/expect.js'
import { owned } from './fixtures/links.js'

t.test('validation against the example model', async t => {
  const { db, registry, contentType, insertFile, rows } = await openTestDatabase(t)
  const article = contentType('article')
  const author = contentType('author')
  const create = async (model: typeof article, data: unknown): Promise<number> => await createEntry(db, registry, model, { data })
  const createStrictly = async (model: typeof article, data: unknown): Promise<number> => await createEntry(db, registry, model, { data }, { strict: true })
  const articleId = await create(article, { title: 'Existing' })

  t.test('a body without a data object', async t => {
    for (const body of [undefined, null, {}, { data: null }, { data: [] }, { data: 'text' }, 'text', [{ data: {} }]]) {
      const error = await createEntry(db, registry, article, body).then(() => null, (caught: unknown) => caught)
      t.match(error, { name: 'ValidationError', status: 400, message: 'Missing "data" payload in the request body' }, JSON.stringify(body))
    }
    const error = await updateEntry(db, registry, article, articleId, {}).then(() => null, (caught: unknown) => caught)
    t.match(error, { status: 400, message: 'Missing "data" payload in the request body' })
  })

  t.test('strict: unknown attributes, at any depth, are 400s', async t => {
    await rejectsWithIssues(t, createStrictly(article, { title: 'x', nope: 1 }), [{ path: ['nope'], message: 'Invalid key nope' }])
    await rejectsWithIssues(t, createStrictly(article, { title: 'x', seo: { metaTitle: 'm', bogus: true } }),
      [{ path: ['seo', 'bogus'], message: 'Invalid key bogus' }])
    await rejectsWithIssues(t, createStrictly(article, { title: 'x', blocks: [{ __component: 'blocks.quote', text: 'q', extra: 1 }] }),
      [{ path: ['blocks', '0', 'extra'], message: 'Invalid key extra' }])
    // publishedAt exists only on draftAndPublish types.
    await rejectsWithIssues(t, createStrictly(author, { name: 'x', publishedAt: null }),
      [{ path: ['publishedAt'], message: 'Invalid key publishedAt' }])
  })

  t.test('by default, unknown attributes at any depth are dropped (Strapi 4.26)', async t => {
    t.ok(await create(article, { title: 'x', nope: 1 }) > 0)
    t.ok(await create(article, { title: 'x', seo: { metaTitle: 'm', bogus: true } }) > 0)
    t.ok(await create(article, { title: 'x', blocks: [{ __component: 'blocks.quote', text: 'q', extra: 1 }] }) > 0)
    const id = await create(author, { name: 'x', publishedAt: null })
    t.same(await db.query('select name from authors where id = $1', [id]), [{ name: 'x' }])
  })

  t.test('required, on create and when an update sends null, also inside components and zones', async t => {
    // Messages as Strapi 4.26 words them: missing is "must be defined.", null is yup's type error.
    await rejectsWithIssues(t, create(article, {}), [{ path: ['title'], message: 'title must be defined.' }])
    await rejectsWithIssues(t, updateEntry(db, registry, article, articleId, { data: { title: null } }),
      [{ path: ['title'], message: 'title must be a `string` type, but the final value was: `null`.' }])
    await rejectsWithIssues(t, create(article, { title: 'x', seo: { keywords: 'k' } }),
      [{ path: ['seo', 'metaTitle'], message: 'seo.metaTitle must be defined.' }])
    await rejectsWithIssues(t, create(article, { title: 'x', blocks: [{ __component: 'blocks.rich-text' }, { __component: 'blocks.quote', attribution: 'a' }] }),
      [{ path: ['blocks', '1', 'text'], message: 'blocks[1].text must be defined.' }])
    await rejectsWithIssues(t, create(author, { name: 'x', socialLinks: [{ label: 'ok', url: 'https://x.org' }, { label: 'no url' }] }),
      [{ path: ['socialLinks', '1', 'url'], message: 'socialLinks[1].url must be defined.' }])
  })

  t.test('types', async t => {
    const cases: Array<[Record<string, unknown>, string, string]> = [
      [{ title: 5 }, 'title', 'title must be a string'],
      [{ readingTime: 1.5 }, 'readingTime', 'readingTime must be an integer'],
      [{ readingTime: 'ten' }, 'readingTime', 'readingTime must be an integer'],
      [{ views: Number.MAX_SAFE_INTEGER + 2 }, 'views', 'views must be sent as a string when it is not a safe integer (beyond 2^53)'],
      [{ views: '9223372036854775808' }, 'views', 'views is out of range for a big integer'],
      [{ score: 'abc' }, 'score', 'score must be a number'],
      [{ score: [1] }, 'score', 'score must be a single value'],
      [{ rating: '1,5' }, 'rating', 'rating must be a number'],
      [{ featured: 'yes' }, 'featured', 'featured must be true or false'],
      [{ publishedOn: '2023-02-29' }, 'publishedOn', 'publishedOn must be a date (YYYY-MM-DD)'],
      [{ publishedOn: '2024-1-01' }, 'publishedOn', 'publishedOn must be a date (YYYY-MM-DD)'],
      [{ publishAt: '24:00' }, 'publishAt', 'publishAt must be a time (HH:mm[:ss[.SSS]])'],
      [{ publishAt: '10:20:30.1234' }, 'publishAt', 'publishAt must be a time (HH:mm[:ss[.SSS]])'],
      [{ scheduledAt: 'yesterday' }, 'scheduledAt', 'scheduledAt must be an ISO 8601 date-time'],
      [{ lastReviewedAt: 1700000000000 }, 'lastReviewedAt', 'lastReviewedAt must be an ISO 8601 date-time'],
      [{ status: 'bogus' }, 'status', 'status must be one of the following values: draft-idea, in-review, ready'],
      [{ contactEmail: 'not-an-email' }, 'contactEmail', 'contactEmail must be a valid email'],
      [{ slug: 'has space' }, 'slug', 'slug must match the pattern ^[A-Za-z0-9-_.~]*$'],
      [{ excerpt: 'nul \u0000 inside' }, 'excerpt', 'excerpt must not contain the NUL character (\\u0000)'],
      [{ excerpt: 'lone \ud800 surrogate' }, 'excerpt', 'excerpt must be valid Unicode text (it holds a lone surrogate)'],
      [{ metadata: { key: 'nul \u0000' } }, 'metadata', 'metadata must not contain the NUL character (\\u0000)']
    ]
    for (const [data, name, message] of cases) {
      await rejectsWithIssues(t, create(article, { title: 't', ...data }), [{ path: [name], message }])
    }
  })

  t.test('min/max, minLength/maxLength, the varchar(255) limit, regex', async t => {
    const cases: Array<[typeof article, Record<string, unknown>, Array<string | number>, string]> = [
      [article, { readingTime: 0 }, ['readingTime'], 'readingTime must be greater than or equal to 1'],
      [article, { readingTime: 601 }, ['readingTime'], 'readingTime must be less than or equal to 600'],
      [article, { rating: '5.000001' }, ['rating'], 'rating must be less than or equal to 5'],
      [article, { rating: -0.5 }, ['rating'], 'rating must be greater than or equal to 0'],
      [article, { title: 'x'.repeat(201) }, ['title'], 'title must be at most 200 characters'],
      [article, { seo: { metaTitle: 'm'.repeat(61) } }, ['seo', 'metaTitle'], 'seo.metaTitle must be at most 60 characters'],
      [article, { internalNotes: 'n'.repeat(256) }, ['internalNotes'], 'internalNotes must be at most 255 characters'],
      [author, { password: 'short' }, ['password'], 'password must be at least 8 characters'],
      [author, { socialLinks: [{ label: 'l', url: 'ftp://files' }] }, ['socialLinks', 0, 'url'], 'socialLinks[0].url must match the following: "^https?://"']
    ]
    for (const [model, data, path, message] of cases) {
      const required = model === article ? { title: 't' } : { name: 'n' }
      await rejectsWithIssues(t, create(model, { ...required, ...data }), [{ path: [...path], message }])
    }
    const [issue] = [contentType('issue')]
    await rejectsWithIssues(t, create(issue!, { number: 2147483648 }), [{ path: ['number'], message: 'number is out of range for an integer' }])
    await rejectsWithIssues(t, create(issue!, { number: 0 }), [{ path: ['number'], message: 'number must be greater than or equal to 1' }])
  })

  t.test('unique: against other rows, not against the row itself', async t => {
    const tag = contentType('tag')
    const id = await create(tag, { name: 'Unique' })
    await rejectsWithIssues(t, create(tag, { name: 'Unique' }), [{ path: ['name'], message: 'This attribute must be unique' }])
    await updateEntry(db, registry, tag, id, { data: { name: 'Unique' } })
    await rejectsWithIssues(t, create(article, { title: 'x', slug: 'existing' }), [{ path: ['slug'], message: 'This attribute must be unique' }])
    const category = contentType('category')
    await create(category, { name: 'Science' })
    await rejectsWithIssues(t, create(category, { name: 'Science', position: -1 }), [
      { path: ['position'], message: 'position must be greater than or equal to 0' },
      { path: ['name'], message: 'This attribute must be unique' }
    ])
  })

  t.test('relations: shapes, single ids on to-one, ids that do not exist', async t => {
    const tag = await create(contentType('tag'), { name: 'rel-tag' })
    const cases: Array<[Record<string, unknown>, Array<string | number>, string]> = [
      [{ author: [1, 2] }, ['author'], 'author must hold at most one id: this attribute links a single entry'],
      [{ author: { connect: [1, 2] } }, ['author', 'connect'], 'author.connect must hold at most one id: this attribute links a single entry'],
      [{ author: 'abc' }, ['author'], 'author must be a positive integer id'],
      [{ author: 0 }, ['author'], 'author must be a positive integer id'],
      [{ author: 3000000000 }, ['author'], 'author must be a positive integer id'],
      [{ author: true }, ['author'], 'author must be an id, a list of ids, or an object with connect, disconnect or set'],
      [{ author: { name: 'x' } }, ['author'], 'author must be an id, a list of ids, or an object with connect, disconnect or set'],
      [{ author: { id: 'x' } }, ['author', 'id'], 'author.id must be a positive integer id'],
      [{ tags: [tag, tag] }, ['tags', 1], 'tags[1] repeats the id ' + String(tag)],
      [{ tags: { set: [tag], connect: [tag] } }, ['tags'], 'tags cannot combine set with connect or disconnect'],
      [{ tags: { set: tag } }, ['tags', 'set'], 'tags.set must be a list of ids'],
      [{ tags: { connect: tag } }, ['tags', 'connect'], 'tags.connect must be a list of ids or { id, position } objects'],
      [{ tags: { connect: [], add: [1] } }, ['tags', 'add'], 'tags.add is not a relation operation (expected connect, disconnect, set or options)'],
      [{ tags: { connect: [{ id: tag, position: { before: 99999 } }] } }, ['tags', 'connect', 0, 'position'], 'tags.connect[0].position refers to 99999, which is not linked'],
      [{ tags: { connect: [{ id: tag, position: { middle: true } }] } }, ['tags', 'connect', 0, 'position'],
        'tags.connect[0].position must be one of { before: id }, { after: id }, { start: true }, { end: true }'],
      [{ author: 99999 }, ['author'], 'author has 1 relation(s) of type api::author.author that do not exist (99999)'],
      [{ tags: [tag, 99998, '99999'] }, ['tags'], 'tags has 2 relation(s) of type api::tag.tag that do not exist (99998, 99999)'],
      [{ tags: { connect: [{ id: 99999 }] } }, ['tags'], 'tags has 1 relation(s) of type api::tag.tag that do not exist (99999)'],
      [{ coverOf: 99999 }, ['coverOf'], 'coverOf has 1 relation(s) of type api::issue.issue that do not exist (99999)'],
      [{ blocks: [{ __component: 'blocks.related-articles', articles: [99999] }] }, ['blocks', 0, 'articles'],
        'blocks[0].articles has 1 relation(s) of type api::article.article that do not exist (99999)']
    ]
    for (const [data, path, message] of cases) {
      await rejectsWithIssues(t, create(article, { title: 't', ...data }), [{ path: [...path], message }])
    }
  })

  t.test('media: file ids that do not exist, kinds not allowed', async t => {
    const video = await insertFile('video/mp4')
    const image = await insertFile('image/jpeg')
    await rejectsWithIssues(t, create(article, { title: 't', cover: 99999 }),
      [{ path: ['cover'], message: 'cover has 1 relation(s) of type plugin::upload.file that do not exist (99999)' }])
    await rejectsWithIssues(t, create(article, { title: 't', cover: video }),
      [{ path: ['cover'], message: `cover accepts only images; file(s) ${video} are not` }])
    const gallery = await create(article, { title: 't', gallery: [image, video, image] })
    t.same(await owned(rows, 'articles_gallery_lnk', gallery), [image, video],
      'a file named twice in a multiple media field is linked once, where it first appears (Strapi 4.26)')
    await rejectsWithIssues(t, create(article, { title: 't', cover: [image, video] }),
      [{ path: ['cover'], message: 'cover must hold at most one id: this attribute links a single entry' }])
  })

  t.test('components and dynamic zones: shapes, foreign ids, unknown __component', async t => {
    const other = await create(article, { title: 'other', seo: { metaTitle: 'theirs' }, blocks: [{ __component: 'blocks.quote', text: 'theirs' }] })
    const [theirs] = await db.query('select target_id from articles_seo_lnk where owner_id = $1', [other])
    const [theirQuote] = await db.query('select target_id from articles_blocks_blocks_quote_lnk where owner_id = $1', [other])
    const allowed = 'blocks.quote, blocks.rich-text, blocks.media, blocks.related-articles'
    const cases: Array<[Record<string, unknown>, Array<string | number>, string]> = [
      [{ seo: 'x' }, ['seo'], 'seo must be an object or null'],
      [{ seo: [{ metaTitle: 'x' }] }, ['seo'], 'seo must be an object or null'],
      [{ blocks: { __component: 'blocks.quote' } }, ['blocks'], 'blocks must be a list of components, each naming its __component'],
      [{ blocks: ['text'] }, ['blocks', 0], 'blocks[0] must be an object'],
      [{ blocks: [{ __component: 'shared.seo', metaTitle: 'x' }] }, ['blocks', 0, '__component'], `blocks[0].__component must be one of the following values: ${allowed}`],
      [{ blocks: [{ text: 'no component' }] }, ['blocks', 0, '__component'], 'blocks[0].__component is a required field'],
      [{ seo: { id: 'x', metaTitle: 'm' } }, ['seo', 'id'], 'seo.id must be a positive integer id'],
      [{ seo: { id: theirs!.target_id, metaTitle: 'mine' } }, ['seo', 'id'], "seo.id is not a shared.seo component of this entry's seo"],
      [{ blocks: [{ __component: 'blocks.quote', id: theirQuote!.target_id, text: 'mine' }] }, ['blocks', 0, 'id'],
        "blocks[0].id is not a blocks.quote component of this entry's blocks"],
      [{ blocks: [{ __component: 'blocks.rich-text', id: theirQuote!.target_id }] }, ['blocks', 0, 'id'],
        "blocks[0].id is not a blocks.rich-text component of this entry's blocks"]
    ]
    for (const [data, path, message] of cases) {
      await rejectsWithIssues(t, updateEntry(db, registry, article, articleId, { data }), [{ path: [...path], message }])
    }
    await rejectsWithIssues(t, create(author, { name: 'n', socialLinks: { label: 'x' } }),
      [{ path: ['socialLinks'], message: 'socialLinks must be a list of components' }])
    const mine = await create(author, { name: 'n', socialLinks: [{ label: 'a', url: 'https://a' }] })
    const [link] = await db.query('select target_id from authors_social_links_lnk where owner_id = $1', [mine])
    await rejectsWithIssues(t, updateEntry(db, registry, author, mine, { data: { socialLinks: [{ id: link!.target_id }, { id: link!.target_id, label: 'again' }] } }),
      [{ path: ['socialLinks', '1', 'id'], message: `socialLinks[1].id repeats the component id ${String(link!.target_id)}` }])
  })

  t.test('every problem of a body at once, those found in the database included', async t => {
    await rejectsWithIssues(t, createStrictly(article, { title: null, readingTime: 0, nope: 1, seo: { metaTitle: null }, author: 99999 }), [
      { path: ['title'], message: 'title must be a `string` type, but the final value was: `null`.' },
      { path: ['readingTime'], message: 'readingTime must be greater than or equal to 1' },
      { path: ['nope'], message: 'Invalid key nope' },
      { path: ['seo', 'metaTitle'], message: 'seo.metaTitle must be a `string` type, but the final value was: `null`.' },
      { path: ['author'], message: 'author has 1 relation(s) of type api::author.author that do not exist (99999)' }
    ])
  })

  t.test('a missing entry is a 404, for update and delete', async t => {
    for (const id of [99999, 0, -1, 2147483648, 1.5]) {
      await rejectsWithStatus(t, updateEntry(db, registry, article, id, { data: { title: 'x' } }), 'NotFoundError', 404)
      await rejectsWithStatus(t, deleteEntry(db, registry, article, id), 'NotFoundError', 404)
    }
    await rejectsWithStatus(t, updateEntry(db, registry, article, 99999, { data: { title: null } }), 'NotFoundError', 404)
  })
})

const strictSchemas: InlineSchemas = {
  contentTypes: {
    'api::box.box': {
      collectionName: 'boxes',
      info: { singularName: 'box', pluralName: 'boxes' },
      attributes: {
        label: { type: 'string' },
        owner: { type: 'relation', relation: 'manyToOne', target: 'api::person.person', required: true },
        main: { type: 'component', component: 'parts.part', required: true },
        parts: { type: 'component', component: 'parts.part', repeatable: true, min: 2, max: 3 },
        zone: { type: 'dynamiczone', components: ['parts.part'], max: 2 },
        needed: { type: 'dynamiczone', components: ['parts.part'], required: true },
        doc: { type: 'json', unique: true },
        code: { type: 'uid', required: true }
      }
    },
    'api::person.person': {
      collectionName: 'people',
      info: { singularName: 'person', pluralName: 'people' },
      attributes: { name: { type: 'string', unique: true } }
    }
  },
  components: {
    'parts.part': { attributes: { name: { type: 'string', required: true } } }
  }
}

t.test('required relations, components and zones; item counts; unique found by the index', async t => {
  const { db, registry, contentType } = await openTestDatabase(t, strictSchemas)
  const box = contentType('box')
  const person = await createEntry(db, registry, contentType('person'), { data: { name: 'P' } })
  const part = { name: 'p' }
  const valid = { owner: person, main: part, needed: [{ __component: 'parts.part', name: 'n' }], code: 'c' }
  const create = async (data: unknown): Promise<number> => await createEntry(db, registry, box, { data })

  await rejectsWithIssues(t, create({}), [
    { path: ['owner'], message: 'owner must be defined.' },
    { path: ['main'], message: 'main must be defined.' },
    { path: ['needed'], message: 'needed must be defined.' },
    { path: ['code'], message: 'code must be defined.' }
  ])
  // Strapi 4.26: required means present, so [] is a valid required zone; null is not a list.
  await rejectsWithIssues(t, create({ ...valid, owner: null, main: null, needed: null }), [
    { path: ['owner'], message: 'owner must be defined.' },
    { path: ['main'], message: 'main must be a `object` type, but the final value was: `null`.' },
    { path: ['needed'], message: 'needed must be a `array` type, but the final value was: `null`.' }
  ])
  t.ok(await create({ ...valid, code: 'empty-needed', needed: [] }) > 0, 'a required zone may be []')
  await rejectsWithIssues(t, create({ ...valid, parts: [part] }), [{ path: ['parts'], message: 'parts must have at least 2 items' }])
  await rejectsWithIssues(t, create({ ...valid, parts: [part, part, part, part] }), [{ path: ['parts'], message: 'parts must have at most 3 items' }])
  await rejectsWithIssues(t, create({ ...valid, zone: [1, 2, 3].map(() => ({ __component: 'parts.part', name: 'z' })) }),
    [{ path: ['zone'], message: 'zone must have at most 2 items' }])
  const id = await create({ ...valid, parts: [], doc: { same: true } })
  t.ok(id > 0, 'an empty optional list is allowed despite min')

  await rejectsWithIssues(t, updateEntry(db, registry, box, id, { data: { owner: { disconnect: [person] } } }),
    [{ path: ['owner'], message: 'owner must be defined.' }])
  await rejectsWithIssues(t, updateEntry(db, registry, box, id, { data: { owner: [] } }),
    [{ path: ['owner'], message: 'owner must be defined.' }])

  // JSON values are left to the unique index (PostgreSQL error 23505), reported the same way.
  await rejectsWithIssues(t, create({ ...valid, code: 'other', doc: { same: true } }),
    [{ path: ['doc'], message: 'This attribute must be unique' }])
  await rejectsWithIssues(t, create({ ...valid, code: 'c' }), [{ path: ['code'], message: 'This attribute must be unique' }])
})

t.test('concurrent creates of one unique value: one wins, the others are 400s', async t => {
  const { db, registry, contentType, rows } = await openTestDatabase(t, strictSchemas)
  const person = contentType('person')
  const results = await Promise.allSettled([1, 2, 3, 4, 5].map(async () => await createEntry(db, registry, person, { data: { name: 'Same' } })))
  t.equal(results.filter(result => result.status === 'fulfilled').length, 1)
  for (const result of results) {
    if (result.status === 'rejected') t.match(result.reason, { status: 400, message: 'This attribute must be unique', details: { errors: [{ path: ['name'] }] } })
  }
  t.same(await rows('select count(*)::int as n from people'), [{ n: 1 }])
})
