/**
 * users-permissions' password and email routes (docs/access-control.md, 'Passwords and
 * email'): forgot and reset password through a mail the test's own sender keeps, change
 * password, email confirmation. Refusals are compared with what Strapi 4.26.2 answered to the
 * same requests (test/fixtures/account-flows/strapi-4.26.2.json, ./record-strapi.ts beside it).
 */
import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import t from 'tap'
import type { Test } from 'tap'
import pg from 'pg'
import type { MailMessage } from '../../plugin/options/email.js'
import { buildTestApp } from '../helpers/app.js'
import type { TestApp } from '../helpers/app.js'

const FIXTURE = path.join(path.dirname(fileURLToPath(import.meta.url)), '../fixtures/account-flows/strapi-4.26.2.json')
const strapi = JSON.parse(fs.readFileSync(FIXTURE, 'utf8')) as Record<string, { status: number, body: any, location?: string }>

const SECRET = 'a-test-secret-that-is-long-enough'
const RESET_PAGE = 'https://front.example.com/reset-password'
const SERVER = 'https://api.example.com'

interface MailApp extends TestApp {
  mails: MailMessage[]
  post: (url: string, payload: unknown, jwt?: string) => Promise<{ status: number, body: any }>
  sql: (text: string, values?: unknown[]) => Promise<Array<Record<string, unknown>>>
}

async function mailApp (email: Record<string, unknown> | null): Promise<MailApp> {
  const mails: MailMessage[] = []
  const test = await buildTestApp({
    permissions: {
      jwtSecret: SECRET,
      roles: { authenticated: {} },
      ...(email === null ? {} : { email: { send: async (message: MailMessage) => { mails.push(message) }, resetPasswordUrl: RESET_PAGE, ...email } })
    },
    rateLimit: false
  })
  t.teardown(test.close)
  const client = new pg.Client({ connectionString: test.url })
  await client.connect()
  t.teardown(async () => { await client.end() })
  return {
    ...test,
    mails,
    post: async (url, payload, jwt) => {
      const response = await test.app.inject({ method: 'POST', url, payload: payload as Record<string, unknown>, headers: jwt === undefined ? {} : { authorization: `Bearer ${jwt}` } })
      return { status: response.statusCode, body: response.json() }
    },
    sql: async (text, values = []) => (await client.query(text, values)).rows
  }
}

/** The code a mail's link carries. */
function codeIn (mail: MailMessage, name: string): string {
  const link = /https?:\/\/\S+/.exec(mail.text)?.[0]
  return new URL(link!).searchParams.get(name)!
}

/** Strapi's answer, its times and JWT as the recording replaced them. */
function asRecorded (body: any): any {
  return JSON.parse(JSON.stringify(body), (key, value) =>
    key === 'jwt' && typeof value === 'string' ? '<jwt>' : (key === 'createdAt' || key === 'updatedAt') && typeof value === 'string' ? '<time>' : value)
}

function sameAsStrapi (t: Test, answer: { status: number, body: any }, name: string): void {
  t.same({ status: answer.status, body: asRecorded(answer.body) }, { status: strapi[name]!.status, body: strapi[name]!.body }, name)
}

const app = await mailApp({})
const ada = await app.post('/api/auth/local/register', { username: 'ada', email: 'ada@example.com', password: 'secret-pass' })

t.test('forgot password mails a code; reset with it sets the password, once', async t => {
  app.statements.reset()
  sameAsStrapi(t, await app.post('/api/auth/forgot-password', { email: 'nobody@example.com' }), 'forgot: unknown email')
  t.equal(app.statements.count(), 1, 'one lookup, nothing written')
  t.equal(app.mails.length, 0, 'an unknown email gets no mail, and the answer does not tell')
  t.same(await app.post('/api/auth/forgot-password', { email: 'Ada@Example.com' }), { status: 200, body: { ok: true } })
  t.equal(app.mails.length, 1)
  const mail = app.mails[0]!
  t.match(mail, { to: 'ada@example.com', subject: 'Reset password' })
  t.match(mail.html, `${RESET_PAGE}?code=`)
  const code = codeIn(mail, 'code')
  t.match(code, /^[0-9a-f]{128}$/)
  const [stored] = await app.sql('select reset_password_token from up_users where email = $1', ['ada@example.com'])
  t.not(stored!.reset_password_token, code, 'the database keeps a hash of the code, not the code')

  sameAsStrapi(t, await app.post('/api/auth/reset-password', { code: 'not-the-code', password: 'new-secret', passwordConfirmation: 'new-secret' }), 'reset: wrong code')
  sameAsStrapi(t, await app.post('/api/auth/reset-password', { code, password: 'new-secret', passwordConfirmation: 'new-secreT' }), 'reset: passwords differ')
  sameAsStrapi(t, await app.post('/api/auth/reset-password', {}), 'reset: nothing')
  sameAsStrapi(t, await app.post('/api/auth/reset-password', { code: 123, password: 'new-secret', passwordConfirmation: 'new-secret' }), 'reset: code a number')
  sameAsStrapi(t, await app.post('/api/auth/reset-password', { code, password: 'abc', passwordConfirmation: 'abc' }), 'reset: too short')

  app.statements.reset()
  const reset = await app.post('/api/auth/reset-password', { code, password: 'new-secret', passwordConfirmation: 'new-secret' })
  sameAsStrapi(t, reset, 'reset: right code')
  t.equal(app.statements.count(), 3, 'the code looked up, spent with the new password in one update, the user read')
  const me = await app.app.inject({ method: 'GET', url: '/api/users/me', headers: { authorization: `Bearer ${reset.body.jwt as string}` } })
  t.equal(me.json().username, 'ada', 'the JWT it answers is a session of that user')
  sameAsStrapi(t, await app.post('/api/auth/reset-password', { code, password: 'other-secret', passwordConfirmation: 'other-secret' }), 'reset: code used twice')
  sameAsStrapi(t, await app.post('/api/auth/local', { identifier: 'ada', password: 'new-secret' }), 'login with the new password')
  t.equal((await app.post('/api/auth/local', { identifier: 'ada', password: 'secret-pass' })).status, 400, 'the old password no longer works')
})

t.test('forgot password: Strapi\'s refusals, and no mail for a blocked user', async t => {
  sameAsStrapi(t, await app.post('/api/auth/forgot-password', { email: 'not-an-email' }), 'forgot: not an email')
  sameAsStrapi(t, await app.post('/api/auth/forgot-password', {}), 'forgot: no email')
  sameAsStrapi(t, await app.post('/api/auth/forgot-password', { email: 'ada@example.com', extra: 1 }), 'forgot: unknown key')
  await app.post('/api/auth/local/register', { username: 'mallory', email: 'mallory@example.com', password: 'secret-pass' })
  await app.sql('update up_users set blocked = true where username = $1', ['mallory'])
  const before = app.mails.length
  t.same(await app.post('/api/auth/forgot-password', { email: 'mallory@example.com' }), { status: 200, body: { ok: true } })
  t.equal(app.mails.length, before, 'a blocked user gets no mail')
})

t.test('change password: the current one first, a new one, for the signed-in user only', async t => {
  const login = await app.post('/api/auth/local', { identifier: 'ada', password: 'new-secret' })
  const jwt = login.body.jwt as string
  sameAsStrapi(t, await app.post('/api/auth/change-password', { currentPassword: 'new-secret', password: 'third-secret', passwordConfirmation: 'third-secret' }), 'change: anonymous')
  sameAsStrapi(t, await app.post('/api/auth/change-password', { currentPassword: 'not-it', password: 'third-secret', passwordConfirmation: 'third-secret' }, jwt), 'change: wrong current')
  sameAsStrapi(t, await app.post('/api/auth/change-password', { currentPassword: 'new-secret', password: 'new-secret', passwordConfirmation: 'new-secret' }, jwt), 'change: same password')
  sameAsStrapi(t, await app.post('/api/auth/change-password', { currentPassword: 'new-secret', password: 'third-secret', passwordConfirmation: 'third-secreT' }, jwt), 'change: passwords differ')
  sameAsStrapi(t, await app.post('/api/auth/change-password', {}, jwt), 'change: nothing')
  sameAsStrapi(t, await app.post('/api/auth/change-password', { currentPassword: 'new-secret', password: 'abc', passwordConfirmation: 'abc' }, jwt), 'change: too short')
  sameAsStrapi(t, await app.post('/api/auth/change-password', { currentPassword: 'new-secret', password: 'third-secret', passwordConfirmation: 'third-secret' }, jwt), 'change: right')
  t.equal((await app.post('/api/auth/local', { identifier: 'ada', password: 'third-secret' })).status, 200, 'the new password logs in')
  t.equal((await app.post('/api/auth/local', { identifier: 'ada', password: 'new-secret' })).status, 400, 'the old one does not')
  t.ok(ada.body.jwt, 'register answered a JWT: no confirmation is asked without emailConfirmation')
})

t.test('email confirmation: no JWT and no login until the mailed link is followed', async t => {
  const confirming = await mailApp({ serverUrl: `${SERVER}/`, emailConfirmation: true, emailConfirmationRedirection: 'http://front.example.com/confirmed' })
  const registered = await confirming.post('/api/auth/local/register', { username: 'grace', email: 'grace@example.com', password: 'secret-pass' })
  t.equal(registered.status, 200)
  t.notOk('jwt' in registered.body, 'no JWT until the email is confirmed, as Strapi')
  t.equal(registered.body.user.confirmed, false)
  t.equal(confirming.mails.length, 1)
  const mail = confirming.mails[0]!
  t.match(mail, { to: 'grace@example.com', subject: 'Account confirmation' })
  t.match(mail.text, `${SERVER}/api/auth/email-confirmation?confirmation=`)
  const code = codeIn(mail, 'confirmation')

  sameAsStrapi(t, await confirming.post('/api/auth/local', { identifier: 'grace', password: 'secret-pass' }), 'login before confirmation')
  sameAsStrapi(t, await confirming.post('/api/auth/local', { identifier: 'grace', password: 'not-it' }), 'login before confirmation, wrong password')
  const missing = await confirming.app.inject({ method: 'GET', url: '/api/auth/email-confirmation' })
  sameAsStrapi(t, { status: missing.statusCode, body: missing.json() }, 'confirm: no code')
  const wrong = await confirming.app.inject({ method: 'GET', url: '/api/auth/email-confirmation?confirmation=not-the-code' })
  sameAsStrapi(t, { status: wrong.statusCode, body: wrong.json() }, 'confirm: wrong code')

  const followed = await confirming.app.inject({ method: 'GET', url: `/api/auth/email-confirmation?confirmation=${code}` })
  t.equal(followed.statusCode, strapi['confirm: right code']!.status)
  t.equal(followed.headers.location, strapi['confirm: right code']!.location, 'redirected where emailConfirmationRedirection says')
  const twice = await confirming.app.inject({ method: 'GET', url: `/api/auth/email-confirmation?confirmation=${code}` })
  sameAsStrapi(t, { status: twice.statusCode, body: twice.json() }, 'confirm: code used twice')
  const login = await confirming.post('/api/auth/local', { identifier: 'grace', password: 'secret-pass' })
  // Strapi's grace was its second user; here she is the first.
  sameAsStrapi(t, { ...login, body: { ...login.body, user: { ...login.body.user, id: 2 } } }, 'login after confirmation')

  sameAsStrapi(t, await confirming.post('/api/auth/send-email-confirmation', { email: 'grace@example.com' }), 'send confirmation: already confirmed')
  sameAsStrapi(t, await confirming.post('/api/auth/send-email-confirmation', { email: 'nobody@example.com' }), 'send confirmation: unknown email')
  sameAsStrapi(t, await confirming.post('/api/auth/send-email-confirmation', { email: 'nope' }), 'send confirmation: not an email')

  await confirming.post('/api/auth/local/register', { username: 'alan', email: 'alan@example.com', password: 'secret-pass' })
  const again = await confirming.post('/api/auth/send-email-confirmation', { email: 'alan@example.com' })
  t.same(again, { status: 200, body: { email: 'alan@example.com', sent: true } })
  const [first, second] = confirming.mails.slice(-2).map(sent => codeIn(sent, 'confirmation'))
  const stale = await confirming.app.inject({ method: 'GET', url: `/api/auth/email-confirmation?confirmation=${first!}` })
  t.equal(stale.statusCode, 400, 'the code sent again replaces the first')
  const fresh = await confirming.app.inject({ method: 'GET', url: `/api/auth/email-confirmation?confirmation=${second!}` })
  t.equal(fresh.statusCode, 302)
})

t.test('a sender that fails: a 400 that says so, and nothing written', async t => {
  const failing = await buildTestApp({
    permissions: {
      jwtSecret: SECRET,
      email: { send: async () => { throw new Error('queryMx ENOTFOUND example.com') }, resetPasswordUrl: RESET_PAGE, serverUrl: SERVER, emailConfirmation: true }
    },
    rateLimit: false
  })
  t.teardown(failing.close)
  const register = await failing.app.inject({ method: 'POST', url: '/api/auth/local/register', payload: { username: 'grace', email: 'grace@example.com', password: 'secret-pass' } })
  t.equal(register.statusCode, 400)
  t.same(register.json().error, { status: 400, name: 'ApplicationError', message: 'The email could not be sent', details: {} }, 'the sender\'s own words stay in the log')
  t.notMatch(register.body, /ENOTFOUND/)
  failing.statements.reset()
  const retried = await failing.app.inject({ method: 'POST', url: '/api/auth/local/register', payload: { username: 'grace', email: 'grace@example.com', password: 'secret-pass' } })
  t.equal(retried.json().error.message, 'The email could not be sent', 'not "already taken": the first attempt wrote no user')
  t.notOk(failing.statements.list.some(statement => /^\s*insert/i.test(statement)), 'no insert is tried before the mail went')
})

t.test('without permissions.email: the mail flows answer a 400 that names the option, for every address', async t => {
  const silent = await mailApp(null)
  for (const email of ['nobody@example.com', 'ada@example.com']) {
    const answer = await silent.post('/api/auth/forgot-password', { email })
    t.same(answer, { status: 400, body: { data: null, error: { status: 400, name: 'ApplicationError', message: 'Sending email is not configured (permissions.email)', details: {} } } }, email)
  }
  sameAsStrapi(t, await silent.post('/api/auth/forgot-password', { email: 'not-an-email' }), 'forgot: not an email')
  sameAsStrapi(t, await silent.post('/api/auth/reset-password', { code: 'not-the-code', password: 'new-secret', passwordConfirmation: 'new-secret' }), 'reset: wrong code')
  const registered = await silent.post('/api/auth/local/register', { username: 'ada', email: 'ada@example.com', password: 'secret-pass' })
  t.ok(registered.body.jwt, 'register needs no mail')
  const changed = await silent.post('/api/auth/change-password', { currentPassword: 'secret-pass', password: 'new-secret', passwordConfirmation: 'new-secret' }, registered.body.jwt)
  t.equal(changed.status, 200, 'nor does change password')
})

t.test('forgot password is rate limited per email, as log in is per identifier', async t => {
  const mails: MailMessage[] = []
  const limited = await buildTestApp({
    permissions: { jwtSecret: SECRET, email: { send: (message) => { mails.push(message) }, resetPasswordUrl: RESET_PAGE } },
    rateLimit: { perIp: false, perIdentifier: { max: 2, timeWindow: 60_000 } }
  })
  t.teardown(limited.close)
  const ask = async (email: string): Promise<number> =>
    (await limited.app.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { email } })).statusCode
  t.same([await ask('ada@example.com'), await ask('ADA@example.com'), await ask('ada@example.com')], [200, 200, 429], 'the third request for one address, in any case, is refused')
  t.equal(await ask('grace@example.com'), 200, 'another address is counted apart')
})
