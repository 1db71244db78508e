/**
 * The routes that take a password: log in, register and admin log in are rate
 * limited per client address and per account, answering 429 `RateLimitError` in the
 * envelope with Retry-After; a login of an unknown account runs the same argon2
 * verification as a wrong password; and no input, however odd, makes them answer 5xx.
 */
import { subscribe, unsubscribe } from 'node:diagnostics_channel'
import t from 'tap'
import type { Test } from 'tap'
import type { FastifyInstance, LightMyRequestResponse } from 'fastify'
import type { ContentApiOptions } from '../../plugin/index.js'
import { PASSWORD_VERIFY_CHANNEL } from '../../plugin/passwords.js'
import { buildTestApp } from '../helpers/app.js'
import { seededRandom } from '../helpers/prng.js'

type Json = any

const permissions = { jwtSecret: 'a-test-secret-that-is-long-enough' }

async function appWith (options: Partial<ContentApiOptions>): Promise<FastifyInstance> {
  const built = await buildTestApp({ permissions, ...options })
  t.teardown(built.close)
  await built.app.contentApi.users!.createUser({ username: 'reader', email: 'reader@example.com', password: 'secret-pass' })
  await built.app.contentApi.admin.createUser({ email: 'admin@example.com', firstname: 'Ada', password: 'admin-password' })
  return built.app
}

async function login (app: FastifyInstance, identifier: unknown, password: unknown, from = '127.0.0.1'): Promise<LightMyRequestResponse> {
  return await app.inject({ method: 'POST', url: '/api/auth/local', remoteAddress: from, payload: { identifier, password } })
}

function assertLimited (t: Test, response: LightMyRequestResponse, label: string): void {
  t.equal(response.statusCode, 429, `${label}: 429`)
  t.same(response.json(), {
    data: null,
    error: { status: 429, name: 'RateLimitError', message: 'Too many requests, please try again later.', details: {} }
  }, `${label}: Strapi's RateLimitError in the envelope`)
  const retryAfter = Number(response.headers['retry-after'])
  t.ok(Number.isInteger(retryAfter) && retryAfter >= 1 && retryAfter <= 60, `${label}: Retry-After in seconds (${String(response.headers['retry-after'])})`)
}

t.test('per identifier: the same account from many addresses', async t => {
  const app = await appWith({ rateLimit: { perIp: { max: 1000, timeWindow: 60_000 }, perIdentifier: { max: 3, timeWindow: 60_000 } } })
  for (let attempt = 1; attempt <= 3; attempt++) {
    t.equal((await login(app, 'reader', 'wrong-password', `10.1.0.${attempt}`)).statusCode, 400, `attempt ${attempt} is checked`)
  }
  assertLimited(t, await login(app, 'reader', 'wrong-password', '10.1.0.4'), 'a fourth address')
  // Counted before the password is checked: the right one waits too, in any case.
  assertLimited(t, await login(app, 'READER', 'secret-pass', '10.1.0.5'), 'the right password, in capitals')
  // Other accounts, from the same addresses, are not affected.
  t.equal((await login(app, 'someone-else', 'wrong-password', '10.1.0.4')).statusCode, 400)
  const admin = async (): Promise<LightMyRequestResponse> =>
    await app.inject({ method: 'POST', url: '/admin/login', remoteAddress: '10.1.0.9', payload: { email: 'admin@example.com', password: 'nope' } })
  for (let attempt = 1; attempt <= 3; attempt++) t.equal((await admin()).statusCode, 400)
  assertLimited(t, await admin(), 'admin login')
})

t.test('per address: many accounts from one address, login and register', async t => {
  const app = await appWith({ rateLimit: { perIp: { max: 3, timeWindow: 60_000 }, perIdentifier: { max: 1000, timeWindow: 60_000 } } })
  for (let attempt = 1; attempt <= 3; attempt++) {
    t.equal((await login(app, `user-${attempt}`, 'wrong-password', '10.2.0.1')).statusCode, 400)
  }
  assertLimited(t, await login(app, 'user-4', 'wrong-password', '10.2.0.1'), 'a fourth account')
  // Another address logs in.
  const other = await login(app, 'reader', 'secret-pass', '10.2.0.2')
  t.equal(other.statusCode, 200)
  t.type(other.json().jwt, 'string')
  const register = async (index: number): Promise<LightMyRequestResponse> => await app.inject({
    method: 'POST',
    url: '/api/auth/local/register',
    remoteAddress: '10.2.0.3',
    payload: { username: `new-user-${index}`, email: `new-${index}@example.com`, password: 'secret-pass' }
  })
  for (let index = 1; index <= 3; index++) t.equal((await register(index)).statusCode, 200, `registration ${index}`)
  assertLimited(t, await register(4), 'a fourth registration')
  const [row] = await app.contentApi.db.query("select count(*)::int as n from up_users where username like 'new-user-%'", [])
  t.equal(row!.n, 3, 'the refused registration created nothing')
})

t.test('the defaults stop the 1,000 logins of the issue early; rateLimit: false turns them off', async t => {
  const limited = await appWith({})
  const statuses: number[] = []
  for (let attempt = 1; attempt <= 25; attempt++) statuses.push((await login(limited, `guess-${attempt}`, 'wrong-password', '10.3.0.1')).statusCode)
  t.same(statuses.slice(0, 20), Array(20).fill(400), '20 attempts a minute from one address')
  t.same(statuses.slice(20), Array(5).fill(429))
  const identifierStatuses: number[] = []
  for (let attempt = 1; attempt <= 11; attempt++) identifierStatuses.push((await login(limited, 'reader', 'wrong-password', `10.4.0.${attempt}`)).statusCode)
  t.same(identifierStatuses, [...Array(10).fill(400), 429], '10 attempts at one account in 10 minutes')

  const open = await appWith({ rateLimit: false })
  for (let attempt = 1; attempt <= 25; attempt++) {
    const response = await login(open, 'reader', 'wrong-password', '10.5.0.1')
    if (response.statusCode !== 400) t.fail(`attempt ${attempt} answered ${response.statusCode}`)
  }
  t.equal((await login(open, 'reader', 'secret-pass', '10.5.0.1')).statusCode, 200)
})

t.test('bad rateLimit options fail at startup, naming the option', async t => {
  await t.rejects(buildTestApp({ permissions, rateLimit: { perIp: { max: 0 } } }), /rateLimit\.perIp\.max must be a positive integer/)
  await t.rejects(buildTestApp({ permissions, rateLimit: { perAccount: {} } as never }), /rateLimit\.perAccount is not an option/)
})

t.test('a login runs one argon2 verification, whether the account exists or not', async t => {
  const app = await appWith({ rateLimit: false })
  const seen: Json[] = []
  const listener = (message: unknown): void => { seen.push(message) }
  subscribe(PASSWORD_VERIFY_CHANNEL, listener)
  t.teardown(() => { unsubscribe(PASSWORD_VERIFY_CHANNEL, listener) })

  const cases: Array<[string, () => Promise<LightMyRequestResponse>, number, string]> = [
    ['unknown user', async () => await login(app, 'nobody@example.com', 'whatever'), 400, 'dummy'],
    ['known user, wrong password', async () => await login(app, 'reader', 'wrong-password'), 400, 'stored'],
    ['known user, right password', async () => await login(app, 'reader', 'secret-pass'), 200, 'stored'],
    ['unknown admin', async () => await app.inject({ method: 'POST', url: '/admin/login', payload: { email: 'nobody@example.com', password: 'whatever' } }), 400, 'dummy'],
    ['known admin, wrong password', async () => await app.inject({ method: 'POST', url: '/admin/login', payload: { email: 'admin@example.com', password: 'wrong' } }), 400, 'stored']
  ]
  const bodies: Json[] = []
  for (const [label, send, status, against] of cases) {
    seen.length = 0
    const response = await send()
    t.equal(response.statusCode, status, label)
    t.same(seen, [{ against }], `${label}: one verification, against the ${against} hash`)
    if (status === 400) bodies.push(response.json())
  }
  // And nothing in the answer tells an unknown account from a wrong password.
  t.same(bodies[0], bodies[1])
  t.same(bodies[2], bodies[3])
})

t.test('fuzzed bodies never answer 5xx', async t => {
  const app = await appWith({ rateLimit: { perIp: { max: 100_000, timeWindow: 60_000 }, perIdentifier: { max: 100_000, timeWindow: 60_000 } } })
  const random = seededRandom(11)
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!
  const huge = 'x'.repeat(200_000)
  const odd: unknown[] = [
    '', ' ', 'reader', 'reader@example.com', 'a\u0000b', '\u0000', '\ud800', 'a\udc00b', '😀'.repeat(300), huge, `${huge}@example.com`,
    'x'.repeat(256), '%00', "' or 1=1 --", '$1', '\\', 0, -1, 1e308, true, false, null, [], ['reader'], [null], {}, { $eq: 'reader' },
    { toString: 'x' }, { nested: { deeper: ['a\u0000'] } }, Array(1000).fill('a')
  ]
  const keys: Record<string, string[]> = {
    '/api/auth/local': ['identifier', 'password'],
    '/api/auth/local/register': ['username', 'email', 'password'],
    '/admin/login': ['email', 'password']
  }
  let sent = 0
  const check = (url: string, payload: unknown, response: LightMyRequestResponse): void => {
    sent++
    if (response.statusCode >= 500) t.fail(`${url} ${JSON.stringify(payload)?.slice(0, 200)} answered ${response.statusCode}: ${response.body.slice(0, 200)}`)
    else if (response.statusCode >= 400 && response.json().error?.status !== response.statusCode) t.fail(`${url}: not in the envelope: ${response.body.slice(0, 200)}`)
  }
  for (const [url, names] of Object.entries(keys)) {
    for (let round = 0; round < 60; round++) {
      const payload: Record<string, unknown> = {}
      for (const name of names) if (random() < 0.9) payload[name] = pick(odd)
      if (random() < 0.2) payload[pick(['role', 'data', 'id', 'provider', 'confirmed'])] = pick(odd)
      check(url, payload, await app.inject({ method: 'POST', url, payload }))
    }
    const raw: Array<[string, string]> = [
      ['application/json', ''], ['application/json', 'null'], ['application/json', '[]'], ['application/json', '"text"'], ['application/json', '42'],
      ['application/json', '{"identifier":'], ['application/json', '{"__proto__":{"admin":true}}'], ['application/json', '{"constructor":{"prototype":{}}}'],
      ['application/json', '['.repeat(5000) + ']'.repeat(5000)], ['application/json', '{"a":'.repeat(3000) + '1' + '}'.repeat(3000)],
      ['text/plain', 'identifier=reader'], ['application/x-www-form-urlencoded', 'identifier=reader&password=x'], ['application/octet-stream', '\u0000\u0001']
    ]
    for (const [type, body] of raw) check(url, body, await app.inject({ method: 'POST', url, headers: { 'content-type': type }, payload: body }))
  }
  t.ok(sent >= 200, `${sent} odd requests sent`)
  t.equal((await login(app, 'reader', 'secret-pass')).statusCode, 200, 'and the right login still works')
})
