/**
 * `Idempotency-Key` on creates: a retry of a create answers the first entry instead of
 * writing a second one; a key reused for another request is refused; keys are per caller.
 */
import t from 'tap'
import { buildTestApp } from '../helpers/app.js'

const ADMIN = { email: 'ada@example.com', firstname: 'Ada', lastname: 'Lovelace', password: 'Analytical-Engine-1843' }

t.test('Idempotency-Key on POST', async t => {
  const { app, close } = await buildTestApp()
  t.teardown(close)
  const create = async (payload: unknown, key?: string, authorization?: string): Promise<{ status: number, body: { data: { id: number, attributes: Record<string, unknown> } | null, error?: { status: number, name: string, details: unknown } } }> => {
    const headers: Record<string, string> = {}
    if (key !== undefined) headers['idempotency-key'] = key
    if (authorization !== undefined) headers.authorization = authorization
    const response = await app.inject({ method: 'POST', url: '/api/tags', payload: payload as Record<string, unknown>, headers })
    return { status: response.statusCode, body: response.json() }
  }
  const count = async (): Promise<number> => {
    const response = await app.inject({ method: 'GET', url: '/api/tags?pagination[pageSize]=1' })
    return (response.json() as { meta: { pagination: { total: number } } }).meta.pagination.total
  }

  const first = await create({ data: { name: 'once' } }, 'key-1')
  t.equal(first.status, 200)
  const again = await create({ data: { name: 'once' } }, 'key-1')
  t.equal(again.status, 200, 'the retry answers 200, not the unique-name 400 a second write would get')
  t.equal(again.body.data?.id, first.body.data?.id, 'the retry answers the first entry')
  t.same(again.body.data?.attributes.name, 'once')
  t.equal(await count(), 1, 'one entry was written')

  const other = await create({ data: { name: 'something else' } }, 'key-1')
  t.equal(other.status, 400, 'a key reused for another body is refused')
  t.same(other.body.error?.details, { errors: [{ path: ['Idempotency-Key'], message: 'This Idempotency-Key was already used for a different request', name: 'ValidationError' }] })
  t.equal(await count(), 1)

  const racing = await Promise.all(Array.from({ length: 6 }, async () => await create({ data: { name: 'raced' } }, 'key-race')))
  t.same(racing.map(answer => answer.status), [200, 200, 200, 200, 200, 200], 'concurrent retries of one key all answer 200')
  t.equal(new Set(racing.map(answer => answer.body.data?.id)).size, 1, 'and all answer the same entry')
  t.equal(await count(), 2)

  for (const bad of ['', 'x'.repeat(256), 'with space', 'ünïcode']) {
    const response = await app.inject({ method: 'POST', url: '/api/tags', payload: { data: { name: `bad ${bad.length}` } }, headers: { 'idempotency-key': bad } })
    t.equal(response.statusCode, 400, `a malformed key (${JSON.stringify(bad.slice(0, 12))}) is a 400`)
  }
  t.equal(await count(), 2, 'malformed keys write nothing')

  const plainA = await create({ data: { name: 'plain a' } })
  const plainB = await create({ data: { name: 'plain b' } })
  t.not(plainA.body.data?.id, plainB.body.data?.id, 'without a key every POST creates')

  await app.contentApi.admin.createUser(ADMIN)
  const login = await app.inject({ method: 'POST', url: '/admin/login', payload: { email: ADMIN.email, password: ADMIN.password } })
  const token = (login.json() as { data: { token: string } }).data.token
  const asAdmin = await create({ data: { name: 'admin once' } }, 'key-1', `Bearer ${token}`)
  t.equal(asAdmin.status, 200, "another caller's use of the same key is its own")
  t.not(asAdmin.body.data?.id, first.body.data?.id)
})
