/**
 * `permissions.email`, checked at register time: each mistake stops start-up with a message
 * that names the setting and says what it must be.
 */
import t from 'tap'
import { resolveOptions } from '../../../plugin/options.js'
import type { ContentApiOptions } from '../../../plugin/index.js'

const SECRET = 'a-secret-long-enough-for-jwt'
const send = async (): Promise<void> => {}
const valid = { send, resetPasswordUrl: 'https://front.example.com/reset-password' }

function email (given: unknown): ReturnType<typeof resolveOptions>['permissions'] {
  return resolveOptions({ contentTypes: {}, permissions: { jwtSecret: SECRET, email: given as never } } as ContentApiOptions, {}).permissions
}

t.test('omitted: no mail; given: its defaults filled', async t => {
  t.equal(email(undefined)?.email, null)
  t.same(email(valid)?.email, {
    send,
    resetPasswordUrl: 'https://front.example.com/reset-password',
    serverUrl: null,
    emailConfirmation: false,
    emailConfirmationRedirection: '/',
    templates: { resetPassword: null, emailConfirmation: null }
  })
  t.equal(email({ ...valid, serverUrl: 'https://api.example.com//', emailConfirmation: true })?.email?.serverUrl, 'https://api.example.com', 'a trailing slash is dropped')
})

t.test('each mistake names its setting', async t => {
  const cases: Array<[unknown, RegExp]> = [
    ['smtp://mail', /permissions\.email must be an object/],
    [{ resetPasswordUrl: valid.resetPasswordUrl }, /permissions\.email\.send must be a function/],
    [{ ...valid, send: 'nodemailer' }, /permissions\.email\.send must be a function .*got "nodemailer"/],
    [{ send }, /permissions\.email\.resetPasswordUrl must be an absolute http\(s\) URL/],
    [{ ...valid, resetPasswordUrl: '/reset' }, /resetPasswordUrl must be an absolute http\(s\) URL.*got "\/reset"/],
    [{ ...valid, serverUrl: 'api.example.com' }, /permissions\.email\.serverUrl must be an absolute http\(s\) URL/],
    [{ ...valid, emailConfirmation: 'yes' }, /permissions\.email\.emailConfirmation must be a boolean/],
    [{ ...valid, emailConfirmationRedirection: 'javascript:alert(1)' }, /emailConfirmationRedirection must be a path \(\/\.\.\.\) or an absolute http\(s\) URL/],
    [{ ...valid, templates: { resetPassword: 'Hello' } }, /permissions\.email\.templates must be an object/],
    [{ ...valid, from: 'me@example.com' }, /permissions\.email\.from is not an option \(known: send, resetPasswordUrl/],
    [{ ...valid, emailConfirmation: true }, /permissions\.email\.serverUrl is needed with emailConfirmation/]
  ]
  for (const [given, message] of cases) {
    t.throws(() => email(given), { name: 'OptionsError', code: 'FCA_ERR_OPTIONS', message }, String(message))
  }
})
