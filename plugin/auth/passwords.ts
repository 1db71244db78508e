/** Password hashing with argon2id (@node-rs/argon2): prebuilt, no install scripts. */
import { hash, verify } from '@node-rs/argon2'

export async function hashPassword (password: string): Promise<string> {
  return await hash(password)
}

export async function passwordMatches (stored: string | null, candidate: string): Promise<boolean> {
  if (stored === null || stored === '') return false
  try {
    return await verify(stored, candidate)
  } catch {
    return false
  }
}
