/** Every scalar type written and read back from the rows, with edge values. */
import t from 'tap'
import { passwordMatches } from '../../../plugin/passwords.js'
import type { InlineSchemas } from '../../../plugin/content-types/registry.js'
import { createEntry, updateEntry } from './fixtures/writes.js'
import { openTestDatabase } from './fixtures/database.js'

const schemas: InlineSchemas = {
  contentTypes: {
    'api::sample.sample': {
      collectionName: 'samples',
      info: { singularName: 'sample', pluralName: 'samples' },
      attributes: {
        text: { type: 'string' },
        long: { type: 'text' },
        rich: { type: 'richtext' },
        choice: { type: 'enumeration', enum: ['a', 'b'] },
        mail: { type: 'email' },
        secret: { type: 'password' },
        slug: { type: 'uid', targetField: 'text' },
        day: { type: 'date' },
        clock: { type: 'time' },
        moment: { type: 'datetime' },
        stamp: { type: 'timestamp' },
        count: { type: 'integer' },
        big: { type: 'biginteger' },
        ratio: { type: 'float' },
        price: { type: 'decimal' },
        flag: { type: 'boolean' },
        doc: { type: 'json' },
        list: { type: 'array' },
        hidden: { type: 'string', private: true },
        level: { type: 'integer', default: 3 }
      }
    }
  }
}

const READ_BACK = `select text, long, rich, choice, mail, secret, slug, day::text as day, clock::text as clock,
  (extract(epoch from moment) * 1000)::bigint::text as moment, (extract(epoch from stamp) * 1000)::bigint::text as stamp,
  count, big::text as big, ratio, price::text as price, flag, doc, list, hidden, level,
  (extract(epoch from updated_at) * 1000)::bigint::text as updated
  from samples where id = $1`

t.test('scalars', async t => {
  const { db, registry, rows, contentType } = await openTestDatabase(t, schemas)
  const sample = contentType('sample')
  const readBack = async (id: number): Promise<Record<string, unknown>> => (await rows(READ_BACK, [id]))[0]!

  t.test('edge values of every type round-trip exactly', async t => {
    const id = await createEntry(db, registry, sample, {
      data: {
        text: 'Ünïcødé 😀 中文 \u00a0',
        long: '',
        rich: '# Title\n\n**bold**',
        choice: 'b',
        mail: 'first.last+tag@example.co.uk',
        secret: 'hunter2-hunter2',
        slug: 'my-slug_1.0~x',
        day: '2024-02-29',
        clock: '10:20',
        moment: '2024-03-01T12:34:56.789+02:00',
        stamp: '2024-03-01T00:00:00Z',
        count: -2147483648,
        big: '9007199254740993',
        ratio: 1.5e-10,
        price: '1234567.891234',
        flag: true,
        doc: { nested: [1, 'two', null, { deep: true }] },
        list: [1, 'a'],
        hidden: 'written, never read'
      }
    })
    t.match(await readBack(id), {
      text: 'Ünïcødé 😀 中文 \u00a0',
      long: '',
      rich: '# Title\n\n**bold**',
      choice: 'b',
      mail: 'first.last+tag@example.co.uk',
      secret: /^\$argon2id\$/,
      slug: 'my-slug_1.0~x',
      day: '2024-02-29',
      clock: '10:20:00',
      moment: String(Date.parse('2024-03-01T10:34:56.789Z')),
      stamp: String(Date.parse('2024-03-01T00:00:00Z')),
      count: -2147483648,
      big: '9007199254740993',
      ratio: 1.5e-10,
      price: '1234567.891234',
      flag: true,
      doc: { nested: [1, 'two', null, { deep: true }] },
      list: [1, 'a'],
      hidden: 'written, never read',
      level: 3
    })
  })

  t.test('numbers and booleans as strings, times with seconds and milliseconds', async t => {
    const id = await createEntry(db, registry, sample, {
      data: { count: '2147483647', big: 9007199254740991, ratio: '-3.25', price: 0.1, flag: 'false', clock: '23:59:59.999', level: '7' }
    })
    t.match(await readBack(id), {
      count: 2147483647, big: '9007199254740991', ratio: -3.25, price: '0.1', flag: false, clock: '23:59:59.999', level: 7
    })
    const other = await createEntry(db, registry, sample, { data: { clock: '08:05:09', big: '-9223372036854775808', price: '-0.000001' } })
    t.match(await readBack(other), { clock: '08:05:09', big: '-9223372036854775808', price: '-0.000001' })
  })

  t.test('JSON holds any JSON value', async t => {
    for (const doc of ['a string', 42, false, [1, [2]], { a: { b: null } }]) {
      const id = await createEntry(db, registry, sample, { data: { doc } })
      t.same((await readBack(id)).doc, doc, JSON.stringify(doc))
    }
  })

  t.test('an update replaces a JSON value as a whole', async t => {
    const id = await createEntry(db, registry, sample, { data: { doc: { a: 1, b: { c: 2 } }, list: [1, 2, 3] } })
    await updateEntry(db, registry, sample, id, { data: { doc: { b: { d: 4 } }, list: [3] } })
    t.match(await readBack(id), { doc: { b: { d: 4 } }, list: [3] })
    t.same((await readBack(id)).doc, { b: { d: 4 } })
  })

  t.test('an update stores every type exactly as a create does', async t => {
    const data = {
      text: 'Ünïcødé 😀', long: 'long', rich: '**bold**', choice: 'a', mail: 'a@example.org', day: '2024-02-29', clock: '10:20',
      moment: '2024-03-01T12:34:56.789+02:00', stamp: '2024-03-01T00:00:00Z', count: -2147483648, big: '9007199254740993',
      ratio: 1.5e-10, price: '1234567.891234', flag: true, list: [1, 'a'], hidden: 'h', level: 4
    }
    for (const doc of ['a string', 42, false, [1, [2]], { a: { b: null } }]) {
      const created = await createEntry(db, registry, sample, { data: { ...data, doc } })
      const updated = await createEntry(db, registry, sample, { data: {} })
      await updateEntry(db, registry, sample, updated, { data: { ...data, doc } })
      const comparable = async (id: number): Promise<Record<string, unknown>> => ({ ...await readBack(id), slug: null, updated: null })
      t.same(await comparable(updated), await comparable(created), JSON.stringify(doc))
    }
  })

  t.test('a 255-character string in emoji (510 UTF-16 units) fits varchar(255)', async t => {
    const id = await createEntry(db, registry, sample, { data: { text: '😀'.repeat(255) } })
    t.equal((await readBack(id)).text, '😀'.repeat(255))
  })

  t.test('null clears every type; unsent attributes are kept', async t => {
    const id = await createEntry(db, registry, sample, {
      data: { text: 'keep', long: 'x', day: '2020-01-01', clock: '01:02', moment: '2020-01-01T00:00:00Z', count: 1, big: '1', ratio: 1, price: '1', flag: true, doc: {}, list: [] }
    })
    await updateEntry(db, registry, sample, id, {
      data: { long: null, day: null, clock: null, moment: null, count: null, big: null, ratio: null, price: null, flag: null, doc: null, list: null }
    })
    t.match(await readBack(id), {
      text: 'keep', long: null, day: null, clock: null, moment: null, count: null, big: null, ratio: null, price: null, flag: null, doc: null, list: null
    })
  })

  t.test('the default applies on create only', async t => {
    const id = await createEntry(db, registry, sample, { data: {} })
    t.equal((await readBack(id)).level, 3)
    await updateEntry(db, registry, sample, id, { data: { level: 9 } })
    await updateEntry(db, registry, sample, id, { data: { text: 'x' } })
    t.equal((await readBack(id)).level, 9)
  })

  t.test('generated uids stay unique past the variants probed by index (16), and around gaps', async t => {
    const slugs: string[] = []
    for (let i = 0; i < 19; i++) slugs.push((await readBack(await createEntry(db, registry, sample, { data: { text: 'Many' } }))).slug as string)
    t.same(slugs, ['many', ...Array.from({ length: 18 }, (_, n) => `many-${n + 1}`)])
    const taken = await createEntry(db, registry, sample, { data: { text: 'Other', slug: 'many-20' } })
    t.equal((await readBack(await createEntry(db, registry, sample, { data: { text: 'Many' } }))).slug, 'many-19')
    t.equal((await readBack(await createEntry(db, registry, sample, { data: { text: 'Many' } }))).slug, 'many-21', 'a variant sent by hand is skipped')
    t.ok(taken)
  })

  t.test('a uid left out is made from its target field, unique with a suffix', async t => {
    const ids = []
    for (let i = 0; i < 3; i++) ids.push(await createEntry(db, registry, sample, { data: { text: 'Héllo, Wörld! Straße' } }))
    const slugs = await Promise.all(ids.map(async id => (await readBack(id)).slug))
    t.same(slugs, ['hello-world-strasse', 'hello-world-strasse-1', 'hello-world-strasse-2'])
    const sent = await createEntry(db, registry, sample, { data: { text: 'Héllo, Wörld! Straße', slug: 'chosen' } })
    t.equal((await readBack(sent)).slug, 'chosen')
    const nothingToSlug = await createEntry(db, registry, sample, { data: { text: '!!!' } })
    t.equal((await readBack(nothingToSlug)).slug, null)
    await updateEntry(db, registry, sample, ids[0]!, { data: { text: 'Renamed' } })
    t.equal((await readBack(ids[0]!)).slug, 'hello-world-strasse', 'an update does not regenerate it')
  })

  t.test('id, createdAt, updatedAt, createdBy and updatedBy in a body are ignored', async t => {
    const id = await createEntry(db, registry, sample, {
      data: { id: 999, createdAt: '2000-01-01T00:00:00Z', updatedAt: 'nonsense', createdBy: 5, updatedBy: { id: 1 }, text: 'ignored keys' }
    })
    t.not(id, 999)
    const [row] = await rows('select id, text, extract(year from created_at)::int as year from samples where id = $1', [id])
    t.match(row, { id, text: 'ignored keys' })
    t.not(row!.year, 2000)
    await updateEntry(db, registry, sample, id, { data: { id: 1, createdAt: null, text: 'still ignored' } })
    t.match((await rows('select text, created_at from samples where id = $1', [id]))[0], { text: 'still ignored', created_at: String })
  })

  t.test('{ data: {} } only moves updatedAt', async t => {
    const id = await createEntry(db, registry, sample, { data: { text: 'same' } })
    const before = await readBack(id)
    await new Promise(resolve => setTimeout(resolve, 5))
    await updateEntry(db, registry, sample, id, { data: {} })
    const after = await readBack(id)
    t.ok(Number(after.updated) > Number(before.updated), 'updatedAt moved')
    t.same({ ...after, updated: null }, { ...before, updated: null }, 'nothing else changed')
  })
})

t.test('draftAndPublish: create publishes unless publishedAt: null is sent', async t => {
  const { db, registry, rows, contentType } = await openTestDatabase(t)
  const article = contentType('article')
  const publishedAt = async (id: number): Promise<unknown> =>
    (await rows('select (extract(epoch from published_at) * 1000)::bigint::text as at from articles where id = $1', [id]))[0]!.at
  const started = Date.now()
  const published = await createEntry(db, registry, article, { data: { title: 'Published' } })
  t.ok(Number(await publishedAt(published)) >= started - 1000, 'published now')
  const draft = await createEntry(db, registry, article, { data: { title: 'Draft', publishedAt: null } })
  t.equal(await publishedAt(draft), null)
  const scheduled = await createEntry(db, registry, article, { data: { title: 'Dated', publishedAt: '2030-01-01T00:00:00.000Z' } })
  t.equal(await publishedAt(scheduled), String(Date.parse('2030-01-01T00:00:00Z')))
  await updateEntry(db, registry, article, published, { data: { publishedAt: null } })
  t.equal(await publishedAt(published), null, 'an update can unpublish')
  await updateEntry(db, registry, article, draft, { data: { title: 'Still a draft' } })
  t.equal(await publishedAt(draft), null, 'an update does not publish')
  const [defaults] = await rows('select featured, status, slug from articles where id = $1', [draft])
  t.same(defaults, { featured: false, status: 'draft-idea', slug: 'draft' }, 'defaults and the generated uid')
})

t.test('private attributes are written; passwords are stored as argon2 hashes', async t => {
  const { db, registry, rows, contentType } = await openTestDatabase(t)
  const author = await createEntry(db, registry, contentType('author'), { data: { name: 'Ada', password: 'correct-horse' } })
  const [stored] = await rows('select password from authors where id = $1', [author]) as Array<{ password: string }>
  t.match(stored!.password, /^\$argon2id\$/, 'hashed')
  t.ok(await passwordMatches(stored!.password, 'correct-horse'), 'the hash verifies the password sent')
  const article = await createEntry(db, registry, contentType('article'), { data: { title: 'T', internalNotes: 'secret' } })
  t.same(await rows('select internal_notes from articles where id = $1', [article]), [{ internal_notes: 'secret' }])
})

t.test('creator fields come from the write context, never from the body', async t => {
  const { db, registry, rows, contentType } = await openTestDatabase(t)
  const tag = contentType('tag')
  const admins = await rows(`insert into admin_users (firstname, email, password, is_active, blocked, created_at, updated_at)
    values ('A', 'a@x.io', 'h', true, false, now(), now()), ('B', 'b@x.io', 'h', true, false, now(), now()) returning id`)
  const [first, second] = admins.map(row => Number(row.id)) as [number, number]
  const creators = async (id: number): Promise<unknown> => (await rows('select created_by_id, updated_by_id from tags where id = $1', [id]))[0]
  const id = await createEntry(db, registry, tag, { data: { name: 'by admin', createdBy: second } }, { adminId: first })
  t.same(await creators(id), { created_by_id: first, updated_by_id: first })
  await updateEntry(db, registry, tag, id, { data: { name: 'edited', updatedBy: first } }, { adminId: second })
  t.same(await creators(id), { created_by_id: first, updated_by_id: second })
  await updateEntry(db, registry, tag, id, { data: { name: 'by the public API' } })
  t.same(await creators(id), { created_by_id: first, updated_by_id: second }, 'a write without an admin leaves them')
  const anonymous = await createEntry(db, registry, tag, { data: { name: 'anonymous' } })
  t.same(await creators(anonymous), { created_by_id: null, updated_by_id: null })
})
