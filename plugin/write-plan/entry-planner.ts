/**
 * The planner a route hands to the repository with each write of a content type: the body's
 * `data`, planned (input.ts) and its passwords hashed. The repository calls it before
 * the transaction, or inside it after a `before*` lifecycle hook changed the data.
 */
import type { ContentTypeModel } from '../content-types/model.js'
import type { Registry } from '../content-types/registry.js'
import type { EntryPlanner } from './plan.js'
import { planEntryWrite, readDataPayload } from './input.js'
import { withHashedPasswords } from './input-passwords.js'

export interface EntryPlannerOptions {
  registry: Registry
  model: ContentTypeModel
  /** The plugin's `strict` option: unknown and read-only attributes are 400s, not dropped. */
  strict: boolean
}

export function entryPlanner ({ registry, model, strict }: EntryPlannerOptions): EntryPlanner {
  const outline: EntryPlanner['outline'] = (body, { id, locale, issues }) =>
    planEntryWrite({ registry, model, body, id, strict, issues, ...(locale === undefined ? {} : { locale }) })
  return {
    data: readDataPayload,
    outline,
    plan: async (body, options) => {
      const plan = outline(body, options)
      // Hashing is deliberately slow: a body already known to be invalid is not worth it.
      return plan.issues.isEmpty ? { ...plan, root: await withHashedPasswords(plan.root) } : plan
    }
  }
}
