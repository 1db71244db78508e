/**
 * The two mails of users-permissions, with Strapi v4's default subjects and words (its
 * "Email templates": reset password, email address confirmation), or the host's templates
 * (`permissions.email.templates`). Strapi sends its HTML as the text part too; here the
 * text part is the same words without tags.
 */
import type { MailMessage, MailTemplate, MailTemplateInput, ResolvedEmail } from '../options/email.js'

const escapeHtml = (text: string): string =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;')

const resetPassword: MailTemplate = ({ url }) => ({
  subject: 'Reset password',
  text: `We heard that you lost your password. Sorry about that!

But don’t worry! You can use the following link to reset your password:
${url}

Thanks.`,
  html: `<p>We heard that you lost your password. Sorry about that!</p>

<p>But don’t worry! You can use the following link to reset your password:</p>
<p>${escapeHtml(url)}</p>

<p>Thanks.</p>`
})

const emailConfirmation: MailTemplate = ({ url }) => ({
  subject: 'Account confirmation',
  text: `Thank you for registering!

You have to confirm your email address. Please click on the link below.

${url}

Thanks.`,
  html: `<p>Thank you for registering!</p>

<p>You have to confirm your email address. Please click on the link below.</p>

<p>${escapeHtml(url)}</p>

<p>Thanks.</p>`
})

export type MailKind = 'resetPassword' | 'emailConfirmation'

const DEFAULTS: Record<MailKind, MailTemplate> = { resetPassword, emailConfirmation }

/** `base?<name>=<code>`, keeping a query the base already has. */
export function linkWith (base: string, name: string, code: string): string {
  const url = new URL(base)
  url.searchParams.set(name, code)
  return url.toString()
}

/** The message of `kind` for `input.user`, from the host's template or Strapi's. */
export async function composeMail (email: ResolvedEmail, kind: MailKind, input: MailTemplateInput): Promise<MailMessage> {
  const template = email.templates[kind] ?? DEFAULTS[kind]
  const { subject, text, html } = await template(input)
  return { to: input.user.email, subject: String(subject), text: String(text), html: String(html) }
}
