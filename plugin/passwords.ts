/** Password hashing with argon2id (@node-rs/argon2): prebuilt, no install scripts. */
import { randomBytes } from 'node:crypto'
import { channel } from 'node:diagnostics_channel'
import { hash, verify } from '@node-rs/argon2'
import bcrypt from 'bcryptjs'

/**
 * Published after every password check, with `{ against: 'stored' | 'dummy' }`: lets a
 * host count login attempts, and shows (without measuring time) that an unknown account
 * costs the same hash work as a known one.
 */
export const PASSWORD_VERIFY_CHANNEL = 'fastify-content-api:password-verify'
const verified = channel(PASSWORD_VERIFY_CHANNEL)

export async function hashPassword (password: string): Promise<string> {
  return await hash(password)
}

const BCRYPT_HASH = /^\$2[aby]\$\d\d\$/

let dummyHash: Promise<string> | undefined

/**
 * A hash of a random password with the same parameters as every stored one, made once.
 * Checking a login against it when the account does not exist (or has no password) makes
 * the answer take as long as a wrong password does, so timing does not tell which
 * identifiers exist, so its timing does not tell which accounts exist. Call it at startup so the first login pays nothing more.
 */
export async function prepareDummyHash (): Promise<string> {
  dummyHash ??= hashPassword(randomBytes(32).toString('hex'))
  return await dummyHash
}

/** Always runs one argon2 verification: against `stored`, or the dummy hash when there is none. */
export async function passwordMatches (stored: string | null, candidate: string): Promise<boolean> {
  const known = stored !== null && stored !== ''
  const against = known ? stored : await prepareDummyHash()
  let matches: boolean
  try {
    // Users and admins imported from Strapi (import:strapi) keep their bcrypt hashes; new ones are argon2id.
    matches = BCRYPT_HASH.test(against) ? await bcrypt.compare(candidate, against) : await verify(against, candidate)
  } catch {
    matches = false
  }
  if (verified.hasSubscribers) verified.publish({ against: known ? 'stored' : 'dummy' })
  return known && matches
}
