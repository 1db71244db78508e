/** The rules every admin user's fields follow, however it is made (CLI, first run, management): one place. */
import { EMAIL_PATTERN } from '../content-types/email.js'
import { unstorableTextProblem } from '../content-types/storable-text.js'
import { ValidationError } from '../errors.js'

function storable (key: string, value: string): string {
  const problem = unstorableTextProblem(value)
  if (problem !== null) throw ValidationError.at([key], `${key} ${problem}`)
  return value
}

/** Emails are kept lower-cased, so one address cannot be two admin users. */
export function checkedEmail (value: unknown): string {
  const email = typeof value === 'string' ? value.toLowerCase() : ''
  if (!EMAIL_PATTERN.test(email)) throw ValidationError.at(['email'], 'email must be a valid email')
  return storable('email', email)
}

export function checkedFirstname (value: unknown): string {
  if (typeof value !== 'string' || value.trim() === '') throw ValidationError.at(['firstname'], 'firstname is required')
  return storable('firstname', value.trim())
}

export function checkedLastname (value: unknown): string | null {
  if (value === undefined || value === null) return null
  if (typeof value !== 'string') throw ValidationError.at(['lastname'], 'lastname must be a string')
  return storable('lastname', value)
}

/** The clear password, checked; the caller hashes it. */
export function checkedPassword (value: unknown): string {
  if (typeof value !== 'string' || value.length < 8) throw ValidationError.at(['password'], 'password must be at least 8 characters')
  return storable('password', value)
}
