/**
 * Password attributes of content types are stored as argon2 hashes, never as sent
 * (Δ Strapi v4 stores them as written). They are never read back, so nothing else changes.
 */
import { hashPassword } from '../passwords.js'
import type { ComponentListWrite, RowPlan, ScalarWrite } from './plan.js'

/** `row` with its passwords (and those of the component rows in it) hashed. */
export async function withHashedPasswords (row: RowPlan): Promise<RowPlan> {
  const scalars: ScalarWrite[] = []
  for (const scalar of row.scalars) {
    scalars.push(scalar.attribute.type === 'password' && typeof scalar.value === 'string' ? { ...scalar, value: await hashPassword(scalar.value) } : scalar)
  }
  const lists: ComponentListWrite[] = []
  for (const list of row.lists) {
    const items: RowPlan[] = []
    for (const item of list.items) items.push(await withHashedPasswords(item))
    lists.push({ ...list, items })
  }
  return { ...row, scalars, lists }
}
