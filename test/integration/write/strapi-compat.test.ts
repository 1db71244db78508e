/**
 * Write bodies as Strapi v4 clients send them (docs/writing.md, 'The body'), on the
 * model of test/fixtures/strapi-compat, with the default options and with `strict: true`
 * side by side. Error answers are compared with those a real Strapi 4.26.2 gave for the same
 * model and bodies (strapi-4.26.2-errors.json); the other Strapi behaviours followed here
 * were observed on it too and are named where they are tested.
 */
import { readFileSync } from 'node:fs'
import t from 'tap'
import type { LightMyRequestResponse } from 'fastify'
import { buildTestApp, type TestApp } from '../../helpers/app.js'
import { upload } from '../upload/upload-helpers.js'

type Json = any

const MODEL = new URL('../../fixtures/strapi-compat', import.meta.url).pathname
const RECORDED = JSON.parse(readFileSync(new URL('../../fixtures/strapi-compat/strapi-4.26.2-errors.json', import.meta.url), 'utf8')) as
  Record<string, { request: { method: 'POST' | 'PUT', url: string, body: unknown }, status: number, error: Json }>

interface Api extends TestApp {
  call: (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) => Promise<{ status: number, body: Json }>
}

async function build (strict: boolean): Promise<Api> {
  const built = await buildTestApp({ schemas: MODEL, i18n: { locales: ['en', 'fr'] }, upload: { dir: t.testdir() }, strict })
  t.teardown(built.close)
  const call: Api['call'] = async (method, url, payload) => {
    const response = await built.app.inject({ method, url, ...(payload === undefined ? {} : { payload: payload as object }) })
    return { status: response.statusCode, body: response.json() }
  }
  return { ...built, call }
}

const lenient = await build(false)
const strict = await build(true)
const modes: Array<[string, Api]> = [['default', lenient], ['strict', strict]]

const VALID = { title: 'A note', compo: { description: 'd' }, items: [] }

async function created (api: Api, data: Record<string, unknown>, query = ''): Promise<Json> {
  const answer = await api.call('POST', `/api/notes${query}`, { data })
  if (answer.status !== 200) throw new Error(`create failed: ${JSON.stringify(answer.body)}`)
  return answer.body.data
}

async function labels (api: Api, count: number): Promise<number[]> {
  const ids: number[] = []
  for (let i = 1; i <= count; i++) ids.push((await api.call('POST', '/api/labels', { data: { name: `label ${i}` } })).body.data.id as number)
  return ids
}

t.test('validation errors have the shape Strapi 4.26.2 answers', async t => {
  for (const [mode, api] of modes) {
    const note = (await created(api, VALID)).id as number
    for (const [name, recorded] of Object.entries(RECORDED)) {
      if (name.startsWith('_')) continue
      const url = recorded.request.url.replace('/api/notes/1', `/api/notes/${note}`)
      const answer = await api.call(recorded.request.method, url, recorded.request.body)
      t.equal(answer.status, recorded.status, `${mode}: ${name}: status`)
      t.equal(answer.body.data, null)
      t.equal(answer.body.error.name, recorded.error.name)
      // Strapi adds path-less items that name its internals ("Cannot build relations store
      // from dynamiczone…", "Invalid relations"); every located problem is ours too, in order.
      const expected = ((recorded.error.details.errors ?? []) as Json[]).filter(issue => issue.path.length > 0)
      const listed = (answer.body.error.details.errors ?? []) as Json[]
      if (name === 'zone item: an unknown __component') {
        // The allowed components are listed in the schema's order (Strapi's order differs).
        t.same(listed.map(issue => issue.path), expected.map(issue => issue.path), `${mode}: ${name}: paths`)
        t.match(listed[0].message, /^dz\[0\]\.__component must be one of the following values: (compat\.detail, compat\.link|compat\.link, compat\.detail)$/)
        continue
      }
      t.strictSame(listed, expected, `${mode}: ${name}: one item per problem, paths from the attribute, string indices, Strapi's messages`)
      const message = listed.length === 1 ? listed[0].message : listed.length === 0 ? recorded.error.message : `${listed.length} errors occurred`
      t.equal(answer.body.error.message, message, `${mode}: ${name}: the top-level message`)
      if (listed.length === expected.length && expected.length === ((recorded.error.details.errors ?? []) as Json[]).length) {
        t.equal(answer.body.error.message, recorded.error.message, `${mode}: ${name}: the very message Strapi gives`)
      }
    }
  }
})

t.test('unknown, writable: false and server-set attributes: dropped by default, 400 under strict', async t => {
  const body = {
    ...VALID,
    nope: 1,
    code: 'X',
    publishedAt: '2020-01-01T00:00:00.000Z',
    id: 99,
    createdAt: '2020-01-01T00:00:00.000Z',
    updatedAt: '2020-01-01T00:00:00.000Z',
    createdBy: 1,
    updatedBy: 1,
    compo: { description: 'd', bogus: 2 }
  }
  // Strapi 4.26.2 answered 200 for this body, with code null and its own timestamps.
  const note = await lenient.call('POST', '/api/notes', { data: body })
  t.equal(note.status, 200)
  t.equal(note.body.data.attributes.code, null, 'writable: false is not written')
  t.not(note.body.data.id, 99)
  t.not(note.body.data.attributes.createdAt, '2020-01-01T00:00:00.000Z')
  t.notOk('nope' in note.body.data.attributes)

  const refused = await strict.call('POST', '/api/notes', { data: body })
  t.equal(refused.status, 400)
  t.same(refused.body.error.details.errors.map((issue: Json) => [issue.path, issue.message]), [
    [['compo', 'bogus'], 'Invalid key bogus'],
    [['nope'], 'Invalid key nope'],
    [['code'], 'Invalid key code'],
    [['publishedAt'], 'Invalid key publishedAt']
  ], 'in the order sent; the server-set keys are ignored in strict mode too')
  t.equal(refused.body.error.message, '4 errors occurred')
})

t.test("an update may send back the entry's own locale, not another", async t => {
  for (const [mode, api] of modes) {
    const note = (await created(api, VALID)).id as number
    const own = await api.call('PUT', `/api/notes/${note}`, { data: { title: 'Same locale', locale: 'en' } })
    t.equal(own.status, 200, `${mode}: the own locale`)
    t.equal(own.body.data.attributes.title, 'Same locale')
    // Δ Strapi 4.26.2 ignores another locale silently; here it stays a 400 naming the way to do it.
    const other = await api.call('PUT', `/api/notes/${note}`, { data: { title: 'Moved', locale: 'fr' } })
    t.equal(other.status, 400, `${mode}: another locale`)
    t.same(other.body.error.details.errors[0].path, ['locale'])
    t.equal((await api.call('GET', `/api/notes/${note}`)).body.data.attributes.title, 'Same locale', 'nothing of it was written')
  }
  // Only an update that sends a locale reads it: one statement more, no more.
  const note = (await created(lenient, VALID)).id as number
  lenient.statements.reset()
  await lenient.call('PUT', `/api/notes/${note}?fields[0]=title`, { data: { title: 'a' } })
  const without = lenient.statements.count()
  lenient.statements.reset()
  await lenient.call('PUT', `/api/notes/${note}?fields[0]=title`, { data: { title: 'b', locale: 'en' } })
  t.equal(lenient.statements.count(), without + 1)
})

t.test('repeatable components and zones: [] is valid even when required, null is a 400', async t => {
  for (const [mode, api] of modes) {
    const note = await created(api, { ...VALID, items: [], extras: [], dz: [] })
    t.ok(note.id > 0, `${mode}: a required repeatable component may be []`)
    const filled = await api.call('PUT', `/api/notes/${note.id as number}?populate=*`, { data: { items: [{ description: 'i' }], dz: [{ __component: 'compat.link', url: 'u' }] } })
    t.equal(filled.body.data.attributes.items.length, 1)
    const emptied = await api.call('PUT', `/api/notes/${note.id as number}?populate=*`, { data: { items: [], dz: [] } })
    t.equal(emptied.status, 200, `${mode}: [] empties a required list`)
    t.same([emptied.body.data.attributes.items, emptied.body.data.attributes.dz], [[], []])
    const nulled = await api.call('PUT', `/api/notes/${note.id as number}`, { data: { extras: null } })
    t.equal(nulled.status, 400, `${mode}: null for an optional repeatable component`)
  }
})

t.test('relations: connect moves a linked id, options.strict', async t => {
  for (const [mode, api] of modes) {
    const [a, b, c, d] = await labels(api, 4) as [number, number, number, number]
    const note = (await created(api, { ...VALID, labels: [a, b, c] })).id as number
    const edit = async (value: unknown): Promise<{ status: number, ids: number[] }> => {
      const answer = await api.call('PUT', `/api/notes/${note}?populate[labels][fields][0]=name&fields[0]=title`, { data: { labels: value } })
      const read = await api.call('GET', `/api/notes/${note}?populate[labels][fields][0]=name&fields[0]=title`)
      return { status: answer.status, ids: read.body.data.attributes.labels.data.map((entry: Json) => entry.id) }
    }
    // Each step as Strapi 4.26.2 answered it on the same model.
    t.same(await edit({ connect: [c, b, a] }), { status: 200, ids: [c, b, a] }, `${mode}: connect [3, 2, 1] on [1, 2, 3] gives [3, 2, 1]`)
    t.same(await edit({ connect: [b] }), { status: 200, ids: [c, a, b] }, 'a linked id without a position moves to the end')
    t.same(await edit({ connect: [{ id: b, position: { start: true } }] }), { status: 200, ids: [b, c, a] }, 'or to its position')
    const refused = await edit({ connect: [{ id: d, position: { before: 99999 } }] })
    t.same(refused, { status: 400, ids: [b, c, a] }, 'an anchor that is not linked is a 400 by default (options.strict true)')
    t.same(await edit({ connect: [{ id: d, position: { before: 99999 } }], options: { strict: false } }), { status: 200, ids: [b, c, a, d] },
      'options.strict false appends instead')
    t.same(await edit({ options: { strict: true } }), { status: 200, ids: [b, c, a, d] }, 'options alone change nothing')
    t.same(await edit({ set: [a, b], options: { strict: false } }), { status: 200, ids: [a, b] }, 'options beside set')
    const badOption = await api.call('PUT', `/api/notes/${note}`, { data: { labels: { connect: [c], options: { strict: 'no' } } } })
    t.equal(badOption.status, 400)
    t.same(badOption.body.error.details.errors[0].path, ['labels', 'options'])
  }
})

t.test('media: the same file twice in a multiple media field is linked once, where it first appears', async t => {
  for (const [mode, api] of modes) {
    const files: number[] = []
    for (const name of ['a.txt', 'b.txt']) {
      const answer = await upload(api.app, [{ filename: name, bytes: `hello ${name}`, type: 'text/plain' }])
      files.push((answer.json() as Json[])[0].id as number)
    }
    const [f1, f2] = files as [number, number]
    const note = await created(api, { ...VALID, images: [f1, f1] }, '?populate[images][fields][0]=name')
    t.same(note.attributes.images.data.map((file: Json) => file.id), [f1], `${mode}: [1, 1] links 1 (Strapi 4.26.2)`)
    const updated = await api.call('PUT', `/api/notes/${note.id as number}?populate[images][fields][0]=name`, { data: { images: [f2, f1, f2] } })
    t.equal(updated.status, 200)
    t.same(updated.body.data.attributes.images.data.map((file: Json) => file.id), [f2, f1], '[2, 1, 2] links [2, 1] (Strapi 4.26.2)')
    const connected = await api.call('PUT', `/api/notes/${note.id as number}?populate[images][fields][0]=name`, { data: { images: { connect: [f1, f1] } } })
    t.same(connected.body.data.attributes.images.data.map((file: Json) => file.id), [f2, f1], 'in connect too')
  }
})

t.test('DELETE and GET with Content-Type: application/json and an empty body', async t => {
  const note = (await created(lenient, VALID)).id as number
  const headers = { 'content-type': 'application/json' }
  const read = await lenient.app.inject({ method: 'GET', url: `/api/notes/${note}?fields[0]=title`, headers })
  t.equal(read.statusCode, 200, read.body)
  t.equal(read.json().data.attributes.title, 'A note')
  const deleted = await lenient.app.inject({ method: 'DELETE', url: `/api/notes/${note}`, headers })
  t.equal(deleted.statusCode, 200, deleted.body)
  t.equal(deleted.json().data.id, note)
  const post = await lenient.app.inject({ method: 'POST', url: '/api/notes', headers })
  t.equal(post.statusCode, 400)
  t.match(post.json(), { data: null, error: { status: 400, name: 'ValidationError', message: 'Missing "data" payload in the request body' } })
  const malformed = await lenient.app.inject({ method: 'POST', url: '/api/notes', headers, payload: '{"data":' })
  t.equal(malformed.statusCode, 400, 'malformed JSON is still a 400')
  t.equal(malformed.json().error.name, 'ValidationError')
  const poisoned = await lenient.app.inject({ method: 'POST', url: '/api/notes', headers, payload: '{"data":{"title":"x"},"__proto__":{"polluted":true}}' })
  t.equal(poisoned.statusCode, 400, "Fastify's prototype-poisoning check still applies")
})

/**
 * An admin-panel data provider for Strapi v4 (refine's) reads an entry with `populate=*`,
 * flattens every `{ data: { id, attributes } }` into `{ id, ...attributes }` for its form,
 * and on save PUTs `{ data: <the whole form> }`: id, timestamps, locale, localizations,
 * relations as objects, components with their ids. Form errors are placed by
 * `details.errors[].path[0]`.
 */
function flattenAsProvider (value: unknown): unknown {
  if (Array.isArray(value)) return value.map(flattenAsProvider)
  if (value === null || typeof value !== 'object') return value
  const record = value as Json
  if ('data' in record) {
    if (record.data === null) return null
    if (Array.isArray(record.data)) return record.data.map(flattenAsProvider)
    return flattenAsProvider(record.data)
  }
  const flat = 'attributes' in record ? { id: record.id, ...record.attributes } : record
  return Object.fromEntries(Object.entries(flat).map(([key, item]) => [key, flattenAsProvider(item)]))
}

function errorsByField (body: Json): Record<string, string[]> {
  const fields: Record<string, string[]> = {}
  for (const issue of body.error.details.errors as Json[]) (fields[issue.path[0]] ??= []).push(issue.message)
  return fields
}

t.test('an admin-panel data provider edits an entry by sending the whole record back', async t => {
  const api = lenient
  const [a, b] = await labels(api, 2) as [number, number]
  const file = (await upload(api.app, [{ filename: 'c.txt', bytes: 'cover', type: 'text/plain' }])).json()[0].id as number
  const note = await created(api, {
    title: 'Before', rank: 2, compo: { description: 'c' }, items: [{ description: 'i1' }, { description: 'i2', size: 3 }],
    dz: [{ __component: 'compat.link', url: 'https://x' }], labels: [b, a], owner: a, cover: file
  })
  const before = (await api.call('GET', `/api/notes/${note.id as number}?populate=*`)).body.data
  const form = flattenAsProvider(before) as Json
  t.match(form, { id: note.id, locale: 'en', createdAt: String, owner: { id: a }, labels: [{ id: b }, { id: a }], localizations: [] })

  const saved = await api.call('PUT', `/api/notes/${note.id as number}?populate=*`, { data: { ...form, title: 'After' } })
  t.equal(saved.status, 200, JSON.stringify(saved.body.error))
  const after = saved.body.data.attributes
  t.equal(after.title, 'After')
  t.same({ ...after, title: 'Before', updatedAt: null }, { ...before.attributes, updatedAt: null }, 'nothing else changed: same components by id, same links in order')

  // The same record as read, relation wrappers included (Strapi 4.26.2 answers 200 and leaves them as they are).
  const raw = await api.call('PUT', `/api/notes/${note.id as number}?populate=*`, { data: { ...before.attributes, title: 'Raw' } })
  t.equal(raw.status, 200)
  t.same(raw.body.data.attributes.labels, before.attributes.labels, 'a { data } wrapper changes no link')
  t.same(raw.body.data.attributes.cover, before.attributes.cover)

  const invalid = await api.call('PUT', `/api/notes/${note.id as number}`, { data: { ...form, title: null, items: [{ description: null }] } })
  t.equal(invalid.status, 400)
  t.same(errorsByField(invalid.body), {
    title: ['title must be a `string` type, but the final value was: `null`.'],
    items: ['items[0].description must be a `string` type, but the final value was: `null`.']
  }, 'the provider places each error on its form field')

  const mine = (await created(strict, VALID)).id as number
  const refused = await strict.call('PUT', `/api/notes/${mine}`, { data: { ...form, id: mine, title: 'After' } })
  t.equal(refused.status, 400, 'strict: the read-only and system attributes of the record are refused')
  t.match(Object.keys(errorsByField(refused.body)), ['code', 'localizations'])
})

t.test('a v4 JS SDK creates and reads the path of a validation failure', async t => {
  // What such an SDK does: POST { data }, and on a 400 hand `error` to the caller, who reads
  // `details.errors[].path` to find the field.
  for (const [mode, api] of modes) {
    const response: LightMyRequestResponse = await api.app.inject({
      method: 'POST', url: '/api/notes', headers: { 'content-type': 'application/json' }, payload: JSON.stringify({ data: { title: 'SDK', compo: { size: 30 }, items: [] } })
    })
    t.equal(response.statusCode, 400)
    const { error } = response.json()
    t.same(error.details.errors.map((issue: Json) => issue.path.join('.')), ['compo.size', 'compo.description'], `${mode}: paths name the field`)
    t.same(error.details.errors.map((issue: Json) => issue.message), ['compo.size must be less than or equal to 10', 'compo.description must be defined.'])
    const ok = await api.call('POST', '/api/notes', { data: { title: 'SDK', compo: { size: 3, description: 'd' }, items: [] } })
    t.equal(ok.status, 200)
    t.match(ok.body, { data: { id: Number, attributes: { title: 'SDK', locale: 'en' }, meta: {} }, meta: {} })
  }
})
