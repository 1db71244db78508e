/**
 * users-permissions' password and email flows, shared by the REST routes and the GraphQL
 * mutations, with Strapi v4.26's checks, order and words: forgot and reset password, change
 * password, register with email confirmation, confirm, and send the confirmation again.
 *
 * Codes are random (Strapi's lengths) and only their SHA-256 is stored, in the
 * `reset_password_token` and `confirmation_token` columns Strapi uses: a copy of the database
 * holds no code that works. A code is spent by the one statement that checks it, so it works
 * once, even against two requests at the same instant.
 */
import { createHash, randomBytes } from 'node:crypto'
import { EMAIL_PATTERN } from '../content-types/email.js'
import { unstorableTextProblem } from '../content-types/storable-text.js'
import { ApplicationError, ValidationError } from '../errors.js'
import { hashPassword, passwordMatches } from '../passwords.js'
import type { Database } from '../repository/connection/database.js'
import { USER_ENTITY } from '../repository/schema/auth-entities.js'
import { entitySql, type EntitySql } from '../repository/schema/sql-names.js'
import { runSql, sql } from '../sql/index.js'
import type { ResolvedEmail } from '../options/email.js'
import { composeMail, linkWith, type MailKind } from './account-mail.js'
import { checkedBody } from './account-bodies.js'
import type { NewUser, PublicUser, Users } from './users.js'

export interface AccountFlowsContext {
  db: Database
  users: Users
  /** null: no mail is sent (docs/access-control.md, 'Passwords and email'). */
  email: ResolvedEmail | null
  /** The REST prefix, for the confirmation link. */
  prefix: string
  /** Where a sender's failure is told (the message a client sees says only that no mail went). */
  logError: (error: unknown, what: string) => void
}

/** A register answer: Strapi answers no JWT while the email waits for its confirmation. */
export interface Registered {
  user: PublicUser
  confirmed: boolean
}

/** The same rule as registration and the `/users` writes. */
const MIN_PASSWORD = 6

const digest = (code: string): string => createHash('sha256').update(code).digest('hex')

function checkNewPassword (password: string): void {
  if (password.length < MIN_PASSWORD) throw ValidationError.at(['password'], `password must be at least ${MIN_PASSWORD} characters`)
  const problem = unstorableTextProblem(password)
  if (problem !== null) throw ValidationError.at(['password'], `password ${problem}`)
}

function checkEmail (email: string): string {
  if (!EMAIL_PATTERN.test(email)) throw ValidationError.at(['email'], 'email must be a valid email')
  return email.toLowerCase()
}

export class AccountFlows {
  readonly #db: Database
  readonly #users: Users
  readonly #email: ResolvedEmail | null
  readonly #table: EntitySql
  readonly #confirmationUrl: string | null
  readonly #logError: AccountFlowsContext['logError']

  constructor ({ db, users, email, prefix, logError }: AccountFlowsContext) {
    this.#db = db
    this.#users = users
    this.#email = email
    this.#table = entitySql(db.names, USER_ENTITY)
    this.#confirmationUrl = email?.serverUrl === null || email === null ? null : `${email.serverUrl}${prefix}/auth/email-confirmation`
    this.#logError = logError
  }

  /** Where a followed confirmation link goes (Strapi's `email_confirmation_redirection`). */
  get confirmationRedirect (): string {
    return this.#email?.emailConfirmationRedirection ?? '/'
  }

  /**
   * `{ ok: true }` whether the email is known or not, as Strapi answers, so that the route
   * tells nobody which addresses have accounts; a blocked user gets no mail either.
   */
  async forgotPassword (body: unknown): Promise<{ ok: true }> {
    const { email: given } = checkedBody(body, ['email'], { noUnknown: true })
    const email = checkEmail(given)
    const mail = this.#mailer('resetPassword')
    const { table, column } = this.#table
    const [user] = await runSql(this.#db, sql`select ${column('id')} as id, ${column('username')} as username, ${column('email')} as email,
      ${column('blocked')} as blocked from ${table} where ${column('email')} = ${email}`)
    if (user === undefined || user.blocked === true) return { ok: true }
    const code = randomBytes(64).toString('hex')
    await mail({ id: Number(user.id), username: String(user.username), email: String(user.email) }, linkWith(mail.base, 'code', code), code)
    // Stored once the mail went: a code nobody received is never left working.
    await runSql(this.#db, sql`update ${table} set ${column('resetPasswordToken')} = ${digest(code)}, ${column('updatedAt')} = now() where ${column('id')} = ${user.id}`)
    return { ok: true }
  }

  /** Sets the password of the user the code was mailed to, and spends the code. Returns that user. */
  async resetPassword (body: unknown): Promise<PublicUser> {
    const { password, passwordConfirmation, code } = checkedBody(body, ['passwordConfirmation', 'password', 'code'], { noUnknown: true })
    if (password !== passwordConfirmation) throw new ValidationError('Passwords do not match')
    const { table, column } = this.#table
    const [user] = await runSql(this.#db, sql`select ${column('id')} as id from ${table} where ${column('resetPasswordToken')} = ${digest(code)}`)
    if (user === undefined) throw new ValidationError('Incorrect code provided')
    checkNewPassword(password)
    const hashed = await hashPassword(password)
    // The code is checked again where it is spent: of two resets racing with it, one wins.
    const [spent] = await runSql(this.#db, sql`update ${table} set ${column('password')} = ${hashed}, ${column('resetPasswordToken')} = null,
      ${column('updatedAt')} = now() where ${column('resetPasswordToken')} = ${digest(code)} returning ${column('id')} as id`)
    if (spent === undefined) throw new ValidationError('Incorrect code provided')
    return await this.#answer(Number(spent.id))
  }

  /** The caller's new password, given its current one. Returns the user. */
  async changePassword (userId: number, body: unknown): Promise<PublicUser> {
    const { currentPassword, password, passwordConfirmation } = checkedBody(body, ['passwordConfirmation', 'password', 'currentPassword'], { noUnknown: true })
    if (password !== passwordConfirmation) throw ValidationError.at(['passwordConfirmation'], 'Passwords do not match')
    const { table, column } = this.#table
    const [user] = await runSql(this.#db, sql`select ${column('password')} as password from ${table} where ${column('id')} = ${userId}`)
    if (!await passwordMatches((user?.password ?? null) as string | null, currentPassword)) {
      throw new ValidationError('The provided current password is invalid')
    }
    if (currentPassword === password) throw new ValidationError('Your new password must be different than your current password')
    checkNewPassword(password)
    const hashed = await hashPassword(password)
    await runSql(this.#db, sql`update ${table} set ${column('password')} = ${hashed}, ${column('updatedAt')} = now() where ${column('id')} = ${userId}`)
    return await this.#answer(userId)
  }

  /** Register: confirmed at once, or (with `emailConfirmation`) unconfirmed, once its confirmation mail went. */
  async register (input: Partial<NewUser>): Promise<Registered> {
    if (this.#email?.emailConfirmation !== true) return { user: await this.#users.create(input), confirmed: true }
    const code = randomBytes(20).toString('hex')
    const mail = this.#mailer('emailConfirmation')
    const user = await this.#users.create(input, {
      confirmationToken: digest(code),
      beforeInsert: async ({ username, email }) => { await mail({ username, email }, linkWith(mail.base, 'confirmation', code), code) }
    })
    return { user, confirmed: false }
  }

  /** Confirms the email the code was mailed to, and spends the code. Returns that user. */
  async confirmEmail (confirmation: unknown): Promise<PublicUser> {
    if (typeof confirmation !== 'string' || confirmation === '') throw ValidationError.at(['confirmation'], 'confirmation is a required field')
    const { table, column } = this.#table
    const [user] = await runSql(this.#db, sql`update ${table} set ${column('confirmed')} = true, ${column('confirmationToken')} = null,
      ${column('updatedAt')} = now() where ${column('confirmationToken')} = ${digest(confirmation)} returning ${column('id')} as id`)
    if (user === undefined) throw new ValidationError('Invalid token')
    return await this.#answer(Number(user.id))
  }

  /** A new confirmation mail (the last code sent is the one that works). An unknown email is answered as sent, as Strapi does. */
  async sendEmailConfirmation (body: unknown): Promise<{ email: string, sent: true }> {
    const { email: given } = checkedBody(body, ['email'], { noUnknown: false })
    const email = checkEmail(given)
    const mail = this.#mailer('emailConfirmation')
    const { table, column } = this.#table
    const [user] = await runSql(this.#db, sql`select ${column('id')} as id, ${column('username')} as username, ${column('email')} as email,
      ${column('blocked')} as blocked, ${column('confirmed')} as confirmed from ${table} where ${column('email')} = ${email}`)
    if (user === undefined) return { email: given, sent: true }
    if (user.confirmed === true) throw new ApplicationError('Already confirmed', 400)
    if (user.blocked === true) throw new ApplicationError('User blocked', 400)
    const code = randomBytes(20).toString('hex')
    await mail({ id: Number(user.id), username: String(user.username), email: String(user.email) }, linkWith(mail.base, 'confirmation', code), code)
    await runSql(this.#db, sql`update ${table} set ${column('confirmationToken')} = ${digest(code)}, ${column('updatedAt')} = now() where ${column('id')} = ${user.id}`)
    return { email: String(user.email), sent: true }
  }

  async #answer (id: number): Promise<PublicUser> {
    const user = await this.#users.byId(id)
    if (user === null) throw new ValidationError('Incorrect code provided')
    return user
  }

  /**
   * The sender of one kind of mail, and the link its code goes in; without `permissions.email`
   * (or, for confirmations, without its `serverUrl`) the flow cannot work: a 400 that says so.
   */
  #mailer (kind: MailKind): ((user: { id?: number, username: string, email: string }, url: string, code: string) => Promise<void>) & { base: string } {
    const email = this.#email
    const base = kind === 'resetPassword' ? email?.resetPasswordUrl : this.#confirmationUrl
    if (email === null || base === undefined || base === null) {
      throw new ApplicationError(email === null
        ? 'Sending email is not configured (permissions.email)'
        : 'Email confirmation is not configured (permissions.email.serverUrl)', 400)
    }
    const send = async (user: { id?: number, username: string, email: string }, url: string, code: string): Promise<void> => {
      const message = await composeMail(email, kind, { user, url, code })
      try {
        await email.send(message)
      } catch (error) {
        this.#logError(error, `sending the ${kind} mail`)
        throw new ApplicationError('The email could not be sent', 400)
      }
    }
    return Object.assign(send, { base })
  }
}
