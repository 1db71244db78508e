/**
 * Password attributes of content types are stored as argon2 hashes, never as sent
 * (Δ Strapi v4 stores them as written). They are never read back, so nothing else changes.
 */
import { hashPassword } from '../passwords.js'
import type { RowPlan } from './plan.js'

export async function hashPasswords (row: RowPlan): Promise<void> {
  for (const scalar of row.scalars) {
    if (scalar.attribute.type === 'password' && typeof scalar.value === 'string') scalar.value = await hashPassword(scalar.value)
  }
  for (const list of row.lists) {
    for (const item of list.items) await hashPasswords(item)
  }
}
