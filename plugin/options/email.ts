/**
 * The `permissions.email` option (docs/access-control.md, 'Passwords and email'): how the
 * users-permissions flows that need mail send it, and the settings Strapi v4 keeps in its
 * users-permissions "Advanced settings" (`email_reset_password`, `email_confirmation`,
 * `email_confirmation_redirection`). Its shape is checked with typebox at register time.
 */
import { Type } from '@sinclair/typebox'
import type { Static } from '@sinclair/typebox'
import { Value } from '@sinclair/typebox/value'
import { isRecord } from '../is-record.js'

/** What the plugin hands the host's sender; `from` and the transport are the host's. */
export interface MailMessage {
  to: string
  subject: string
  text: string
  html: string
}

/** What a template is given: the user (never a private field), the link to put in the mail and the code in it. */
export interface MailTemplateInput {
  user: { id?: number, username: string, email: string }
  url: string
  code: string
}

export type MailTemplate = (input: MailTemplateInput) => Omit<MailMessage, 'to'> | Promise<Omit<MailMessage, 'to'>>

export interface EmailOptions {
  /** Sends one message (nodemailer, an HTTP API...); a rejection is answered as a 400 that says no mail was sent. */
  send: (message: MailMessage) => Promise<void> | void
  /** The front end's reset page: the mail links to `<resetPasswordUrl>?code=<code>` (Strapi's "Reset password page"). */
  resetPasswordUrl: string
  /** This API's public origin, for the confirmation link `<serverUrl><prefix>/auth/email-confirmation?confirmation=<code>` (Strapi's `server.url`). */
  serverUrl?: string
  /** New users must confirm their email before they may log in (Strapi's "Enable email confirmation"). Default false. */
  emailConfirmation?: boolean
  /** Where a followed confirmation link redirects (Strapi's "Redirection url"). Default `/`. */
  emailConfirmationRedirection?: string
  /** The subject and bodies of each mail; omitted, Strapi's default templates. */
  templates?: { resetPassword?: MailTemplate, emailConfirmation?: MailTemplate }
}

export interface ResolvedEmail {
  send: EmailOptions['send']
  resetPasswordUrl: string
  /** null: only without emailConfirmation (nothing sends a confirmation link then). */
  serverUrl: string | null
  emailConfirmation: boolean
  emailConfirmationRedirection: string
  templates: { resetPassword: MailTemplate | null, emailConfirmation: MailTemplate | null }
}

const absoluteUrl = Type.String({ pattern: '^https?://[^\\s]+$' })

const EMAIL_SCHEMA = Type.Object({
  send: Type.Function([Type.Any()], Type.Any()),
  resetPasswordUrl: absoluteUrl,
  serverUrl: Type.Optional(absoluteUrl),
  emailConfirmation: Type.Optional(Type.Boolean()),
  // A path of this site or an absolute URL: a redirect to anything else would be an open door.
  emailConfirmationRedirection: Type.Optional(Type.String({ pattern: '^(/|https?://)[^\\s]*$' })),
  templates: Type.Optional(Type.Object({
    resetPassword: Type.Optional(Type.Function([Type.Any()], Type.Any())),
    emailConfirmation: Type.Optional(Type.Function([Type.Any()], Type.Any()))
  }, { additionalProperties: false }))
}, { additionalProperties: false })

type CheckedEmail = Static<typeof EMAIL_SCHEMA>

type Resolution = { ok: true, value: ResolvedEmail | null } | { ok: false, problem: string }

/** The words of what each setting must be, for the first problem typebox finds. */
const EXPECTED: Record<string, string> = {
  send: 'a function ({ to, subject, text, html }) => Promise<void>',
  resetPasswordUrl: 'an absolute http(s) URL (the front end\'s reset page)',
  serverUrl: 'an absolute http(s) URL (this API\'s public origin)',
  emailConfirmation: 'a boolean',
  emailConfirmationRedirection: 'a path (/...) or an absolute http(s) URL',
  templates: 'an object { resetPassword, emailConfirmation } of functions ({ user, url, code }) => { subject, text, html }'
}

/** `permissions.email`: omitted, no mail is sent (docs/access-control.md says what the flows answer then). */
export function resolveEmailOptions (raw: unknown): Resolution {
  if (raw === undefined) return { ok: true, value: null }
  if (!isRecord(raw)) return { ok: false, problem: 'permissions.email must be an object { send, resetPasswordUrl, serverUrl, emailConfirmation, emailConfirmationRedirection, templates }' }
  const unknown = Object.keys(raw).find(key => EXPECTED[key] === undefined)
  if (unknown !== undefined) return { ok: false, problem: `permissions.email.${unknown} is not an option (known: ${Object.keys(EXPECTED).join(', ')})` }
  const [first] = Value.Errors(EMAIL_SCHEMA, raw)
  if (first !== undefined) {
    const key = first.path.split('/')[1] ?? ''
    return { ok: false, problem: `permissions.email.${key} must be ${EXPECTED[key] ?? 'valid'}, got ${describe(raw[key])}` }
  }
  const checked = raw as CheckedEmail
  if (checked.emailConfirmation === true && checked.serverUrl === undefined) {
    return { ok: false, problem: 'permissions.email.serverUrl is needed with emailConfirmation: the confirmation mail links to it' }
  }
  return {
    ok: true,
    value: {
      send: checked.send as EmailOptions['send'],
      resetPasswordUrl: checked.resetPasswordUrl,
      serverUrl: checked.serverUrl?.replace(/\/+$/, '') ?? null,
      emailConfirmation: checked.emailConfirmation === true,
      emailConfirmationRedirection: checked.emailConfirmationRedirection ?? '/',
      templates: {
        resetPassword: (checked.templates?.resetPassword ?? null) as MailTemplate | null,
        emailConfirmation: (checked.templates?.emailConfirmation ?? null) as MailTemplate | null
      }
    }
  }
}

function describe (value: unknown): string {
  return typeof value === 'function' ? 'a function' : value === undefined ? 'nothing' : JSON.stringify(value)
}
