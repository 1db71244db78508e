/**
 * Writes may only link entries of content types the caller may read, or a link would show them what they may not read:
 * otherwise a 403 names the attribute. Judged on the write's plan, from the relations it says the body sends
 * (EntryWritePlan.sentRelations: inside components and zone items too, whatever becomes of each value), before the
 * write reads or writes anything.
 */
import type { Ability } from '../auth/abilities.js'
import { ForbiddenError } from '../errors.js'
import type { EntryWritePlan } from '../write-plan/plan.js'

export function checkWritableLinks (ability: Ability, plan: Pick<EntryWritePlan, 'sentRelations'>): void {
  const refused = plan.sentRelations.find(({ attribute }) => !ability.can(attribute.target, 'find'))
  if (refused === undefined) return
  // Named by attribute names alone, as in `seo.reviewer` or `blocks.writer`: no list index.
  const where = refused.path.filter(step => typeof step === 'string').join('.')
  throw new ForbiddenError(`Forbidden to link ${where}: no find permission on ${refused.attribute.target}`)
}
